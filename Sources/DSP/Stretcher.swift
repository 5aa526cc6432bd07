/// Pitch-preserving speed change for speech, with an exact map of where each input frame went.
///
/// `speed` 1.5 plays 1.5× as fast: N input frames become exactly round(N / speed) output frames
/// (ties away from zero), at the same sample rate and channel count. The method is
/// pitch-synchronous overlap-add in the manner of PICOLA and sonic (see `StretchEngine+Steps`):
/// whole pitch periods are removed (or repeated) with a raised-cosine cross-fade, and the
/// stretches between are copied unchanged; a sound starting out of silence is never spliced
/// through but starts a splice exactly at a time-map anchor. All channels are cut at the same
/// frames with the same weights, so stereo stays phase-coherent.
///
/// With `maxPauseFrames`, pauses longer than that are first shortened to it (`PauseShortener`);
/// the stretch then applies to the shortened signal, and the output lasts
/// round(N′ / speed) frames, N′ being the shortened length.
///
/// `timeMap` says where every input frame landed (composition of both stages); verse
/// boundaries of a variant come from it, never from n / speed. It is complete after `flush`
/// and holds about 16 bytes per splice (a few KB per second of input); the audio buffers stay
/// the same size whatever the input's length.
///
/// The output has no leading delay (`latency` 0), but up to a few hundred milliseconds of it are
/// held back until enough input has arrived (decisions look ahead) and until `flush` (the last
/// frames are trimmed or padded there to make the length exact). Decisions depend only on
/// absolute frame positions, so any chunking of the input gives identical output.
public struct Stretcher: AudioProcessor, Sendable {
  public static let speeds: ClosedRange<Double> = 0.5...3.0

  public let speed: Double
  public let sampleRate: Int
  public let channelCount: Int
  public var latency: Int { 0 }

  private var engine: StretchEngine
  private var pauses: PauseShortener?
  private var scratch: AudioBuffer

  public init(
    speed: Double, sampleRate: Int, channelCount: Int, maxPauseFrames: Int? = nil,
    pauseThresholdDBFS: Float = -50, tuning: StretchTuning = StretchTuning()
  ) {
    precondition(Stretcher.speeds.contains(speed), "Stretcher speed \(speed) is outside 0.5…3.0")
    precondition(channelCount > 0 && sampleRate > 0, "Stretcher needs channels and a sample rate")
    self.speed = speed
    self.sampleRate = sampleRate
    self.channelCount = channelCount
    engine = StretchEngine(speed: speed, sampleRate: sampleRate, channelCount: channelCount, tuning: tuning)
    pauses = maxPauseFrames.map {
      PauseShortener(
        maxPauseFrames: $0, thresholdDBFS: pauseThresholdDBFS, sampleRate: sampleRate, channelCount: channelCount)
    }
    scratch = AudioBuffer(channelCount: channelCount, sampleRate: sampleRate)
  }

  /// Where each input frame landed in the output so far (exact and complete after `flush`).
  public var timeMap: TimeMap {
    guard let pauses else { return engine.map }
    return pauses.timeMap.then(engine.map)
  }

  /// Every decision taken so far, if `tuning.recordsSteps` is set.
  public var steps: [StretchStep] { engine.steps }

  /// Output frames produced so far, including those still held back.
  public var producedFrames: Int { engine.outputCount }

  public mutating func process(_ input: AudioBuffer, into output: inout AudioBuffer) {
    precondition(input.channelCount == channelCount, "Stretcher expects \(channelCount) channels")
    precondition(input.sampleRate == sampleRate, "Stretcher expects \(sampleRate) Hz")
    if var shortener = pauses {
      pauses = nil  // one owner while it runs: no copy of its buffers
      scratch.samples.removeAll(keepingCapacity: true)
      shortener.process(input, into: &scratch)
      pauses = shortener
      scratch.samples.withUnsafeBufferPointer { engine.process($0, into: &output.samples) }
    } else {
      input.samples.withUnsafeBufferPointer { engine.process($0, into: &output.samples) }
    }
  }

  public mutating func flush(into output: inout AudioBuffer) {
    if var shortener = pauses {
      pauses = nil  // one owner while it runs: no copy of its buffers
      scratch.samples.removeAll(keepingCapacity: true)
      shortener.flush(into: &scratch)
      pauses = shortener
      scratch.samples.withUnsafeBufferPointer { engine.process($0, into: &output.samples) }
    }
    engine.flush(into: &output.samples)
  }
}

import AudioIO
import DSP
import Render

/// A render signal as a recipe: where its frames come from and the steps applied to them. Every
/// pass (measure, encode, measure again) runs the recipe from the start in chunks, so no pass
/// holds more than a chunk and a few milliseconds of look-ahead.
///
/// Steps run in order on each chunk; a limiter holds its look-ahead back and hands it on at the
/// end (its flush goes through the steps after it). Every step gives the same samples whatever
/// the chunking, so a stream is the same signal as its whole-buffer equivalent.
struct AudioStream: Sendable {
  let sampleRate: Int
  let channelCount: Int
  let frameCount: Int
  let open: @Sendable () throws -> any FrameSource
  private(set) var steps: [Step] = []

  init(sampleRate: Int, channelCount: Int, frameCount: Int, open: @escaping @Sendable () throws -> any FrameSource) {
    self.sampleRate = sampleRate
    self.channelCount = channelCount
    self.frameCount = frameCount
    self.open = open
  }

  enum Step: Sendable {
    /// Every sample times 10^(dB/20).
    case gain(Double)
    /// The true-peak limiter at this ceiling (dBTP).
    case limit(ceilingDBTP: Double)
    /// Every frame times the track's gain at its absolute frame.
    case track(GainTrack)
  }

  /// The same stream with `step` applied after the others.
  func adding(_ step: Step) -> AudioStream {
    var copy = self
    copy.steps.append(step)
    return copy
  }

  /// Runs the stream from its start, handing each output chunk to `body` in order.
  func forEachChunk(_ body: (AudioBuffer) throws -> Void) throws {
    var states = steps.map { State($0, channelCount: channelCount, sampleRate: sampleRate) }
    func push(_ chunk: AudioBuffer, from first: Int) throws {
      var x = chunk
      for index in first..<states.count {
        if x.isEmpty { return }
        x = states[index].process(x)
      }
      if !x.isEmpty { try body(x) }
    }
    var source = try open()
    try source.forEachChunk { try push($0, from: 0) }
    for index in states.indices {
      try push(states[index].flush(channelCount: channelCount, sampleRate: sampleRate), from: index + 1)
    }
  }

  /// Integrated loudness (BS.1770, no true peak): what a normalisation pass needs.
  func integratedLUFS() throws -> Double {
    let meter = LoudnessMeter(channelCount: channelCount, sampleRate: sampleRate, integratedOnly: true)
    try forEachChunk { try meter.write($0) }
    return meter.integratedLUFS
  }

  /// True peak (BS.1770, `TruePeakMeter`) in dBTP.
  func truePeakDBTP() throws -> Double {
    var meter = TruePeakMeter(channelCount: channelCount, sampleRate: sampleRate)
    try forEachChunk { meter.add($0) }
    return meter.peakDBTP
  }

  /// One step while a stream runs.
  private enum State {
    case gain(Float)
    case limit(TruePeakLimiter)
    case track(GainTrack, position: Int)

    init(_ step: Step, channelCount: Int, sampleRate: Int) {
      switch step {
      case .gain(let dB): self = .gain(Float(Decibels.gain(dB)))
      case .limit(let ceiling):
        self = .limit(TruePeakLimiter(channelCount: channelCount, sampleRate: sampleRate, ceilingDBTP: ceiling))
      case .track(let track): self = .track(track, position: 0)
      }
    }

    mutating func process(_ input: AudioBuffer) -> AudioBuffer {
      switch self {
      case .gain(let gain):
        var output = input
        output.samples.withUnsafeMutableBufferPointer { samples in
          for i in samples.indices { samples[i] *= gain }
        }
        return output
      case .limit(var limiter):
        self = .gain(1)  // one owner while it runs: no copy of its buffers
        var output = input.emptyCopy()
        limiter.process(input, into: &output)
        self = .limit(limiter)
        return output
      case .track(let track, let position):
        var output = input
        track.apply(to: &output, startingAt: position)
        self = .track(track, position: position + input.frameCount)
        return output
      }
    }

    mutating func flush(channelCount: Int, sampleRate: Int) -> AudioBuffer {
      var output = AudioBuffer(channelCount: channelCount, sampleRate: sampleRate)
      if case .limit(var limiter) = self {
        self = .gain(1)
        limiter.flush(into: &output)
        self = .limit(limiter)
      }
      return output
    }
  }
}

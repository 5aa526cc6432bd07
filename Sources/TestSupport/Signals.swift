import DSP
import RealModule

/// Fixtures with known answers: tones, bursts with known gaps, seeded noise.
///
/// A 441 Hz sine at 44.1 kHz has a period of exactly 100 frames.
public enum Signals {
  /// A sine of `hz` at `amplitude`, `frames` long, the same on every channel.
  public static func sine(
    hz: Double, frames: Int, sampleRate: Int = 44_100, channelCount: Int = 1,
    amplitude: Float = 0.5
  ) -> AudioBuffer {
    var samples = [Float](repeating: 0, count: frames * channelCount)
    let step = 2 * Double.pi * hz / Double(sampleRate)
    for n in 0..<frames {
      let value = amplitude * Float(Double.sin(step * Double(n)))
      for c in 0..<channelCount { samples[n * channelCount + c] = value }
    }
    return AudioBuffer(samples: samples, channelCount: channelCount, sampleRate: sampleRate)
  }

  /// Seeded white noise, uniform in [−amplitude, amplitude).
  public static func noise(
    seed: UInt64, frames: Int, sampleRate: Int = 44_100, channelCount: Int = 1,
    amplitude: Float = 0.1
  ) -> AudioBuffer {
    var rng = SplitMix64(seed: seed)
    let samples = (0..<(frames * channelCount)).map { _ in amplitude * rng.nextSignedUnit() }
    return AudioBuffer(samples: samples, channelCount: channelCount, sampleRate: sampleRate)
  }

  /// Silence.
  public static func silence(
    frames: Int, sampleRate: Int = 44_100, channelCount: Int = 1
  )
    -> AudioBuffer
  {
    AudioBuffer(silenceFrames: frames, channelCount: channelCount, sampleRate: sampleRate)
  }

  /// Tone bursts of the given lengths separated by the given gaps, after `lead` frames of
  /// silence and followed by `tail` frames. Returns the audio and each burst's span.
  public static func bursts(
    lengths: [Int], gaps: [Int], lead: Int, tail: Int, hz: Double = 220,
    sampleRate: Int = 44_100, channelCount: Int = 1, amplitude: Float = 0.5,
    noiseFloor: Float = 0, seed: UInt64 = 1
  ) -> (audio: AudioBuffer, spans: [FrameRange]) {
    precondition(gaps.count == max(0, lengths.count - 1), "need one gap between each pair of bursts")
    var audio = silence(frames: lead, sampleRate: sampleRate, channelCount: channelCount)
    var spans: [FrameRange] = []
    for (index, length) in lengths.enumerated() {
      let start = audio.frameCount
      audio.append(
        fadedSine(
          hz: hz, frames: length, sampleRate: sampleRate, channelCount: channelCount,
          amplitude: amplitude))
      spans.append(FrameRange(start: start, end: start + length))
      let gap = index < gaps.count ? gaps[index] : tail
      audio.append(silence(frames: gap, sampleRate: sampleRate, channelCount: channelCount))
    }
    if noiseFloor > 0 {
      let noise = Signals.noise(
        seed: seed, frames: audio.frameCount, sampleRate: sampleRate,
        channelCount: channelCount, amplitude: noiseFloor)
      for i in audio.samples.indices { audio.samples[i] += noise.samples[i] }
    }
    return (audio, spans)
  }

  /// A sine with 2 ms linear fades, so a burst edge is not a click.
  public static func fadedSine(
    hz: Double, frames: Int, sampleRate: Int, channelCount: Int, amplitude: Float
  ) -> AudioBuffer {
    var tone = sine(
      hz: hz, frames: frames, sampleRate: sampleRate, channelCount: channelCount,
      amplitude: amplitude)
    let fade = min(frames / 2, sampleRate / 500)
    for n in 0..<fade {
      let g = Float(n) / Float(max(fade, 1))
      for c in 0..<channelCount {
        tone.samples[n * channelCount + c] *= g
        tone.samples[(frames - 1 - n) * channelCount + c] *= g
      }
    }
    return tone
  }

  /// The RMS of a buffer, all samples together.
  public static func rms(_ buffer: AudioBuffer) -> Float {
    guard !buffer.isEmpty else { return 0 }
    let sum = buffer.samples.reduce(Float(0)) { $0 + $1 * $1 }
    return (sum / Float(buffer.samples.count)).squareRoot()
  }
}

extension AudioBuffer {
  /// The buffer cut into consecutive chunks of `frames` (the last may be shorter),
  /// for chunk-size independence tests.
  public func chunks(of frames: Int) -> [AudioBuffer] {
    stride(from: 0, to: frameCount, by: frames).map { start in
      self.frames(start..<Swift.min(start + frames, frameCount))
    }
  }

  /// The first frame at or after `from` whose first-channel magnitude exceeds `threshold`.
  public func firstSound(from: Int, threshold: Float = 0.01) -> Int? {
    var frame = Swift.max(0, from)
    while frame < frameCount {
      if abs(samples[frame * channelCount]) > threshold { return frame }
      frame += 1
    }
    return nil
  }
}

import DSP
import RealModule
import TestSupport

/// Test signals for the stretcher with known answers, and helpers to run it.
enum StretcherFixtures {
  /// A speech-like signal: a vowel-like buzz whose pitch glides 110→180 Hz, a seeded noise
  /// burst (a fricative), and silences between, repeated to fill `frames`.
  static func speechLike(frames: Int, sampleRate: Int = 22_050, channelCount: Int = 1) -> AudioBuffer {
    var samples = [Float](repeating: 0, count: frames * channelCount)
    let noise = Signals.noise(seed: 7, frames: frames, sampleRate: sampleRate, amplitude: 0.2)
    let cycle = sampleRate * 7 / 10
    var phase = 0.0
    for n in 0..<frames {
      let t = n % cycle
      var value: Float = 0
      if t < cycle / 2 {
        // Vowel: a pulse-like buzz (five harmonics) under a slow glide and a smooth envelope.
        let progress = Double(t) / Double(cycle / 2)
        phase += 2 * Double.pi * (110 + 70 * progress) / Double(sampleRate)
        var buzz = 0.0
        for h in 1...5 { buzz += Double.cos(Double(h) * phase) / Double(h) }
        value = Float(0.25 * buzz * Double.sin(Double.pi * progress))
      } else if t < cycle * 6 / 10 {
        value = noise.samples[n]
      }
      for c in 0..<channelCount {
        // The second channel is the first, quieter and inverted: any channel drift shows.
        samples[n * channelCount + c] = c == 0 ? value : -0.5 * value
      }
    }
    return AudioBuffer(samples: samples, channelCount: channelCount, sampleRate: sampleRate)
  }

  /// Stretches `input` in chunks of `chunkFrames` (nil: all at once) and flushes.
  static func stretch(
    _ input: AudioBuffer, speed: Double, chunkFrames: Int? = nil, maxPauseFrames: Int? = nil
  ) -> (output: AudioBuffer, map: TimeMap) {
    var stretcher = Stretcher(
      speed: speed, sampleRate: input.sampleRate, channelCount: input.channelCount,
      maxPauseFrames: maxPauseFrames, pauseThresholdDBFS: -40)
    let output = stretcher.processAll(input, chunkFrames: chunkFrames ?? max(1, input.frameCount))
    return (output, stretcher.timeMap)
  }

  /// round(frames / speed), ties away from zero: the length every variant must have.
  static func expectedFrames(_ frames: Int, speed: Double) -> Int {
    Int((Double(frames) / speed).rounded())
  }

  /// The frequency of a clean tone, from its interpolated upward zero crossings inside
  /// `range` (first-channel samples).
  static func toneFrequency(_ buffer: AudioBuffer, range: Range<Int>) -> Double {
    var crossings: [Double] = []
    let x = buffer.samples
    let c = buffer.channelCount
    for n in max(1, range.lowerBound)..<min(range.upperBound, buffer.frameCount) {
      let a = x[(n - 1) * c]
      let b = x[n * c]
      if a < 0 && b >= 0 { crossings.append(Double(n - 1) + Double(-a / (b - a))) }
    }
    guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else { return 0 }
    return Double(crossings.count - 1) / (last - first) * Double(buffer.sampleRate)
  }
}

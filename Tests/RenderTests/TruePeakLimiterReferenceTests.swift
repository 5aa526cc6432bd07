import DSP
import Foundation
import TestSupport
import Testing

@testable import Render

/// The limiter against its documented formulas, computed the slow and obvious way: every
/// interval interpolated (no gates), the sliding minimum and the box by brute force, in Double.
@Suite struct TruePeakLimiterReferenceTests {
  let rate = 48_000

  /// y[n] by the formulas of `TruePeakLimiter`'s documentation.
  func reference(_ input: AudioBuffer, ceilingDBTP: Double) -> [Float] {
    let channels = input.channelCount
    let frames = input.frameCount
    let ceiling = Double(Float(Decibels.gain(ceilingDBTP)))
    let lookahead = FrameTime.frames(seconds: 0.005, sampleRate: rate)
    let alpha = 1 - exp(-1 / (0.150 * Double(rate)))
    func x(_ n: Int, _ c: Int) -> Double { n >= 0 && n < frames ? Double(input.samples[n * channels + c]) : 0 }
    // r[p] for p = 0 … frames + L: beyond the last frame the input is silent.
    let required = (0..<(frames + lookahead + 1)).map { p -> Double in
      var peak = 0.0
      for c in 0..<channels {
        peak = max(peak, abs(x(p, c)), abs(x(p + 1, c)))
        for phase in TruePeakLimiter.phases {
          var sum = 0.0
          for (i, k) in (-15...16).enumerated() { sum += Double(phase[i]) * x(p + k, c) }
          peak = max(peak, abs(sum))
        }
      }
      return peak > ceiling ? ceiling / peak : 1
    }
    // h[j] for j = −(L − 1) … frames − 1, at held[j + L − 1].
    let held = ((1 - lookahead)..<frames).map { j in
      (max(0, j - 1)...(j + lookahead - 1)).map { required[$0] }.min() ?? 1
    }
    var output = [Float](repeating: 0, count: input.samples.count)
    var gain = 1.0
    for n in 0..<frames {
      let box = held[n..<(n + lookahead)]
      let smoothed = min(1, box.reduce(0, +) / Double(lookahead))
      gain = smoothed < gain ? smoothed : gain + alpha * (smoothed - gain)
      for c in 0..<channels { output[n * channels + c] = Float(gain) * input.samples[n * channels + c] }
    }
    return output
  }

  /// Stereo: quiet tone, an intersample sine 4 dB over the ceiling, loud noise in one channel,
  /// quiet again (the release), over several of the limiter's blocks.
  func material() -> AudioBuffer {
    var input = Signals.sine(hz: 700, frames: 3_000, sampleRate: rate, channelCount: 2, amplitude: 0.3)
    var samples = [Float](repeating: 0, count: 4_000 * 2)
    for n in 0..<4_000 {
      samples[2 * n] = Float(1.1 * sin(Double.pi / 2 * Double(n) + Double.pi / 4))
      samples[2 * n + 1] = Float(0.2 * sin(Double(n) / 10))
    }
    input.append(AudioBuffer(samples: samples, channelCount: 2, sampleRate: rate))
    var noise = Signals.noise(seed: 9, frames: 3_000, sampleRate: rate, channelCount: 2, amplitude: 1.3)
    for n in 0..<3_000 { noise.samples[2 * n] *= 0.1 }
    input.append(noise)
    input.append(Signals.sine(hz: 440, frames: 6_000, sampleRate: rate, channelCount: 2, amplitude: 0.5))
    return input
  }

  @Test(arguments: [333, 4_096, 20_000])
  func matchesTheFormulas(chunk: Int) {
    let input = material()
    var limiter = TruePeakLimiter(channelCount: 2, sampleRate: rate, ceilingDBTP: -1.5)
    let output = limiter.processAll(input, chunkFrames: chunk)
    let expected = reference(input, ceilingDBTP: -1.5)
    #expect(output.samples.count == expected.count)
    var worst: Float = 0
    for (a, b) in zip(output.samples, expected) { worst = max(worst, abs(a - b)) }
    #expect(worst < 1e-5, "largest difference from the formulas: \(worst)")
    // And it did limit: the gain went down by about the sine's excess and more for the noise.
    #expect(limiter.minimumGainDB < -4)
  }
}

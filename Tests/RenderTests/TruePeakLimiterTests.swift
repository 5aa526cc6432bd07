import DSP
import Foundation
import TestSupport
import Testing

@testable import Render

/// An independent true-peak meter for the tests: 8× oversampling with a long (±32 taps)
/// Blackman-windowed sinc, much finer than the limiter's own 12-tap detector.
func truePeakDBTP(_ buffer: AudioBuffer) -> Double {
  let factor = 8
  let half = 32
  let taps: [[Double]] = (0..<factor).map { phase in
    let offset = Double(phase) / Double(factor)
    return (-half + 1...half).map { k in
      let x = offset - Double(k)
      let sinc = x == 0 ? 1 : sin(Double.pi * x) / (Double.pi * x)
      let w = (x + Double(half)) / Double(2 * half)
      let blackman = 0.42 - 0.5 * cos(2 * Double.pi * w) + 0.08 * cos(4 * Double.pi * w)
      return sinc * blackman
    }
  }
  var peak = 0.0
  let channels = buffer.channelCount
  let frames = buffer.frameCount
  buffer.samples.withUnsafeBufferPointer { x in
    for c in 0..<channels {
      for n in 0..<frames {
        for phase in 0..<factor {
          var sum = 0.0
          for (i, k) in (-half + 1...half).enumerated() where n + k >= 0 && n + k < frames {
            sum += taps[phase][i] * Double(x[(n + k) * channels + c])
          }
          peak = max(peak, abs(sum))
        }
      }
    }
  }
  return Decibels.fromGain(peak)
}

@Suite struct TruePeakLimiterTests {
  let rate = 44_100

  /// A quarter-rate sine at 45°: every sample sits at 0.707·A, the true peak is A.
  func intersampleSine(amplitude: Float, frames: Int, channels: Int = 2) -> AudioBuffer {
    var samples = [Float](repeating: 0, count: frames * channels)
    for n in 0..<frames {
      let value = amplitude * Float(sin(Double.pi / 2 * Double(n) + Double.pi / 4))
      for c in 0..<channels { samples[n * channels + c] = value }
    }
    return AudioBuffer(samples: samples, channelCount: channels, sampleRate: rate)
  }

  @Test func holdsTheCeilingOnOversampledPeaks() {
    // +6 dBTP with samples only at +3 dBFS, then a burst of loud noise, then quiet speech-like tone.
    var input = intersampleSine(amplitude: 2, frames: 8_000)
    input.append(Signals.noise(seed: 3, frames: 8_000, sampleRate: rate, channelCount: 2, amplitude: 1.6))
    input.append(Signals.sine(hz: 3_000, frames: 8_000, sampleRate: rate, channelCount: 2, amplitude: 0.2))
    #expect(truePeakDBTP(input) > 5.5)
    var limiter = TruePeakLimiter(channelCount: 2, sampleRate: rate, ceilingDBTP: -1.5)
    let output = limiter.processAll(input)
    #expect(output.frameCount == input.frameCount)
    let peak = truePeakDBTP(output)
    #expect(peak <= -1.3, "true peak after limiting: \(peak) dBTP")
    #expect(peak > -2.5, "the limiter should not over-limit: \(peak) dBTP")
    #expect(limiter.minimumGainDB < -7)
    // The project's BS.1770 meter (libebur128's 4× design) agrees.
    var meter = TruePeakMeter(channelCount: 2, sampleRate: rate)
    meter.add(output)
    #expect(meter.peakDBTP <= -1.45, "BS.1770 true peak: \(meter.peakDBTP) dBTP")
  }

  @Test func quietAudioPassesUntouched() {
    let input = Signals.sine(hz: 441, frames: 30_000, channelCount: 2, amplitude: 0.5)
    var limiter = TruePeakLimiter(channelCount: 2, sampleRate: rate)
    #expect(limiter.processAll(input, chunkFrames: 1_000) == input)
    #expect(limiter.minimumGainDB == 0)
  }

  @Test(arguments: [1, 7, 1_024, 100_000])
  func outputDoesNotDependOnChunking(chunk: Int) {
    var input = intersampleSine(amplitude: 1.5, frames: 5_000, channels: 1)
    input.append(Signals.noise(seed: 12, frames: 5_000, amplitude: 1.2))
    var reference = TruePeakLimiter(channelCount: 1, sampleRate: rate)
    let whole = reference.processAll(input, chunkFrames: input.frameCount)
    var limiter = TruePeakLimiter(channelCount: 1, sampleRate: rate)
    #expect(limiter.processAll(input, chunkFrames: chunk) == whole)
  }

  @Test func gainMovesSmoothly() {
    // A tone that jumps 12 dB: the gain must ramp over the look-ahead, not step.
    var input = Signals.sine(hz: 441, frames: 10_000, amplitude: 0.25)
    input.append(Signals.sine(hz: 441, frames: 10_000, amplitude: 1.0))
    var limiter = TruePeakLimiter(channelCount: 1, sampleRate: rate, ceilingDBTP: -1.5)
    let output = limiter.processAll(input)
    // Gain per frame where the input is not near a zero crossing.
    // Gain per frame, compared between neighbouring frames away from zero crossings.
    var biggestJump: Float = 0
    for n in 1..<input.frameCount where abs(input.samples[n]) > 0.01 && abs(input.samples[n - 1]) > 0.01 {
      let step = output.samples[n] / input.samples[n] - output.samples[n - 1] / input.samples[n - 1]
      biggestJump = max(biggestJump, abs(step))
    }
    // The attack spreads the drop over the 5 ms look-ahead (220 frames): at most 1/220 per frame.
    #expect(biggestJump < 1.0 / 200, "gain jumped by \(biggestJump)")
  }
}

import DSP
import RealModule
import TestSupport
import Testing

/// The AMDF period finder on tones and noise with known answers (via the stretcher's steps).
@Suite struct PitchPeriodTests {
  /// Periods the stretcher found on a steady tone (its recorded steps).
  static func periods(_ input: AudioBuffer, speed: Double = 1.5) -> [StretchStep] {
    var tuning = StretchTuning()
    tuning.recordsSteps = true
    var stretcher = Stretcher(speed: speed, sampleRate: input.sampleRate, channelCount: 1, tuning: tuning)
    _ = stretcher.processAll(input)
    // Decisions well inside the signal (not those that read the silence padded after its end).
    let margin = input.sampleRate / 10
    return stretcher.steps.filter { $0.inputFrame >= margin && $0.inputFrame < input.frameCount - margin }
  }

  /// Tones whose period is a whole number of frames, across the searched range (55–400 Hz).
  @Test(arguments: [
    (220.5, 44_100, 200), (200.0, 48_000, 240), (105.0, 22_050, 210), (250.0, 16_000, 64), (60.0, 48_000, 800),
  ])
  func findsTheExactPeriodOfATone(hz: Double, sampleRate: Int, period: Int) {
    let tone = Signals.sine(hz: hz, frames: sampleRate, sampleRate: sampleRate)
    let steps = Self.periods(tone)
    #expect(!steps.isEmpty)
    #expect(steps.allSatisfy { $0.periodFrames == period })
    #expect(steps.allSatisfy { $0.aperiodicity < 0.02 })
  }

  @Test func noiseIsAperiodic() {
    let noise = Signals.noise(seed: 3, frames: 44_100, amplitude: 0.3)
    let steps = Self.periods(noise)
    let median = steps.map(\.aperiodicity).sorted()[steps.count / 2]
    #expect(median > 0.5)
  }

  @Test func aBuzzWithWeakFundamentalIsNotHalved() {
    // Harmonics 2…6 of 150 Hz only: the period is still 294 frames, not 147.
    let sampleRate = 44_100
    var samples = [Float](repeating: 0, count: sampleRate)
    for n in 0..<sampleRate {
      var value = 0.0
      for h in 2...6 {
        value += Double.sin(2 * Double.pi * 150 * Double(h) * Double(n) / Double(sampleRate)) / Double(h)
      }
      samples[n] = Float(0.3 * value)
    }
    let steps = Self.periods(AudioBuffer(samples: samples, channelCount: 1, sampleRate: sampleRate))
    let periods = steps.map(\.periodFrames)
    #expect(periods.filter { abs($0 - 294) <= 1 }.count >= periods.count * 9 / 10)
  }
}

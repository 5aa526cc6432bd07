import DSP
import TestSupport
import Testing

/// What slowing down repeats: one period of voiced sound, whole periods of about 20 ms in a
/// voicing transition (so the voiced part stays in phase), 20 ms flat of noise.
@Suite struct StretcherInsertTests {
  /// The repeats (negative skips) the stretcher chose at 0.75×, well inside `input`.
  static func repeats(_ input: AudioBuffer) -> [StretchStep] {
    PitchPeriodTests.periods(input, speed: 0.75).filter { $0.skipFrames < 0 }
  }

  /// A 220.5 Hz tone (200 frames a period at 44.1 kHz) under seeded noise of `noise` amplitude.
  static func toneInNoise(noise: Float) -> AudioBuffer {
    var tone = Signals.sine(hz: 220.5, frames: 44_100, amplitude: 0.3)
    let hiss = Signals.noise(seed: 11, frames: 44_100, amplitude: noise)
    for i in tone.samples.indices { tone.samples[i] += hiss.samples[i] }
    return tone
  }

  /// 20 ms at 44.1 kHz.
  static let twentyMilliseconds = 882

  @Test func voicedSoundRepeatsOnePeriod() {
    let steps = Self.repeats(Self.toneInNoise(noise: 0))
    #expect(!steps.isEmpty)
    #expect(steps.allSatisfy { $0.skipFrames == -200 }, "\(steps.map { ($0.skipFrames, $0.periodFrames) })")
  }

  @Test func aVoicingTransitionRepeatsWholePeriods() {
    let tuning = StretchTuning()
    let steps = Self.repeats(Self.toneInNoise(noise: 0.3))
    let partly = steps.filter {
      $0.aperiodicity >= tuning.voicedAperiodicity && $0.aperiodicity < tuning.partlyVoicedAperiodicity
    }
    // The noise puts most decisions between the two thresholds (and blurs the lag by a few frames).
    #expect(partly.count >= steps.count / 2, "\(steps.map(\.aperiodicity))")
    for step in partly {
      let period = step.periodFrames
      let periods = (Double(Self.twentyMilliseconds) / Double(period)).rounded()
      #expect(step.skipFrames == -period * Int(periods), "\(step)")
      // The lag found is the tone's period or a multiple of it (noise this loud blurs the AMDF
      // minimum by up to 6 frames), so the repeat keeps the phase.
      let multiple = (Double(period) / 200).rounded()
      #expect(multiple >= 1 && abs(Double(period) - 200 * multiple) <= 0.04 * Double(period), "\(step)")
    }
  }

  @Test func noiseRepeatsTwentyMilliseconds() {
    let tuning = StretchTuning()
    let steps = Self.repeats(Signals.noise(seed: 5, frames: 44_100, amplitude: 0.3))
    #expect(steps.allSatisfy { $0.aperiodicity >= tuning.partlyVoicedAperiodicity })
    #expect(!steps.isEmpty)
    #expect(steps.allSatisfy { $0.skipFrames == -Self.twentyMilliseconds }, "\(steps.map(\.skipFrames))")
  }
}

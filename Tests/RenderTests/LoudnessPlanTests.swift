import DSP
import Foundation
import Testing
import TestSupport

@testable import Render

@Suite struct LoudnessPlanTests {
  /// A stand-in meter: unweighted mean-square loudness (−0.691 as BS.1770) and sample peak.
  static func meter(_ buffer: AudioBuffer) -> LoudnessMeasurement {
    let rms = Double(Signals.rms(buffer))
    let peak = Double(buffer.samples.map { abs($0) }.max() ?? 0)
    return LoudnessMeasurement(
      integratedLUFS: rms > 0 ? -0.691 + 20 * log10(rms) + 10 * log10(Double(buffer.channelCount)) : -.infinity,
      truePeakDBTP: Decibels.fromGain(peak))
  }

  @Test(arguments: [(-23.0, -16.0, 7.0), (-10.0, -16.0, -6.0), (-16.0, -19.0, -3.0)])
  func gainIsTargetMinusMeasured(measured: Double, target: Double, gain: Double) {
    #expect(LoudnessPlan.gainDB(measuredLUFS: measured, targetLUFS: target) == gain)
  }

  @Test func silenceHasNoGain() {
    #expect(LoudnessPlan.gainDB(measuredLUFS: -.infinity, targetLUFS: -16) == nil)
    #expect(LoudnessPlan.gainDB(measuredLUFS: -70, targetLUFS: -16) == nil)
  }

  @Test func normalisingReachesTheTargetUnderTheCeiling() throws {
    // Quiet speech-like bursts with sharp peaks: the gain pushes the peaks into the limiter.
    var audio = Signals.bursts(lengths: [20_000, 15_000, 25_000], gaps: [5_000, 8_000], lead: 2_000, tail: 2_000,
                               hz: 300, amplitude: 0.05).audio
    for n in stride(from: 3_000, to: audio.frameCount, by: 22_050) { audio.samples[n] = 0.6 }
    let target = try LoudnessTarget(integratedLUFS: -16)
    let outcome = try LoudnessPlan.normalise(audio, to: target, source: "v.wav", measure: Self.meter)
    #expect(abs(outcome.measurement.integratedLUFS - -16) <= 0.1)
    #expect(outcome.measurement.truePeakDBTP <= -1.5 + 0.01)
    #expect(outcome.limiterGainDB < -1)
    #expect(outcome.passes >= 2 && outcome.passes <= 3)
  }

  @Test func silentNarrationIsAnError() {
    let audio = Signals.silence(frames: 1_000)
    #expect(throws: RenderError.silentNarration(file: "v.wav")) {
      _ = try LoudnessPlan.normalise(audio, to: .podcast, source: "v.wav", measure: Self.meter)
    }
  }

  @Test(arguments: [-41.0, -4.9, 0.0, -60.0])
  func targetsOutsideTheRangeAreRefused(lufs: Double) {
    #expect(throws: RenderError.loudnessTargetOutOfRange(lufs: lufs)) {
      _ = try LoudnessTarget(integratedLUFS: lufs)
    }
  }

  @Test(arguments: [-40.0, -19.0, -16.0, -5.0])
  func targetsInsideTheRangeAreTaken(lufs: Double) throws {
    #expect(try LoudnessTarget(integratedLUFS: lufs).limiterCeilingDBTP == -1.5)
  }
}

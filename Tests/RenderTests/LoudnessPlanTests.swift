import DSP
import Foundation
import TestSupport
import Testing

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
    var audio = Signals.bursts(
      lengths: [20_000, 15_000, 25_000], gaps: [5_000, 8_000], lead: 2_000, tail: 2_000,
      hz: 300, amplitude: 0.05
    ).audio
    for n in stride(from: 3_000, to: audio.frameCount, by: 22_050) { audio.samples[n] = 0.6 }
    let target = try LoudnessTarget(integratedLUFS: -16)
    let outcome = try LoudnessPlan.normalise(audio, to: target, source: "v.wav", measure: Self.meter)
    #expect(abs(outcome.measurement.integratedLUFS - -16) <= 0.1)
    #expect(outcome.measurement.truePeakDBTP <= -1.5 + 0.01)
    #expect(outcome.limiterGainDB < -1)
    #expect(outcome.passes >= 2 && outcome.passes <= 3)
  }

  /// Under heavy limiting BS.1770's relative gate can make loudness fall while gain rises. A
  /// meter with such a dip (the passes seen on a peaky voice over a bed at 1.5×: +0.75 dB →
  /// −16.39, +6.7 dB → −16.49, +16 dB → −14.56 LUFS) must not stall the search.
  @Test func normalisingSurvivesLoudnessThatFallsAsGainRises() throws {
    let audio = Signals.sine(hz: 300, frames: 44_100, amplitude: 0.01)
    let start = Self.meter(audio).integratedLUFS
    // Loudness against gain (dB over the unscaled audio), linear between the points.
    let curve: [(gain: Double, lufs: Double)] = [
      (-20, -30), (0, -16.3), (0.75, -16.39), (6.68, -16.49), (10, -16.45), (16.02, -14.56), (40, -5),
    ]
    func dipping(_ gain: Double) -> Double {
      let upper = curve.firstIndex { $0.gain >= gain } ?? curve.count - 1
      let (a, b) = (curve[max(0, upper - 1)], curve[upper])
      return b.gain == a.gain ? a.lufs : a.lufs + (gain - a.gain) * (b.lufs - a.lufs) / (b.gain - a.gain)
    }
    var passes: [(gain: Double, lufs: Double)] = []
    let target = try LoudnessTarget(integratedLUFS: -15.55, truePeakDBTP: -1, encoderMarginDB: 0)
    let outcome = try LoudnessPlan.normalise(audio, to: target, source: "v.wav", initialSlope: 0.14) { buffer in
      let gain = Self.meter(buffer).integratedLUFS - start
      passes.append((gain, dipping(gain)))
      return LoudnessMeasurement(integratedLUFS: dipping(gain), truePeakDBTP: -20)
    }
    #expect(abs(outcome.measurement.integratedLUFS - -15.55) <= 0.1, "passes: \(passes)")
    // The dip was met: a pass with more gain measured quieter than one before it.
    let inverted = passes.indices.contains { i in
      passes[..<i].contains { $0.gain < passes[i].gain - 0.5 && $0.lufs > passes[i].lufs }
    }
    #expect(inverted, "passes: \(passes)")
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

  /// Material limited at t₀ whose loudness falls by b LU per dB its effective ceiling (ceiling −
  /// gain) goes under t₀: L(g, c) = L₀ + g + b · min(0, c − g − t₀). Normalised at c = t₀, it shows
  /// the slope s = 1 − b; the first gain must then land on the target at any ceiling.
  @Test(arguments: [(0.45, 0.0), (0.1, 0.75), (0.3, 0.35), (1.2, 1.0)])
  func firstGainLandsOnLinearLimiting(needed: Double, lowered: Double) {
    let (b, t0) = (0.4, -1.5)
    func loudness(gain g: Double, ceiling c: Double) -> Double { g + b * min(0, c - g - t0) }
    let gain = LoudnessPlan.firstGainDB(needed, slope: 1 - b, ceilingLoweredByDB: lowered)
    #expect(abs(loudness(gain: gain, ceiling: t0 - lowered) - needed) < 1e-9, "first gain \(gain) dB")
  }

  @Test func firstGainWithoutKnowledgeIsTheDifference() {
    #expect(LoudnessPlan.firstGainDB(0.7, slope: 1, ceilingLoweredByDB: 0) == 0.7)
    // Turning down: limiting costs nothing more, the plain difference stands.
    #expect(LoudnessPlan.firstGainDB(-2, slope: 0.5, ceilingLoweredByDB: 0.5) == -2)
    // At most 3 dB over the plain difference.
    #expect(LoudnessPlan.firstGainDB(2, slope: 0.2, ceilingLoweredByDB: 1) == 5)
  }
}

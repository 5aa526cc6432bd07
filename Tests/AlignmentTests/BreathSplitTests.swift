import DSP
import RealModule
import TestSupport
import Testing

@testable import Alignment

/// `SpeechMap.splitBreaths` on a breath that runs into the words on both sides.
@Suite struct BreathSplitTests {
  static let rate = 48_000
  static let hop = rate / 200

  /// A vowel, a 300 ms breath, a vowel, with no pause between. The breath is white noise
  /// through two 900 Hz one-pole high-passes and two 2 kHz low-passes, 23 dB under the vowels,
  /// and every 50 ms its turbulence flares above 5 kHz for one hop: each flare makes three hops
  /// too bright to be breath-like (the bands' 15 ms means hold it). The breath still comes out
  /// whole, one island from 0.5 to 0.8 s (with gaps of two hops bridged it broke into runs of
  /// 35 ms and was not found).
  @Test func brightFlaresDoNotSplitABreath() {
    // slack: the breath's faint edges and the vowels' 15 ms means
    let pieces = Self.expectOneBreath(
      in: Self.vowelBreathVowel(), hops: (Self.rate / 2 / Self.hop)..<(Self.rate * 8 / 10 / Self.hop), slack: 20)
    #expect(pieces == 3)
  }

  /// `splitBreaths` on `audio` taken as one island: exactly one breath, its hops `hops` within
  /// `slack`. Returns how many pieces the island came out as.
  @discardableResult
  static func expectOneBreath(in audio: AudioBuffer, hops: Range<Int>, slack: Int) -> Int {
    let features = SpeechFeatures(of: audio)
    let island = SpeechMap.measure(0..<features.hopCount, features)
    let pieces = SpeechMap.splitBreaths([island], features, LevelModel(features))
    let breaths = pieces.filter(\.isBreath)
    #expect(breaths.count == 1)
    if let breath = breaths.first {
      #expect(abs(breath.startHop - hops.lowerBound) <= slack, "start hop \(breath.startHop)")
      #expect(abs(breath.endHop - hops.upperBound) <= slack, "end hop \(breath.endHop)")
    }
    return pieces.count
  }

  static func vowelBreathVowel() -> AudioBuffer {
    let count = rate * 13 / 10
    let (from, to) = (rate / 2, rate * 8 / 10)
    var samples = (0..<count).map { n -> Float in n < from || n >= to ? vowel(n) : 0 }
    var rng = SplitMix64(seed: 1)
    let onePole = { (x: [Float], hz: Double, high: Bool) in
      SyntheticReading.onePole(x, hz: hz, high: high, times: 2, rate: Double(rate))
    }
    let breath = onePole(onePole(noise(to - from, &rng), 900, true), 2_000, false)
    let flare = onePole(noise(to - from, &rng), 5_000, true)
    for n in from..<to { samples[n] += 0.08 * breath[n - from] }
    for k in stride(from: from / hop + 5, to: to / hop - 3, by: 10) {
      for n in (k * hop)..<((k + 1) * hop) { samples[n] += 0.1 * flare[n - from] }
    }
    return AudioBuffer(samples: samples, channelCount: 1, sampleRate: rate)
  }

  /// Sample n of a vowel: a 150 Hz buzz with 19 harmonics falling 6 dB an octave (peak about 0.4).
  static func vowel(_ n: Int) -> Float {
    let phase = 2 * Double.pi * 150 * Double(n) / Double(rate)
    var sum = 0.0
    for k in 1...19 { sum += Double.sin(phase * Double(k)) / Double(k) }
    return Float(0.15 * sum)
  }

  static func noise(_ count: Int, _ rng: inout SplitMix64) -> [Float] {
    (0..<count).map { _ in rng.nextSignedUnit() }
  }
}

import DSP
import RealModule
import TestSupport
import Testing

@testable import Alignment

/// A chord plucked just before a word and fading into it (`SpeechMap+Fades`), in a recording
/// whose pauses ring with such chords.
struct FadingHeadTests {
  static let rate = 22_050
  static let repeats = 16

  /// `repeats` times: 0.7 s of room noise (−75 dBFS) with a chord plucked 50 ms into it, then
  /// the chord plucked `lead` before a 0.8 s word (a 147 Hz harmonic tone with 20 harmonics at
  /// 1/k and 8 ms edges) that starts at a known frame; the chord's strike about 17 dB under the
  /// word.
  static func recording(lead: Double) -> (audio: AudioBuffer, words: [Int]) {
    var rng = SplitMix64(seed: 11)
    let pause = rate * 7 / 10
    let word = rate * 8 / 10
    var samples: [Float] = []
    let chord = MusicBedAlignmentTests.pluckedChord([220, 277, 330], frames: rate, rate: rate, rng: &rng)
    var words: [Int] = []
    for _ in 0..<repeats {
      let start = samples.count
      samples += (0..<(pause + word)).map { _ in 0.000_3 * rng.nextSignedUnit() }
      let onset = start + pause
      words.append(onset)
      for n in 0..<word {
        let t = Double(n) / Double(rate)
        let edge = min(1, Double(min(n, word - n)) / (0.008 * Double(rate)))
        var tone = 0.0
        for k in 1...20 { tone += Double.sin(2 * Double.pi * 147 * Double(k) * t) / Double(k) }
        samples[onset + n] += Float(0.08 * edge * tone)
      }
      for strike in [start + rate / 20, onset - Int(lead * Double(rate))] {
        for n in strike..<min(samples.count, strike + chord.count) { samples[n] += 0.01 * chord[n - strike] }
      }
    }
    return (AudioBuffer(samples: samples, channelCount: 1, sampleRate: rate), words)
  }

  /// Plucked 150 ms before each word: the chord dulls as it dies, so its shape does not hold
  /// still for the still rules, and it falls too slowly for the strike rule; but nothing new
  /// sounds until the word, so every island starts within 20 ms of its word (without the fade
  /// rule all 16 started on the chord, 150 ms early).
  @Test func chordPluckedJustBeforeEachWord() {
    let (audio, words) = Self.recording(lead: 0.15)
    let map = SpeechMap(features: SpeechFeatures(of: audio), minPauseMilliseconds: 90)
    for (w, word) in words.enumerated() {
      let nearest = map.islands.indices.map { map.onsetFrame(island: $0) }.min { abs($0 - word) < abs($1 - word) }
      let off = (nearest ?? 0) - word
      #expect(abs(off) <= Self.rate / 50, "word \(w + 1): \(off)")
    }
  }
}

import DSP
import TestSupport
import Testing

@testable import Alignment

/// A short syllable before its word, set apart by a stop's closure ("A time…",
/// `SpeechMap+Syllables`): the word's island starts at the syllable; a click, a syllable far
/// under the speech level, or one farther from the word than a closure lasts, does not move it.
@Suite struct LeadSyllableTests {
  typealias Gain = GainTests

  /// After a vowel and a pause, `head` (at 2.6 s), `closure` seconds of silence, a vowel: the
  /// first hop of the last island.
  static func lastStart(head: [Float], closure: Double) -> Int? {
    var s = Gain.silence(4)
    Gain.add(Gain.vowel(0.6), to: &s, at: 0.4)
    Gain.add(head, to: &s, at: 2.6)
    Gain.add(Gain.vowel(0.6), to: &s, at: 2.6 + Double(head.count) / Double(Gain.rate) + closure)
    return Gain.lastIslandStart(s)
  }

  /// 25 ms of the vowel at `gain`.
  static func syllable(gain: Float) -> [Float] { Gain.vowel(0.025).map { $0 * gain } }

  /// A 25 ms vowel 5 dB under the words, 120 ms before the word: the island starts at it
  /// (before, it was dropped as a click and the onset went to the word).
  @Test func shortSyllableBeforeAClosureStartsTheWord() {
    guard let start = Self.lastStart(head: Self.syllable(gain: 0.56), closure: 0.12) else { return }
    #expect(abs(start - Gain.hops(2.6)) <= 2, "start hop \(start)")
  }

  /// The same 25 ms as a click (white noise), 25 dB under the words, or 200 ms before the word:
  /// the island starts at the word.
  @Test(arguments: [("click", 0.12), ("quiet", 0.12), ("far", 0.2)])
  func otherShortSoundsDoNotStartTheWord(kind: String, closure: Double) {
    var rng = SplitMix64(seed: 13)
    let head =
      switch kind {
      case "click": (0..<Int(0.025 * Double(Gain.rate))).map { _ in 0.3 * rng.nextSignedUnit() }
      case "quiet": Self.syllable(gain: 0.056)
      default: Self.syllable(gain: 0.56)
      }
    guard let start = Self.lastStart(head: head, closure: closure) else { return }
    let word = Gain.hops(2.6 + 0.025 + closure)
    #expect(abs(start - word) <= 2, "start hop \(start), word at \(word)")
  }
}

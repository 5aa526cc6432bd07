import Testing

@testable import Alignment

/// A reader who hurries over verse breaks (`QuickReader`): every verse pause (0.10–0.12 s)
/// shorter than every pause inside the verses (0.25–0.5 s).
struct QuickReaderTests {
  /// Ecclesiastes 3:1–8, each phrase up to 25 % faster or slower than its letters predict, each
  /// letter with its own sound. With the chapter's longest pauses taken for verse pauses, every
  /// verse came out a phrase late, some at 0.92–0.98; the letters tell the reading apart, and
  /// every verse starts at its first word.
  @Test(arguments: [UInt64(2), 4, 7], [0.10, 0.12])
  func versePausesShorterThanCommas(seed: UInt64, gap: Double) throws {
    var options = RunOnReaderTests.readOn(seed: seed)
    options.letterTimbres = true
    options.runOnGap = gap
    let reading = SyntheticReading(RunOnReaderTests.chapter, options)
    let result = try AlignerTests.align(reading, RunOnReaderTests.chapter)
    #expect(result.segments.count == RunOnReaderTests.chapter.count)
    let tolerance = options.sampleRate / 10
    for v in 0..<RunOnReaderTests.chapter.count {
      let start = result.segments[v].start - reading.onsets[v]
      #expect(abs(start) <= tolerance, "verse \(v + 1): start \(start) frames off")
    }
  }
}

/// `QuickReader.keeps` on alignments measured on the generated corpora (gain, fit, score).
struct QuickReaderChoiceTests {
  typealias Evidence = QuickReader.Evidence

  /// Psalm 150 read quickly by the kal voice (hurried seed 19): the words tell its "Praise
  /// him…" phrases apart hardly better either way, the pauses fit only the quick reading.
  @Test func keptByItsPausesWhenTheWordsCannotTell() {
    let first = Evidence(gain: 0.41, fit: 0.115, score: -0.094)
    #expect(QuickReader.keeps(Evidence(gain: 1.44, fit: 1.0, score: -0.628), over: first))
    // The same pauses with words that explain nothing: no reading of this text.
    #expect(!QuickReader.keeps(Evidence(gain: 0.3, fit: 1.0, score: -0.628), over: first))
    // A first alignment that fit: the pauses alone do not overrule it.
    #expect(
      !QuickReader.keeps(
        Evidence(gain: 1.44, fit: 1.0, score: -0.628), over: Evidence(gain: 0.41, fit: 0.6, score: -0.15)))
  }

  /// The pairings with another chapter's text the quick reader came nearest to explaining
  /// (seeds 1–6, 41–43, 97–104): kept by neither its words nor its pauses.
  @Test func anotherChaptersTextIsNotKept() {
    #expect(
      !QuickReader.keeps(
        Evidence(gain: -0.23, fit: 0.977, score: -0.268), over: Evidence(gain: 0.67, fit: 0.0, score: 0.076)))
    #expect(
      !QuickReader.keeps(
        Evidence(gain: 1.47, fit: 0.969, score: -0.258), over: Evidence(gain: 1.53, fit: 0.02, score: -0.040)))
  }

  /// A hurried Ecclesiastes 3 (hurried seed 10): the words say it.
  @Test func keptByItsWords() {
    #expect(
      QuickReader.keeps(
        Evidence(gain: 4.2, fit: 1.0, score: -0.628), over: Evidence(gain: 0.42, fit: 0.303, score: -0.130)))
    // Better words, but pauses that do not fit.
    #expect(
      !QuickReader.keeps(
        Evidence(gain: 4.2, fit: 0.4, score: -0.2), over: Evidence(gain: 0.42, fit: 0.303, score: -0.130)))
  }
}

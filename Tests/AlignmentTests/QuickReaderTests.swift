import DSP
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
    // The same pauses with words that explain the sound no better than read backwards: no
    // reading of this text.
    #expect(!QuickReader.keeps(Evidence(gain: -0.1, fit: 1.0, score: -0.628), over: first))
    // Held-back seed 256's (kal, 0.53 better): words that hardly explain it, but do.
    #expect(
      QuickReader.keeps(
        Evidence(gain: 0.34, fit: 1.0, score: -0.598), over: Evidence(gain: 0.98, fit: 0.006, score: -0.070)))
    // Held-back seed 130's hurried Psalm 150 (kal), 0.38 better.
    #expect(
      QuickReader.keeps(
        Evidence(gain: 1.02, fit: 0.9999, score: -0.447), over: Evidence(gain: 0.05, fit: 0.046, score: -0.064)))
    // … but not 0.25 better.
    #expect(
      !QuickReader.keeps(
        Evidence(gain: 1.02, fit: 0.9999, score: -0.314), over: Evidence(gain: 0.05, fit: 0.046, score: -0.064)))
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
    // Better words, but pauses that do not fit, and words that do not vouch for the text.
    #expect(
      !QuickReader.keeps(
        Evidence(gain: 2.9, fit: 0.4, score: -0.2), over: Evidence(gain: 0.42, fit: 0.303, score: -0.130)))
    // Words that vouch, but the first alignment's pauses fit.
    #expect(
      !QuickReader.keeps(
        Evidence(gain: 4.2, fit: 0.4, score: -0.2), over: Evidence(gain: 0.42, fit: 0.6, score: -0.130)))
  }

  /// Held-back seed 126's hurried Luke 2:15–20 (every verse a phrase late in the first
  /// alignment): neither alignment's pauses fit, the quick one's words vouch for the text.
  @Test func keptByWordsThatVouchWhereNeitherFits() {
    let first = Evidence(gain: 0.15, fit: 0.000_002, score: 0.236)
    #expect(QuickReader.keeps(Evidence(gain: 3.36, fit: 0.000_6, score: 0.069), over: first))
    // The best-gaining quick alignment of a pairing with another chapter's text where neither
    // fits (seed 105's slow Matthew 5 read against Psalm 150's text).
    #expect(
      !QuickReader.keeps(
        Evidence(gain: 1.65, fit: 0.002, score: 0.037), over: Evidence(gain: 0.18, fit: 0.001, score: 0.056)))
    // A worse score.
    #expect(!QuickReader.keeps(Evidence(gain: 3.36, fit: 0.000_6, score: 0.3), over: first))
  }

  /// Seed 44's fast Psalm 23 (verse 4 put 769 ms late by the first alignment) and held-back seed
  /// 119's hurried Luke 2: both alignments fit, the quick one is better by its words, its
  /// pauses and its score.
  @Test func keptWhenBetterOnEveryCount() {
    #expect(
      QuickReader.keeps(
        Evidence(gain: 3.35, fit: 1.0, score: -0.747), over: Evidence(gain: 2.78, fit: 1.0, score: -0.644)))
    #expect(
      QuickReader.keeps(
        Evidence(gain: 3.18, fit: 0.9998, score: -0.414), over: Evidence(gain: 2.68, fit: 0.856, score: -0.209)))
    // Seed 104's reverberant Ecclesiastes 3: better words, about the same score.
    #expect(
      !QuickReader.keeps(
        Evidence(gain: 2.88, fit: 0.9998, score: -0.416), over: Evidence(gain: 2.76, fit: 0.9998, score: -0.410)))
    // The same path found twice (equal gains): nothing to choose.
    #expect(
      !QuickReader.keeps(
        Evidence(gain: 2.42, fit: 0.9999, score: -0.432), over: Evidence(gain: 2.42, fit: 0.826, score: -0.202)))
  }

  /// Held-back seed 119's hurried Romans 8 read by espeak: the first alignment fit (0.67) and its
  /// words explained the sound well (gain 4.96), but its own pauses said the reader hurries, and
  /// the quick alignment, with words as clear, fit at 1.0 and put every verse right.
  @Test func keptByItsPausesWhereTheFirstsPausesLookQuick() {
    let quick = Evidence(gain: 4.88, fit: 1.0, score: -0.654)
    var first = Evidence(gain: 4.96, fit: 0.672, score: -0.176)
    #expect(!QuickReader.keeps(quick, over: first))
    first.pausesLookQuick = true
    #expect(QuickReader.keeps(quick, over: first))
    // Seed 112's Ecclesiastes 3 run on throughout: better by 0.27 only.
    #expect(
      !QuickReader.keeps(
        Evidence(gain: 3.52, fit: 1.0, score: -0.573),
        over: Evidence(gain: 3.52, fit: 0.993, score: -0.303, pausesLookQuick: true)))
  }

  /// Verse pauses of 100 ms between phrases paused 400 ms apart look quick; verse pauses of 800
  /// ms do not, and neither do too few pauses to tell.
  @Test func pausesLookQuickWhenVersePausesAreTheShorter() {
    func reading(versePause: Int, verses: Int = 5) -> AlignmentResult {
      var segments: [SegmentTiming] = []
      var at = 0
      for i in 0..<verses {
        let pause = FrameRange(start: at, end: at + (i == 0 ? 500 : versePause))
        at = pause.end
        let phrases = (0..<2).map { k in
          PhraseTiming(
            label: "\(i + 1)\(k)", text: "", onset: at + k * 1_400, offset: at + k * 1_400 + 1_000, start: at)
        }
        segments.append(
          SegmentTiming(
            label: String(i + 1), kind: .verse, pause: pause, onset: at, offset: at + 2_400, start: pause.start,
            end: at + 2_400, confidence: 0.99, isFixed: false, durationRatio: 1, phrases: phrases))
        at += 2_400
      }
      return AlignmentResult(
        sampleRate: 1_000, frameCount: at, segments: segments, lettersPerSecond: 14, noiseFloorDBFS: -60,
        speechLevelDBFS: -20, pauseCount: 2 * verses - 1, lowConfidence: [], fit: 1, fitDetails: [:], warnings: [])
    }
    #expect(QuickReader.pausesLookQuick(reading(versePause: 100)))
    #expect(!QuickReader.pausesLookQuick(reading(versePause: 800)))
    #expect(!QuickReader.pausesLookQuick(reading(versePause: 100, verses: 3)))
  }
}

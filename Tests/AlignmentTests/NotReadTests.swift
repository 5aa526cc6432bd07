import DSP
import Testing

@testable import Alignment

/// Verses not read, and false starts, in a chapter whose verses all open alike (Ecclesiastes
/// 3: "A time to…", every verse break but the first inside a sentence).
@Suite struct NotReadTests {
  static let ecclesiastes3 = [
    "To every thing there is a season, and a time to every purpose under the heaven:",
    "A time to be born, and a time to die; a time to plant, and a time to pluck up that which is planted;",
    "A time to kill, and a time to heal; a time to break down, and a time to build up;",
    "A time to weep, and a time to laugh; a time to mourn, and a time to dance;",
    "A time to cast away stones, and a time to gather stones together; a time to embrace, and a time to "
      + "refrain from embracing;",
    "A time to get, and a time to lose; a time to keep, and a time to cast away;",
    "A time to rend, and a time to sew; a time to keep silence, and a time to speak;",
    "A time to love, and a time to hate; a time of war, and a time of peace.",
  ]

  /// A false start of two short words ("A time", 0.3 s, then 0.5 s of pause) before a verse
  /// that opens like every other: labelled at the later reading, the verse named and under 0.9,
  /// every other verse in its own pause (`FalseStarts.shortestQuietHeardSeconds`: with the
  /// 0.4 s bound, all 42 such readings of seeds 1–6 were labelled at the false start).
  @Test(arguments: [(UInt64(1), 2), (2, 5), (3, 7)])
  func shortFalseStartAmongVersesThatOpenAlike(seed: UInt64, verse: Int) throws {
    try ReadTwiceTests.expectFalseStartHeard(Self.ecclesiastes3, seed: seed, verse: verse, words: 2)
  }

  /// A verse taken as not read (`PassPlan.notRead`, as `Aligner.squeezedVerseSkipped` tries
  /// each): the search skips that verse and no other, whether or not the reader did. Where the
  /// reader skipped it, every other verse starts where it is read.
  @Test(arguments: [(UInt64(1), 3), (2, 5)])
  func aVerseTakenAsNotReadIsSkipped(seed: UInt64, skipped: Int) throws {
    var options = SyntheticReading.Options()
    options.seed = seed
    options.wordTimbres = true
    options.skipped = [skipped]
    let reading = SyntheticReading(Self.ecclesiastes3, options)
    let features = SpeechFeatures(of: reading.audio)
    let map = SpeechMap(
      features: features, minPauseMilliseconds: AlignmentOptions().minPauseMilliseconds, depthBelowSpeechDB: nil,
      stillRuns: SpeechMap.StillRuns(features), letterFrames: LetterFrames())
    let segments = SampleText.inputs(Self.ecclesiastes3)
    for notRead in [skipped, skipped - 1] {
      let attempt = try Aligner.alignOnce(map, segments: segments, options: AlignmentOptions(), notRead: notRead)
      #expect(attempt.letters.path.skippedSegments(text: attempt.letters.plan.text) == [notRead])
      guard notRead == skipped else { continue }
      for (v, (segment, onset)) in zip(attempt.result.segments, reading.onsets).enumerated() where v != skipped {
        #expect(abs(segment.start - onset) <= options.sampleRate / 5, "verse \(v + 1)")
      }
    }
  }
}

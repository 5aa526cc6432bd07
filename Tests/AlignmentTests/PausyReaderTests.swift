import Testing

@testable import Alignment

/// A reader who pauses after nearly every word of a long stretch the text gives no comma (a
/// LibriVox reading of the Universal Declaration's preamble: ~3 pauses per second, 150 letters
/// without a comma). The search must be able to pass all of them in one step
/// (`PassPlan.unexplainedPerStep`). With at most 20, this chapter was refused as not matching
/// its text, and the preamble's title and first paragraph were taken for one spoken heading.
@Suite struct PausyReaderTests {
  static let chapter = [
    "Preamble",
    "Whereas recognition of the inherent dignity and of the equal and inalienable rights of all members "
      + "of the human family is the foundation of freedom and justice and peace in the world.",
    "Whereas disregard and contempt for human rights have resulted in barbarous acts.",
    "Whereas it is essential to promote the development of friendly relations between nations.",
    "Now, therefore, the General Assembly proclaims this declaration.",
  ]

  @Test(arguments: [UInt64(1), 2, 3])
  func pausesAfterEveryWord(seed: UInt64) throws {
    var options = SyntheticReading.Options()
    options.seed = seed
    options.unmarkedPause = 0.1...0.16
    options.unmarkedEvery = 1
    let reading = SyntheticReading(Self.chapter, options)
    Self.expectEveryVerseRight(reading, try AlignerTests.align(reading, Self.chapter))
  }

  /// A reader who stops after every word for 0.15–0.25 s, longer than the shortest pause (90
  /// ms): at every depth the text cannot mark most pauses, and it fitted them poorly (fit
  /// 0.003–0.022, every verse held at 0.85 under a warning), as a real reader who stops often
  /// (a held-back HearThis recording, Kayan) had lines 1–7 misplaced and was refused. From 250 ms
  /// on (`Aligner.pausyReaderMinPauseMilliseconds`) the text fits them plainly.
  @Test(arguments: [UInt64(1), 2, 3])
  func stopsAfterEveryWord(seed: UInt64) throws {
    let (reading, result) = try Self.readWithStops(0.15...0.25, seed: seed)
    #expect(result.fit >= Aligner.pausyReaderFit)
    Self.expectEveryVerseRight(reading, result)
  }

  /// Stops of up to 0.35 s: from 250 ms on the pauses still hold many the text does not mark,
  /// and the alignment there needs speech between verses and false starts the first does not
  /// (`Aligner.Attempt.strain`; without that test 10–12 of 14 verses were right). The first
  /// alignment stays.
  @Test(arguments: [UInt64(1), 2, 3])
  func stopsLongerThanTheLongSetting(seed: UInt64) throws {
    let (reading, result) = try Self.readWithStops(0.15...0.35, seed: seed)
    Self.expectEveryVerseRight(reading, result)
  }

  /// Psalms 23 and 121 read with a stop of `stops` seconds after every word.
  static func readWithStops(
    _ stops: ClosedRange<Double>, seed: UInt64
  ) throws -> (SyntheticReading, AlignmentResult) {
    var options = SyntheticReading.Options()
    options.seed = seed
    options.wordTimbres = true
    options.unmarkedPause = stops
    options.unmarkedEvery = 1
    let text = SampleText.psalm23 + SampleText.psalm121
    let reading = SyntheticReading(text, options)
    return (reading, try AlignerTests.align(reading, text))
  }

  /// As many verses as the reading has, each starting in its own pause.
  static func expectEveryVerseRight(_ reading: SyntheticReading, _ result: AlignmentResult) {
    let verses = result.segments.filter { $0.kind == .verse }
    #expect(verses.count == reading.onsets.count)
    for (v, segment) in verses.enumerated() {
      #expect(reading.isInOwnGap(segment.start, verse: v, slackFrames: 0), "verse \(v + 1)")
    }
  }

  @Test func roomForTheLongestStretch() {
    // 3 pauses a second over an 11 s stretch: 33, and a quarter more.
    #expect(PassPlan.unexplainedPerStep(pausesPerSecond: 3, longestUnitSeconds: 11) == 42)
    // Few pauses or short stretches keep the default; the search's cost is bounded.
    #expect(PassPlan.unexplainedPerStep(pausesPerSecond: 1, longestUnitSeconds: 5) == 20)
    #expect(PassPlan.unexplainedPerStep(pausesPerSecond: 6, longestUnitSeconds: 20) == 60)
  }
}

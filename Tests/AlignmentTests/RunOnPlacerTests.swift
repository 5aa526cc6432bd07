import Alignment
import Testing

/// Where a verse read straight on from the one before begins (`RunOnPlacer`): at the dip its
/// words put it at, not the one the letter clock prefers.
struct RunOnPlacerTests {
  /// Ecclesiastes 3:1–8, every verse after the first read on with no pause, each phrase up to
  /// 25 % faster or slower than its letters predict, so the clock alone may pick the dip a
  /// word off. Each letter has its own sound (`SyntheticReading.Options.letterTimbres`), as
  /// speech's spelling roughly has; the chapter's letter model learns them from the phrases
  /// between its pauses, and every run-on verse's start and onset land on its first word.
  @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
  func runOnVersesStartAtTheirWords(seed: UInt64) throws {
    var options = RunOnReaderTests.readOn(seed: seed)
    options.letterTimbres = true
    let reading = SyntheticReading(RunOnReaderTests.chapter, options)
    let result = try AlignerTests.align(reading, RunOnReaderTests.chapter)
    #expect(result.segments.count == RunOnReaderTests.chapter.count)
    let tolerance = options.sampleRate * 4 / 100
    for v in 1..<RunOnReaderTests.chapter.count {
      let start = result.segments[v].start - reading.onsets[v]
      let onset = result.segments[v].onset - reading.onsets[v]
      #expect(abs(start) <= tolerance, "verse \(v + 1): start \(start) frames off")
      #expect(abs(onset) <= tolerance, "verse \(v + 1): onset \(onset) frames off")
      #expect(result.segments[v].confidence < 0.9, "verse \(v + 1)")
    }
  }
}

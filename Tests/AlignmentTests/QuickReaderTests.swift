import Alignment
import Testing

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

import Alignment
import Testing

/// A long dull murmur 30 dB under the words, too long for the murmur rule (`SpeechMap+Murmurs`:
/// 250 ms at most), then 40 ms of room tone, then the verse: the murmur merges with the words and
/// a dip splits it off; the piece before the dip is set aside (`SpeechMap.dropQuietHeads`), so
/// the onset is the first word.
@Suite struct QuietHeadTests {
  static let murmured: Set<Int> = [1, 3, 5]

  @Test(arguments: [UInt64(1), 2])
  func longMurmurBeforeTheWordsIsNotTheOnset(seed: UInt64) throws {
    var options = SyntheticReading.Options()
    options.seed = seed
    options.murmurs = Self.murmured
    options.murmurSeconds = 0.4
    options.murmurGain = 0.025
    let reading = SyntheticReading(RealRoomTests.chapter, options)
    let result = try AlignerTests.align(reading, RealRoomTests.chapter)
    #expect(result.segments.count == RealRoomTests.chapter.count)
    for v in Self.murmured.sorted() {
      #expect(abs(result.segments[v].onset - reading.onsets[v]) <= 22_050 * 2 / 100, "verse \(v + 1) onset")
      #expect(reading.isInOwnGap(result.segments[v].start, verse: v, slackFrames: 0), "verse \(v + 1)")
    }
  }
}

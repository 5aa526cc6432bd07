import Alignment
import Testing

/// A dull murmur, then a moment of silence, then the verse (`SpeechMap+Murmurs`): the onset is
/// the first word, the jump point before it in the pause; a murmur running straight into the
/// word is the word's. A longer one, far under the words, is a quiet head.
@Suite struct MurmurTests {
  static let murmured: Set<Int> = [1, 3, 5]

  /// Without the rule each onset was on the murmur, 200 ms early.
  @Test(arguments: [UInt64(1), 2])
  func murmurBeforeAGapIsNotTheOnset(seed: UInt64) throws {
    var options = RealRoomTests.roomTone(-58, seed: seed)
    options.murmurs = Self.murmured
    try Self.expectOnsetsOnTheWords(options)
  }

  /// A murmur 0.4 s long and 30 dB under the words, too long for the murmur rule (250 ms at
  /// most): a quiet head (`SpeechMap.cutQuietHeads`). Without that rule each onset was on the
  /// murmur, 0.44 s early.
  @Test(arguments: [UInt64(1), 2])
  func longQuietMurmurBeforeAGapIsNotTheOnset(seed: UInt64) throws {
    var options = SyntheticReading.Options()
    options.seed = seed
    options.murmurs = Self.murmured
    options.murmurSeconds = 0.4
    options.murmurGain = 0.025
    try Self.expectOnsetsOnTheWords(options)
  }

  /// A louder murmur, 17 dB under the words (too loud for the murmur rule's 20 dB), then 80 ms
  /// of room tone: a breath's tail before a longer silence (`SpeechMap.cutBreathHeads`). Without
  /// that rule three of the six murmured onsets were on the murmur, 240 ms early.
  @Test(arguments: [UInt64(1), 2])
  func louderMurmurBeforeALongerGapIsNotTheOnset(seed: UInt64) throws {
    var options = RealRoomTests.roomTone(-58, seed: seed)
    options.murmurs = Self.murmured
    options.murmurGain = 0.11
    options.murmurGap = 0.08
    try Self.expectOnsetsOnTheWords(options)
  }

  /// Each murmured verse's onset within 20 ms of its first word, its jump point in its own pause.
  static func expectOnsetsOnTheWords(_ options: SyntheticReading.Options) throws {
    let reading = SyntheticReading(RealRoomTests.chapter, options)
    let result = try AlignerTests.align(reading, RealRoomTests.chapter)
    #expect(result.segments.count == RealRoomTests.chapter.count)
    for v in murmured.sorted() {
      #expect(abs(result.segments[v].onset - reading.onsets[v]) <= 22_050 * 2 / 100, "verse \(v + 1) onset")
      #expect(reading.isInOwnGap(result.segments[v].start, verse: v, slackFrames: 0), "verse \(v + 1)")
    }
  }

  @Test func murmurRunningIntoTheWordIsKept() throws {
    var options = RealRoomTests.roomTone(-58, seed: 1)
    options.murmurs = Self.murmured
    options.murmurGap = 0
    try Self.expectOnsetsOnTheMurmurs(options)
  }

  /// Each murmured verse's island opens at the murmur (160 ms long), over 100 ms before the word.
  static func expectOnsetsOnTheMurmurs(_ options: SyntheticReading.Options) throws {
    let reading = SyntheticReading(RealRoomTests.chapter, options)
    let result = try AlignerTests.align(reading, RealRoomTests.chapter)
    #expect(result.segments.count == RealRoomTests.chapter.count)
    for v in murmured.sorted() {
      #expect(result.segments[v].onset <= reading.onsets[v] - 22_050 / 10, "verse \(v + 1) onset")
    }
  }
}

import Testing

@testable import Alignment

/// The order test (`OrderCheck`): does the text fit the recording better in its own order
/// than with its verses shuffled? Checked here with scorers whose answers are known.
@Suite struct OrderCheckTests {
  static let verses = (1...8).map { VerseInput(label: "\($0)", text: "Verse number \($0) says this.") }

  /// A shuffle moves texts between verse slots; labels, the multiset of texts and every
  /// text's lines stay; the same round gives the same order.
  @Test func shufflesKeepLabelsAndTexts() throws {
    var segments = Self.verses
    segments.insert(VerseInput(label: "h", text: "Psalm one.", kind: .heading), at: 0)
    let shuffled = try #require(OrderCheck.shuffled(segments, round: 3))
    #expect(shuffled.map(\.label) == segments.map(\.label))
    #expect(shuffled[0] == segments[0])
    #expect(shuffled.map(\.text).sorted() == segments.map(\.text).sorted())
    #expect(shuffled.map(\.text) != segments.map(\.text))
    #expect(OrderCheck.shuffled(segments, round: 3) == shuffled)
    #expect(OrderCheck.shuffled(Array(segments.prefix(4)), round: 0) == nil)
  }

  /// A text whose score grows with every verse out of place: its order is evidence.
  @Test func orderThatMattersHolds() throws {
    let evidence = try #require(
      OrderCheck.evidence(of: Self.verses, score: 0) { shuffled in
        0.1 * Double(zip(shuffled, Self.verses).filter { $0.text != $1.text }.count)
      })
    #expect(evidence.holds)
    #expect(evidence.share == 0)
  }

  /// A scorer blind to the order (seeded noise per shuffle): half the shuffles tie or beat
  /// the text, and it does not hold.
  @Test func orderThatDoesNotMatterFails() throws {
    var state: UInt64 = 7
    let evidence = try #require(
      OrderCheck.evidence(of: Self.verses, score: 0) { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53) - 0.5
      })
    #expect(!evidence.holds)
    #expect(evidence.share > 0.25)
  }

  /// Four shuffles in 32 that beat the text (a text whose verses all have one shape, a human
  /// reader's uneven pauses): the text still holds when it beats the median shuffle by
  /// `wideMargin` or more, not when it beats it by less.
  @Test func fourTiesHoldOnlyAtAWideMargin() throws {
    for (rest, holds) in [(0.3, true), (0.15, false)] {
      var round = 0
      let evidence = try #require(
        OrderCheck.evidence(of: Self.verses, score: 0) { _ in
          round += 1
          return round % 8 == 0 ? -0.01 : rest
        })
      #expect(evidence.share == 4.0 / 32)
      #expect(evidence.holds == holds, "rest \(rest)")
    }
  }

  /// Every shuffle worse by a margin short of `minimumMargin` (a room whose tone hides soft
  /// consonants: many pauses the text has no mark for): the order alone does not hold; it
  /// holds when no shuffle ties and the words gain `vouchingGain` or more, not when they gain
  /// less or one shuffle in 32 ties.
  @Test func narrowMarginHoldsWhenTheWordsVouch() throws {
    let narrow = try #require(OrderCheck.evidence(of: Self.verses, score: 0) { _ in 0.11 })
    #expect(narrow.share == 0)
    #expect(!narrow.holds)
    #expect(narrow.holds(wordsGain: 1.64))
    #expect(!narrow.holds(wordsGain: 1.1))
    #expect(!narrow.holds(wordsGain: nil))
    var round = 0
    let oneTie = try #require(
      OrderCheck.evidence(of: Self.verses, score: 0) { _ in
        round += 1
        return round == 5 ? -0.01 : 0.11
      })
    #expect(oneTie.share == 1.0 / 32)
    #expect(!oneTie.holds(wordsGain: 3))
    let tooNarrow = try #require(OrderCheck.evidence(of: Self.verses, score: 0) { _ in 0.09 })
    #expect(!tooNarrow.holds(wordsGain: 3))
  }
}

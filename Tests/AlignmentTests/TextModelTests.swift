import Testing

@testable import Alignment

/// Punctuation and lengths, in several scripts.
@Suite struct TextModelTests {
  @Test func splitsAfterMarksFollowedBySpace() {
    let pieces = Punctuation.split("Yahweh is my shepherd; I shall lack nothing.")
    #expect(pieces.map(\.text) == ["Yahweh is my shepherd;", "I shall lack nothing."])
    #expect(pieces.map(\.after) == [.colon, .sentence])
  }

  @Test func closingQuotesStayWithThePhrase() {
    let pieces = Punctuation.split("He said, “Don’t be afraid.” Then he left.")
    #expect(pieces.map(\.text) == ["He said,", "“Don’t be afraid.”", "Then he left."])
    #expect(pieces[1].after == .sentence)
  }

  @Test func anOpeningQuoteAfterAWordBreaksLikeAComma() {
    let pieces = Punctuation.split("If thou couldst answer ’This fair child of mine")
    #expect(pieces.map(\.text) == ["If thou couldst answer", "’This fair child of mine"])
    #expect(pieces.map(\.after) == [.comma, nil])
    #expect(Punctuation.split("the children’s bread and the dogs’ crumbs").count == 1)
  }

  @Test func noBreakInsideNumbersOrWords() {
    #expect(Punctuation.split("John 3:16 and 3.5 cubits").count == 1)
  }

  @Test func fullWidthMarksBreakWithoutSpaces() {
    let pieces = Punctuation.split("起初，神创造天地。地是空虚混沌")
    #expect(pieces.map(\.text) == ["起初，", "神创造天地。", "地是空虚混沌"])
    #expect(pieces.map(\.after) == [.comma, .sentence, nil])
  }

  @Test func lengthsCountLettersAndDigits() {
    #expect(Punctuation.spokenLength("Psalm 23") == 5 + 6)
    #expect(Punctuation.spokenLength("Ἐν ἀρχῇ ἦν ὁ λόγος,") == 14)
    #expect(Punctuation.spokenLength("בְּרֵאשִׁית בָּרָא") == 9)
  }

  @Test func breaksBetweenSegmentsAreMandatory() {
    let model = TextModel([
      VerseInput(label: "h", text: "Psalm 23", kind: .heading),
      VerseInput(label: "1", text: "Yahweh is my shepherd; I shall lack nothing."),
      VerseInput(label: "2", text: "He makes me lie down", phrases: ["He makes me", "lie down"]),
    ])
    #expect(model.unitCount == 5)
    #expect(model.breaks == [.verse, .heading, .colon, .verse, .line, .verse])
    #expect(model.segmentStartBreak == [0, 1, 3])
  }
}

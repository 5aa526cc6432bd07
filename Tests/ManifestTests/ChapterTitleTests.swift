import Manifest
import Testing

@Suite struct ChapterTitleTests {
  @Test(arguments: [
    ("PSA", 23, "Psalm 23"), ("JHN", 1, "John 1"), ("1CO", 13, "1 Corinthians 13"), ("SNG", 2, "Song of Songs 2"),
    ("REV", 22, "Revelation 22"), ("psa", 117, "Psalm 117"), ("TOB", 3, "TOB 3"),
  ])
  func chapterTitles(code: String, chapter: Int, title: String) {
    #expect(BookNames.chapterTitle(book: code, chapter: chapter) == title)
  }

  @Test func canonHasSixtySixBooksInOrder() {
    #expect(BookNames.books.count == 66)
    #expect(Set(BookNames.books.map(\.code)).count == 66)
    #expect(BookNames.order(of: "GEN") == 0 && BookNames.order(of: "MAL") == 38 && BookNames.order(of: "MAT") == 39)
    #expect(BookNames.order(of: "REV") == 65 && BookNames.order(of: "XYZ") == 66 && BookNames.order(of: nil) == 66)
    #expect(BookNames.name(of: "PSA") == "Psalms")
  }

  @Test func usfmChapterBecomesAnEntry() throws {
    let text = try USFMFixture.read(
      "\\id PSA\n\\mt1 The Psalms\n\\c 23\n\\d A Psalm by David.\n\\q1\n\\v 1 Yahweh is my shepherd;\n"
        + "\\q1\n\\v 2 He makes me lie down.\n\\s1 Later\n\\v 3-4 He restores my soul.\n")
    let entry = ChapterEntry(text: text, fallbackID: "ignored")
    #expect(entry.id == "PSA.23" && entry.title == "Psalm 23" && entry.book == "PSA" && entry.chapter == 23)
    #expect(entry.verses.map(\.reference) == ["PSA 23:1", "PSA 23:2", "PSA 23:3-4"])
    #expect(
      entry.verses.map(\.spoken) == [
        "Psalm 23, verse 1 of 3", "Psalm 23, verse 2 of 3", "Psalm 23, verses 3 and 4 of 3",
      ])
    // The book title before `\c` belongs to the book, not the chapter.
    #expect(entry.headings.map(\.kind) == ["superscription", "sectionHeading"])
    #expect(entry.headings.map(\.beforeVerse) == [0, 2])
    #expect(entry.spoken.title == "Psalm 23")
  }

  @Test func plainTextTakesTheFallbackAndAnOverride() throws {
    let text = try PlainTextReader.parse("1\tIn the beginning.\n2\tAnd so.\n", file: "a.txt")
    let entry = ChapterEntry(text: text, fallbackID: "genesis1")
    #expect(entry.id == "genesis1" && entry.title == "genesis1" && entry.book == nil)
    #expect(entry.verses.map(\.reference) == ["genesis1:1", "genesis1:2"])
    let titled = ChapterEntry(text: text, title: "Genesis 1", fallbackID: "genesis1")
    #expect(titled.title == "Genesis 1" && titled.verses[1].spoken == "Genesis 1, verse 2 of 2")
    #expect(titled.verses[1].reference == "Genesis 1:2")
  }
}

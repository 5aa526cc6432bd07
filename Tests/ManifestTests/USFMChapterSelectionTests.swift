import Manifest
import Testing

/// Picking one chapter out of a book (or a whole Bible).
@Suite struct USFMChapterSelectionTests {
  typealias F = USFMFixture

  static let book = #"""
    \id RUT
    \h Ruth
    \mt1 Ruth
    \cl Chapter
    \c 1
    \p
    \v 1 In the days of the judges.
    \v 2 Elimelech.
    \c 2
    \s1 Ruth gleans
    \p
    \v 1 Naomi had a relative.
    \c 3
    \p
    \v 1 Naomi said,\f + \ft this note is never closed
    \v 2 Boaz.
    """#

  @Test func picksTheAskedChapter() throws {
    let chapter = try F.read(Self.book, chapter: 2)
    #expect(
      chapter
        == ChapterText(
          book: "RUT", chapter: 2,
          segments: [
            F.heading(.sectionHeading, "s1", "Ruth gleans", line: 10),
            F.verse("1", 1, 1, "Naomi had a relative.", line: 12),
          ]))
  }

  @Test func bookTitleJoinsChapterOneButTheChapterLabelPatternDoesNot() throws {
    let chapter = try F.read(Self.book, chapter: 1)
    #expect(chapter.headings == [F.heading(.title, "mt1", "Ruth", line: 3)])
    #expect(chapter.verses.map(\.text) == ["In the days of the judges.", "Elimelech."])
  }

  @Test func errorsInOtherChaptersDoNotMatter() throws {
    // Chapter 3's footnote is never closed; chapters 1 and 2 still read.
    #expect(try F.read(Self.book, chapter: 2).verses.count == 1)
    #expect(F.error(Self.book, chapter: 3) == .unterminated(file: F.file, line: 15, marker: "f"))
  }

  @Test func severalChaptersAndNoneAskedIsAnError() {
    let error = F.error(Self.book)
    #expect(error == .chapterNeeded(file: F.file, available: [1, 2, 3]))
    #expect(error?.description.contains("t.usfm: the file holds chapters 1-3.") == true)
  }

  @Test func absentChapterListsTheOthers() {
    let error = F.error(Self.book, chapter: 4)
    #expect(error == .chapterNotFound(file: F.file, chapter: 4, available: [1, 2, 3]))
    #expect(
      error?.description.contains("t.usfm: there is no `\\c 4`; the file has chapters 1-3.") == true
    )
  }

  @Test func oneChapterAndNoneAskedTakesIt() throws {
    let chapter = try F.read("\\id PSA\n\\c 117\n\\q1\n\\v 1 Praise!\n")
    #expect(chapter.chapter == 117)
    #expect(chapter.verses.map(\.text) == ["Praise!"])
  }

  @Test func fragmentWithoutChapterMarkerHasNoChapterToPick() {
    #expect(
      F.error("\\v 1 One.\n", chapter: 1)
        == .chapterNotFound(file: F.file, chapter: 1, available: []))
  }

  @Test func chapterEndsAtTheNextBookInAConcatenatedFile() throws {
    let text =
      "\\id GEN\n\\c 1\n\\p\n\\v 1 a\n\\c 2\n\\p\n\\v 1 b\n\\id EXO\n\\mt1 Exodus\n\\c 1\n\\p\n\\v 1 c\n"
    let chapter = try F.read(text, chapter: 2)
    #expect(
      chapter == ChapterText(book: "GEN", chapter: 2, segments: [F.verse("1", 1, 1, "b", line: 7)]))
  }

  @Test func largeBookReadsAnyChapter() throws {
    // 150 chapters × 20 verses with notes and word attributes: picks the right one.
    var lines = ["\\id PSA", "\\mt1 Psalms"]
    for chapter in 1...150 {
      lines.append("\\c \(chapter)")
      lines.append("\\d Title \(chapter).")
      for verse in 1...20 {
        lines.append("\\q1")
        lines.append(
          "\\v \(verse) \\w Word|strong=\"H\(verse)\"\\w* \(chapter):\(verse),\\f + \\ft note\\f*")
        lines.append("\\q2 second line.")
      }
    }
    let text = lines.joined(separator: "\n")
    let chapter = try F.read(text, chapter: 119)
    #expect(chapter.headings.map(\.text) == ["Title 119."])
    #expect(chapter.verses.count == 20)
    #expect(chapter.verses[19].phrases == ["Word 119:20,", "second line."])
    #expect(chapter.verses[0].line == 2 + 118 * 62 + 4)
    #expect(F.error(text) == .chapterNeeded(file: F.file, available: Array(1...150)))
  }
}

import Manifest
import Testing

/// Every way a USFM chapter can be wrong: the error value, and a message naming file and line.
@Suite struct USFMErrorTests {
  typealias F = USFMFixture

  static let cases: [(usfm: String, chapter: Int?, error: VerseTextError, says: String)] = [
    (
      "\\c 1\n\\p\n\\v 1 One.\n\\v 1 One again.\n", nil,
      .duplicateVerse(file: F.file, line: 4, label: "1"), "t.usfm:4: verse 1 appears twice"
    ),
    (
      "\\c 1\n\\p\n\\v 3-4 Bridge.\n\\v 4 Four.\n", nil,
      .duplicateVerse(file: F.file, line: 4, label: "4"), "t.usfm:4: verse 4 appears twice"
    ),
    (
      "\\c 1\n\\p\n\\v 6a Part.\n\\v 6a Part.\n", nil,
      .duplicateVerse(file: F.file, line: 4, label: "6a"), "t.usfm:4: verse 6a appears twice"
    ),
    (
      "\\c 1\n\\p\n\\v 2 Two.\n\\v 1 One.\n", nil,
      .outOfOrder(file: F.file, line: 4, label: "1", previous: "2"),
      "t.usfm:4: verse 1 comes after verse 2"
    ),
    (
      "\\c 1\n\\p\n\\v 6b Part.\n\\v 6a Part.\n", nil,
      .outOfOrder(file: F.file, line: 4, label: "6a", previous: "6b"),
      "t.usfm:4: verse 6a comes after verse 6b"
    ),
    (
      "\\c 1\n\\p\n\\v 1 One,\\f + \\fr 1:1 \\ft a note\n that runs on\n\\v 2 Two.\n", nil,
      .unterminated(file: F.file, line: 3, marker: "f"), "t.usfm:3: `\\f` opened here is not closed"
    ),
    (
      "\\c 1\n\\p\n\\v 1 One.\n\\v 2 Two\\x - \\xo 1:2 \\xt Gen 1:1", nil,
      .unterminated(file: F.file, line: 4, marker: "x"), "t.usfm:4: `\\x` opened here"
    ),
    (
      "\\c 1\n\\p\n\\v 1 One\\fe + \\ft end\n\\c 2\n\\v 1 x", 1,
      .unterminated(file: F.file, line: 3, marker: "fe"), "Add `\\fe*` where it ends."
    ),
    (
      "\\c 1\n\\p\n\\v 1 One \\vp 1a\n\\v 2 x", nil,
      .unterminated(file: F.file, line: 3, marker: "vp"), "t.usfm:3: `\\vp`"
    ),
    (
      "\\c 1\n\\p\n\\v \\w In|strong=\"G1\"\\w* the beginning\n", nil,
      .badVerseMarker(file: F.file, line: 3, content: "\\w"), "t.usfm:3: `\\v` must be followed"
    ),
    (
      "\\c 1\n\\p\n\\v\nIn the beginning\n", nil,
      .badVerseMarker(file: F.file, line: 3, content: "In the beginning"), "t.usfm:3:"
    ),
    (
      "\\c 1\n\\p\n\\v 1 One.\n\\v", nil, .badVerseMarker(file: F.file, line: 4, content: ""),
      "t.usfm:4:"
    ),
    (
      "\\c one\n\\p\n\\v 1 One.\n", nil, .badChapterMarker(file: F.file, line: 1, content: "one"),
      "t.usfm:1: `\\c` must be followed"
    ),
    (
      "\\id RUT\n\\c 1\n\\s1 Only a heading\n\\c 2\n\\p\n\\v 1 x\n", 1,
      .noVerses(file: F.file, chapter: 1), "t.usfm: no verses found in chapter 1"
    ),
    ("\\id RUT\n\\c 1\n", nil, .noVerses(file: F.file, chapter: 1), "t.usfm: no verses found"),
    (
      "\\c 1\n\\p Stray words\n\\v 1 One.\n", nil,
      .textOutsideVerse(file: F.file, line: 2, content: "Stray words"),
      "t.usfm:2: text \"Stray words\" is outside any verse"
    ),
    (
      "\\id JHN\n\\p\n\\v 1 Too early.\n\\c 1\n\\p\n\\v 1 x\n", nil,
      .verseBeforeChapter(file: F.file, line: 3, label: "1"),
      "t.usfm:3: verse 1 comes before the first `\\c`"
    ),
  ]

  @Test(arguments: cases) func reportsFileLineAndFix(
    usfm: String, chapter: Int?, error expected: VerseTextError, says: String
  ) {
    let error = F.error(usfm, chapter: chapter)
    #expect(error == expected)
    #expect(error?.description.contains(says) == true, "\(error?.description ?? "no error")")
    // One message, ending in a fix.
    #expect(error?.description.contains("\n") == false)
    #expect(error?.description.hasSuffix(".") == true)
  }
}

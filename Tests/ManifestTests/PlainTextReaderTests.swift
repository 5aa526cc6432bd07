import Foundation
import Manifest
import Testing

/// `NUMBER<TAB or space>TEXT` lines (or unnumbered ones), and the dispatch by file extension.
@Suite struct PlainTextReaderTests {
  static let file = "t.txt"
  typealias F = USFMFixture

  static func error(_ text: String) -> VerseTextError? {
    do {
      _ = try PlainTextReader.parse(text, file: file)
      return nil
    } catch { return error }
  }

  @Test func tabAndSpaceSeparatorsBlankLinesAndBridges() throws {
    let text =
      "1\tIn the beginning.\n\n2 The same   was\tthere.\n   \n3-4\tBridged.\n5a Part.\n5b  Rest.\n"
    #expect(
      try PlainTextReader.parse(text, file: Self.file)
        == ChapterText(segments: [
          F.verse("1", 1, 1, "In the beginning.", line: 1),
          F.verse("2", 2, 2, "The same was there.", line: 3),
          F.verse("3-4", 3, 4, "Bridged.", line: 5), F.verse("5a", 5, 5, "Part.", line: 6),
          F.verse("5b", 5, 5, "Rest.", line: 7),
        ]))
  }

  /// No line starts with a digit: one segment per line, numbered 1, 2, … (a poem, paragraphs).
  @Test func unnumberedLinesAreSegmentsInOrder() throws {
    let text = "\u{FEFF}Preamble\r\n\r\nWhereas recognition of the  inherent dignity,\nNow, therefore,\n"
    #expect(
      try PlainTextReader.parse(text, file: Self.file)
        == ChapterText(segments: [
          F.verse("1", 1, 1, "Preamble", line: 1),
          F.verse("2", 2, 2, "Whereas recognition of the inherent dignity,", line: 3),
          F.verse("3", 3, 3, "Now, therefore,", line: 4),
        ]))
  }

  /// A first line that does not open with a label makes the file unnumbered, whatever follows.
  @Test func headingsWithNumbersInAnUnnumberedText() throws {
    let text = "1. Undersøgelsens univers\nOnce upon a time\n3 little pigs\n"
    #expect(
      try PlainTextReader.parse(text, file: Self.file).verses.map(\.text) == [
        "1. Undersøgelsens univers", "Once upon a time", "3 little pigs",
      ])
  }

  @Test func windowsLineEndingsAndByteOrderMark() throws {
    let text = "\u{FEFF}1\tOne.\r\n\r\n2\tTwo.\r\n"
    let chapter = try PlainTextReader.parse(text, file: Self.file)
    #expect(chapter.verses.map(\.text) == ["One.", "Two."])
    #expect(chapter.verses.map(\.line) == [1, 3])
  }

  static let errors: [(text: String, error: VerseTextError, says: String)] = [
    (
      "1\tOne.\nIn the beginning was the Word\n",
      .badPlainLine(file: file, line: 2, content: "In the beginning was the Word"),
      "t.txt:2: expected `NUMBER<TAB>TEXT`"
    ),
    ("1\tOne.\n1\tOne again.\n", .duplicateVerse(file: file, line: 2, label: "1"), "t.txt:2:"),
    (
      "1\tOne.\n\n3\tThree.\n2\tTwo.\n",
      .outOfOrder(file: file, line: 4, label: "2", previous: "3"), "t.txt:4:"
    ),
    (
      "1-3\tBridge.\n2\tTwo.\n", .outOfOrder(file: file, line: 2, label: "2", previous: "1-3"),
      "t.txt:2:"
    ),
    ("1\tOne.\n2\n", .emptyVerse(file: file, line: 2, label: "2"), "t.txt:2: verse 2 has no text"),
    ("\n  \n", .noVerses(file: file, chapter: nil), "t.txt: no verses found"),
    (
      "3\tThree little pigs.\nOnce upon a time\n",
      .badPlainLine(file: file, line: 2, content: "Once upon a time"), "or none (then each line is one segment"
    ),
    (
      "4-2\tBackwards.\n", .badPlainLine(file: file, line: 1, content: "4-2\tBackwards."),
      "t.txt:1:"
    ),
  ]

  @Test(arguments: errors) func reportsFileAndLine(
    text: String, error expected: VerseTextError, says: String
  ) {
    let error = Self.error(text)
    #expect(error == expected)
    #expect(error?.description.contains(says) == true, "\(error?.description ?? "no error")")
  }

  @Test func readDispatchesByExtension() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prep-verse-text-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let plain = folder.appendingPathComponent("john1.txt").path
    let usfm = folder.appendingPathComponent("john1.SFM").path
    try "1\tIn the beginning.\n".write(toFile: plain, atomically: true, encoding: .utf8)
    try "\\id JHN\n\\c 1\n\\p\n\\v 1 In the beginning.\n".write(
      toFile: usfm, atomically: true, encoding: .utf8)
    #expect(try VerseText.read(path: plain).book == nil)
    #expect(try VerseText.read(path: usfm).book == "JHN")
    #expect(try VerseText.read(path: plain).verses.map(\.text) == ["In the beginning."])
    #expect(try VerseText.read(path: usfm).verses.map(\.text) == ["In the beginning."])
    let missing = folder.appendingPathComponent("none.txt").path
    #expect(throws: VerseTextError.missing(file: missing)) { try VerseText.read(path: missing) }
    let latin1 = folder.appendingPathComponent("latin1.txt").path
    try Data([0x31, 0x09, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: latin1))
    #expect(throws: VerseTextError.notUTF8(file: latin1)) { try VerseText.read(path: latin1) }
  }
}

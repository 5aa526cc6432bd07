import Manifest

/// Shared helpers for the verse-text tests.
enum USFMFixture {
  static let file = "t.usfm"

  /// Reads `text` as `t.usfm`.
  static func read(_ text: String, chapter: Int? = nil) throws(VerseTextError) -> ChapterText {
    try USFMReader.parse(text, file: file, chapter: chapter)
  }

  /// The error reading `text` raises, or nil if it reads.
  static func error(_ text: String, chapter: Int? = nil) -> VerseTextError? {
    do {
      _ = try read(text, chapter: chapter)
      return nil
    } catch { return error }
  }

  /// The one verse of `\c 1 \p \v 1 BODY`.
  static func verse(_ body: String) throws(VerseTextError) -> TextSegment? {
    try read("\\id TST\n\\c 1\n\\p\n\\v 1 " + body + "\n").verses.first
  }

  static func verse(
    _ label: String, _ first: Int, _ last: Int, _ text: String, phrases: [String]? = nil, line: Int
  ) -> TextSegment {
    TextSegment(
      kind: .verse, marker: "v", label: label, firstVerse: first, lastVerse: last, text: text,
      phrases: phrases, line: line)
  }

  static func heading(
    _ kind: TextSegment.Kind, _ marker: String, _ text: String, line: Int
  )
    -> TextSegment
  { TextSegment(kind: kind, marker: marker, label: marker, text: text, line: line) }
}

import Foundation

/// Reads a chapter's text: USFM (`.usfm`, `.sfm`) or plain text (anything else).
public enum VerseText {
  /// Reads `path`; `chapter` picks one chapter when a USFM file holds several.
  public static func read(path: String, chapter: Int? = nil) throws(VerseTextError) -> ChapterText {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .missing(file: path)
    }
    guard !data.contains(0), let text = String(data: data, encoding: .utf8) else {
      switch TextEncodingGuess.name(of: data) {
      case "UTF-16": throw .utf16(file: path)
      case "binary": throw .notText(file: path)
      default: throw .notUTF8(file: path)
      }
    }
    let lower = path.lowercased()
    if lower.hasSuffix(".usfm") || lower.hasSuffix(".sfm") {
      return try USFMReader.parse(text, file: path, chapter: chapter)
    }
    return try PlainTextReader.parse(text, file: path)
  }
}

/// `NUMBER<TAB or space>TEXT` per line; blank lines ignored; `3-4` bridges allowed. A file whose
/// first line does not open with something shaped like a verse label (digits, then letters or
/// a hyphen: `3`, `5a`, `3-4`) is one segment per line, labelled 1, 2, … (a poem, an
/// audiobook's paragraphs, aeneas's "plain" text format; "1. Introduction" is a heading's
/// text, not a label).
public enum PlainTextReader {
  /// Trimmed from each line: whitespace, and a byte-order mark from Windows editors.
  private static let trimmed = CharacterSet.whitespacesAndNewlines.union(
    CharacterSet(charactersIn: "\u{FEFF}"))

  public static func parse(_ text: String, file: String) throws(VerseTextError) -> ChapterText {
    var segments: [TextSegment] = []
    var previous: VerseLabel.Position?
    // `\r\n` is one Character in Swift, so split on isNewline rather than on "\n".
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map {
      $0.trimmingCharacters(in: trimmed)
    }
    let first = lines.first { !$0.isEmpty }?.prefix { !$0.isWhitespace } ?? ""
    let numbered =
      first.first?.isNumber == true && first.allSatisfy { $0.isNumber || $0.isLetter || $0 == "-" }
    for (index, line) in lines.enumerated() {
      let lineNumber = index + 1
      if line.isEmpty { continue }
      let label = numbered ? String(line.prefix { !$0.isWhitespace }) : String(segments.count + 1)
      let body = numbered ? line.dropFirst(label.count) : Substring(line)
      guard let (first, last) = VerseLabel.bounds(label) else {
        throw .badPlainLine(file: file, line: lineNumber, content: String(line.prefix(40)))
      }
      let words = body.split(whereSeparator: \.isWhitespace)
      if words.isEmpty { throw .emptyVerse(file: file, line: lineNumber, label: label) }
      try VerseLabel.checkOrder(
        previous: previous, previousLabel: segments.last?.label ?? "", first: first, label: label,
        file: file, line: lineNumber)
      previous = last
      segments.append(
        TextSegment(
          kind: .verse, marker: "v", label: label, firstVerse: first.verse, lastVerse: last.verse,
          text: words.joined(separator: " "), line: lineNumber))
    }
    if segments.isEmpty { throw .noVerses(file: file, chapter: nil) }
    return ChapterText(segments: segments)
  }
}

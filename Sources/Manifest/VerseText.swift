import Foundation

/// Reads a chapter's text: USFM (`.usfm`, `.sfm`) or plain text (anything else).
public enum VerseText {
  /// Reads `path`; `chapter` picks one chapter when a USFM file holds several.
  public static func read(path: String, chapter: Int? = nil) throws(VerseTextError) -> ChapterText {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .missing(file: path)
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw .notUTF8(file: path)
    }
    let lower = path.lowercased()
    if lower.hasSuffix(".usfm") || lower.hasSuffix(".sfm") {
      return try USFMReader.parse(text, file: path, chapter: chapter)
    }
    return try PlainTextReader.parse(text, file: path)
  }
}

/// `NUMBER<TAB or space>TEXT` per line; blank lines ignored; `3-4` bridges allowed.
public enum PlainTextReader {
  public static func parse(_ text: String, file: String) throws(VerseTextError) -> ChapterText {
    var segments: [TextSegment] = []
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
      let lineNumber = index + 1
      if line.isEmpty { continue }
      let label = String(line.prefix { !$0.isWhitespace })
      let body = line.dropFirst(label.count).trimmingCharacters(in: .whitespaces)
      guard let (first, last) = VerseLabel.parse(label) else {
        throw .badPlainLine(file: file, line: lineNumber, content: String(line.prefix(40)))
      }
      if body.isEmpty { throw .emptyVerse(file: file, line: lineNumber, label: label) }
      try VerseLabel.checkOrder(
        previous: segments.last?.lastVerse, first: first, label: label, file: file, line: lineNumber)
      segments.append(
        TextSegment(
          kind: .verse, marker: "v", label: label, firstVerse: first, lastVerse: last,
          text: body.split(whereSeparator: \.isWhitespace).joined(separator: " "), line: lineNumber))
    }
    if segments.isEmpty { throw .noVerses(file: file, chapter: nil) }
    return ChapterText(segments: segments)
  }
}

/// Verse labels: `7`, `3-4` (bridge), `7a` (part of a verse).
public enum VerseLabel {
  /// The first and last verse number a label covers, or nil if it is not a verse label.
  public static func parse(_ label: String) -> (Int, Int)? {
    let parts = label.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count <= 2 else { return nil }
    func number(_ part: Substring) -> Int? {
      let digits = part.prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty, part.dropFirst(digits.count).allSatisfy({ $0.isLetter }) else { return nil }
      return Int(digits)
    }
    guard let first = number(parts[0]) else { return nil }
    let last = parts.count == 2 ? number(parts[1]) : first
    guard let last, last >= first else { return nil }
    return (first, last)
  }

  static func checkOrder(previous: Int?, first: Int, label: String, file: String, line: Int)
    throws(VerseTextError)
  {
    guard let previous else { return }
    if first == previous { throw .duplicateVerse(file: file, line: line, label: label) }
    if first < previous {
      throw .outOfOrder(file: file, line: line, label: label, previous: previous)
    }
  }
}

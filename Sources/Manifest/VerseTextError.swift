/// Why a verse text could not be read. Every case names the file (and line) and a fix.
public enum VerseTextError: Error, CustomStringConvertible, Equatable {
  case missing(file: String)
  case notUTF8(file: String)
  case utf16(file: String)
  case notText(file: String)
  case badPlainLine(file: String, line: Int, content: String)
  case emptyVerse(file: String, line: Int, label: String)
  case duplicateVerse(file: String, line: Int, label: String)
  case outOfOrder(file: String, line: Int, label: String, previous: String)
  case noVerses(file: String, chapter: Int?)
  case chapterNotFound(file: String, chapter: Int, available: [Int])
  case chapterNeeded(file: String, available: [Int])
  case unterminated(file: String, line: Int, marker: String)
  case badVerseMarker(file: String, line: Int, content: String)
  case badChapterMarker(file: String, line: Int, content: String)
  case textOutsideVerse(file: String, line: Int, content: String)
  case verseBeforeChapter(file: String, line: Int, label: String)

  public var description: String {
    switch self {
    case .missing(let file):
      "\(file): no such file. Check the --text path."
    case .notUTF8(let file):
      "\(file): the text is not UTF-8. Save it as UTF-8, or \(TextEncodingGuess.fix(file, encoding: "Latin-1"))."
    case .utf16(let file):
      "\(file): the text is UTF-16, not UTF-8; \(TextEncodingGuess.fix(file, encoding: "UTF-16"))."
    case .notText(let file):
      "\(file): this is not a text file (audio or other binary data). Check the --text path."
    case .badPlainLine(let file, let line, let content):
      "\(file):\(line): expected `NUMBER<TAB>TEXT` like the file's first line, but found "
        + "\"\(content)\". Start every line with its verse number, or none (then each line is one "
        + "segment, numbered 1, 2, …), or give a .usfm file."
    case .emptyVerse(let file, let line, let label):
      "\(file):\(line): verse \(label) has no text. Add the verse text or remove the line."
    case .duplicateVerse(let file, let line, let label):
      "\(file):\(line): verse \(label) appears twice. Remove or renumber the second one."
    case .outOfOrder(let file, let line, let label, let previous):
      "\(file):\(line): verse \(label) comes after verse \(previous). Put the verses in order."
    case .noVerses(let file, let chapter):
      "\(file): no verses found\(chapter.map { " in chapter \($0)" } ?? ""). "
        + "Check the file holds `\\v` markers (USFM) or lines of text (plain text, numbered or not)."
    case .chapterNotFound(let file, let chapter, let available):
      "\(file): there is no `\\c \(chapter)`; the file has chapters \(Self.list(available)). "
        + "Pick one of them with --chapter."
    case .chapterNeeded(let file, let available):
      "\(file): the file holds chapters \(Self.list(available)). Say which one with --chapter N."
    case .unterminated(let file, let line, let marker):
      "\(file):\(line): `\\\(marker)` opened here is not closed before the next verse, chapter "
        + "or the end of the file. Add `\\\(marker == "esb" ? "esbe" : marker + "*")` where it ends."
    case .badVerseMarker(let file, let line, let content):
      "\(file):\(line): `\\v` must be followed by a verse number, found \"\(content)\". Fix the marker."
    case .badChapterMarker(let file, let line, let content):
      "\(file):\(line): `\\c` must be followed by a chapter number, found \"\(content)\". Fix the marker."
    case .textOutsideVerse(let file, let line, let content):
      "\(file):\(line): text \"\(content)\" is outside any verse. "
        + "Move it after a `\\v N`, or mark it as a heading (`\\s1`, `\\d`) or a remark (`\\rem`)."
    case .verseBeforeChapter(let file, let line, let label):
      "\(file):\(line): verse \(label) comes before the first `\\c`. Add the `\\c N` line above it."
    }
  }

  /// `1-3, 5, 7-9`: consecutive chapters as ranges, so a whole book stays one short line.
  static func list(_ chapters: [Int]) -> String {
    guard var start = chapters.first else { return "none" }
    var parts: [String] = []
    var end = start
    for chapter in chapters.dropFirst() {
      if chapter == end + 1 {
        end = chapter
        continue
      }
      parts.append(start == end ? "\(start)" : "\(start)-\(end)")
      (start, end) = (chapter, chapter)
    }
    parts.append(start == end ? "\(start)" : "\(start)-\(end)")
    return parts.joined(separator: ", ")
  }
}

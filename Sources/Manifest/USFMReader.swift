/// Reads one chapter of a USFM file (a chapter, a book, or a whole Bible).
///
/// Steps:
/// 1. The lines before the first `\c` (the preamble) give the book code (`\id`) and the
///    book titles (`\mt1`…), which are read aloud before chapter 1 and so join chapter 1.
/// 2. Without `chapter:`, a byte scan lists every `\c`: one chapter is taken, several are
///    an error that lists them.
/// 3. Chapters before the wanted one are passed over by a byte scan for `\c` (no tokens),
///    so the cost for a whole Bible is one pass over the bytes up to the chapter's end.
/// 4. The chapter's tokens go through `USFMChapterBuilder`; reading stops at its end.
///
/// A file without any `\c` is read as a single fragment of verses (chapter nil). USFM holds
/// one book per file; in books concatenated into one file, chapter N is the first book's
/// chapter N, and a chapter ends at the next book's `\id`.
public enum USFMReader {
  public static func parse(
    _ text: String, file: String, chapter: Int?
  ) throws(VerseTextError)
    -> ChapterText
  {
    var tokens = USFMTokenizer(Array(text.utf8))
    var preamble = USFMChapterBuilder(file: file, isPreamble: true)
    guard case .chapter(var markerLine) = try preamble.read(&tokens) else {
      if let chapter { throw .chapterNotFound(file: file, chapter: chapter, available: []) }
      return try chapterText(preamble.segments, book: preamble.book, chapter: nil, file: file)
    }
    if let verse = preamble.firstVerseMet {
      throw .verseBeforeChapter(file: file, line: verse.line, label: verse.label)
    }
    let wanted: Int
    if let chapter {
      wanted = chapter
    } else {
      wanted = try onlyChapter(after: tokens, markerLine: markerLine, file: file)
    }
    // Book titles belong before chapter 1; `\cl` before `\c 1` is a pattern ("Psalm"), not text.
    let bookHeadings = preamble.segments.filter { $0.kind != .verse && $0.marker != "cl" }
    var available: [Int] = []
    while true {
      let (number, rest, restLine) = try chapterNumber(&tokens, markerLine: markerLine, file: file)
      available.append(number)
      if number == wanted {
        var builder = USFMChapterBuilder(
          file: file, isPreamble: false, segments: number == 1 ? bookHeadings : [])
        try builder.addText(rest, line: restLine, tokens)
        _ = try builder.read(&tokens)
        return try chapterText(builder.segments, book: preamble.book, chapter: number, file: file)
      }
      guard tokens.skipToChapterMarker(), let marker = tokens.next() else {
        throw .chapterNotFound(file: file, chapter: wanted, available: available)
      }
      markerLine = marker.line
    }
  }

  /// The number of the only chapter, when no chapter was asked for; `tokens` is just past the first `\c`.
  private static func onlyChapter(
    after tokens: USFMTokenizer, markerLine: Int, file: String
  )
    throws(VerseTextError) -> Int
  {
    var scan = tokens
    var line = markerLine
    var numbers: [Int] = []
    while true {
      numbers.append(try chapterNumber(&scan, markerLine: line, file: file).number)
      guard scan.skipToChapterMarker(), let marker = scan.next() else { break }
      line = marker.line
    }
    guard numbers.count == 1 else { throw .chapterNeeded(file: file, available: numbers) }
    return numbers[0]
  }

  /// Reads the number after a `\c` marker; `rest` is the text run after the number.
  private static func chapterNumber(
    _ tokens: inout USFMTokenizer, markerLine: Int, file: String
  )
    throws(VerseTextError) -> (number: Int, rest: Range<Int>, restLine: Int)
  {
    var look = tokens
    guard let next = look.next(), next.kind == .text else {
      throw .badChapterMarker(file: file, line: markerLine, content: "")
    }
    let (word, rest) = tokens.firstWord(of: next.range)
    let digits = tokens.bytes[word]
    guard !digits.isEmpty, digits.count < 10, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      let number = Int(String(decoding: digits, as: UTF8.self))
    else {
      throw .badChapterMarker(file: file, line: markerLine, content: tokens.excerpt(next.range))
    }
    tokens = look
    return (
      number, rest,
      tokens.firstContentLine(of: next.range.lowerBound..<word.upperBound, startLine: next.line)
    )
  }

  private static func chapterText(
    _ segments: [TextSegment], book: String?, chapter: Int?, file: String
  ) throws(VerseTextError) -> ChapterText {
    guard segments.contains(where: { $0.kind == .verse }) else {
      throw .noVerses(file: file, chapter: chapter)
    }
    return ChapterText(book: book, chapter: chapter, segments: segments)
  }
}

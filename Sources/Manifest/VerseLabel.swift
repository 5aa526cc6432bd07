/// Verse labels: `7`, `3-4` (bridge), `7a` (a part of a verse), `7b-8`.
///
/// A label covers the positions first…last, where a position is (verse, part)
/// and part is the letter suffix ("" when absent). Verses must come in strictly
/// increasing order: a new label's first position p must follow the previous
/// label's last position q, i.e. p.verse > q.verse, or p.verse = q.verse with
/// both parts lettered and p.part > q.part (`2a` then `2b`).
public enum VerseLabel {
  /// One point in the verse order: verse 7, or part `b` of verse 7.
  public struct Position: Sendable, Equatable {
    public var verse: Int
    /// The segment letters (`a`, `b`), or "" for a whole verse.
    public var part: String
  }

  /// The first and last verse number a label covers, or nil if it is not a verse label.
  public static func parse(_ label: String) -> (Int, Int)? {
    bounds(label).map { ($0.first.verse, $0.last.verse) }
  }

  /// The first and last position a label covers, or nil if it is not a verse label.
  public static func bounds(_ label: String) -> (first: Position, last: Position)? {
    let parts = label.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count <= 2, let first = position(parts[0]) else { return nil }
    guard parts.count == 2 else { return (first, first) }
    guard let last = position(parts[1]),
      last.verse > first.verse || (last.verse == first.verse && last.part >= first.part)
    else { return nil }
    return (first, last)
  }

  private static func position(_ text: Substring) -> Position? {
    let digits = text.prefix { $0.isASCII && $0.isNumber }
    let letters = text.dropFirst(digits.count)
    // Ten digits is far beyond any verse number and keeps Int(…) from overflowing.
    guard !digits.isEmpty, digits.count < 10, letters.allSatisfy({ $0.isLetter }),
      let verse = Int(digits)
    else { return nil }
    return Position(verse: verse, part: String(letters))
  }

  /// Throws unless `first` comes strictly after `previous` (see the order rule above).
  static func checkOrder(
    previous: Position?, previousLabel: String, first: Position, label: String, file: String,
    line: Int
  ) throws(VerseTextError) {
    guard let previous else { return }
    if first.verse > previous.verse { return }
    if first.verse == previous.verse {
      if first.part.isEmpty || previous.part.isEmpty || first.part == previous.part {
        throw .duplicateVerse(file: file, line: line, label: label)
      }
      if first.part > previous.part { return }
    }
    throw .outOfOrder(file: file, line: line, label: label, previous: previousLabel)
  }
}

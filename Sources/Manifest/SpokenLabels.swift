import DSP

/// The labels a screen-reader user hears, ready-made in English.
///
/// Rules: numbers are written as digits (VoiceOver and TalkBack read "23" and "1.5" well),
/// every number has its unit or noun next to it ("2 minutes", "verse 4 of 6",
/// "1.5 times speed"), phrases that carry numbers are separated by commas so two numbers never
/// run together, and no clock strings ("02:03") or bare decimals ("1.6 tracks") appear.
public enum SpokenLabels {
  public static let beginningOfChapter = "Beginning of chapter"
  public static let endOfChapter = "End of chapter"
  public static let noMusic = "No music"

  /// `Psalm 23, verse 4 of 6`; `Psalm 23, verses 3 and 4 of 6`; `Psalm 23, verses 3 to 5 of 6`;
  /// `Psalm 23, verse 7a of 9`. Without numbers (plain labels): `Psalm 23, verse intro`.
  public static func verse(
    chapterTitle: String, label: String, firstVerse: Int?, lastVerse: Int?, verseCount: Int?
  )
    -> String
  {
    let ofCount = verseCount.map { " of \($0)" } ?? ""
    if let first = firstVerse, let last = lastVerse, last > first {
      let join = last == first + 1 ? "and" : "to"
      return "\(chapterTitle), verses \(first) \(join) \(last)\(ofCount)"
    }
    return "\(chapterTitle), verse \(label)\(ofCount)"
  }

  /// `Psalm 23, read by Narrator A, 2 minutes 3 seconds`.
  public static func variant(chapterTitle: String, narrator: String, milliseconds: Int) -> String {
    "\(chapterTitle), read by \(narrator), \(duration(milliseconds: milliseconds))"
  }

  /// `Normal speed`, `1.5 times speed`, `0.75 times speed`, `2 times speed`.
  public static func rate(_ speed: Double) -> String {
    abs(speed - 1) < 0.005 ? "Normal speed" : "\(decimal(speed)) times speed"
  }

  /// `No music` or `With music: Morning`.
  public static func bed(name: String?) -> String {
    name.map { "With music: \($0)" } ?? noMusic
  }

  /// `Psalm 23, Narrator A, 1.5 times speed, with music: Morning, MP3` for a playlist.
  public static func playlist(
    title: String, narrator: String, speed: Double, bedName: String?, format: String
  ) -> String {
    let music = bedName.map { "with music: \($0)" } ?? "no music"
    return "\(title), \(narrator), \(rate(speed).lowercasedFirst), \(music), \(format)"
  }

  /// Whole hours, minutes and seconds, largest first, zero parts left out:
  /// `2 minutes 3 seconds`, `1 hour 5 seconds`, `45 seconds`, `1 minute`, `less than 1 second`.
  public static func duration(milliseconds: Int) -> String {
    let seconds = Int((Double(milliseconds) / 1000).rounded())
    guard seconds > 0 else { return "less than 1 second" }
    let parts = [(seconds / 3_600, "hour"), (seconds / 60 % 60, "minute"), (seconds % 60, "second")]
    return parts.filter { $0.0 > 0 }.map { count(of: $0.0, $0.1) }.joined(separator: " ")
  }

  /// `1 verse`, `6 verses`.
  public static func count(of number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  /// A rate as digits: `1.5`, `0.75`, `2` (at most two decimals, no trailing zeros).
  public static func decimal(_ value: Double) -> String { ShortDecimal.text(value) }
}

extension String {
  /// The string with its first letter in lower case ("Normal speed" → "normal speed").
  var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }

  /// The string with its line breaks turned into spaces (sidecar fields are one line).
  var oneLine: String { split(whereSeparator: { $0.isNewline }).joined(separator: " ") }
}

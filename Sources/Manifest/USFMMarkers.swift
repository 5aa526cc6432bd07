/// What a USFM marker means for reading a chapter aloud.
///
/// Numbered markers share their base's role (`q2` → `q`, `s1` → `s`, `toc3` → `toc`).
/// Anything not listed is a character style whose contents are read (`\wj`, `\nd`,
/// `\add`, `\w`, `\qs`, and markers this table has never heard of).
enum USFMRole: Equatable {
  /// `\c N`.
  case chapter
  /// `\v N`.
  case verse
  /// `\id CODE …`: the book code, then a comment.
  case bookCode
  /// A heading read as its own segment (`\s1`, `\d`, `\mt1`, `\cl`).
  case heading(TextSegment.Kind)
  /// A paragraph or poetry line (`\p`, `\q1`, `\li`, `\b`): ends a heading, starts a new phrase.
  case paragraph
  /// `\nb`: a paragraph that continues the previous one without a break.
  case continuation
  /// A paragraph whose text is not read (`\rem`, `\toc1`, `\r`, introductions).
  case unreadParagraph
  /// A note skipped up to its `\name*` (`\f`, `\x`, `\fig`); must be closed before the next verse.
  case note
  /// A character span skipped up to its `\name*`, read only for its value (`\vp`, `\va`, `\ca`).
  case hiddenSpan
  /// An extended study sidebar, skipped up to `\esbe`.
  case sidebar
  /// A milestone (`\qt-s |who="Pilate"\*`, `\ts\*`): not read, nor its attributes.
  case milestone
  /// A marker without content (`\pb`, `\esbe` out of place).
  case ignored
  /// A character style: its contents are read (`|attributes` dropped).
  case character

  /// The role of a marker name (without `\`, `+`, `*`).
  static func of(_ name: String) -> USFMRole {
    if name.hasSuffix("-s") || name.hasSuffix("-e") { return .milestone }
    if let role = exact[name] { return role }
    // `q2` → `q`; only for names that end in a digit, so `it` and `bd` stay as they are.
    guard let last = name.utf8.last, last >= 0x30, last <= 0x39 else { return .character }
    let base = String(name.prefix { !($0.isASCII && $0.isNumber) })
    return numbered[base] ?? .character
  }

  /// Names that are never numbered.
  private static let exact: [String: USFMRole] = {
    var table: [String: USFMRole] = [
      "c": .chapter, "v": .verse, "id": .bookCode, "d": .heading(.superscription),
      "cl": .heading(.title), "cd": .heading(.title), "mr": .heading(.sectionHeading),
      "sp": .heading(.sectionHeading), "qa": .heading(.sectionHeading), "nb": .continuation,
      "esb": .sidebar, "esbe": .ignored, "pb": .ignored, "ts": .milestone,
    ]
    for name in [
      "p", "m", "po", "pr", "cls", "pmo", "pm", "pmc", "pmr", "mi", "pc", "b", "qr", "qc", "qd",
      "lh", "lf", "tr",
    ] { table[name] = .paragraph }
    for name in [
      "rem", "r", "sr", "h", "ide", "sts", "usfm", "restore", "lit", "periph", "cp", "iex", "ie",
      "ib", "iot", "ipi", "im", "imi", "ipq", "imq", "ipr", "ip", "ipc",
    ] { table[name] = .unreadParagraph }
    for name in ["f", "fe", "ef", "x", "ex", "fig"] { table[name] = .note }
    for name in ["va", "vp", "ca", "rq", "cat", "pro"] { table[name] = .hiddenSpan }
    // Bare forms of numbered markers (`\q` = `\q1`).
    for (base, role) in numbered where table[base] == nil { table[base] = role }
    return table
  }()

  /// Markers that take a level number (`\q1`, `\s2`, `\toc3`), by base name.
  private static let numbered: [String: USFMRole] = {
    var table: [String: USFMRole] = [
      "s": .heading(.sectionHeading), "ms": .heading(.sectionHeading), "mt": .heading(.title),
      "mte": .heading(.title), "sd": .paragraph,
    ]
    for name in ["q", "qm", "pi", "ph", "li", "lim"] { table[name] = .paragraph }
    for name in ["toc", "toca", "h", "imt", "is", "iq", "io", "ili", "imte"] {
      table[name] = .unreadParagraph
    }
    return table
  }()
}

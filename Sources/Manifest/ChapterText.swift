/// The text of one chapter, in reading order, as the verse-text readers produce it.
///
/// Verses and the non-verse segments a narrator may read aloud (section
/// headings `\s1`, Psalm superscriptions `\d`, titles `\mt`) keep their order,
/// so align can place a heading read before verse 1 or between verses.
public struct ChapterText: Sendable, Codable, Equatable {
  /// The USFM book code (`PSA`, `JHN`), or nil for plain text.
  public var book: String?
  /// The chapter number, or nil for plain text.
  public var chapter: Int?
  /// Every segment in reading order.
  public var segments: [TextSegment]

  public init(book: String? = nil, chapter: Int? = nil, segments: [TextSegment]) {
    self.book = book
    self.chapter = chapter
    self.segments = segments
  }

  /// Only the verses, in order.
  public var verses: [TextSegment] { segments.filter { $0.kind == .verse } }
  /// Only the headings (section headings, superscriptions, titles), in order.
  public var headings: [TextSegment] { segments.filter { $0.kind != .verse } }
}

/// One verse (or bridged verse range) or one heading.
public struct TextSegment: Sendable, Codable, Equatable {
  public enum Kind: String, Sendable, Codable {
    /// `\v N` or a plain-text line.
    case verse
    /// `\s1`, `\s2`, `\ms`, `\mr` section headings.
    case sectionHeading
    /// `\d` Psalm superscription ("A Psalm by David.").
    case superscription
    /// `\mt1`… book titles, `\cl`/`\cd` chapter labels.
    case title
  }

  public var kind: Kind
  /// The USFM marker that opened it (`v`, `s1`, `d`, `mt1`), or `v` for plain text.
  public var marker: String
  /// The label a person reads: the verse number as written (`1`, `3-4`, `2a`), or the marker for headings.
  /// A USFM published verse label (`\vp 1b\vp*`) replaces the `\v` number here.
  public var label: String
  /// A USFM alternate verse number (`\va 2\va*`), kept for reference; nil when absent.
  public var alternateLabel: String?
  /// First and last verse number covered (equal unless bridged); nil for headings.
  public var firstVerse: Int?
  public var lastVerse: Int?
  /// The readable text, markup and notes removed, whitespace collapsed.
  public var text: String
  /// The text split at poetry/paragraph line breaks (`\q1 \q2 \p \m`): likely pause points.
  /// Always at least one element for non-empty text.
  public var phrases: [String]
  /// 1-based line in the source file where the segment starts (for error messages).
  public var line: Int

  public init(
    kind: Kind, marker: String, label: String, firstVerse: Int? = nil, lastVerse: Int? = nil,
    text: String, phrases: [String]? = nil, line: Int, alternateLabel: String? = nil
  ) {
    self.kind = kind
    self.marker = marker
    self.label = label
    self.firstVerse = firstVerse
    self.lastVerse = lastVerse
    self.text = text
    self.phrases = phrases ?? (text.isEmpty ? [] : [text])
    self.line = line
    self.alternateLabel = alternateLabel
  }
}

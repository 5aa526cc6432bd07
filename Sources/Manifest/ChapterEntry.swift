/// A chapter's text facts (shared by every narrator and variant) and its narrators.
public struct ChapterEntry: Codable, Sendable, Equatable {
  /// `PSA.23`, or a name for plain-text chapters.
  public var id: String
  public var book: String?
  public var chapter: Int?
  /// How people name it: `Psalm 23`.
  public var title: String
  public var spoken: ChapterSpoken
  public var verses: [VerseEntry]
  public var headings: [HeadingEntry]
  public var narrators: [NarratorEntry]

  public init(
    id: String, book: String?, chapter: Int?, title: String, spoken: ChapterSpoken,
    verses: [VerseEntry], headings: [HeadingEntry] = [], narrators: [NarratorEntry] = []
  ) {
    self.id = id
    self.book = book
    self.chapter = chapter
    self.title = title
    self.spoken = spoken
    self.verses = verses
    self.headings = headings
    self.narrators = narrators
  }
}

/// Ready-made spoken labels for a chapter (what VoiceOver reads).
public struct ChapterSpoken: Codable, Sendable, Equatable {
  public var title: String
  public var start: String
  public var end: String
  public init(title: String, start: String = SpokenLabels.beginningOfChapter, end: String = SpokenLabels.endOfChapter) {
    self.title = title
    self.start = start
    self.end = end
  }
}

/// One verse (or bridged verses) of the text.
public struct VerseEntry: Codable, Sendable, Equatable {
  /// `PSA 23:1`; unique within the chapter.
  public var reference: String
  /// The verse number as written: `1`, `3-4`, `7a`.
  public var label: String
  public var firstVerse: Int?
  public var lastVerse: Int?
  public var text: String
  /// E.g. `Psalm 23, verse 4 of 6`.
  public var spoken: String

  public init(
    reference: String, label: String, firstVerse: Int?, lastVerse: Int?, text: String, spoken: String
  ) {
    self.reference = reference
    self.label = label
    self.firstVerse = firstVerse
    self.lastVerse = lastVerse
    self.text = text
    self.spoken = spoken
  }
}

/// A heading read aloud (section heading, Psalm superscription, title).
public struct HeadingEntry: Codable, Sendable, Equatable {
  /// `sectionHeading`, `superscription`, `title` (as `TextSegment.Kind`).
  public var kind: String
  public var text: String
  /// Index of the verse the heading comes before (0 = before the first verse).
  public var beforeVerse: Int
  public init(kind: String, text: String, beforeVerse: Int) {
    self.kind = kind
    self.text = text
    self.beforeVerse = beforeVerse
  }
}

/// One narrator's variants of a chapter.
public struct NarratorEntry: Codable, Sendable, Equatable {
  public var id: String
  public var name: String
  public var variants: [VariantEntry]
  public init(id: String, name: String, variants: [VariantEntry]) {
    self.id = id
    self.name = name
    self.variants = variants
  }
}

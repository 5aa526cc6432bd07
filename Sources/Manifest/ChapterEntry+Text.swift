extension ChapterEntry {
  /// The chapter's text facts from what the verse-text readers produced.
  ///
  /// USFM chapters get the id `PSA.23`, references `PSA 23:1` and the title `Psalm 23`
  /// (`BookNames`); plain-text chapters (no book, no chapter number) take `fallbackID` as id
  /// and title, and references `<title>:<label>`. `title` overrides the derived title.
  /// Headings with text keep their kind and the index of the verse they come before (the same
  /// headings, in the same order, that `prep align --read-headings` aligns).
  public init(text: ChapterText, title: String? = nil, fallbackID: String) {
    let derived: String
    let id: String
    let referencePrefix: String
    if let book = text.book {
      derived = BookNames.chapterTitle(book: book, chapter: text.chapter)
      id = text.chapter.map { "\(book).\($0)" } ?? book
      referencePrefix = text.chapter.map { "\(book) \($0):" } ?? "\(book) "
    } else {
      derived = fallbackID
      id = fallbackID
      referencePrefix = "\(title ?? fallbackID):"
    }
    let chapterTitle = title ?? derived
    let verseCount = text.verses.count
    let verses = text.verses.map { verse in
      VerseEntry(
        reference: referencePrefix + verse.label, label: verse.label, firstVerse: verse.firstVerse,
        lastVerse: verse.lastVerse, text: verse.text,
        spoken: SpokenLabels.verse(
          chapterTitle: chapterTitle, label: verse.label, firstVerse: verse.firstVerse,
          lastVerse: verse.lastVerse, verseCount: verseCount))
    }
    var headings: [HeadingEntry] = []
    var versesSoFar = 0
    for segment in text.segments {
      if segment.kind == .verse {
        versesSoFar += 1
      } else if !segment.text.isEmpty {
        headings.append(HeadingEntry(kind: segment.kind.rawValue, text: segment.text, beforeVerse: versesSoFar))
      }
    }
    self.init(
      id: id, book: text.book, chapter: text.chapter, title: chapterTitle,
      spoken: ChapterSpoken(title: chapterTitle), verses: verses, headings: headings)
  }
}

import Manifest
import Testing

/// Whole chapters in the shapes real USFM files have (WEB-style markup), with the exact result.
@Suite struct USFMReaderTests {
  typealias F = USFMFixture

  @Test func psalm23WithSuperscriptionAndPoetry() throws {
    let text = #"""
      \id PSA World English Bible (WEB)
      \h Psalms
      \toc1 The Psalms
      \mt1 The Psalms
      \c 23
      \d A Psalm by David.
      \q1
      \v 1 \w Yahweh|strong="H3068"\w* is my shepherd;
      \q2 I shall lack nothing.
      \q1
      \v 2 He makes me lie down in green pastures.
      \q2 He leads me beside still waters.
      \q1
      \v 4 Even though I walk through the valley of the shadow of death,\f + \fr 23:4 \ft Or, the valley of \fq deep darkness\fq*\f*
      \q2 I will fear no evil, for you are with me.
      """#
    // `\mt1` stays with chapter 1: this file starts at chapter 23.
    #expect(
      try F.read(text)
        == ChapterText(
          book: "PSA", chapter: 23,
          segments: [
            F.heading(.superscription, "d", "A Psalm by David.", line: 6),
            F.verse(
              "1", 1, 1, "Yahweh is my shepherd; I shall lack nothing.",
              phrases: ["Yahweh is my shepherd;", "I shall lack nothing."], line: 8),
            F.verse(
              "2", 2, 2, "He makes me lie down in green pastures. He leads me beside still waters.",
              phrases: [
                "He makes me lie down in green pastures.", "He leads me beside still waters.",
              ], line: 11),
            F.verse(
              "4", 4, 4,
              "Even though I walk through the valley of the shadow of death, "
                + "I will fear no evil, for you are with me.",
              phrases: [
                "Even though I walk through the valley of the shadow of death,",
                "I will fear no evil, for you are with me.",
              ], line: 14),
          ]))
  }

  @Test func john1WithSectionHeadingsCrossReferencesAndWordsOfJesus() throws {
    let text = #"""
      \id JHN
      \mt1 The Good News According to
      \mt2 John
      \c 1
      \s1 The Word Became Flesh
      \p
      \v 1 In the beginning was the Word,\x - \xo 1:1 \xt Gen 1:1\x* and the Word was with God.
      \v 2 The same was in the beginning with God.
      \s1 The Testimony of John
      \r (Matthew 3:1-12)
      \p
      \v 3 He said, \wj “I am \+w the|strong="G3588"\+w* voice.”\wj*
      """#
    #expect(
      try F.read(text)
        == ChapterText(
          book: "JHN", chapter: 1,
          segments: [
            F.heading(.title, "mt1", "The Good News According to", line: 2),
            F.heading(.title, "mt2", "John", line: 3),
            F.heading(.sectionHeading, "s1", "The Word Became Flesh", line: 5),
            F.verse(
              "1", 1, 1, "In the beginning was the Word, and the Word was with God.", line: 7),
            F.verse("2", 2, 2, "The same was in the beginning with God.", line: 8),
            F.heading(.sectionHeading, "s1", "The Testimony of John", line: 9),
            F.verse("3", 3, 3, "He said, “I am the voice.”", line: 12),
          ]))
  }

  @Test func bridgesAndSegmentLetters() throws {
    let chapter = try F.read(
      "\\c 5\n\\p\n\\v 1-2 One and two.\n\\v 3 Three.\n\\v 4a Four, first part.\n\\v 4b-5 The rest.\n"
    )
    #expect(chapter.verses.map(\.label) == ["1-2", "3", "4a", "4b-5"])
    #expect(chapter.verses.map(\.firstVerse) == [1, 3, 4, 4])
    #expect(chapter.verses.map(\.lastVerse) == [2, 3, 4, 5])
    #expect(chapter.verses[0].text == "One and two.")
  }

  @Test func publishedAndAlternateVerseNumbers() throws {
    let chapter = try F.read(
      "\\c 1\n\\p\n\\v 1 \\vp 1b\\vp* Published.\n\\v 2 \\va 3\\va* Alternate.\n")
    #expect(
      chapter.verses == [
        TextSegment(
          kind: .verse, marker: "v", label: "1b", firstVerse: 1, lastVerse: 1, text: "Published.",
          line: 3),
        TextSegment(
          kind: .verse, marker: "v", label: "2", firstVerse: 2, lastVerse: 2, text: "Alternate.",
          line: 4, alternateLabel: "3"),
      ])
  }

  @Test func everyHeadingMarkerKeepsItsKindAndMarker() throws {
    let text = #"""
      \id PSA
      \mt1 The Psalms
      \cl Psalm
      \c 1
      \ms BOOK ONE
      \mr (Psalms 1–41)
      \cd About two ways
      \s Heading
      \s2 Sub heading
      \sp The Beloved
      \d For the leader.
      \q1
      \v 1 Blessed
      \qa Aleph
      \q1
      \v 2 is the one.
      \mte The end
      """#
    let chapter = try F.read(text)
    #expect(
      chapter.headings.map(\.marker) == [
        "mt1", "ms", "mr", "cd", "s", "s2", "sp", "d", "qa", "mte",
      ])
    #expect(
      chapter.headings.map(\.kind) == [
        .title, .sectionHeading, .sectionHeading, .title, .sectionHeading, .sectionHeading,
        .sectionHeading, .superscription, .sectionHeading, .title,
      ])
    #expect(chapter.headings.map(\.text)[2] == "(Psalms 1–41)")
    #expect(
      chapter.segments.map(\.label) == [
        "mt1", "ms", "mr", "cd", "s", "s2", "sp", "d", "1", "qa", "2", "mte",
      ])
    #expect(chapter.headings.allSatisfy { $0.firstVerse == nil && $0.lastVerse == nil })
  }

  @Test func chapterLabelAfterTheChapterIsATitle() throws {
    let chapter = try F.read("\\c 23\n\\cl Psalm 23\n\\q1\n\\v 1 Text.\n")
    #expect(chapter.segments.first == F.heading(.title, "cl", "Psalm 23", line: 2))
  }

  @Test func superscriptionHoldingVerseOneIsAVerse() throws {
    // Hebrew versification: the title is verse 1.
    let chapter = try F.read("\\c 3\n\\d \\v 1 A Psalm by David.\n\\q1 \\v 2 Yahweh, how many!\n")
    #expect(chapter.headings.isEmpty)
    #expect(chapter.verses.map(\.text) == ["A Psalm by David.", "Yahweh, how many!"])
  }

  @Test func headingInsideAVerseFollowsThatVerse() throws {
    let chapter = try F.read(
      "\\c 1\n\\p\n\\v 5 first part\n\\s1 Heading\n\\p second part\n\\v 6 next\n")
    #expect(chapter.segments.map(\.label) == ["5", "s1", "6"])
    #expect(chapter.verses[0].phrases == ["first part", "second part"])
  }

  @Test func poetryAndParagraphMarkersStartPhrases() throws {
    let body =
      "a\n\\q1 b\n\\q2 c\n\\q d\n\\qc e\n\\qr f\n\\p g\n\\m h\n\\pi i\n\\li j\n\\nb k\n\\b\n\\q1 l"
    let verse = try #require(try F.verse(body))
    #expect(verse.phrases == ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j k", "l"])
    #expect(verse.text == "a b c d e f g h i j k l")
  }

  @Test func metadataLinesAreNotRead() throws {
    let text = #"""
      \id GEN Test edition
      \usfm 3.0
      \ide UTF-8
      \sts 2
      \rem Checked by the team.
      \h Genesis
      \toc1 The First Book of Moses
      \toc2 Genesis
      \toc3 Gen
      \c 1
      \p
      \v 1 In the beginning.
      \rem A remark inside the chapter.
      \v 2 Then.
      """#
    let chapter = try F.read(text)
    #expect(chapter.book == "GEN")
    #expect(chapter.segments.map(\.text) == ["In the beginning.", "Then."])
  }

  @Test func introductionIsNotRead() throws {
    let text =
      "\\id MRK\n\\imt1 Introduction\n\\ip Mark wrote \\bk this\\bk*.\n\\io1 Outline\n\\c 1\n\\p\n\\v 1 Start.\n"
    #expect(try F.read(text).segments.map(\.text) == ["Start."])
  }

  @Test func windowsLineEndingsAndByteOrderMarkReadTheSame() throws {
    let text = "\\id JHN\n\\c 1\n\\s1 Head\n\\p\n\\v 1 One\n\\q2 two.\n\\v 2 Three.\n"
    let crlf = "\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n")
    #expect(try F.read(crlf) == F.read(text))
    #expect(try F.read(crlf).verses.map(\.line) == [5, 7])
  }

  @Test func fragmentWithoutChapterMarkerIsOneChapter() throws {
    let chapter = try F.read("\\id JHN\n\\p\n\\v 1 One.\n\\v 2 Two.\n")
    #expect(chapter.book == "JHN")
    #expect(chapter.chapter == nil)
    #expect(chapter.verses.map(\.label) == ["1", "2"])
  }

  @Test func emptyVerseIsKept() throws {
    // Modern translations leave out some verses and keep only a footnote (Matthew 17:21).
    let chapter = try F.read(
      "\\c 17\n\\p\n\\v 20 Faith.\n\\v 21 \\f + \\ft Some add a verse.\\f*\n\\v 22 Next.\n")
    #expect(chapter.verses.map(\.text) == ["Faith.", "", "Next."])
    #expect(chapter.verses[1].phrases.isEmpty)
  }
}

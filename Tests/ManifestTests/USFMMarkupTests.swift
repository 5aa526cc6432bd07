import Manifest
import Testing

/// Inline markup inside one verse: what is read, what is stripped.
@Suite struct USFMMarkupTests {
  static let cases: [(usfm: String, text: String)] = [
    // character styles: contents read
    (#"In the \nd Lord\nd* God"#, "In the Lord God"),
    (
      #"\add and\add* the \bd bold\bd* \it italic\it* \sc small\sc* \em emph\em*"#,
      "and the bold italic small emph"
    ),
    (#"Praise him. \qs Selah.\qs*"#, "Praise him. Selah."),
    (#"\wj Truly \+w I|strong="G1473"\+w* say \+nd Lord\+nd*\wj*."#, "Truly I say Lord."),
    (#"unknown \zcustom kept\zcustom* here"#, "unknown kept here"),
    (#"\k Keyword\k* and \tl foreign\tl*"#, "Keyword and foreign"),
    // word attributes
    (#"\w grace|lemma="grace" strong="G5485"\w* upon \w grace|G5485\w*"#, "grace upon grace"),
    (#"\rb 漢字|かんじ\rb* text"#, "漢字 text"),
    // notes and other unread spans
    (#"word\f + \fr 1:1 \ft note \fq quoted\fq* more\f*, next"#, "word, next"),
    (#"word \f + \ft note\f* ."#, "word."),
    (#"end\fe + \fr 1:1 \ft endnote\fe* here"#, "end here"),
    (#"see\x - \xo 1:1 \xt Gen 1:1; \+xt Ex 3:4\+xt*\x* this"#, "see this"),
    (#"a \fig A picture|src="a.jpg" size="col" ref="1:1"\fig* b"#, "a b"),
    (#"before \rq Mark 1:2\rq* after"#, "before after"),
    (#"\ca 2\ca* chapter alternate"#, "chapter alternate"),
    // milestones and their attributes
    (#"milestone \qt-s |who="Pilate"\*quoted\qt-e\* text"#, "milestone quoted text"),
    (#"\zaln-s |x-strong="G1" x-content="Ἐν"\*\w In|x-occurrence="1"\w*\zaln-e\* the"#, "In the"),
    (#"wait \ts\* there"#, "wait there"),
    // whitespace
    ("spaced    out\n   across \t lines  ", "spaced out across lines"),
    ("no~break", "no\u{00A0}break"),
    ("optional // break", "optional break"),
    ("keeps « French » spacing ;", "keeps « French » spacing ;"),
  ]

  @Test(arguments: cases) func readsOnlyTheText(usfm: String, text: String) throws {
    let verse = try #require(try USFMFixture.verse(usfm))
    #expect(verse.text == text)
    #expect(verse.phrases == [text])
  }

  @Test func footnoteInsideAHeadingIsStripped() throws {
    let chapter = try USFMFixture.read(
      "\\c 1\n\\s1 The Word\\f + \\ft Or, Logos\\f* Became Flesh\n\\p\n\\v 1 Text.\n")
    #expect(chapter.headings.map(\.text) == ["The Word Became Flesh"])
  }

  @Test func headingMadeOnlyOfANoteIsDropped() throws {
    let chapter = try USFMFixture.read("\\c 1\n\\s1 \\f + \\ft note\\f*\n\\p\n\\v 1 Text.\n")
    #expect(chapter.headings.isEmpty)
  }

  @Test func sidebarIsSkipped() throws {
    let verse = try USFMFixture.verse(
      "Before.\n\\esb\n\\ms Sidebar\n\\p Study text.\n\\esbe\n\\p After.")
    #expect(verse?.phrases == ["Before.", "After."])
  }
}

import Manifest
import Testing

@Suite struct SpokenLabelsTests {
  @Test(arguments: [
    (123_000, "2 minutes 3 seconds"), (60_000, "1 minute"), (45_400, "45 seconds"), (1_000, "1 second"),
    (400, "less than 1 second"), (3_605_000, "1 hour 5 seconds"), (7_384_000, "2 hours 3 minutes 4 seconds"),
    (119_600, "2 minutes"),
  ])
  func durations(milliseconds: Int, text: String) {
    #expect(SpokenLabels.duration(milliseconds: milliseconds) == text)
  }

  @Test(arguments: [
    (1.0, "Normal speed"), (1.5, "1.5 times speed"), (0.75, "0.75 times speed"), (2.0, "2 times speed"),
    (1.25, "1.25 times speed"),
  ])
  func rates(speed: Double, text: String) {
    #expect(SpokenLabels.rate(speed) == text)
  }

  @Test func verses() {
    #expect(
      SpokenLabels.verse(chapterTitle: "Psalm 23", label: "4", firstVerse: 4, lastVerse: 4, verseCount: 6)
        == "Psalm 23, verse 4 of 6")
    #expect(
      SpokenLabels.verse(chapterTitle: "Psalm 23", label: "3-4", firstVerse: 3, lastVerse: 4, verseCount: 6)
        == "Psalm 23, verses 3 and 4 of 6")
    #expect(
      SpokenLabels.verse(chapterTitle: "John 1", label: "3-5", firstVerse: 3, lastVerse: 5, verseCount: 51)
        == "John 1, verses 3 to 5 of 51")
    #expect(
      SpokenLabels.verse(chapterTitle: "Reading", label: "7a", firstVerse: 7, lastVerse: 7, verseCount: nil)
        == "Reading, verse 7a")
  }

  @Test func variantAndBed() {
    #expect(
      SpokenLabels.variant(chapterTitle: "Psalm 23", narrator: "Narrator A", milliseconds: 123_400)
        == "Psalm 23, read by Narrator A, 2 minutes 3 seconds")
    #expect(SpokenLabels.bed(name: nil) == "No music")
    #expect(SpokenLabels.bed(name: "Morning") == "With music: Morning")
    #expect(
      SpokenLabels.playlist(title: "Psalms", narrator: "Narrator A", speed: 1.5, bedName: "Morning", format: "MP3")
        == "Psalms, Narrator A, 1.5 times speed, with music: Morning, MP3")
    #expect(SpokenLabels.beginningOfChapter == "Beginning of chapter")
  }

  /// Across a grid, no label has a clock string or two numbers with only spaces between them.
  @Test func numbersNeverRunTogether() {
    var labels: [String] = []
    for ms in stride(from: 0, to: 8_000_000, by: 7_919) { labels.append(SpokenLabels.duration(milliseconds: ms)) }
    for speed in [0.5, 0.75, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0, 3.0] {
      labels.append(SpokenLabels.rate(speed))
      labels.append(
        SpokenLabels.playlist(title: "Psalm 23", narrator: "N 2", speed: speed, bedName: nil, format: "MP3"))
    }
    for first in 1...20 {
      for last in first...(first + 2) {
        labels.append(
          SpokenLabels.verse(
            chapterTitle: "Psalm 119", label: "\(first)", firstVerse: first, lastVerse: last, verseCount: 176))
      }
    }
    for label in labels {
      #expect(label.firstMatch(of: /[0-9]:[0-9]/) == nil, "clock-like: \(label)")
      #expect(label.firstMatch(of: /[0-9] +[0-9]/) == nil, "run-on numbers: \(label)")
    }
  }
}

import Foundation
import Manifest
import Testing
import TestSupport

@Suite struct SidecarJSONTests {
  let verses = ManifestFixtures.record(speed: 1.5).timedVerses

  @Test func podcastChaptersMatchSnapshot() throws {
    let text = try PodcastChapters.render(verses, chapterTitle: "Psalm 23", author: "Narrator A")
    #expect(Snapshot.check(text, named: "psalm-23-1.5x.chapters.json") == nil)
  }

  @Test func podcastChaptersFollowTheSpec() throws {
    let text = try PodcastChapters.render(verses, chapterTitle: "Psalm 23", author: "Narrator A")
    let json = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(json["version"] as? String == "1.2.0")
    let chapters = try #require(json["chapters"] as? [[String: Any]])
    #expect(chapters.count == 6)
    // Verse 2 starts at 5.5 s at normal speed: 3.667 s at 1.5×.
    #expect(chapters[1]["startTime"] as? Double == 3.667)
    #expect(chapters[0]["title"] as? String == "Psalm 23:1 — The LORD is my shepherd; I shall not want.")
    let starts = chapters.compactMap { $0["startTime"] as? Double }
    #expect(starts == starts.sorted())
  }

  @Test func dbpTimestampsMatchSnapshot() throws {
    let text = try DBPTimestamps.render(verses, book: "PSA", chapter: 23)
    #expect(Snapshot.check(text, named: "psalm-23-1.5x.dbp.json") == nil)
    let json = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let data = try #require(json["data"] as? [[String: Any]])
    #expect(data.count == 6)
    #expect(Set(data[0].keys) == ["book", "chapter", "verse_start", "verse_start_alt", "timestamp"])
    // DBP v4's types: book, chapter and verse_start are strings, timestamp a number.
    #expect(data[3]["verse_start"] as? String == "4" && data[3]["verse_start_alt"] as? String == "4")
    #expect(data[3]["chapter"] as? String == "23" && data[3]["book"] as? String == "PSA")
    #expect(data[3]["timestamp"] is Double)
  }

  @Test func m3uMatchesSnapshot() {
    let entries = [
      M3U.Entry(durationMilliseconds: 26_667, title: "Psalm 23", path: "PSA/023/narrator-a/psalm-23-1.5x-none.mp3"),
      M3U.Entry(durationMilliseconds: 61_400, title: "Psalm 24 — «The earth is the LORD’s»", path: "PSA/024/narrator-a/psalm-24-1.5x-none.mp3"),
      M3U.Entry(durationMilliseconds: 300, title: "Short\nclip", path: "x.mp3"),
    ]
    let text = M3U.render(
      title: SpokenLabels.playlist(title: "Psalms", narrator: "Narrator A", speed: 1.5, bedName: nil, format: "MP3"),
      entries: entries)
    #expect(Snapshot.check(text, named: "psalms-narrator-a-1.5x.m3u") == nil)
    #expect(text.contains("#EXTINF:27,Psalm 23\n"))
    #expect(text.contains("#EXTINF:1,Short clip\n"))
  }
}

import Foundation
import Manifest
import Testing

@testable import Pages

/// The page generators without a browser: escaping, paths, order, determinism.
/// (Tests/browser drives the pages themselves in Chromium: `make e2e`.)
@Suite struct PagesTests {
  static func chapter(name: String, confidences: [Double?], low: Set<Int> = []) -> ReviewChapter {
    let segments = confidences.enumerated().map { index, confidence in
      ReviewChapter.Segment(
        label: "\(index + 1)", kind: "verse", text: "Verse </script> & \"\(index + 1)\"", spoken: "verse \(index + 1)",
        startFrame: index * 1_000, onsetFrame: index * 1_000 + 100, offsetFrame: index * 1_000 + 900,
        endFrame: (index + 1) * 1_000, confidence: confidence, lowConfidence: low.contains(index), fixed: false)
    }
    return ReviewChapter(
      name: name, title: "Psalm 1", source: "alignment", editable: true, audio: "../a b.flac", sampleRate: 8_000,
      frameCount: confidences.count * 1_000, waveform: .init(hopFrames: 80, data: "AAEC"), segments: segments,
      fit: 0.9, warnings: ["<b>loud</b>"])
  }

  @Test func embeddedDataCannotCloseItsScript() throws {
    let page = try ReviewPage.html(Self.chapter(name: "p", confidences: [0.9, 0.2], low: [1]))
    #expect(page.components(separatedBy: "</script>").count == 3)  // only the two real script ends
    #expect(page.contains("\\u003c/script>"))
    #expect(page.contains("&lt;b&gt;loud&lt;/b&gt;"))
    #expect(page.contains("1 low-confidence boundary"))
    // The data decodes back to the chapter.
    let start = try #require(page.range(of: "<script type=\"application/json\" id=\"chapter\">"))
    let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    let json = String(page[start.upperBound..<end.lowerBound])
    let decoded = try JSONDecoder().decode(ReviewChapter.self, from: Data(json.utf8))
    #expect(decoded == Self.chapter(name: "p", confidences: [0.9, 0.2], low: [1]))
  }

  @Test func bookPageListsLowestConfidenceFirst() {
    let chapters = [
      Self.chapter(name: "b", confidences: [0.9, 0.7]), Self.chapter(name: "a", confidences: [0.3, 1]),
      Self.chapter(name: "c", confidences: [nil]), Self.chapter(name: "d", confidences: [0.7]),
    ]
    #expect(BookPage.order(chapters).map(\.name) == ["a", "b", "d", "c"])
    let html = BookPage.html(chapters)
    let positions = ["a.html", "b.html", "d.html", "c.html"].map { html.range(of: $0)?.lowerBound }
    #expect(positions.allSatisfy { $0 != nil })
    #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
  }

  @Test(arguments: [
    ("/s/samples/x.flac", "/s/build/samples/review", "../../../samples/x.flac"),
    ("/s/build/a b#1.mp3", "/s/build", "a%20b%231.mp3"),
    ("/s/x.mp3", "/s", "x.mp3"),
  ])
  func relativeURLs(path: String, folder: String, expected: String) {
    #expect(PagePath.relativeURL(to: path, from: folder) == expected)
  }

  /// manifest.js is the catalogue alone (its playlist entries, not their text).
  @Test func playerFilesAreDeterministicAndCarryTheCatalogueAlone() throws {
    let playlist = PlaylistEntry(
      narrator: "a", rate: 1, bed: nil, format: "mp3-cbr-128", file: "playlists/a.m3u",
      spoken: SpokenLabels.playlist(title: "Psalms", narrator: "A", speed: 1, bedName: nil, format: "MP3"))
    let catalogue = Catalogue(generator: "prep test", title: "Psalms <1>", chapters: [], playlists: [playlist])
    let first = try PlayerPage.files(catalogue)
    let second = try PlayerPage.files(catalogue)
    #expect(first.map(\.name) == ["index.html", "manifest.js", "player.js"])
    #expect(first.map(\.text) == second.map(\.text))
    #expect(first[0].text.contains("<title>Psalms &lt;1&gt;</title>"))
    #expect(
      first[1].text
        == "// Written by prep collect from manifest.json.\nwindow.prepData = \(try HTML.json(["catalogue": catalogue]));\n"
    )
    #expect(first[1].text.contains("\"file\":\"playlists/a.m3u\"") && !first[1].text.contains("#EXTM3U"))
    #expect(first[2].text.contains("function loadManifest()"))
    #expect(first[2].text.contains("function loadChapter(path)"))
    let script = PlayerPage.chapterScript(path: "chapters/PSA.23.a.json", json: Data("{\"kind\":\"chapter\"}\n".utf8))
    #expect(script.name == "PSA.23.a.js")
    #expect(script.text == "window.prepChapterLoaded(\"chapters/PSA.23.a.json\", {\"kind\":\"chapter\"});\n")
  }
}

import Foundation
import Manifest
import TestSupport
import Testing

/// `prep review` and the player `prep collect` writes, on the rendered sample (the pages
/// themselves are driven in Chromium by Tests/browser, `make e2e`).
@Suite struct ReviewAndPlayerTests {
  let sample: RenderedSample

  init() throws { sample = try RenderedSample.shared.get() }

  /// A variant record's page: its verses and an envelope decoded from its audio; the book page links it.
  @Test func reviewOfAVariantRecord() throws {
    let out = try TemporaryFolder("review")
    defer { out.remove() }
    let record = try #require(sample.records.first { $0.variant.bed == nil && $0.variant.rate == 1.5 })
    let path = sample.path("psalm117_kal.\(record.variant.id).json")
    let result = try PrepProcess.run(["review", path, "--output-dir", out.path("pages"), "--quiet"])
    #expect(result.status == 0, "\(result.stderr)")
    let name = "psalm117_kal.\(record.variant.id)"
    #expect(out.contents() == ["pages"])
    let page = try String(contentsOfFile: out.path("pages/\(name).html"), encoding: .utf8)
    for verse in record.chapter.verses { #expect(page.contains(verse.text)) }
    #expect(page.contains("\"editable\":false"))
    #expect(page.contains("\"audio\":\"../../\(URL(fileURLWithPath: sample.folder).lastPathComponent)/\(name).mp3\""))
    let book = try String(contentsOfFile: out.path("pages/index.html"), encoding: .utf8)
    #expect(book.contains("href=\"\(name).html\""))
    // Same inputs, same bytes.
    #expect(try PrepProcess.run(["review", path, "--output-dir", out.path("again"), "--quiet"]).status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: out.path("again/\(name).html"))) == Data(page.utf8))
  }

  /// Something that is not a record: one sentence naming it, exit 1, nothing written.
  @Test func reviewRefusesWhatIsNotARecord() throws {
    let out = try TemporaryFolder("review-bad")
    defer { out.remove() }
    try "{\"kind\":\"poem\"}".write(toFile: out.path("poem.json"), atomically: true, encoding: .utf8)
    let result = try PrepProcess.run(["review", out.path("poem.json"), "--output-dir", out.path("pages")])
    #expect(result.status == 1)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("poem.json: neither an align record"))
    #expect(out.contents() == ["poem.json"])
  }

  /// collect writes player/ beside the catalogue: its manifest.js holds the same catalogue and
  /// nothing else (no playlist text: the queue is the catalogue's order); twice gives the same
  /// bytes; --no-player leaves it out.
  @Test func collectWritesThePlayer() throws {
    let out = try TemporaryFolder("player")
    defer { out.remove() }
    // Each catalogue sits in a folder of links to the sample's files (collect wants the records
    // inside the catalogue's folder).
    let files = try FileManager.default.contentsOfDirectory(atPath: sample.folder)
    for run in ["a", "b", "c"] {
      try FileManager.default.createDirectory(atPath: out.path(run), withIntermediateDirectories: true)
      for file in files {
        try FileManager.default.createSymbolicLink(
          atPath: out.path("\(run)/\(file)"), withDestinationPath: sample.path(file))
      }
    }
    for run in ["a", "b"] {
      let result = try PrepProcess.run([
        "collect", out.path(run), "--output", out.path("\(run)/manifest.json"), "--quiet",
      ])
      #expect(result.status == 0, "\(result.stderr)")
    }
    let catalogueA = try JSONDecoder().decode(
      Catalogue.self, from: Data(contentsOf: URL(fileURLWithPath: out.path("a/manifest.json"))))
    let chapterScripts = catalogueA.chapters.flatMap(\.narrators).map {
      "chapters/" + URL(fileURLWithPath: $0.chapterFile.file).deletingPathExtension().lastPathComponent + ".js"
    }
    #expect(!chapterScripts.isEmpty)
    for file in ["index.html", "player.js", "manifest.js"] + chapterScripts {
      let a = try Data(contentsOf: URL(fileURLWithPath: out.path("a/player/\(file)")))
      #expect(a == (try Data(contentsOf: URL(fileURLWithPath: out.path("b/player/\(file)")))), "\(file)")
    }
    let script = try String(contentsOfFile: out.path("a/player/manifest.js"), encoding: .utf8)
    let prefix = "window.prepData = "
    let json = try #require(
      script.split(separator: "\n").first { $0.hasPrefix(prefix) }?.dropFirst(prefix.count).dropLast())
    struct Embedded: Decodable { var catalogue: Catalogue }
    let embedded = try JSONDecoder().decode(Embedded.self, from: Data(json.utf8))
    let keys = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]).keys
    #expect(Array(keys) == ["catalogue"])
    let catalogue = try JSONDecoder().decode(
      Catalogue.self, from: Data(contentsOf: URL(fileURLWithPath: out.path("a/manifest.json"))))
    #expect(embedded.catalogue == catalogue)
    #expect(!catalogue.playlists.isEmpty && !script.contains("#EXTM3U"))
    // Each chapter file, as a script the player loads from file://, holds the same JSON.
    for narrator in catalogue.chapters.flatMap(\.narrators) {
      let name = URL(fileURLWithPath: narrator.chapterFile.file).deletingPathExtension().lastPathComponent
      let script = try String(contentsOfFile: out.path("a/player/chapters/\(name).js"), encoding: .utf8)
      let json = try String(contentsOfFile: out.path("a/\(narrator.chapterFile.file)"), encoding: .utf8)
      #expect(script == "window.prepChapterLoaded(\"\(narrator.chapterFile.file)\", \(json.dropLast()));\n")
    }
    let bare = try PrepProcess.run([
      "collect", out.path("c"), "--output", out.path("c/manifest.json"), "--no-player", "--quiet",
    ])
    #expect(bare.status == 0)
    #expect(!FileManager.default.fileExists(atPath: out.path("c/player")))
  }
}

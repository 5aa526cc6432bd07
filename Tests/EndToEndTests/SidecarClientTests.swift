import Foundation
import Manifest
import TestSupport
import Testing

/// The rendered sample's sidecars read by the clients they are made for (see `RenderedSample`).
@Suite struct SidecarClientTests {
  let sample: RenderedSample

  init() throws { sample = try RenderedSample.shared.get() }

  /// A typed DBP v4 client: the `v4_audio_timestamps` schema's types, decoded strictly (a number
  /// where DBP serves a string fails, as it does in a generated client).
  struct DBPResponse: Decodable {
    struct Timestamp: Decodable {
      let book: String
      let chapter: String
      let verseStart: String
      let verseStartAlt: String
      let timestamp: Double
      enum CodingKeys: String, CodingKey {
        case book, chapter, timestamp
        case verseStart = "verse_start"
        case verseStartAlt = "verse_start_alt"
      }
    }
    let data: [Timestamp]
  }

  @Test func typedDBPClientDecodesEverySidecar() throws {
    // The old shape (numbers for chapter and verse_start) is what this client refuses.
    let old = #"{"data":[{"book":"PSA","chapter":117,"verse_start":1,"verse_start_alt":"1","timestamp":0.5}]}"#
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(DBPResponse.self, from: Data(old.utf8)) }
    for record in sample.records {
      let file = try #require(record.variant.sidecars.dbpTimestamps?.file)
      let response = try JSONDecoder().decode(
        DBPResponse.self, from: Data(contentsOf: URL(fileURLWithPath: sample.path(file))))
      #expect(response.data.count == record.variant.timings.count, "\(file)")
      for (entry, (verse, timing)) in zip(response.data, zip(record.chapter.verses, record.variant.timings)) {
        #expect(entry.book == "PSA" && entry.chapter == "117", "\(file)")
        #expect(Int(entry.verseStart) == verse.firstVerse && entry.verseStartAlt == verse.label, "\(file)")
        #expect(abs(entry.timestamp * 1000 - Double(timing.startMilliseconds)) < 0.5, "\(file)")
      }
    }
  }

  /// The Audacity labels and the manifest say the same: one `h` row per heading timing (the
  /// spoken "Psalm 117" the text lacks included), one row per verse, at the same frames.
  @Test func labelsAndManifestAgreeOnHeadings() throws {
    for record in sample.records {
      let variant = record.variant
      let file = try #require(variant.sidecars.audacityLabels?.file)
      let labels = try AudacityLabels.read(path: sample.path(file), sampleRate: variant.sampleRate)
      let headingRows = labels.filter { !record.chapter.verses.map(\.label).contains($0.label) }
      #expect(variant.headingTimings.count == 1, "\(file): the spoken heading is missing from the manifest")
      #expect(headingRows.map(\.label) == variant.headingTimings.map(\.label), "\(file)")
      #expect(headingRows.map(\.span) == variant.headingTimings.map(\.span), "\(file)")
      let verseRows = labels.filter { record.chapter.verses.map(\.label).contains($0.label) }
      #expect(verseRows.map(\.span) == variant.timings.map { .init(start: $0.startFrame, end: $0.endFrame) }, "\(file)")
      #expect(
        variant.headingTimings.allSatisfy { $0.heading == nil && $0.label == "h" }, "Psalm 117's text has no heading")
    }
  }

  /// mpv plays every entry of every playlist (resolved from the playlist's folder), as long as
  /// its `#EXTINF` says.
  @Test(.enabled(if: PrepProcess.has("mpv"), "mpv is not installed (make test-deps installs it)"))
  func mpvPlaysThePlaylists() throws {
    let out = try TemporaryFolder("m3u-mpv")
    defer { out.remove() }
    let renders = try CollectValidateTests.copySample(sample, into: out)
    let collect = try PrepProcess.run(["collect", renders, "--output", out.path("manifest.json")])
    try #require(collect.status == 0, "\(collect.stderr)")
    let catalogue = try JSONDecoder().decode(
      Catalogue.self, from: Data(contentsOf: URL(fileURLWithPath: out.path("manifest.json"))))
    #expect(catalogue.playlists.count == 8)
    for playlist in catalogue.playlists {
      let text = try String(contentsOfFile: out.path(playlist.file), encoding: .utf8)
      let entries = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
      let durations = text.split(separator: "\n").filter { $0.hasPrefix("#EXTINF:") }.compactMap {
        Double($0.dropFirst(8).prefix { $0 != "," })
      }
      let result = try PrepProcess.runTool(
        "mpv",
        [
          "--no-config", "--no-video", "--ao=null", "--end=0.05", "--term-playing-msg=PLAYED ${=duration} ${path}",
          out.path(playlist.file),
        ])
      let played = result.stdout.split(separator: "\n").filter { $0.hasPrefix("PLAYED ") }
      #expect(result.status == 0 && played.count == entries.count, "\(playlist.file): \(result.stdout)\(result.stderr)")
      for (line, (entry, seconds)) in zip(played, zip(entries, durations)) {
        #expect(line.hasSuffix("/" + entry), "\(playlist.file): \(line)")
        let duration = Double(line.split(separator: " ")[1]) ?? -1
        // #EXTINF holds whole seconds; mpv counts the MP3 decoder's padding too (< 0.1 s).
        #expect(abs(duration - seconds) <= 0.6, "\(playlist.file): mpv says \(duration) s, #EXTINF \(seconds)")
      }
    }
  }
}

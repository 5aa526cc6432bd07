import Foundation
import Manifest
import TestSupport
import Testing

/// `prep collect` and `prep validate` on the rendered sample (see `RenderedSample`).
@Suite struct CollectValidateTests {
  let sample: RenderedSample

  init() throws { sample = try RenderedSample.shared.get() }

  static let python = ProcessInfo.processInfo.environment["PREP_PYTHON"] ?? "python3"
  static let hasPython = PrepProcess.has(python)

  static func script(_ name: String, _ files: [String]) throws -> PrepProcess.Result {
    try PrepProcess.runTool(python, [PrepProcess.packageRoot.path + "/Tests/schema/" + name] + files)
  }

  /// Copies the rendered sample into `folder/renders/` (collect writes beside its records, and
  /// the shared sample must stay as rendered).
  static func copySample(_ sample: RenderedSample, into folder: TemporaryFolder) throws -> String {
    let renders = folder.path("renders")
    try FileManager.default.copyItem(atPath: sample.folder, toPath: renders)
    return renders
  }

  /// Collecting from a subfolder rebases every path; the catalogue and its playlists check out.
  @Test func collectWritesACatalogueThatValidates() throws {
    let out = try TemporaryFolder("collect")
    defer { out.remove() }
    let renders = try Self.copySample(sample, into: out)
    let manifest = out.path("manifest.json")
    let result = try PrepProcess.run(["collect", renders, "--output", manifest, "--title", "Psalms"])
    #expect(result.status == 0, "\(result.stderr)")
    let catalogue = try JSONDecoder().decode(Catalogue.self, from: Data(contentsOf: URL(fileURLWithPath: manifest)))
    #expect(catalogue.chapters.map(\.id) == ["PSA.117"])
    let narrator = try #require(catalogue.chapters.first?.narrators.first)
    #expect(narrator.variants == ["1x-none", "1x-bed_pad", "1.5x-none", "1.5x-bed_pad"])
    #expect(catalogue.beds.map(\.id) == ["bed_pad"])
    #expect(narrator.chapterFile.file == "chapters/PSA.117.kal.json")
    let chapterPath = out.path(narrator.chapterFile.file)
    let chapter = try JSONDecoder().decode(ChapterFile.self, from: Data(contentsOf: URL(fileURLWithPath: chapterPath)))
    let variants = chapter.variants
    #expect(variants.map(\.id) == narrator.variants)
    #expect(variants[0].files[0].file == "renders/psalm117_kal.1x-none.mp3")
    #expect(variants[0].sidecars.webVTT?.file == "renders/psalm117_kal.1x-none.vtt")
    // Timings once per rate; each variant's (the bed variants' moved by their lead-in) as rendered.
    #expect(chapter.timings.map(\.rate) == [1, 1.5])
    for record in sample.records {
      let variant = try #require(variants.first { $0.id == record.variant.id })
      let timings = try #require(chapter.timings(of: variant))
      #expect(timings.verses == record.variant.timings, "\(variant.id)")
      #expect(timings.headings == record.variant.headingTimings, "\(variant.id)")
      #expect(variant.timingOffsetFrames == (record.variant.stems?.voice.startFrame ?? 0), "\(variant.id)")
    }
    // One playlist per narrator × rate × bed × format.
    #expect(catalogue.playlists.count == variants.count * 2)
    #expect(catalogue.playlists.allSatisfy { $0.file.hasPrefix("playlists/") && $0.file.hasSuffix(".m3u") })
    let playlist = try String(contentsOfFile: out.path(catalogue.playlists[0].file), encoding: .utf8)
    #expect(playlist.hasPrefix("#EXTM3U\n#PLAYLIST:Psalms, Kal, normal speed, no music, MP3\n#EXTINF:"))
    #expect(playlist.contains(",Psalm 117\n../renders/psalm117_kal.1x-none.mp3\n"))
    let validate = try PrepProcess.run(["validate", manifest])
    #expect(validate.status == 0, "\(validate.stderr)")
    if Self.hasPython {
      let records = sample.records.map { sample.path("psalm117_kal.\($0.variant.id).json") }
      let schema = try Self.script("validate.py", [manifest, chapterPath] + records)
      #expect(schema.status == 0, "\(schema.stdout)")
      let captions = sample.records.compactMap { record in record.variant.sidecars.webVTT.map { sample.path($0.file) } }
      let webvtt = try Self.script("webvtt_check.py", captions)
      #expect(webvtt.status == 0 && captions.count == sample.records.count, "\(webvtt.stdout)\(webvtt.stderr)")
    }
  }

  /// A missing file and a changed file each give one line; the exit status is 1.
  @Test func validateCatchesMissingAndChangedFiles() throws {
    let copy = try TemporaryFolder("validate-copy")
    defer { copy.remove() }
    let record = try #require(sample.records.first { $0.variant.bed != nil })
    let name = "psalm117_kal.\(record.variant.id).json"
    var files = [name] + record.variant.files.map(\.file) + record.variant.sidecars.all.map(\.file)
    files += (record.variant.stems.map { $0.voice.files + $0.bed.files } ?? []).map(\.file)
    for file in files { try FileManager.default.copyItem(atPath: sample.path(file), toPath: copy.path(file)) }
    #expect(try PrepProcess.run(["validate", copy.path(name), "--quiet"]).status == 0)

    let missing = record.variant.files[0].file
    try FileManager.default.removeItem(atPath: copy.path(missing))
    let changed = try #require(record.variant.stems?.bed.files.last?.file)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: copy.path(changed)))
    bytes[bytes.count / 2] ^= 0x55
    try bytes.write(to: URL(fileURLWithPath: copy.path(changed)))
    let result = try PrepProcess.run(["validate", copy.path(name)])
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(lines)")
    #expect(lines.contains("\(missing): missing; render it again"))
    #expect(lines.contains("\(changed): content changed since it was rendered (SHA-256 differs)"))
  }

  @Test func validateRefusesWhatIsNotAManifest() throws {
    let folder = try TemporaryFolder("validate-junk")
    defer { folder.remove() }
    try "{\"kind\":\"poem\"}".write(toFile: folder.path("poem.json"), atomically: true, encoding: .utf8)
    let result = try PrepProcess.run(["validate", folder.path("poem.json")])
    #expect(result.status != 0)
    #expect(result.stderr.contains("poem.json: not a prep manifest"))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }
}

import Foundation
import Manifest
import TestSupport
import Testing

/// `prep validate` and `prep collect` on damaged inputs: one sentence naming the culprit, exit 1,
/// nothing written, nothing given changed.
@Suite struct ValidateCollectBadInputTests {
  let sample: RenderedSample

  init() throws { sample = try RenderedSample.shared.get() }

  /// A copy of one variant (record and every file it names) in a fresh folder.
  func copyVariant(_ index: Int, to folder: String) throws -> (record: VariantRecord, path: String) {
    let record = sample.records[index]
    let name = "psalm117_kal.\(record.variant.id).json"
    var files = [name] + record.variant.files.map(\.file) + record.variant.sidecars.all.map(\.file)
    files += (record.variant.stems.map { $0.voice.files + $0.bed.files } ?? []).map(\.file)
    for file in files where !FileManager.default.fileExists(atPath: folder + "/" + file) {
      try FileManager.default.copyItem(atPath: sample.path(file), toPath: folder + "/" + file)
    }
    return (record, folder + "/" + name)
  }

  static func sha256(_ path: String) throws -> String {
    try PrepProcess.runTool("sha256sum", [path]).stdout.split(separator: " ").first.map(String.init) ?? ""
  }

  /// A WebVTT edited after the render (same length, one cue's text changed) is reported.
  @Test func changedWebVTTIsReported() throws {
    let folder = try TemporaryFolder("validate-vtt")
    defer { folder.remove() }
    let (record, path) = try copyVariant(0, to: folder.url.path)
    #expect(try PrepProcess.run(["validate", path, "--quiet"]).status == 0)
    let vtt = try #require(record.variant.sidecars.webVTT?.file)
    var text = try String(contentsOfFile: folder.path(vtt), encoding: .utf8)
    text = text.replacingOccurrences(of: "Praise", with: "Prayse")
    try text.write(toFile: folder.path(vtt), atomically: true, encoding: .utf8)
    let result = try PrepProcess.run(["validate", path])
    #expect(result.status == 1)
    #expect(result.stderr == "\(vtt): content changed since it was rendered (SHA-256 differs)\n")
  }

  /// A manifest naming a file outside its folder is refused, and the file is never reported on
  /// as if it were the manifest's.
  @Test(arguments: ["../../../../etc/hostname", "/etc/hostname"])
  func pathOutsideTheFolderIsRefused(escape: String) throws {
    let folder = try TemporaryFolder("validate-escape")
    defer { folder.remove() }
    let (_, path) = try copyVariant(0, to: folder.url.path)
    var json = try String(contentsOfFile: path, encoding: .utf8)
    let vtt = try #require(sample.records[0].variant.sidecars.webVTT?.file)
    json = json.replacingOccurrences(of: "\"file\" : \"\(vtt)\"", with: "\"file\" : \"\(escape)\"")
    try json.write(toFile: path, atomically: true, encoding: .utf8)
    let before = try Self.sha256(path)
    let result = try PrepProcess.run(["validate", path])
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(
      lines.first?.hasPrefix(
        "\(path): variant.sidecars.webVTT.file: expected a path relative to the manifest's folder that stays inside it")
        == true, "\(result.stderr)")
    #expect(lines.first?.contains(escape) == true)
    #expect(try Self.sha256(path) == before)
  }

  /// A chapter file with one negative size, behind a catalogue that names it with its true size
  /// and hash: the chapter file's path, the JSON path and the value, not "missing chapter".
  @Test func negativeSizeInAChapterFileIsNamed() throws {
    let folder = try TemporaryFolder("validate-size")
    defer { folder.remove() }
    _ = try copyVariant(0, to: folder.url.path)
    _ = try copyVariant(1, to: folder.url.path)
    let manifest = folder.path("manifest.json")
    #expect(try PrepProcess.run(["collect", folder.url.path, "--output", manifest]).status == 0)
    var catalogue = try JSONDecoder().decode(Catalogue.self, from: Data(contentsOf: URL(fileURLWithPath: manifest)))
    let name = try #require(catalogue.chapters.first?.narrators.first?.chapterFile.file)
    let chapter = folder.path(name)
    var json = try String(contentsOfFile: chapter, encoding: .utf8)
    let size = sample.records[0].variant.files[1].sizeBytes
    let range = try #require(json.range(of: "\"sizeBytes\":\(size)}"))
    json.replaceSubrange(range, with: "\"sizeBytes\":-1}")
    try json.write(toFile: chapter, atomically: true, encoding: .utf8)
    catalogue.chapters[0].narrators[0].chapterFile.sizeBytes = try #require(
      try FileManager.default.attributesOfItem(atPath: chapter)[.size] as? Int)
    catalogue.chapters[0].narrators[0].chapterFile.sha256 = try Self.sha256(chapter)
    try JSONOutput.write(catalogue, to: manifest, compact: true)
    let result = try PrepProcess.run(["validate", manifest])
    #expect(result.status == 1)
    #expect(
      result.stderr.split(separator: "\n").map(String.init) == [
        "\(name): variants[0].files[1].sizeBytes: expected a non-negative integer, found -1"
      ])
  }

  @Test func unknownTopLevelKeyIsRefused() throws {
    let folder = try TemporaryFolder("validate-key")
    defer { folder.remove() }
    let (_, path) = try copyVariant(0, to: folder.url.path)
    var json = try String(contentsOfFile: path, encoding: .utf8)
    json = "{\n  \"colour\" : \"blue\"," + json.dropFirst(1)
    try json.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try PrepProcess.run(["validate", path])
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix("\(path): colour: unknown top-level key; the schema allows only"), "\(result.stderr)")
  }

  /// One corrupt record of two: one sentence naming it, exit 1, no manifest, no playlists, and
  /// both records as they were.
  @Test(arguments: ["cut", "wrongType"])
  func collectStopsAtACorruptRecord(damage: String) throws {
    let folder = try TemporaryFolder("collect-corrupt")
    defer { folder.remove() }
    let (_, good) = try copyVariant(0, to: folder.url.path)
    let (_, bad) = try copyVariant(1, to: folder.url.path)
    let data = try Data(contentsOf: URL(fileURLWithPath: bad))
    if damage == "cut" {
      try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: bad))
    } else {
      let text = String(decoding: data, as: UTF8.self).replacingOccurrences(
        of: "\"rate\" : 1,", with: "\"rate\" : \"fast\",")
      try Data(text.utf8).write(to: URL(fileURLWithPath: bad))
    }
    let hashes = try [good, bad].map(Self.sha256)
    let before = folder.contents()
    let result = try PrepProcess.run(["collect", folder.url.path, "--output", folder.path("manifest.json")])
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("Error: \(bad): not a sound variant record ("), "\(result.stderr)")
    #expect(
      result.stderr.contains(
        damage == "cut" ? "not JSON" : "variant.rate: expected a number from 0.5 to 3, found \"fast\""))
    #expect(result.stderr.hasSuffix("nothing was written. Render it again, or move it out of the folder.\n"))
    #expect(folder.contents() == before)
    #expect(try [good, bad].map(Self.sha256) == hashes)
  }

  /// A manifest outside the records' folder could only name their files with `..`: refused.
  @Test func collectRefusesAManifestOutsideTheRecordsFolder() throws {
    let folder = try TemporaryFolder("collect-outside")
    defer { folder.remove() }
    let records = folder.path("records")
    try FileManager.default.createDirectory(atPath: records, withIntermediateDirectories: true)
    let (_, record) = try copyVariant(0, to: records)
    let result = try PrepProcess.run(["collect", record, "--output", folder.path("site/manifest.json")])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("Error: \(record): the record is outside "), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.path("site")))
  }
}

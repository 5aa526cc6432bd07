import Foundation
import Manifest
import TestSupport
import Testing

@Suite struct ManifestSchemaTests {
  static func catalogue() throws -> Catalogue { try collection().catalogue }

  /// The first chapter file of `collection()`.
  static func chapterFile() throws -> ChapterFile { try #require(try collection().chapterFiles.first?.file) }

  static func collection() throws -> CatalogueCollector.Collection {
    let records = [
      ManifestFixtures.record(speed: 1.0), ManifestFixtures.record(speed: 1.5),
      ManifestFixtures.record(speed: 1.0, bed: ManifestFixtures.morning),
      ManifestFixtures.record(speed: 2.0, narrator: .init(id: "narrator-b", name: "Narrator B")),
    ]
    let playlist = PlaylistEntry(
      narrator: "narrator-a", rate: 1.5, bed: nil, format: "mp3-cbr-128", file: "playlists/narrator-a-1.5x-none.m3u",
      spoken: SpokenLabels.playlist(title: "Psalms", narrator: "Narrator A", speed: 1.5, bedName: nil, format: "MP3"))
    return try CatalogueCollector.collect(
      records, generator: "prep 0.1.0", title: "Psalms", playlists: [playlist], sha256: ManifestFixtures.fakeSHA256)
  }

  @Test func encodeDecodeEncodeGivesTheSameBytes() throws {
    let catalogue = try Self.catalogue()
    let first = try JSONOutput.encode(catalogue)
    let again = try JSONOutput.encode(try JSONDecoder().decode(Catalogue.self, from: first))
    #expect(first == again)
    let record = ManifestFixtures.record(speed: 1.0, bed: ManifestFixtures.morning)
    let bytes = try JSONOutput.encode(record)
    #expect(try JSONOutput.encode(try JSONDecoder().decode(VariantRecord.self, from: bytes)) == bytes)
    let chapter = try JSONOutput.encode(try Self.chapterFile())
    #expect(try JSONOutput.encode(try JSONDecoder().decode(ChapterFile.self, from: chapter)) == chapter)
  }

  @Test func variantRecordMatchesSnapshot() throws {
    let record = ManifestFixtures.record(speed: 1.0, bed: ManifestFixtures.morning)
    let text = String(decoding: try JSONOutput.encode(record), as: UTF8.self)
    #expect(Snapshot.check(text, named: "psalm-23-1x-morning.variant.json") == nil)
  }

  @Test(.enabled(if: ManifestFixtures.hasPython, "python3 is not installed"))
  func manifestsValidateAgainstTheSchema() throws {
    let temporary = try TemporaryFolder("schema")
    defer { temporary.remove() }
    let folder = temporary.url.path
    let catalogue = folder + "/manifest.json"
    try JSONOutput.write(try Self.catalogue(), to: catalogue)
    var chapters: [String] = []
    for (index, chapter) in try Self.collection().chapterFiles.enumerated() {
      chapters.append(folder + "/chapter\(index).json")
      try chapter.data.write(to: URL(fileURLWithPath: chapters[index]))
    }
    #expect(chapters.count == 2)
    let record = folder + "/variant.json"
    try JSONOutput.write(ManifestFixtures.record(speed: 1.5, bed: ManifestFixtures.morning), to: record)
    let result = try ManifestFixtures.runScript("validate.py", [catalogue, record] + chapters)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("4 passed, 0 failed"))
  }

  @Test(.enabled(if: ManifestFixtures.hasPython, "python3 is not installed"))
  func schemaRejectsBrokenManifests() throws {
    let temporary = try TemporaryFolder("schema-bad")
    defer { temporary.remove() }
    let folder = temporary.url.path
    var runOn = ManifestFixtures.record(speed: 1.6)
    runOn.variant.spoken.rate = "1.6 1 tracks"
    var clock = ManifestFixtures.record(speed: 1.0)
    clock.chapter.verses[0].spoken = "Psalm 23:1"
    var badHash = ManifestFixtures.record(speed: 1.0)
    badHash.variant.files[0].sha256 = "xyz"
    var paths: [String] = []
    for (index, record) in [runOn, clock, badHash].enumerated() {
      let path = "\(folder)/bad\(index).json"
      try JSONOutput.write(record, to: path)
      paths.append(path)
    }
    let missingKey = try ManifestFixtures.write(
      "{\"kind\":\"variant\",\"schemaVersion\":1}", to: folder, name: "bad3.json")
    let result = try ManifestFixtures.runScript("validate.py", paths + [missingKey])
    #expect(result.status == 1)
    #expect(result.stdout.contains("0 passed, 4 failed"), "\(result.stdout)")
  }
}

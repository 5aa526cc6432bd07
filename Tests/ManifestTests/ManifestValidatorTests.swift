import DSP
import Foundation
import Manifest
import TestSupport
import Testing

@Suite(.enabled(if: PrepProcess.has("sha256sum"), "sha256sum is not installed"))
struct ManifestValidatorTests {
  /// The real SHA-256 from coreutils (Manifest's tests cannot reach AudioIO's ContentHash).
  static func sha256(_ path: String) -> String? {
    guard let result = try? PrepProcess.runTool("sha256sum", [path]), result.status == 0 else { return nil }
    return result.stdout.split(separator: " ").first.map(String.init)
  }

  /// A variant record whose files really exist in `folder`, with true sizes and hashes.
  static func renderFiles(in folder: String) throws -> String {
    var record = ManifestFixtures.record(speed: 1.0)
    try FileManager.default.createDirectory(atPath: folder + "/PSA/023/narrator-a", withIntermediateDirectories: true)
    for index in record.variant.files.indices {
      let content = Data((0..<(1_000 + index * 7)).map { UInt8(($0 * 31 + index) & 0xFF) })
      let path = folder + "/" + record.variant.files[index].file
      try content.write(to: URL(fileURLWithPath: path))
      record.variant.files[index].sizeBytes = content.count
      record.variant.files[index].sha256 = try #require(Self.sha256(path))
    }
    for sidecar in record.variant.sidecars.all {
      try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/" + sidecar.file))
    }
    let manifest = folder + "/variant.json"
    try JSONOutput.write(record, to: manifest)
    return manifest
  }

  @Test func soundManifestHasNoProblems() throws {
    let temporary = try TemporaryFolder("validate")
    defer { temporary.remove() }
    let folder = temporary.url.path
    #expect(try ManifestValidator.check(manifestAt: try Self.renderFiles(in: folder), sha256: Self.sha256).isEmpty)
  }

  @Test func catchesMissingAndChangedFiles() throws {
    let temporary = try TemporaryFolder("validate-bad")
    defer { temporary.remove() }
    let folder = temporary.url.path
    let manifest = try Self.renderFiles(in: folder)
    let record = try JSONDecoder().decode(VariantRecord.self, from: Data(contentsOf: URL(fileURLWithPath: manifest)))
    let mp3 = folder + "/" + record.variant.files[0].file
    let opus = folder + "/" + record.variant.files[1].file
    try FileManager.default.removeItem(atPath: mp3)
    // Same size, one byte changed: only the hash can tell.
    var bytes = try Data(contentsOf: URL(fileURLWithPath: opus))
    bytes[10] ^= 0xFF
    try bytes.write(to: URL(fileURLWithPath: opus))
    try FileManager.default.removeItem(atPath: folder + "/" + (record.variant.sidecars.webVTT?.file ?? ""))
    let problems = try ManifestValidator.check(manifestAt: manifest, sha256: Self.sha256).map(\.description)
    #expect(problems.count == 3)
    #expect(problems.contains { $0.hasSuffix(".mp3: missing; render it again") })
    #expect(problems.contains { $0.contains(".opus: content changed") })
    #expect(problems.contains { $0.hasSuffix(".vtt: missing; render it again") })
  }

  @Test func unreadableManifestIsAnError() throws {
    let temporary = try TemporaryFolder("validate-junk")
    defer { temporary.remove() }
    let folder = temporary.url.path
    let junk = try ManifestFixtures.write("{\"kind\":\"poem\",\"schemaVersion\":1}", to: folder, name: "junk.json")
    #expect(throws: ManifestError.self) { _ = try ManifestValidator.check(manifestAt: junk, sha256: Self.sha256) }
    let old = try ManifestFixtures.write("{\"kind\":\"variant\",\"schemaVersion\":0}", to: folder, name: "old.json")
    #expect(throws: ManifestError.wrongVersion(file: old, found: 0, expected: ManifestSchema.variantRecordVersion)) {
      _ = try ManifestValidator.check(manifestAt: old, sha256: Self.sha256)
    }
  }
}

/// `prep validate` on a catalogue follows it to each chapter file, and each chapter file to its files.
@Suite(.enabled(if: PrepProcess.has("sha256sum"), "sha256sum is not installed"))
struct CatalogueValidatorTests {
  /// A catalogue of one record whose files exist, its chapter file written beside it.
  static func catalogue(in folder: String) throws -> (manifest: String, chapter: String) {
    let manifest = try ManifestValidatorTests.renderFiles(in: folder)
    let record = try JSONDecoder().decode(VariantRecord.self, from: Data(contentsOf: URL(fileURLWithPath: manifest)))
    let scratch = folder + "/scratch"
    let collection = try CatalogueCollector.collect([record], generator: "prep 0.1.0") { data in
      try? data.write(to: URL(fileURLWithPath: scratch))
      return ManifestValidatorTests.sha256(scratch) ?? ""
    }
    try FileManager.default.createDirectory(atPath: folder + "/chapters", withIntermediateDirectories: true)
    let chapter = try #require(collection.chapterFiles.first)
    try chapter.data.write(to: URL(fileURLWithPath: folder + "/" + chapter.path))
    try JSONOutput.write(collection.catalogue, to: folder + "/manifest.json")
    return (folder + "/manifest.json", folder + "/" + chapter.path)
  }

  static func problems(_ manifest: String) throws -> [String] {
    try ManifestValidator.check(manifestAt: manifest, sha256: ManifestValidatorTests.sha256).map(\.description)
  }

  /// Rewrites the chapter file with `change` and gives the catalogue its new size and hash, so
  /// only the content can be wrong.
  static func rewrite(_ paths: (manifest: String, chapter: String), _ change: (inout ChapterFile) -> Void) throws {
    var file = try JSONOutput.read(ChapterFile.self, from: paths.chapter)
    change(&file)
    try JSONOutput.write(file, to: paths.chapter)
    var catalogue = try JSONOutput.read(Catalogue.self, from: paths.manifest)
    catalogue.chapters[0].narrators[0].chapterFile.sizeBytes = try #require(
      try FileManager.default.attributesOfItem(atPath: paths.chapter)[.size] as? Int)
    catalogue.chapters[0].narrators[0].chapterFile.sha256 = try #require(ManifestValidatorTests.sha256(paths.chapter))
    try JSONOutput.write(catalogue, to: paths.manifest)
  }

  @Test func soundCatalogueHasNoProblems() throws {
    let temporary = try TemporaryFolder("validate-catalogue")
    defer { temporary.remove() }
    let paths = try Self.catalogue(in: temporary.url.path)
    #expect(try Self.problems(paths.manifest).isEmpty)
    #expect(try ManifestValidator.check(manifestAt: paths.chapter, sha256: ManifestValidatorTests.sha256).isEmpty)
  }

  @Test func wrongHashOfAChapterFileIsFound() throws {
    let temporary = try TemporaryFolder("validate-catalogue-hash")
    defer { temporary.remove() }
    let paths = try Self.catalogue(in: temporary.url.path)
    // Same size, still a sound chapter file: only the hash can tell.
    let text = try String(contentsOfFile: paths.chapter, encoding: .utf8)
    try text.replacingOccurrences(of: "prep 0.1.0", with: "prep 0.1.1").write(
      toFile: paths.chapter, atomically: true, encoding: .utf8)
    #expect(
      try Self.problems(paths.manifest) == [
        "chapters/PSA.23.narrator-a.json: content changed since it was rendered (SHA-256 differs)"
      ])
  }

  @Test func missingChapterFileIsFound() throws {
    let temporary = try TemporaryFolder("validate-catalogue-missing")
    defer { temporary.remove() }
    let paths = try Self.catalogue(in: temporary.url.path)
    try FileManager.default.removeItem(atPath: paths.chapter)
    #expect(
      try Self.problems(paths.manifest) == ["chapters/PSA.23.narrator-a.json: missing; collect the records again"])
  }

  @Test func chapterFileWhoseVersesDoNotMatchTheCatalogueIsFound() throws {
    let temporary = try TemporaryFolder("validate-catalogue-verses")
    defer { temporary.remove() }
    let paths = try Self.catalogue(in: temporary.url.path)
    // A verse fewer, in the text and in the timings alike: sound alone, wrong for the catalogue.
    try Self.rewrite(paths) { file in
      file.chapter.verses.removeLast()
      file.timings[0].verses.removeLast()
    }
    #expect(
      try Self.problems(paths.manifest) == [
        "chapters/PSA.23.narrator-a.json: its chapter has 5 verses, the catalogue's PSA.23 has 6; collect the records again"
      ])
    // As many timings as verses, but one of another verse than the chapter's.
    try Self.rewrite(paths) { file in
      let original = try? JSONOutput.read(VariantRecord.self, from: temporary.path("variant.json"))
      file.chapter.verses = original?.chapter.verses ?? []
      file.timings[0].verses = original?.variant.timings ?? []
      file.timings[0].verses[2].reference = "PSA 24:3"
    }
    #expect(
      try Self.problems(paths.manifest) == [
        "chapters/PSA.23.narrator-a.json: timings[0].verses: the verse references differ from the chapter's"
      ])
  }

  @Test func chapterFileOutsideTheFolderIsNeverOpened() throws {
    let temporary = try TemporaryFolder("validate-catalogue-outside")
    defer { temporary.remove() }
    let paths = try Self.catalogue(in: temporary.url.path)
    var catalogue = try JSONOutput.read(Catalogue.self, from: paths.manifest)
    catalogue.chapters[0].narrators[0].chapterFile.file = "../manifest.json"
    try JSONOutput.write(catalogue, to: paths.manifest)
    let problems = try Self.problems(paths.manifest)
    #expect(problems.count == 1)
    #expect(problems.first?.hasPrefix("../manifest.json: is outside the manifest's folder") == true)
  }

  /// A file a chapter file names is hashed too.
  @Test func changedAudioBehindAChapterFileIsFound() throws {
    let temporary = try TemporaryFolder("validate-catalogue-audio")
    defer { temporary.remove() }
    let folder = temporary.url.path
    let paths = try Self.catalogue(in: folder)
    let file = try JSONOutput.read(ChapterFile.self, from: paths.chapter)
    let mp3 = try #require(file.variants.first?.files.first?.file)
    try FileManager.default.removeItem(atPath: folder + "/" + mp3)
    #expect(try Self.problems(paths.manifest) == ["\(mp3): missing; render it again"])
  }
}

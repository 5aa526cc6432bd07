import DSP
import Foundation
import Manifest
import Testing
import TestSupport

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
    #expect(throws: ManifestError.wrongVersion(file: old, found: 0, expected: ManifestSchema.version)) {
      _ = try ManifestValidator.check(manifestAt: old, sha256: Self.sha256)
    }
  }
}

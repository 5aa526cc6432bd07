import Foundation
import Testing
import TestSupport

/// The same variant is byte-identical whatever else is rendered in the same call and on any
/// number of cores (DESIGN.md): rendered alone on one core, inside a larger call (another rate,
/// a bed) on two, its audio files and record match byte for byte.
@Suite struct RenderDeterminismTests {
  /// Renders psalm117 (kal) with `arguments` into a new folder; returns the folder.
  static func render(_ arguments: [String]) throws -> TemporaryFolder {
    let folder = try TemporaryFolder("render-determinism")
    let result = try PrepProcess.run(
      ["render", SampleTruth.path("psalm117_kal.wav"), "--text", SampleTruth.path("psalm117.usfm"),
       "--format", "mp3,opus", "--no-stems", "--narrator", "Kal", "--output-dir", folder.url.path, "--quiet"]
        + arguments)
    guard result.status == 0 else {
      folder.remove()
      throw MeasureError(description: "prep render \(arguments) failed: \(result.stderr)")
    }
    return folder
  }

  static func bytes(_ folder: TemporaryFolder, _ file: String) throws -> Data {
    try Data(contentsOf: folder.url.appendingPathComponent(file))
  }

  @Test func aVariantIsTheSameAloneAndInALargerCallOnOneOrTwoCores() throws {
    let alone = try RenderDeterminismTests.render(["--rate", "1.5", "--jobs", "1"])
    defer { alone.remove() }
    let larger = try RenderDeterminismTests.render(
      ["--rate", "1,1.5", "--bed", SampleTruth.path("bed_pad.flac"), "--jobs", "2"])
    defer { larger.remove() }
    let bedAlone = try RenderDeterminismTests.render(
      ["--rate", "1.5", "--bed", SampleTruth.path("bed_pad.flac"), "--bed-only", "--jobs", "1"])
    defer { bedAlone.remove() }
    for suffix in ["mp3", "opus", "json", "vtt"] {
      let file = "psalm117_kal.1.5x-none.\(suffix)"
      #expect(try Self.bytes(alone, file) == Self.bytes(larger, file), "\(file) differs")
      let bedFile = "psalm117_kal.1.5x-bed_pad.\(suffix)"
      #expect(try Self.bytes(bedAlone, bedFile) == Self.bytes(larger, bedFile), "\(bedFile) differs")
    }
    // The larger call wrote every variant it was asked for, and nothing of the others' is left.
    #expect(larger.contents().filter { $0.hasSuffix(".mp3") }.count == 4)
    #expect(!bedAlone.contents().contains("psalm117_kal.1.5x-none.mp3"))
  }
}

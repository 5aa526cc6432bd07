import Foundation
import Manifest
import Render
import TestSupport
import Testing

/// `--opus-complexity`: out of range is a usage error; any setting renders an Opus file on its
/// loudness target under the true-peak ceiling (the render measures the file it wrote).
@Suite struct OpusComplexityRenderTests {
  static func render(_ extra: [String], into folder: TemporaryFolder) throws -> PrepProcess.Result {
    try PrepProcess.run(
      [
        "render", SampleTruth.path("psalm117_kal.wav"), "--text", SampleTruth.path("psalm117.usfm"),
        "--format", "opus", "--no-stems", "--narrator", "Kal", "--output-dir", folder.url.path, "--quiet",
      ] + extra)
  }

  /// The help and the README state the default from `Defaults`.
  @Test func helpAndReadmeStateTheDefault() throws {
    let help = try PrepProcess.run(["render", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(
      separator: " ")
    #expect(
      help.contains(
        "--opus-complexity <opus-complexity> libopus complexity of Opus files, 0 (fastest) to 10 (best). (default: \(Defaults.opusComplexity))"
      ))
    let readme = try String(contentsOf: PrepProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("`--opus-complexity` \(Defaults.opusComplexity) by default"))
  }

  @Test(arguments: ["11", "-1"])
  func outOfRangeIsAUsageError(value: String) throws {
    let folder = try TemporaryFolder("opus-complexity-bad")
    defer { folder.remove() }
    let result = try Self.render(["--opus-complexity=\(value)"], into: folder)
    #expect(result.status == 64)
    #expect(result.stderr.contains("Opus complexity \(value) is outside 0…10"), "\(result.stderr)")
    #expect(folder.contents().isEmpty)
  }

  /// The narration alone takes it only for an Opus file (NarrationOpusTests: it is used there).
  @Test func onlyForAnOpusNarration() throws {
    let folder = try TemporaryFolder("opus-complexity-output")
    defer { folder.remove() }
    let result = try PrepProcess.run([
      "render", SampleTruth.path("psalm117_kal.wav"), "--rate", "1.5", "--output", folder.path("x.wav"),
      "--loudness", "off", "--opus-complexity", "3",
    ])
    #expect(result.status == 64 && result.stderr.contains("--opus-complexity sets the Opus encoder"))
    #expect(folder.contents().isEmpty)
  }

  @Test(.enabled(if: FFmpegLoudness.isAvailable, "ffmpeg is not installed"))
  func fastestSettingStillMeetsTheTargets() throws {
    let fast = try TemporaryFolder("opus-complexity-0")
    defer { fast.remove() }
    let best = try TemporaryFolder("opus-complexity-10")
    defer { best.remove() }
    #expect(try Self.render(["--opus-complexity", "0"], into: fast).status == 0)
    #expect(try Self.render(["--opus-complexity", "10"], into: best).status == 0)
    let file = "psalm117_kal.1x-none.opus"
    let measured = try FFmpegLoudness.measure(fast.path(file))
    #expect(abs(measured.integratedLUFS - -16) <= 0.5, "\(measured.integratedLUFS) LUFS")
    #expect(measured.truePeakDBTP <= -1.0, "\(measured.truePeakDBTP) dBTP")
    let record = try JSONDecoder().decode(
      VariantRecord.self, from: Data(contentsOf: URL(fileURLWithPath: fast.path("psalm117_kal.1x-none.json"))))
    let frames = try #require(record.variant.files.first?.frameCount)
    let other = try JSONDecoder().decode(
      VariantRecord.self, from: Data(contentsOf: URL(fileURLWithPath: best.path("psalm117_kal.1x-none.json"))))
    #expect(other.variant.files.first?.frameCount == frames)
    #expect(
      try Data(contentsOf: fast.url.appendingPathComponent(file))
        != Data(contentsOf: best.url.appendingPathComponent(file)))
  }
}

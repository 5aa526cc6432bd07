import Foundation
import Manifest
import Render
import TestSupport
import Testing

/// `--mp3-quality`: out of range is a usage error; the fastest and the slowest setting both
/// render an MP3 on its loudness target under the true-peak ceiling, of the same length.
@Suite struct MP3QualityRenderTests {
  static func render(_ extra: [String], into folder: TemporaryFolder) throws -> PrepProcess.Result {
    try PrepProcess.run(
      [
        "render", SampleTruth.path("psalm117_kal.wav"), "--text", SampleTruth.path("psalm117.usfm"),
        "--format", "mp3", "--no-stems", "--narrator", "Kal", "--output-dir", folder.url.path, "--quiet",
      ] + extra)
  }

  /// The README states the default from `Defaults` (the help's text is in its snapshot).
  @Test func readmeStatesTheDefault() throws {
    let readme = try String(contentsOf: PrepProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("`--mp3-quality` \(Defaults.mp3Quality) by default"))
  }

  @Test(arguments: ["10", "-1"])
  func outOfRangeIsAUsageError(value: String) throws {
    let folder = try TemporaryFolder("mp3-quality-bad")
    defer { folder.remove() }
    let result = try Self.render(["--mp3-quality=\(value)"], into: folder)
    #expect(result.status == 64)
    #expect(result.stderr.contains("MP3 quality \(value) is outside 0…9"), "\(result.stderr)")
    #expect(folder.contents().isEmpty)
  }

  @Test func onlyForAnMP3Narration() throws {
    let folder = try TemporaryFolder("mp3-quality-output")
    defer { folder.remove() }
    let result = try PrepProcess.run([
      "render", SampleTruth.path("psalm117_kal.wav"), "--rate", "1.5", "--output", folder.path("x.opus"),
      "--loudness", "off", "--mp3-quality", "3",
    ])
    #expect(result.status == 64 && result.stderr.contains("--mp3-quality sets the MP3 encoder"))
    #expect(folder.contents().isEmpty)
  }

  @Test(.enabled(if: FFmpegLoudness.isAvailable, "ffmpeg is not installed"))
  func fastestAndSlowestMeetTheTargets() throws {
    var frames: [Int?] = []
    var bytes: [Data] = []
    for quality in ["9", "0"] {
      let folder = try TemporaryFolder("mp3-quality-\(quality)")
      defer { folder.remove() }
      #expect(try Self.render(["--mp3-quality", quality], into: folder).status == 0)
      let file = folder.path("psalm117_kal.1x-none.mp3")
      let measured = try FFmpegLoudness.measure(file)
      #expect(abs(measured.integratedLUFS - -16) <= 0.5, "q\(quality): \(measured.integratedLUFS) LUFS")
      #expect(measured.truePeakDBTP <= -1.0, "q\(quality): \(measured.truePeakDBTP) dBTP")
      let record = try JSONDecoder().decode(
        VariantRecord.self, from: Data(contentsOf: URL(fileURLWithPath: folder.path("psalm117_kal.1x-none.json"))))
      frames.append(record.variant.files.first?.frameCount)
      bytes.append(try Data(contentsOf: URL(fileURLWithPath: file)))
    }
    #expect(frames[0] != nil && frames[0] == frames[1])
    #expect(bytes[0] != bytes[1])
  }
}

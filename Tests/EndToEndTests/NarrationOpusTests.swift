import Foundation
import TestSupport
import Testing

/// `prep render AUDIO --rate R --output x.opus --loudness off` writes its Opus file through the
/// variants' writer: what opusinfo and ffprobe read in a variant's .opus (libopus, 312 pre-skip,
/// 20 ms packets, the given tags, one chapter per verse at the stretched times, the frames the
/// stretch made, the complexity option) is in the narration's too.
@Suite(.enabled(if: OpusFileChecks.hasTools, "opus-tools or ffmpeg is not installed"))
struct NarrationOpusTests {
  static let tags = ["--title", "Psalm 117 — Lobt", "--artist", "Kal Ä", "--album", "Psalms"]

  /// The labels of psalm117_kal (prep align), the variant at 1.5× and the narration at 1.5×.
  static func renderBoth(
    in folder: TemporaryFolder, narrationExtra: [String] = []
  ) throws -> (
    variant: String, narration: String, labels: String, report: String
  ) {
    let audio = SampleTruth.path("psalm117_kal.wav")
    let text = SampleTruth.path("psalm117.usfm")
    let labels = folder.path("labels.txt")
    let align = try PrepProcess.run(["align", audio, "--text", text, "--labels", labels, "--quiet"])
    #expect(align.status == 0, "\(align.stderr)")
    try FileManager.default.createDirectory(atPath: folder.path("v"), withIntermediateDirectories: true)
    let variant = try PrepProcess.run(
      [
        "render", audio, "--text", text, "--rate", "1.5", "--format", "opus", "--no-stems", "--opus-complexity", "5",
        "--output-dir", folder.path("v"), "--quiet",
      ] + tags)
    #expect(variant.status == 0, "\(variant.stderr)")
    let narration = try PrepProcess.run(
      [
        "render", audio, "--rate", "1.5", "--output", folder.path("narration.opus"), "--loudness", "off", "--labels",
        labels, "--labels-out", folder.path("narration.txt"),
      ] + tags + narrationExtra)
    #expect(narration.status == 0, "\(narration.stderr)")
    return (folder.path("v/psalm117_kal.1.5x-none.opus"), folder.path("narration.opus"), labels, narration.stderr)
  }

  @Test func carriesWhatTheVariantCarries() throws {
    let folder = try TemporaryFolder("narration-opus")
    defer { folder.remove() }
    let (variantPath, narrationPath, _, report) = try Self.renderBoth(
      in: folder, narrationExtra: ["--opus-complexity", "5"])
    let variant = try OpusFileChecks.read(variantPath)
    let narration = try OpusFileChecks.read(narrationPath)
    for file in [variant, narration] {
      #expect(file.info.contains("Encoded with libopus") && file.info.contains("Pre-skip: 312"))
      #expect(file.info.contains("Packet duration:   20.0ms (max),   20.0ms (avg),   20.0ms (min)"))
      #expect(!file.info.contains("WARNING") && !file.info.contains("ERROR"))
      #expect(file.probe.tags["title"] == "Psalm 117 — Lobt" && file.probe.tags["artist"] == "Kal Ä")
      #expect(file.probe.tags["album"] == "Psalms")
    }
    // One chapter per label (the heading and each verse), at the labels' stretched times; the
    // verses start where the variant's chapters (one per verse) start.
    let mapped = try String(contentsOfFile: folder.path("narration.txt"), encoding: .utf8)
      .split(separator: "\n").map { $0.split(separator: "\t") }
    #expect(narration.probe.chapters.map(\.title) == mapped.map { String($0[2]) })
    let starts = narration.probe.chapters.map { Int(($0.startSeconds * 1_000).rounded()) }
    #expect(starts == mapped.map { Int((Double($0[0])! * 1_000).rounded()) })
    let verseStarts = zip(narration.probe.chapters, starts).filter { $0.0.title != "h" }.map(\.1)
    let variantStarts = variant.probe.chapters.map { Int(($0.startSeconds * 1_000).rounded()) }
    #expect(verseStarts.count == variantStarts.count && variantStarts.count == 2)
    for (a, b) in zip(verseStarts, variantStarts) { #expect(abs(a - b) <= 1, "\(verseStarts) \(variantStarts)") }
    // Exactly the stretched frames (22.05 kHz in, decoded at 48 kHz); the report on stderr:
    // `AUDIO: N frames at 1.5× → M frames → OUT`.
    let frames = try #require(
      report.split(separator: "→").dropFirst().first.flatMap { Int($0.split(separator: " ")[0]) })
    #expect(try OpusFileChecks.decodedFrames(narrationPath) == Int((Double(frames) * 48_000 / 22_050).rounded()))
  }

  /// The complexity option reaches the narration's encoder; without it the default is used.
  @Test func complexityOptionIsUsed() throws {
    let folder = try TemporaryFolder("narration-opus-complexity")
    defer { folder.remove() }
    let audio = SampleTruth.path("psalm117_kal.wav")
    var bytes: [Data] = []
    for extra in [[], ["--opus-complexity", "0"], ["--opus-complexity", "0"]] {
      let out = folder.path("n\(bytes.count).opus")
      let result = try PrepProcess.run(
        ["render", audio, "--rate", "1.25", "--output", out, "--loudness", "off", "--quiet"] + extra)
      #expect(result.status == 0, "\(result.stderr)")
      bytes.append(try Data(contentsOf: URL(fileURLWithPath: out)))
    }
    #expect(bytes[0] != bytes[1] && bytes[1] == bytes[2])
    let wav = try PrepProcess.run([
      "render", audio, "--rate", "1.25", "--output", folder.path("x.wav"), "--loudness", "off", "--opus-complexity",
      "3",
    ])
    #expect(wav.status == 64 && wav.stderr.contains("is not .opus"), "\(wav.stderr)")
    #expect(!folder.contents().contains("x.wav"))
  }
}

/// opusinfo's report and ffprobe's tags and chapters of one Opus file.
enum OpusFileChecks {
  static let hasTools = PrepProcess.has("opusinfo") && PrepProcess.has("ffprobe") && PrepProcess.has("ffmpeg")

  static func read(_ path: String) throws -> (info: String, probe: ProbeResult) {
    let info = try PrepProcess.runTool("opusinfo", [path])
    #expect(info.status == 0, "\(info.stdout)\(info.stderr)")
    return (info.stdout, try ProbeResult.probe(path))
  }

  /// Frames (mono) ffmpeg decodes; its own decoder applies pre-skip and the end trim.
  static func decodedFrames(_ path: String) throws -> Int {
    let raw = path + ".f32"
    defer { try? FileManager.default.removeItem(atPath: raw) }
    let result = try PrepProcess.runTool("ffmpeg", ["-v", "error", "-i", path, "-ac", "1", "-f", "f32le", raw])
    #expect(result.status == 0, "\(result.stderr)")
    return ((try FileManager.default.attributesOfItem(atPath: raw)[.size] as? Int) ?? 0) / 4
  }
}

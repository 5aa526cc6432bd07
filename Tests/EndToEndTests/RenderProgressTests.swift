import Foundation
import Testing
import TestSupport

/// `prep render --progress`: JSON events for dashboards, plain lines in a pipe.
@Suite struct RenderProgressTests {
  static func render(_ progress: [String]) throws -> (folder: TemporaryFolder, stderr: String) {
    let folder = try TemporaryFolder("render-progress")
    let result = try PrepProcess.run(
      ["render", SampleTruth.path("psalm117_kal.wav"), "--text", SampleTruth.path("psalm117.usfm"),
       "--rate", "1,1.5", "--format", "mp3", "--no-stems", "--output-dir", folder.url.path] + progress)
    guard result.status == 0 else {
      folder.remove()
      throw MeasureError(description: "prep render failed: \(result.stderr)")
    }
    return (folder, result.stderr)
  }

  /// One JSON object per line and nothing else on stderr: the alignment, then one event per
  /// render step (the stretch of each rate, the encode of each file, the commit, the end) with
  /// the share done, which never falls and reaches 100 %, and the summary.
  @Test func jsonGivesOneEventPerStep() throws {
    let (folder, stderr) = try Self.render(["--progress", "json"])
    defer { folder.remove() }
    let lines = stderr.split(separator: "\n").map(String.init)
    let events = try lines.map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
    }
    let stages = events.compactMap { $0["stage"] as? String }
    #expect(stages.count == events.count)
    #expect(stages.filter { $0 == "stretch" }.count == 2)
    #expect(stages.filter { $0 == "encode" }.count == 2)
    #expect(stages.first == "align")
    #expect(stages.suffix(3) == ["commit", "done", "summary"])
    let encodes = events.filter { $0["stage"] as? String == "encode" }
    #expect(Set(encodes.compactMap { $0["variant"] as? String }) == ["1x-none", "1.5x-none"])
    #expect(encodes.allSatisfy { ($0["format"] as? String)?.hasPrefix("mp3") == true })
    let percents = events.compactMap { $0["percent"] as? Double }
    #expect(percents.count == events.count - 2)
    #expect(zip(percents, percents.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(percents.last == 100)
  }

  /// In a pipe (the test's capture is a file) `auto` writes plain lines: no carriage returns or
  /// terminal codes, one line per step and the closing summary.
  @Test func autoInAPipeWritesPlainLines() throws {
    let (folder, stderr) = try Self.render([])
    defer { folder.remove() }
    #expect(!stderr.contains("\r") && !stderr.contains("\u{1B}"))
    let lines = stderr.split(separator: "\n")
    #expect(lines.contains { $0.contains("encoding psalm117_kal.1.5x-none.mp3") })
    #expect(lines.last?.hasPrefix("2 variants") == true)
  }
}

import AudioIO
import DSP
import Foundation
import Pipeline
import TestSupport
import Testing

/// `prep render --ingest --align` (the Makefile flow) and `prep render AUDIO --text` agree.
@Suite struct RenderModesTests {
  @Test func recordsAndRawFilesGiveTheSameBytes() throws {
    let folder = try TemporaryFolder("render-modes")
    defer { folder.remove() }
    let audio = SampleTruth.path("psalm117_kal.wav")
    let text = SampleTruth.path("psalm117.usfm")
    for (name, arguments) in [
      ("ingest", ["ingest", audio, "--text", text, "--output", folder.path("r.ingest.json"), "--quiet"]),
      (
        "align",
        [
          "align", "--record", folder.path("r.ingest.json"), "--labels", folder.path("r.labels.txt"),
          "--json", folder.path("r.align.json"), "--quiet",
        ]
      ),
    ] {
      let result = try PrepProcess.run(arguments)
      try #require(result.status == 0, "\(name): \(result.stderr)")
    }
    var outputs: [[String: Data]] = []
    for (index, input) in [
      ["--ingest", folder.path("r.ingest.json"), "--align", folder.path("r.align.json")], [audio, "--text", text],
    ].enumerated() {
      let out = folder.path("out\(index)")
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
      let result = try PrepProcess.run(["render"] + input + ["--format", "mp3", "--output-dir", out, "--quiet"])
      try #require(result.status == 0, "\(result.stderr)")
      var files: [String: Data] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: out) {
        files[name] = try Data(contentsOf: URL(fileURLWithPath: out + "/" + name))
      }
      outputs.append(files)
    }
    #expect(outputs[0].keys.sorted() == outputs[1].keys.sorted())
    #expect(outputs[0].keys.contains("psalm117_kal.1x-none.json"))
    for (name, data) in outputs[0] { #expect(outputs[1][name] == data, "\(name) differs between the two modes") }
  }

  @Test func recordsGoTogether() throws {
    let folder = try TemporaryFolder("render-modes-bad")
    defer { folder.remove() }
    let result = try PrepProcess.run(["render", "--ingest", folder.path("x.json"), "--output-dir", folder.url.path])
    #expect(result.status != 0)
    #expect(result.stderr.contains("--ingest and --align go together"))
  }

  /// Opus is written at 48 kHz whatever the narration's rate (here 44.1 kHz), and its chapters
  /// stay where the verses are.
  @Test func opusOf44kNarrationIs48k() throws {
    let folder = try TemporaryFolder("render-44k")
    defer { folder.remove() }
    var job = try RenderPipelineTests.job(folder: folder.url.path, beds: [])
    job.narration = NarrationAudio(Resampler.resample(try #require(job.narration.buffer), to: 44_100))
    job.timings = job.timings.mapped { $0 * 2 }
    job.timings.sampleRate = 44_100
    job.plan.formats = ["opus"]
    let record = try #require(try FullRender.run(job).first)
    let opus = try #require(record.variant.files.first)
    #expect(record.variant.sampleRate == 44_100)
    #expect(opus.sampleRate == 48_000 && opus.frameCount == record.variant.frameCount * 48_000 / 44_100)
    let decoded = try AudioDecoder.readAll(folder.path(opus.file))
    #expect(decoded.sampleRate == 48_000 && decoded.frameCount == opus.frameCount)
    if PrepProcess.has("ffprobe") {
      let probe = try ProbeResult.probe(folder.path(opus.file))
      #expect(probe.chapters.count == 2)
      #expect(
        abs((probe.chapters.first?.startSeconds ?? 0) * 1000 - Double(record.variant.timings[0].startMilliseconds)) <= 1
      )
    }
  }
}

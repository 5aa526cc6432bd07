import AudioIO
import DSP
import Foundation
import Manifest
import Pipeline
import TestSupport
import Testing

/// `prep render --loudness off` as a library call: files in, stretched file and labels out.
@Suite struct StretchPipelineTests {
  static func folder() -> String {
    let path = NSTemporaryDirectory() + "prep-stretch-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  static func write(_ buffer: AudioBuffer, to path: String, format: EncodedFormat = .wav(.int16)) throws {
    let writer = try SoundFileWriter(
      path: path, format: format, sampleRate: buffer.sampleRate, channelCount: buffer.channelCount)
    try writer.write(buffer)
    try writer.finish()
  }

  @Test(arguments: [0.75, 1.5, 2.0])
  func writesTheStretchedNarrationAndItsLabels(speed: Double) throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (audio, spans) = Signals.bursts(
      lengths: [20_000, 30_000, 25_000], gaps: [22_050, 30_000], lead: 10_000, tail: 10_000, hz: 190,
      sampleRate: 48_000, channelCount: 2)
    try Self.write(audio, to: folder + "/in.wav")
    let labels = spans.enumerated().map { "\(Double($1.start) / 48_000)\t\(Double($1.end) / 48_000)\t\($0 + 1)\n" }
    try labels.joined().write(toFile: folder + "/in.txt", atomically: true, encoding: .utf8)

    let result = try Stretch.run(
      .init(
        audioPath: folder + "/in.wav", outputPath: folder + "/out.wav", speed: speed,
        labelsPath: folder + "/in.txt", labelsOutputPath: folder + "/out.txt"))

    var written = try AudioDecoder.open(folder + "/out.wav")
    let output = try written.readAll()
    #expect(written.formatName == "wav/pcm16")
    #expect(output.sampleRate == 48_000 && output.channelCount == 2)
    #expect(output.frameCount == Int((Double(audio.frameCount) / speed).rounded()))
    #expect(result.outputFrames == output.frameCount)
    let lines = try String(contentsOfFile: folder + "/out.txt", encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 3)
    for (line, span) in zip(lines, spans) {
      let fields = line.split(separator: "\t")
      let start = FrameTime.frames(seconds: Double(fields[0])!, sampleRate: 48_000)
      #expect(start == result.timeMap.outputFrame(forInput: span.start))
      // The burst is heard within 0.25 ms of its label (its 2 ms fade-in starts at zero).
      let heard = output.firstSound(from: start - 4_800)
      #expect(heard.map { abs($0 - start) <= 12 + 96 } == true)
    }
  }

  @Test func refusesAFormatThatCannotHoldTheRecordingsRate() throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // MP3 holds at most 48 kHz (Opus takes any rate: its writer resamples, NarrationOpusTests).
    try Self.write(Signals.sine(hz: 220, frames: 9_600, sampleRate: 96_000), to: folder + "/in.wav")
    let result = try PrepProcess.run([
      "render", folder + "/in.wav", "--rate", "1.5", "--output", folder + "/out.mp3", "--loudness", "off",
    ])
    #expect(result.status != 0)
    let message = result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(message.split(separator: "\n").count == 1, "\(message)")
    #expect(message.contains(folder + "/out.mp3") && message.contains("96000 Hz") && message.contains("--output-dir"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["in.wav"])
  }

  @Test func refusesAnIngestRecordOfAnotherVersion() throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Self.write(Signals.sine(hz: 220, frames: 4_410), to: folder + "/in.wav")
    var record = try JSONOutput.read(IngestRecord.self, from: try Self.ingest(folder + "/in.wav", in: folder))
    record.schemaVersion = IngestRecord.currentVersion + 1
    try JSONOutput.write(record, to: folder + "/old.json")
    #expect(
      throws: RecordError.wrongVersion(
        file: folder + "/old.json", found: IngestRecord.currentVersion + 1, expected: IngestRecord.currentVersion)
    ) {
      try Stretch.run(
        .init(
          audioPath: folder + "/in.wav", outputPath: folder + "/out.wav", speed: 1.5,
          ingestRecordPath: folder + "/old.json"))
    }
    #expect(!FileManager.default.fileExists(atPath: folder + "/out.wav"))
  }

  /// `prep ingest` of `audio` into `folder`; the record's path.
  static func ingest(_ audio: String, in folder: String) throws -> String {
    let result = try PrepProcess.run(["ingest", audio, "--output", folder + "/record.json", "--quiet"])
    #expect(result.status == 0, "\(result.stderr)")
    return folder + "/record.json"
  }

  @Test func rejectsLabelsThatAreNotLabels() throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Self.write(Signals.sine(hz: 220, frames: 4_410), to: folder + "/in.wav")
    try "0.5\tnot a time\tv1\n".write(toFile: folder + "/bad.txt", atomically: true, encoding: .utf8)
    #expect(throws: StretchError.badLabel(path: folder + "/bad.txt", line: 1)) {
      try Stretch.run(
        .init(
          audioPath: folder + "/in.wav", outputPath: folder + "/out.wav", speed: 1.5,
          labelsPath: folder + "/bad.txt", labelsOutputPath: folder + "/out.txt"))
    }
    #expect(!FileManager.default.fileExists(atPath: folder + "/out.wav"))
  }
}

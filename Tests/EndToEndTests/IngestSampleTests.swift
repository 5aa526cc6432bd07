import AudioIO
import DSP
import Foundation
import Manifest
import TestSupport
import Testing

/// `prep ingest` on the committed samples, against their ground truth.
@Suite struct IngestSampleTests {
  static let recordings = [
    ("psalm23_slt.flac", "psalm23.usfm"), ("psalm23_espeak.mp3", "psalm23.usfm"),
    ("john1_slt.mp3", "john1.usfm"), ("psalm117_kal.wav", "psalm117.txt"),
  ]

  /// Length is exact (MP3 included), sound starts and ends where the truth says
  /// (within two 10 ms hops: the truth marks speech at 45 dB under each phrase's
  /// peak, ingest at 10 dB over the room tone), and two runs give identical bytes.
  @Test(arguments: recordings)
  func recordMatchesTruth(audio: String, text: String) throws {
    let folder = try TemporaryFolder("ingest-sample")
    defer { folder.remove() }
    let base = (audio as NSString).deletingPathExtension
    let truth = try SampleTruth.load(base)
    var outputs: [Data] = []
    for run in 0..<2 {
      let out = folder.path("record\(run).json")
      let result = try PrepProcess.run([
        "ingest", SampleTruth.path(audio), "--text", SampleTruth.path(text), "--output", out,
        "--quiet",
      ])
      #expect(result.status == 0, "\(result.stderr)")
      outputs.append(try Data(contentsOf: URL(fileURLWithPath: out)))
    }
    #expect(outputs[0] == outputs[1], "ingest is not deterministic")
    let record = try JSONDecoder().decode(IngestRecord.self, from: outputs[0])
    #expect(record.audio.sampleRate == truth.sample_rate)
    #expect(record.audio.frameCount == truth.frames)
    // One hop more for MP3: low-bitrate coding rings on ~20 ms past the last sample.
    let hop = truth.sample_rate / 100 * (audio.hasSuffix(".mp3") ? 3 : 2)
    let firstSound = truth.heading?.onset_frame ?? truth.verses[0].onset_frame
    let lastSound = truth.verses[truth.verses.count - 1].offset_frame
    #expect(abs(record.levels.leadingSilenceFrames - firstSound) <= hop)
    #expect(abs(record.audio.frameCount - record.levels.trailingSilenceFrames - lastSound) <= hop)
    #expect(abs(record.levels.noiseFloorDBFS - -61) < 3)  // generated at about −60.5 dBFS RMS
    #expect(record.warnings.isEmpty)
  }
}

/// Usable but suspicious input is reported, not refused.
@Suite struct IngestWarningTests {
  func ingest(_ buffer: AudioBuffer, text: String) throws -> (PrepProcess.Result, String) {
    let folder = try TemporaryFolder("ingest-warn")
    defer { folder.remove() }
    let audio = folder.path("take.wav")
    let writer = try SoundFileWriter(
      path: audio, format: .wav(.float32), sampleRate: buffer.sampleRate,
      channelCount: buffer.channelCount)
    try writer.write(buffer)
    try writer.finish()
    try text.write(toFile: folder.path("t.txt"), atomically: true, encoding: .utf8)
    let out = folder.path("r.json")
    let result = try PrepProcess.run(["ingest", audio, "--text", folder.path("t.txt"), "-o", out])
    let record = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
    return (result, record)
  }

  @Test func clippingIsWarned() throws {
    let (result, record) = try ingest(
      Signals.sine(hz: 220, frames: 44_100 * 2, amplitude: 1.5), text: "1\tA short verse here.\n")
    #expect(result.status == 0)
    #expect(result.stderr.contains("warning:") && result.stderr.contains("clipped"))
    #expect(record.contains("clipped"))
  }

  @Test func veryLowLevelIsWarned() throws {
    let (result, _) = try ingest(
      Signals.sine(hz: 220, frames: 44_100 * 2, amplitude: 0.003), text: "1\tA short verse.\n")
    #expect(result.status == 0)
    #expect(result.stderr.contains("very low level"))
  }

  /// Two seconds of sound cannot be a reading of a thousand characters.
  @Test func textFarTooLongIsWarned() throws {
    let verses = (1...20).map { "\($0)\t" + String(repeating: "And it was so. ", count: 4) }
    let (result, _) = try ingest(
      Signals.sine(hz: 220, frames: 44_100 * 2, amplitude: 0.3),
      text: verses.joined(separator: "\n"))
    #expect(result.status == 0)
    #expect(result.stderr.contains("same chapter"))
  }
}

import AudioIO
import DSP
import Foundation
import TestSupport
import Testing

/// Bad input gets one clear sentence naming the file, a non-zero exit, and
/// nothing half-written in the output folder.
@Suite struct IngestBadInputTests {
  let folder: TemporaryFolder
  let text: String

  init() throws {
    folder = try TemporaryFolder("ingest-bad")
    text = folder.path("verses.txt")
    try "1\tThe LORD is my shepherd: I shall lack nothing.\n".write(
      toFile: text, atomically: true, encoding: .utf8)
  }

  func writeAudio(
    _ name: String, _ buffer: AudioBuffer, format: EncodedFormat = .wav(.int16)
  )
    throws -> String
  {
    let path = folder.path(name)
    try EncodedFileWriter.write(
      path: path, format: format, sampleRate: buffer.sampleRate, channelCount: buffer.channelCount,
      opusComplexity: 10, mp3Quality: 3
    ) { try $0.write(buffer) }
    return path
  }

  /// Runs ingest into a fresh output folder and checks the failure contract.
  func expectFailure(_ audio: String, mentions words: [String], output: String? = nil) throws {
    let outFolder = try TemporaryFolder("ingest-out")
    defer { outFolder.remove() }
    let target = output ?? outFolder.path("record.json")
    let result = try PrepProcess.run(["ingest", audio, "--text", text, "--output", target])
    #expect(result.status != 0)
    let message = result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(message.components(separatedBy: "\n").count == 1, "one sentence, got: \(message)")
    #expect(message.contains(URL(fileURLWithPath: audio).lastPathComponent) || output != nil)
    for word in words { #expect(message.contains(word), "\(message) should mention \(word)") }
    #expect(outFolder.contents().isEmpty, "left behind: \(outFolder.contents())")
  }

  var speech: AudioBuffer { Signals.sine(hz: 220, frames: 44_100 * 2, amplitude: 0.3) }

  @Test func missingFile() throws {
    try expectFailure(folder.path("nowhere.wav"), mentions: ["no such file"])
  }

  @Test func zeroLengthFile() throws {
    let path = folder.path("zero.wav")
    FileManager.default.createFile(atPath: path, contents: Data())
    try expectFailure(path, mentions: ["empty"])
  }

  @Test func textRenamedWav() throws {
    let path = folder.path("notes.wav")
    try "These are my notes, not audio.\n".write(toFile: path, atomically: true, encoding: .utf8)
    try expectFailure(path, mentions: ["not a recognised audio file"])
  }

  @Test func truncatedWav() throws {
    let path = try writeAudio("cut.wav", speech)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
    try expectFailure(path, mentions: ["truncated", "88200 frames"])
  }

  @Test func mp3WithGarbageInTheMiddle() throws {
    let path = try writeAudio("garbled.mp3", speech, format: .mp3(.constant(kbps: 64)))
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    var rng = SplitMix64(seed: 9)
    for i in (bytes.count / 2)..<(bytes.count / 2 + 2_000) { bytes[i] = UInt8(rng.next() & 0xFF) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    try expectFailure(path, mentions: ["damaged"])
  }

  @Test func silenceOnly() throws {
    let path = try writeAudio("silence.wav", Signals.silence(frames: 44_100))
    try expectFailure(path, mentions: ["silence"])
  }

  @Test func nanAndInfinity() throws {
    var buffer = speech
    buffer.samples[100] = .nan
    buffer.samples[200] = .infinity
    let path = try writeAudio("nan.wav", buffer, format: .wav(.float32))
    try expectFailure(path, mentions: ["NaN or infinite", "2 samples"])
  }

  @Test func eightChannels() throws {
    let path = try writeAudio("octo.wav", ChannelMix.convert(speech, to: 8))
    try expectFailure(path, mentions: ["8 channels"])
  }

  @Test func eightKilohertz() throws {
    let path = try writeAudio("phone.wav", Signals.sine(hz: 220, frames: 16_000, sampleRate: 8_000))
    try expectFailure(path, mentions: ["8000 Hz"])
  }

  @Test func outputFolderNotWritable() throws {
    let audio = try writeAudio("fine.wav", speech)
    // /proc refuses new files even to root; a missing folder is the other common mistake.
    try expectFailure(audio, mentions: ["not writable"], output: "/proc/prep-record.json")
    try expectFailure(audio, mentions: ["does not exist"], output: folder.path("no/such/dir/r.json"))
  }

  /// 192 kHz is accepted (render resamples); the record says so.
  @Test func highRateIsAccepted() throws {
    let path = try writeAudio("hires.wav", Signals.sine(hz: 220, frames: 192_000 * 2, sampleRate: 192_000))
    let out = folder.path("hires.json")
    let result = try PrepProcess.run(["ingest", path, "--text", text, "--output", out, "--quiet"])
    #expect(result.status == 0, "\(result.stderr)")
    let record = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out)))
    let audio = (record as? [String: Any])?["audio"] as? [String: Any]
    #expect(audio?["sampleRate"] as? Int == 192_000)
    #expect(audio?["frameCount"] as? Int == 384_000)
  }
}

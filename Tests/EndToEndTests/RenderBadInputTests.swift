import AudioIO
import DSP
import Foundation
import TestSupport
import Testing

/// Bad render input: one line on stderr naming the problem (with --quiet: no progress lines
/// around it), a non-zero exit, and nothing (not even a temporary file) left in the output folder.
@Suite struct RenderBadInputTests {
  let inputs: TemporaryFolder

  init() throws { inputs = try TemporaryFolder("render-bad-in") }

  /// Runs `prep render` on Psalm 117 with `extra` arguments into a fresh folder and checks the contract.
  /// Usage errors (`status` 64) carry ArgumentParser's usage lines after the sentence.
  func expectFailure(_ extra: [String], mentions words: [String], status: Int32 = 1) throws {
    let out = try TemporaryFolder("render-bad-out")
    defer { out.remove() }
    let result = try PrepProcess.run(
      ["render", SampleTruth.path("psalm117_kal.wav"), "--text", SampleTruth.path("psalm117.usfm"), "--output-dir", out.url.path,
       "--quiet"] + extra)
    #expect(result.status == status)
    let lines = result.stderr.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n")
    if status == 1 { #expect(lines.count == 1, "one line, got: \(lines)") }
    let message = String(lines.first ?? "")
    for word in words { #expect(message.contains(word), "\(message) should mention \(word)") }
    #expect(out.contents().isEmpty, "left behind: \(out.contents())")
  }

  func writeBed(_ name: String, seconds: Double) throws -> String {
    let path = inputs.path(name)
    let writer = try SoundFileWriter(path: path, format: .wav(.int16), sampleRate: 44_100, channelCount: 2)
    try writer.write(Signals.sine(hz: 220, frames: Int(seconds * 44_100), channelCount: 2, amplitude: 0.2))
    try writer.finish()
    return path
  }

  @Test func bedShorterThanTheLoopCrossfade() throws {
    let bed = try writeBed("short.wav", seconds: 1)
    try expectFailure(["--bed", bed], mentions: ["short.wav", "crossfade"])
  }

  @Test func unreadableBed() throws {
    let bed = inputs.path("notes.flac")
    try "not music".write(toFile: bed, atomically: true, encoding: .utf8)
    try expectFailure(["--bed", bed], mentions: ["notes.flac", "cannot read the music bed"])
  }

  @Test func missingBed() throws {
    try expectFailure(["--bed", inputs.path("nowhere.flac")], mentions: ["nowhere.flac", "no such file"])
  }

  @Test func unknownFormat() throws {
    try expectFailure(["--format", "mp3,aac"], mentions: ["unknown format \"aac\""], status: 64)
  }

  @Test func twoFormatsForOneFileType() throws {
    try expectFailure(["--format", "mp3,opus-16,opus-32"], mentions: ["\"opus-16\"", "\"opus-32\"", ".opus"], status: 64)
  }

  @Test(arguments: ["-45", "-4", "0"])
  func loudnessTargetOutOfRange(lufs: String) throws {
    try expectFailure(["--loudness=\(lufs)"], mentions: ["outside −40…−5 LUFS"], status: 64)
  }

  @Test func rateOutOfRange() throws {
    try expectFailure(["--rate", "1,3.5"], mentions: ["--rate 3.5", "0.5"], status: 64)
  }

  @Test func missingOutputFolder() throws {
    let result = try PrepProcess.run(
      ["render", SampleTruth.path("psalm117_kal.wav"), "--text", SampleTruth.path("psalm117.usfm"),
       "--output-dir", inputs.path("no/such/folder")])
    #expect(result.status != 0)
    #expect(result.stderr.contains("does not exist"))
  }
}

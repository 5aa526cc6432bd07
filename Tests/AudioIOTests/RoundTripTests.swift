import AudioIO
import DSP
import Foundation
import TestSupport
import Testing

/// Write → read round trips for every format prep writes (through `EncodedFileWriter`).
@Suite struct RoundTripTests {
  static let lossless: [EncodedFormat] = [
    .wav(.int16), .wav(.int24), .wav(.float32), .flac(.int16), .flac(.int24),
  ]
  static let lossy: [EncodedFormat] = [
    .mp3(.constant(kbps: 128)), .mp3(.variable(quality: 4)), .opus(kbpsPerChannel: 64),
    .vorbis(quality: 0.5),
  ]

  static func write(
    _ buffer: AudioBuffer, as format: EncodedFormat, in folder: TemporaryFolder
  )
    throws -> String
  {
    let path = folder.path("tone.\(format.fileExtension)")
    let writer = try EncodedFileWriter(
      path: path, format: format, sampleRate: buffer.sampleRate, channelCount: buffer.channelCount, opusComplexity: 10,
      mp3Quality: 3)
    var start = 0
    while start < buffer.frameCount {
      let end = min(start + 10_000, buffer.frameCount)
      try writer.write(buffer.frames(start..<end))
      start = end
    }
    try writer.finish()
    return path
  }

  static func read(_ path: String, chunk: Int = 4_096) throws -> AudioBuffer {
    var reader = try AudioDecoder.open(path)
    return try reader.readAll(chunkFrames: chunk)
  }

  @Test(arguments: lossless, [1, 2])
  func losslessIsExact(format: EncodedFormat, channels: Int) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let tone = Signals.sine(hz: 441, frames: 44_100 + 37, channelCount: channels, amplitude: 0.5)
    let back = try Self.read(try Self.write(tone, as: format, in: folder))
    #expect(back.frameCount == tone.frameCount)
    #expect(back.channelCount == channels)
    let step: Float = format == .wav(.int16) || format == .flac(.int16) ? 1.0 / 32_768 : 1.0 / 8_388_608
    let worst = zip(back.samples, tone.samples).map { abs($0 - $1) }.max() ?? 1
    #expect(worst <= step)
  }

  /// Lossy formats keep the exact length (MP3 through its LAME info frame, Opus and
  /// Vorbis through the granule position) and the signal's level.
  @Test(arguments: lossy, [1, 2])
  func lossyKeepsLengthAndLevel(format: EncodedFormat, channels: Int) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let rate = format.outputSampleRate(for: 44_100)
    let tone = Signals.sine(
      hz: 441, frames: rate * 2 + 123, sampleRate: rate, channelCount: channels, amplitude: 0.5)
    let path = try Self.write(tone, as: format, in: folder)
    let back = try Self.read(path)
    #expect(back.frameCount == tone.frameCount)
    #expect(back.sampleRate == rate)
    let middle = back.frames(rate / 2..<(rate * 3 / 2))
    #expect(abs(Signals.rms(middle) - Float(0.5 / 2.0.squareRoot())) < 0.02)
  }

  @Test(arguments: [1, 7, 1_024, 1 << 20])
  func readingIsChunkIndependent(chunk: Int) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let noise = Signals.noise(seed: 7, frames: 20_000, channelCount: 2)
    for format in [EncodedFormat.flac(.int24), .mp3(.constant(kbps: 96))] {
      let path = try Self.write(noise, as: format, in: folder)
      let whole = try Self.read(path, chunk: 1 << 20)
      let chunked = try Self.read(path, chunk: chunk)
      #expect(chunked == whole, "\(format) read in chunks of \(chunk)")
    }
  }

  /// `lame` is in the Makefile's TEST_DEBS; without it the test is reported as skipped, not passed.
  @Test(.enabled(if: PrepProcess.has("lame"), "lame is not installed (make test-deps installs it)"))
  func mp3WithoutInfoFrameHasExactLengthViaScan() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let tone = Signals.sine(hz: 441, frames: 30_000, amplitude: 0.3)
    let wav = try Self.write(tone, as: .wav(.int16), in: folder)
    let mp3 = folder.path("notag.mp3")
    // -t: no LAME/Xing info frame, so the length must come from scanning the frames.
    let result = try PrepProcess.runTool("lame", ["--quiet", "-t", "-b", "64", wav, mp3])
    #expect(result.status == 0)
    let back = try Self.read(mp3)
    // Without the info frame the encoder delay/padding are unknown: the stream is
    // whole MPEG frames of 1152, and mpg123 reports exactly what it decodes.
    #expect(back.frameCount >= tone.frameCount)
    #expect(back.frameCount % 1_152 == 0 || back.frameCount - tone.frameCount < 2 * 1_152 + 529)
    let reader = try AudioDecoder.open(mp3)
    #expect(reader.frameCount == back.frameCount)
  }

  @Test func sameInputGivesIdenticalBytes() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let noise = Signals.noise(seed: 3, frames: 48_000, sampleRate: 48_000, channelCount: 2)
    for format in [
      EncodedFormat.opus(kbpsPerChannel: 48), .vorbis(quality: 0.4), .mp3(.constant(kbps: 128)), .flac(.int16),
    ] {
      let first = try Data(contentsOf: URL(fileURLWithPath: try Self.write(noise, as: format, in: folder)))
      let second = try Data(contentsOf: URL(fileURLWithPath: try Self.write(noise, as: format, in: folder)))
      #expect(first == second, "\(format) output differs between two identical runs")
    }
  }

  @Test func formatNamesParse() {
    #expect(EncodedFormat(name: "mp3") == .mp3(.constant(kbps: 128)))
    #expect(EncodedFormat(name: "mp3-cbr-96") == .mp3(.constant(kbps: 96)))
    #expect(EncodedFormat(name: "mp3-vbr") == .mp3(.variable(quality: 4)))
    #expect(EncodedFormat(name: "opus") == .opus(kbpsPerChannel: 48))
    #expect(EncodedFormat(name: "flac24") == .flac(.int24))
    #expect(EncodedFormat(name: "aiff") == nil)
    #expect(EncodedFormat(name: "mp3-cbr-999") == nil)
    #expect(EncodedFormat.opus(kbpsPerChannel: 48).outputSampleRate(for: 44_100) == 48_000)
  }
}

/// Integer WAV depths prep reads but does not write (made with sox).
@Suite struct ForeignWAVTests {
  @Test(arguments: [8, 16, 24, 32])
  func readsIntegerDepths(bits: Int) throws {
    guard PrepProcess.has("sox") else { return }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("tone\(bits).wav")
    let made = try PrepProcess.runTool(
      "sox",
      [
        "-n", "-r", "48000", "-c", "2", "-b", "\(bits)", "-e", "signed-integer", path,
        "synth", "0.5", "sine", "1000", "vol", "0.5",
      ])
    #expect(made.status == 0, "\(made.stderr)")
    var reader = try AudioDecoder.open(path)
    let audio = try reader.readAll()
    #expect(audio.frameCount == 24_000 && audio.channelCount == 2)
    #expect(abs(Signals.rms(audio) - Float(0.5 / 2.0.squareRoot())) < 0.01)
  }
}

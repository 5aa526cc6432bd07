import AudioIO
import CSndfile
import DSP
import Foundation
import TestSupport
import Testing

/// The MP3 writer on LAME: at LAME's default quality the bytes of libsndfile's MP3 encoder (the
/// reference it replaced), gapless at every quality, the ID3 tag in front, settings checked.
@Suite struct MP3FileWriterTests {
  static func encode(
    _ audio: AudioBuffer, to path: String, mode: EncodedFormat.MP3Mode = .constant(kbps: 128), quality: Int,
    block: Int = 4_096, id3Tag: [UInt8]? = nil
  ) throws -> [UInt8] {
    let writer = try MP3FileWriter(
      path: path, sampleRate: audio.sampleRate, channelCount: audio.channelCount, mode: mode, quality: quality)
    try audio.forEachChunk(of: block) { try writer.write($0) }
    writer.id3Tag = id3Tag
    try writer.finish()
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// Speech-like material at `sampleRate`: noise under a tone switched every 100 ms.
  static func material(sampleRate: Int, channels: Int, seconds: Int = 3) -> AudioBuffer {
    var audio = Signals.noise(
      seed: 8, frames: sampleRate * seconds + 777, sampleRate: sampleRate, channelCount: channels, amplitude: 0.05)
    let tone = Signals.sine(
      hz: 180, frames: audio.frameCount, sampleRate: sampleRate, channelCount: channels, amplitude: 0.2)
    for i in audio.samples.indices { audio.samples[i] += tone.samples[i] * Float(i / channels / (sampleRate / 10) % 2) }
    return audio
  }

  /// libsndfile's MP3 of `audio` (CBR at `kbps`, its compression level mapping), called directly.
  static func libsndfile(_ audio: AudioBuffer, kbps: Int, path: String) throws -> [UInt8] {
    var info = SF_INFO()
    info.samplerate = Int32(audio.sampleRate)
    info.channels = Int32(audio.channelCount)
    info.format = Int32(SF_FORMAT_MPEG) | Int32(SF_FORMAT_MPEG_LAYER_III)
    let handle = try #require(sf_open(path, Int32(SFM_WRITE), &info))
    // libsndfile: CBR bitrate = top − c·(top − bottom), truncated (mpeg_l3_encode.c).
    let (top, bottom): (Double, Double) = audio.sampleRate >= 32_000 ? (320, 32) : (160, 8)
    _ = prep_sf_set_int(handle, Int32(SFC_SET_BITRATE_MODE), Int32(SF_BITRATE_MODE_CONSTANT))
    _ = prep_sf_set_double(handle, Int32(SFC_SET_COMPRESSION_LEVEL), (top - Double(kbps) - 0.5) / (top - bottom))
    try audio.forEachChunk(of: 3_000) { chunk in
      let written = chunk.samples.withUnsafeBufferPointer {
        sf_writef_float(handle, $0.baseAddress, sf_count_t(chunk.frameCount))
      }
      #expect(written == chunk.frameCount)
    }
    #expect(sf_close(handle) == 0)
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test(arguments: [(48_000, 1, 128), (44_100, 2, 128), (22_050, 1, 64)])
  func quality3IsWhatLibsndfileWrites(sampleRate: Int, channels: Int, kbps: Int) throws {
    let folder = try TemporaryFolder("mp3-sndfile")
    defer { folder.remove() }
    let audio = Self.material(sampleRate: sampleRate, channels: channels)
    let ours = try Self.encode(audio, to: folder.path("ours.mp3"), mode: .constant(kbps: kbps), quality: 3)
    let theirs = try Self.libsndfile(audio, kbps: kbps, path: folder.path("theirs.mp3"))
    #expect(ours == theirs)
  }

  /// Every quality, CBR and VBR: the decoder returns exactly the frames written (the LAME tag's
  /// delay and padding), the tag declares them, and the chunking of the input does not matter.
  @Test(arguments: [0, 3, 7, 9], [EncodedFormat.MP3Mode.constant(kbps: 128), .variable(quality: 4)])
  func gaplessAtEveryQuality(quality: Int, mode: EncodedFormat.MP3Mode) throws {
    let folder = try TemporaryFolder("mp3-gapless")
    defer { folder.remove() }
    let audio = Self.material(sampleRate: 44_100, channels: 1, seconds: 2)
    let bytes = try Self.encode(audio, to: folder.path("a.mp3"), mode: mode, quality: quality)
    let rechunked = try Self.encode(audio, to: folder.path("b.mp3"), mode: mode, quality: quality, block: 1_001)
    #expect(bytes == rechunked)
    var decoded = try AudioDecoder.open(folder.path("a.mp3"))
    var frames = 0
    try decoded.forEachChunk { frames += $0.frameCount }
    #expect(frames == audio.frameCount)
  }

  /// The ID3 tag goes in front of the audio, and the audio is the same as without it.
  @Test func id3TagInFront() throws {
    let folder = try TemporaryFolder("mp3-id3")
    defer { folder.remove() }
    let audio = Self.material(sampleRate: 48_000, channels: 1, seconds: 1)
    let tag = ID3Tag(title: "John 1", artist: "slt").bytes
    let plain = try Self.encode(audio, to: folder.path("plain.mp3"), quality: 7)
    let tagged = try Self.encode(audio, to: folder.path("tagged.mp3"), quality: 7, id3Tag: tag)
    #expect(Array(tagged.prefix(tag.count)) == tag)
    #expect(Array(tagged.dropFirst(tag.count)) == plain)
    #expect(folder.contents() == ["plain.mp3", "tagged.mp3"])
  }

  @Test func refusesBadSettingsAndLeavesNothing() throws {
    let folder = try TemporaryFolder("mp3-bad")
    defer { folder.remove() }
    #expect(throws: AudioFileError.self) {
      _ = try MP3FileWriter(
        path: folder.path("q.mp3"), sampleRate: 48_000, channelCount: 1, mode: .constant(kbps: 128), quality: 10)
    }
    #expect(throws: AudioFileError.self) {
      _ = try MP3FileWriter(
        path: folder.path("r.mp3"), sampleRate: 96_000, channelCount: 1, mode: .constant(kbps: 128), quality: 7)
    }
    let writer = try MP3FileWriter(
      path: folder.path("x.mp3"), sampleRate: 48_000, channelCount: 1, mode: .constant(kbps: 128), quality: 7)
    try writer.write(Self.material(sampleRate: 48_000, channels: 1, seconds: 1))
    writer.abandon()
    #expect(folder.contents().isEmpty)
  }
}

import AudioIO
import Foundation
import TestSupport
import Testing

/// Files in formats prep has no decoder for (what phones and editors often write) are named as
/// what they are, with the conversion that fixes them, not only "not a recognised audio file".
@Suite struct UndecodedFormatTests {
  @Test(
    arguments: [
      ("voice memo.m4a", [0, 0, 0, 0x20] + Array("ftypM4A ".utf8), "an MP4/M4A file", "voice memo.flac"),
      ("call.amr", Array("#!AMR\n".utf8), "an AMR file", "call.flac"),
      ("reading.wma", [0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11], "a WMA/ASF file", "reading.flac"),
      ("take.webm", [0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81], "a WebM/Matroska file", "take.flac"),
      ("raw", [0xFF, 0xF1, 0x50, 0x80, 0x02, 0x1F, 0xFC, 0x21], "a raw AAC (ADTS) file", "raw.flac"),
    ] as [(String, [UInt8], String, String)])
  func namedWithTheirConversion(name: String, head: [UInt8], format: String, flac: String) throws {
    let folder = try TemporaryFolder("undecoded")
    let path = folder.path(name)
    var junk = SplitMix64(seed: 1)
    try Data(head + (0..<4_000).map { _ in UInt8.random(in: 0...255, using: &junk) })
      .write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: AudioFileError.self) { _ = try AudioDecoder.open(path) }
    let message = error?.description ?? ""
    #expect(message.hasPrefix("\(path): \(format)"), "\(message)")
    #expect(message.contains("which prep does not decode"), "\(message)")
    #expect(message.contains("`ffmpeg -i \"\(path)\" \"\(folder.path(flac))\"`"), "\(message)")
  }

  /// A file of noise with no known signature stays "not a recognised audio file".
  @Test func unknownBytesStayUnrecognised() throws {
    let folder = try TemporaryFolder("undecoded")
    let path = folder.path("noise.bin")
    var junk = SplitMix64(seed: 2)
    try Data((0..<4_000).map { _ in UInt8.random(in: 0...255, using: &junk) }).write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: AudioFileError.self) { _ = try AudioDecoder.open(path) }
    #expect(error?.description.contains("not a recognised audio file") == true, "\(String(describing: error))")
  }
}

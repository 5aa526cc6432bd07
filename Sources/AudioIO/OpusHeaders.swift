/// The two header packets of an Ogg Opus stream (RFC 7845 §5).
///
/// `OpusHead` (19 bytes for mono/stereo, channel mapping family 0), little-endian:
///
///     "OpusHead", version 1, channel count, pre-skip (2, at 48 kHz), input sample rate (4),
///     output gain (2, Q7.8 dB, 0 here), mapping family 0
///
/// `OpusTags` is "OpusTags" and a Vorbis comment structure (vendor, then `KEY=value` fields):
/// the vendor is the libopus version string (the library that encoded the audio), the fields
/// are the file's tags and chapters, in the order `VorbisComments` lists them.
enum OpusHeaders {
  static func head(channelCount: Int, preSkip: Int, inputSampleRate: Int) -> [UInt8] {
    precondition((1...2).contains(channelCount) && (0...0xFFFF).contains(preSkip))
    var packet = Array("OpusHead".utf8) + [1, UInt8(channelCount)]
    packet += [UInt8(preSkip & 0xFF), UInt8(preSkip >> 8)]
    packet += LittleEndian.bytes(UInt32(inputSampleRate))
    packet += [0, 0, 0]  // output gain 0 dB, mapping family 0 (mono or stereo, no table)
    return packet
  }

  static func tags(vendor: String, comments: VorbisComments) -> [UInt8] {
    Array("OpusTags".utf8) + CommentBlock(vendor: vendor, fields: comments.fields).bytes
  }
}

import Foundation

/// The length an MP3 declares in its LAME/Xing (`Xing` or `Info`) tag, read from the first
/// MPEG frame after any ID3v2 tag. A file cut short still carries the tag of the whole file,
/// so a decoded length well below it means the file is truncated.
///
/// Layout (MPEG audio frame header, then side information, then the tag):
///
///     offset 0   4-byte frame header: sync, version, layer, …, channel mode
///     offset 4   side info: 32 bytes (MPEG-1 stereo), 17 (MPEG-1 mono, MPEG-2 stereo), 9 (MPEG-2 mono)
///     then       "Xing" | "Info", flags (UInt32 BE); flag bit 0 → frame count (UInt32 BE) follows
enum MP3InfoTag {
  /// Frames (samples per channel) the tag declares, before encoder delay and padding, and the
  /// stream's length in bytes if the tag gives it; nil without a tag.
  static func declared(path: String) -> (frames: Int, bytes: Int?)? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard var bytes = try? handle.read(upToCount: 10).map([UInt8].init), bytes.count == 10 else { return nil }
    var start = 0
    if bytes[0] == 0x49, bytes[1] == 0x44, bytes[2] == 0x33 {  // "ID3"
      let size = bytes[6...9].reduce(0) { ($0 << 7) | Int($1 & 0x7F) }
      start = 10 + size + (bytes[5] & 0x10 != 0 ? 10 : 0)
    }
    guard (try? handle.seek(toOffset: UInt64(start))) != nil,
      let frame = try? handle.read(upToCount: 64).map([UInt8].init), frame.count == 64
    else { return nil }
    bytes = frame
    guard bytes[0] == 0xFF, bytes[1] & 0xE0 == 0xE0, (bytes[1] >> 1) & 3 == 1 else { return nil }
    let isMPEG1 = (bytes[1] >> 3) & 3 == 3
    let isMono = (bytes[3] >> 6) & 3 == 3
    let side = isMPEG1 ? (isMono ? 17 : 32) : (isMono ? 9 : 17)
    let tag = 4 + side
    guard tag + 16 <= bytes.count else { return nil }
    let name = String(decoding: bytes[tag..<tag + 4], as: UTF8.self)
    guard name == "Xing" || name == "Info" else { return nil }
    func bigEndian(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { ($0 << 8) | Int($1) } }
    let flags = bigEndian(tag + 4)
    guard flags & 1 != 0 else { return nil }
    let frames = bigEndian(tag + 8) * (isMPEG1 ? 1_152 : 576)
    return (frames, flags & 2 != 0 ? bigEndian(tag + 12) : nil)
  }
}

import Foundation

/// Reads what a RIFF/WAVE header *declares*, to catch files cut short in transit.
///
/// libsndfile quietly shortens a truncated WAV to what is present; a narration
/// that silently loses its last verses is worse than an error, so compare.
enum WAVHeader {
  /// Frames the `data` chunk declares, or nil if this is not a plain RIFF/WAVE
  /// file or the size is a streaming placeholder (0 or 0xFFFFFFFF).
  static func declaredFrames(path: String) -> Int? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: 12), head.count == 12,
      head.prefix(4) == Data("RIFF".utf8), head[8..<12] == Data("WAVE".utf8)
    else { return nil }
    var blockAlign = 0
    var offset: UInt64 = 12
    while let chunk = try? handle.read(upToCount: 8), chunk.count == 8 {
      let id = String(decoding: chunk.prefix(4), as: UTF8.self)
      let size = Int(LittleEndian.uint32(chunk, at: chunk.startIndex + 4))
      if id == "fmt ", let fmt = try? handle.read(upToCount: min(size, 16)), fmt.count >= 14 {
        blockAlign = Int(fmt[12]) | (Int(fmt[13]) << 8)
      } else if id == "data" {
        guard blockAlign > 0, size != 0, size != 0xFFFF_FFFF else { return nil }
        return size / blockAlign
      }
      offset += 8 + UInt64(size) + UInt64(size & 1)
      guard (try? handle.seek(toOffset: offset)) != nil else { return nil }
    }
    return nil
  }
}

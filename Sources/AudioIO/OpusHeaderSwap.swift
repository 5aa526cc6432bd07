import Foundation

/// New header pages for a finished Ogg Opus file, streaming: the tags of an `OpusFileWriter`
/// set after its headers were written (chapter marks known only at the end).
///
/// The file's first `oldHeaderBytes` bytes (OpusHead and OpusTags pages) are replaced by
/// `header`; the audio pages after them are copied one page at a time (memory stays at one
/// page, ≤ 64 KB, however long the file), each page's sequence number moved by `pageShift`
/// (new header page count − old) and its CRC recomputed when it moves. The copy is written
/// beside the file and renamed over it.
enum OpusHeaderSwap {
  static func replace(
    headerOf path: String, oldHeaderBytes: Int, pageShift: Int, with header: [UInt8], reportingAs name: String
  ) throws(AudioFileError) {
    let target = path + ".tags"
    func failure(_ reason: String) -> AudioFileError {
      unlink(target)
      return .writeFailed(path: name, reason: reason)
    }
    guard let input = fopen(path, "rb") else { throw failure(String(cString: strerror(errno))) }
    defer { fclose(input) }
    guard fseek(input, oldHeaderBytes, SEEK_SET) == 0, let output = fopen(target, "wb") else {
      throw failure(String(cString: strerror(errno)))
    }
    var closed = false
    defer { if !closed { fclose(output) } }
    func put(_ bytes: [UInt8]) -> Bool {
      bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, output) } == bytes.count
    }
    func read(_ count: Int) -> [UInt8]? {
      guard count > 0 else { return [] }
      var bytes = [UInt8](repeating: 0, count: count)
      let got = bytes.withUnsafeMutableBufferPointer { fread($0.baseAddress, 1, count, input) }
      return got == count ? bytes : (got == 0 && feof(input) != 0 ? nil : Array(bytes[0..<got]))
    }
    guard put(header) else { throw failure(String(cString: strerror(errno))) }
    while var page = read(27) {
      guard page.count == 27, page.starts(with: Array("OggS".utf8)) else { throw failure("not an Ogg page") }
      guard let lacing = read(Int(page[26])), lacing.count == Int(page[26]) else { throw failure("a page is cut") }
      let length = lacing.reduce(0) { $0 + Int($1) }
      guard let body = read(length), body.count == length else { throw failure("a page is cut") }
      page += lacing + body
      if pageShift != 0 {
        let sequence = Int(LittleEndian.uint32(page, at: 18)) + pageShift
        LittleEndian.store(UInt32(truncatingIfNeeded: sequence), in: &page, at: 18)
        OggPages.updateCRC(&page, page: 0..<page.count)
      }
      guard put(page) else { throw failure(String(cString: strerror(errno))) }
    }
    closed = true
    guard fclose(output) == 0, rename(target, path) == 0 else { throw failure(String(cString: strerror(errno))) }
  }
}

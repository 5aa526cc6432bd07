import FuzzSupport

@testable import AudioIO

/// The ID3v2.4 tag prep writes into MP3s, built from fuzzed texts (verse titles come from the
/// user's text file) and chapter times, then walked back frame by frame: every size must be
/// synchsafe and inside the tag, every CHAP title frame under 128 bytes (see `ID3Tag`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzID3Tag(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, size >= 2 else { return 0 }
  let bytes = FuzzInput(data, size).bytes
  // Byte 0: how many times the chapter list repeats (more than 255 chapters nest CTOCs);
  // byte 1: padding. The rest: 0-separated texts (7 fields, then one title per chapter).
  let repeats = Int(bytes[0] % 8) + 1
  let texts = bytes.dropFirst(2).split(separator: 0, omittingEmptySubsequences: false)
    .map { String(decoding: $0, as: UTF8.self) }
  func text(_ index: Int) -> String? { index < texts.count && !texts[index].isEmpty ? texts[index] : nil }
  var chapters: [ChapterMark] = []
  var clock = 0
  for _ in 0..<repeats {
    for title in texts.dropFirst(7) {
      let length = title.utf8.reduce(0) { $0 &+ Int($1) } * 37
      chapters.append(ChapterMark(startMilliseconds: clock, endMilliseconds: clock + length, title: title))
      clock += length
    }
  }
  let tag = ID3Tag(
    title: text(0), artist: text(1), album: text(2), track: text(3), language: text(4),
    encoderSettings: text(5), chapters: chapters, tableOfContentsTitle: text(6),
    paddingBytes: Int(bytes[1]))
  check(tag.bytes, chapters: chapters.count, padding: Int(bytes[1]))
  return 0
}

/// Walks the tag; traps (a finding) on any inconsistency.
func check(_ tag: [UInt8], chapters: Int, padding: Int) {
  func synchsafe(_ at: Int) -> Int {
    precondition(tag[at..<(at + 4)].allSatisfy { $0 < 0x80 }, "size at \(at) is not synchsafe")
    return tag[at..<(at + 4)].reduce(0) { $0 << 7 | Int($1) }
  }
  precondition(tag.starts(with: [0x49, 0x44, 0x33, 0x04, 0x00, 0x00]), "bad ID3 header")
  precondition(synchsafe(6) == tag.count - 10, "tag size disagrees with its length")
  var offset = 10
  var chapterFrames = 0
  while offset < tag.count - padding {
    let id = String(decoding: tag[offset..<(offset + 4)], as: UTF8.self)
    let size = synchsafe(offset + 4)
    let end = offset + 10 + size
    precondition(end <= tag.count - padding, "frame \(id) runs past the frames")
    if id == "CHAP" {
      chapterFrames += 1
      // elementID 00, 16 bytes of times and offsets, then the TIT2 sub-frame.
      guard let zero = tag[(offset + 10)..<end].firstIndex(of: 0) else {
        preconditionFailure("CHAP without element ID")
      }
      let sub = zero + 17
      precondition(String(decoding: tag[sub..<(sub + 4)], as: UTF8.self) == "TIT2", "CHAP without TIT2")
      let subSize = synchsafe(sub + 4)
      precondition(subSize < 128 && sub + 10 + subSize == end, "CHAP title frame of \(subSize) bytes")
    }
    offset = end
  }
  precondition(offset == tag.count - padding, "frames end at \(offset), not \(tag.count - padding)")
  precondition(tag[offset...].allSatisfy { $0 == 0 }, "padding is not zero")
  precondition(chapterFrames == chapters, "\(chapterFrames) CHAP frames for \(chapters) chapters")
}

runFuzzer(fuzzID3Tag)

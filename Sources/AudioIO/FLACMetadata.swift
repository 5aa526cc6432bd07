/// FLAC metadata blocks: `fLaC`, then blocks of { last-flag|type (1), length (3, big-endian), body }.
enum FLACMetadata {
  static let streamInfo: UInt8 = 0
  static let vorbisComment: UInt8 = 4

  static func replaceComments(
    in bytes: inout [UInt8], path: String, change: (CommentBlock) -> CommentBlock
  ) throws(AudioFileError) {
    var blocks: [(type: UInt8, body: ArraySlice<UInt8>)] = []
    var offset = 4
    var last = false
    while !last {
      guard offset + 4 <= bytes.count else { throw .cannotTag(path: path, reason: "FLAC metadata runs past the end") }
      last = bytes[offset] & 0x80 != 0
      let length = Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      guard offset + 4 + length <= bytes.count else {
        throw .cannotTag(path: path, reason: "FLAC metadata block runs past the end")
      }
      blocks.append((bytes[offset] & 0x7F, bytes[(offset + 4)..<(offset + 4 + length)]))
      offset += 4 + length
    }
    guard blocks.first?.type == streamInfo else { throw .cannotTag(path: path, reason: "FLAC without STREAMINFO") }
    let old = blocks.first { $0.type == vorbisComment }.flatMap { CommentBlock(parsing: $0.body) }
    let comments = change(old ?? CommentBlock(vendor: "prep", fields: [])).bytes
    guard comments.count < 1 << 24 else { throw .cannotTag(path: path, reason: "comments exceed 16 MB") }
    var ordered: [(type: UInt8, body: ArraySlice<UInt8>)] = [blocks[0], (vorbisComment, comments[...])]
    ordered += blocks.dropFirst().filter { $0.type != vorbisComment }
    var header: [UInt8] = Array("fLaC".utf8)
    for (index, block) in ordered.enumerated() {
      let flag: UInt8 = index == ordered.count - 1 ? 0x80 : 0
      let length = block.body.count
      header += [flag | block.type, UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
      header += block.body
    }
    bytes.replaceSubrange(0..<offset, with: header)
  }
}

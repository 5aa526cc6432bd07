/// Replaces the comment packet of an Ogg Opus or Ogg Vorbis stream and re-pages the headers.
///
/// An Ogg stream starts with the identification header alone on page 0. Opus then has one
/// more header packet (`OpusTags`), Vorbis two (comment `\u{3}vorbis…`, setup `\u{5}vorbis…`);
/// the first audio packet starts on a fresh page (RFC 7845 §3, Vorbis I §4.2). So:
///
///  1. collect the header packets from pages 1…h (lacing value < 255 ends a packet);
///  2. rebuild the comment packet; lay the header packets out on new pages, each packet
///     starting a page: 255 lacing values per page at most, header type 01 on continuation
///     pages, granule 0 where a packet ends and −1 where none does;
///  3. copy the audio pages, adding (new header page count − h) to each sequence number,
///     and recompute every changed page's CRC (`OggPages.updateCRC`).
enum OggHeaderRewrite {
  static func replaceComments(
    in bytes: inout [UInt8], path: String, change: (CommentBlock) -> CommentBlock
  ) throws(AudioFileError) {
    let pages = OggPages.pages(bytes)
    guard pages.count >= 2, let first = pages.first else {
      throw .cannotTag(path: path, reason: "fewer than two Ogg pages")
    }
    let firstBody = body(bytes, first)
    let isOpus = firstBody.starts(with: Array("OpusHead".utf8))
    let isVorbis = firstBody.starts(with: [0x01] + Array("vorbis".utf8))
    guard isOpus || isVorbis else { throw .cannotTag(path: path, reason: "neither Opus nor Vorbis") }
    let magic: [UInt8] = isOpus ? Array("OpusTags".utf8) : [0x03] + Array("vorbis".utf8)

    // 1. Header packets from page 1 on.
    var packets: [[UInt8]] = []
    var current: [UInt8] = []
    var headerPages = 0
    let wanted = isOpus ? 1 : 2
    for page in pages.dropFirst() where packets.count < wanted {
      headerPages += 1
      let segmentCount = Int(bytes[page.lowerBound + 26])
      var position = page.lowerBound + 27 + segmentCount
      for index in 0..<segmentCount {
        let lacing = Int(bytes[page.lowerBound + 27 + index])
        current += bytes[position..<(position + lacing)]
        position += lacing
        if lacing < 255 {
          packets.append(current)
          current = []
          if packets.count == wanted && index != segmentCount - 1 {
            throw .cannotTag(path: path, reason: "audio shares a page with the headers")
          }
        }
      }
    }
    guard packets.count == wanted, packets[0].starts(with: magic),
      let old = CommentBlock(parsing: packets[0].dropFirst(magic.count))
    else { throw .cannotTag(path: path, reason: "no comment header after the identification header") }

    // 2. New comment packet, new header pages.
    packets[0] = magic + change(old).bytes + (isVorbis ? [0x01] : [])
    let serial = Array(bytes[(first.lowerBound + 14)..<(first.lowerBound + 18)])
    var header: [UInt8] = Array(bytes[first])
    var sequence: UInt32 = 1
    for packet in packets {
      for page in pageBytes(packet, serial: serial, firstSequence: sequence) {
        header += page
        sequence += 1
      }
    }

    // 3. Audio pages, renumbered.
    let delta = Int(sequence) - 1 - headerPages
    let audioStart = pages[headerPages].upperBound
    var audio = Array(bytes[audioStart...])
    for page in OggPages.pages(audio) where delta != 0 {
      let at = page.lowerBound + 18
      let old = LittleEndian.uint32(audio, at: at)
      LittleEndian.store(UInt32(truncatingIfNeeded: Int(old) + delta), in: &audio, at: at)
      OggPages.updateCRC(&audio, page: page)
    }
    bytes = header + audio
  }

  static func body(_ bytes: [UInt8], _ page: Range<Int>) -> ArraySlice<UInt8> {
    let segments = Int(bytes[page.lowerBound + 26])
    return bytes[(page.lowerBound + 27 + segments)..<page.upperBound]
  }

  /// The pages holding one packet, starting with a fresh page.
  static func pageBytes(_ packet: [UInt8], serial: [UInt8], firstSequence: UInt32) -> [[UInt8]] {
    // Lacing: 255 for each full 255-byte run, then the remainder (0 if the length divides by 255).
    var lacing = [UInt8](repeating: 255, count: packet.count / 255)
    lacing.append(UInt8(packet.count % 255))
    var pages: [[UInt8]] = []
    var offset = 0
    var start = 0
    while start < lacing.count {
      let chunk = Array(lacing[start..<min(start + 255, lacing.count)])
      let length = chunk.reduce(0) { $0 + Int($1) }
      let endsPacket = start + chunk.count == lacing.count
      var page: [UInt8] = Array("OggS".utf8) + [0x00, start == 0 ? 0x00 : 0x01]
      page += [UInt8](repeating: endsPacket ? 0x00 : 0xFF, count: 8)
      page += serial
      let sequence = firstSequence + UInt32(pages.count)
      page += LittleEndian.bytes(sequence)
      page += [0, 0, 0, 0, UInt8(chunk.count)] + chunk
      page += packet[offset..<(offset + length)]
      OggPages.updateCRC(&page, page: 0..<page.count)
      pages.append(page)
      offset += length
      start += chunk.count
    }
    return pages
  }
}

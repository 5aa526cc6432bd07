/// Lays an Opus stream out on Ogg pages (RFC 7845 §3), page by page as packets arrive.
///
/// Page 0 holds `OpusHead` alone (beginning-of-stream flag), the next page(s) `OpusTags`
/// (granule 0); audio starts on a fresh page. An audio page's granule position is the number
/// of 48 kHz samples of every packet completed on it and before it — pre-skip included — and
/// the last page (end-of-stream flag) carries pre-skip + frames instead, which is how a decoder
/// learns to drop the encoder's padding. A page closes before the packet that would take it
/// to a second of audio since the last close or to 255 lacing values (libsndfile's rule, so
/// pages look as they did when libsndfile wrote them); a packet never spans pages.
struct OpusPages {
  let serial: UInt32
  private var sequence: UInt32 = 0
  private var pending: [[UInt8]] = []
  private var pendingSegments = 0
  /// Samples (48 kHz) in every packet added so far.
  private(set) var granule = 0
  private var lastClose = 0

  /// One second at 48 kHz: the longest a page waits before it is written.
  static let pageSamples = 48_000

  init(serial: UInt32 = OggPages.fixedSerial) { self.serial = serial }

  /// Pages laid out so far.
  var pageCount: Int { Int(sequence) }

  /// The header pages: `OpusHead` on page 0, then `OpusTags` on as many pages as it needs.
  mutating func headers(head: [UInt8], tags: [UInt8]) -> [UInt8] {
    precondition(sequence == 0, "headers come first")
    var bytes = page([head], headerType: 0x02, granule: 0)
    for tagPage in OggHeaderRewrite.pageBytes(tags, serial: LittleEndian.bytes(serial), firstSequence: sequence) {
      bytes += tagPage
      sequence += 1
    }
    return bytes
  }

  /// Adds one audio packet of `samples` 48 kHz samples; returns the page it closed, if any.
  mutating func append(_ packet: [UInt8], samples: Int) -> [UInt8] {
    let segments = packet.count / 255 + 1
    var closed: [UInt8] = []
    if !pending.isEmpty
      && (granule + samples - lastClose >= OpusPages.pageSamples || pendingSegments + segments >= 255)
    {
      closed = page(pending, headerType: 0, granule: granule)
      pending = []
      pendingSegments = 0
      lastClose = granule + samples
    }
    pending.append(packet)
    pendingSegments += segments
    granule += samples
    return closed
  }

  /// The last page: what is pending, end-of-stream, granule `preSkip + frames` (≤ `granule`).
  mutating func finish(finalGranule: Int) -> [UInt8] {
    precondition(!pending.isEmpty && finalGranule <= granule, "the last page needs its last packet")
    defer { pending = [] }
    return page(pending, headerType: 0x04, granule: finalGranule)
  }

  /// One page of whole packets.
  private mutating func page(_ packets: [[UInt8]], headerType: UInt8, granule: Int) -> [UInt8] {
    var lacing: [UInt8] = []
    for packet in packets {
      lacing += [UInt8](repeating: 255, count: packet.count / 255) + [UInt8(packet.count % 255)]
    }
    precondition(lacing.count <= 255, "a page holds at most 255 lacing values")
    var bytes: [UInt8] = Array("OggS".utf8) + [0, headerType]
    let position = UInt64(granule)
    bytes += LittleEndian.bytes(UInt32(truncatingIfNeeded: position))
    bytes += LittleEndian.bytes(UInt32(truncatingIfNeeded: position >> 32))
    bytes += LittleEndian.bytes(serial) + LittleEndian.bytes(sequence) + [0, 0, 0, 0, UInt8(lacing.count)]
    bytes += lacing
    for packet in packets { bytes += packet }
    OggPages.updateCRC(&bytes, page: 0..<bytes.count)
    sequence += 1
    return bytes
  }
}

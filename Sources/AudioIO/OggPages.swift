/// Byte-level edits of an Ogg stream: page walking, serial numbers, CRCs.
///
/// An Ogg page is `OggS`, version, header type, granule position (8 bytes),
/// serial number (4, offset 14), page sequence (4, offset 18), CRC-32 (4,
/// offset 22; polynomial 0x04C11DB7, no reflection, computed with the CRC
/// field zeroed), segment count, segment table, body.
public enum OggPages {
  /// The serial number prep gives every Ogg stream it writes (libsndfile picks a random one).
  public static let fixedSerial: UInt32 = 0x7072_6570  // "prep"

  /// Byte ranges of every page, in order.
  public static func pages(_ bytes: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var offset = 0
    while offset + 27 <= bytes.count, bytes[offset] == 0x4F, bytes[offset + 1] == 0x67,
      bytes[offset + 2] == 0x67, bytes[offset + 3] == 0x53
    {
      let segments = Int(bytes[offset + 26])
      guard offset + 27 + segments <= bytes.count else { break }
      let body = bytes[(offset + 27)..<(offset + 27 + segments)].reduce(0) { $0 + Int($1) }
      let end = offset + 27 + segments + body
      guard end <= bytes.count else { break }
      ranges.append(offset..<end)
      offset = end
    }
    return ranges
  }

  /// Sets the serial number of every page and fixes each page's CRC.
  public static func setSerialNumber(_ bytes: inout [UInt8], to serial: UInt32) {
    for page in pages(bytes) {
      LittleEndian.store(serial, in: &bytes, at: page.lowerBound + 14)
      updateCRC(&bytes, page: page)
    }
  }

  /// Recomputes the CRC of the page at `page`.
  public static func updateCRC(_ bytes: inout [UInt8], page: Range<Int>) {
    for i in 22..<26 { bytes[page.lowerBound + i] = 0 }
    var crc: UInt32 = 0
    for i in page { crc = (crc << 8) ^ table[Int(((crc >> 24) ^ UInt32(bytes[i])) & 0xFF)] }
    LittleEndian.store(crc, in: &bytes, at: page.lowerBound + 22)
  }

  static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index) << 24
    for _ in 0..<8 { value = value & 0x8000_0000 != 0 ? (value << 1) ^ 0x04C1_1DB7 : value << 1 }
    return value
  }
}

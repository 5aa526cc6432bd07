/// Little-endian 32-bit fields, as Ogg pages, Vorbis comments and WAV chunks store them.
enum LittleEndian {
  static func bytes(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8((value >> (8 * UInt32($0))) & 0xFF) }
  }

  static func store(_ value: UInt32, in bytes: inout [UInt8], at offset: Int) {
    for i in 0..<4 { bytes[offset + i] = UInt8((value >> (8 * UInt32(i))) & 0xFF) }
  }

  static func uint32<Bytes: Collection>(_ bytes: Bytes, at offset: Int) -> UInt32
  where Bytes.Element == UInt8, Bytes.Index == Int {
    (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
  }
}

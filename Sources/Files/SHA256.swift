import Foundation

/// SHA-256 (FIPS 180-4), streaming, for the content hashes in records and manifests.
public struct SHA256: Sendable {
  private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab,
    0x5be0_cd19
  )
  private var pending: [UInt8] = []
  private var schedule = [UInt32](repeating: 0, count: 64)
  private var length: UInt64 = 0

  public init() {}

  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    length &+= UInt64(bytes.count)
    var start = 0
    if !pending.isEmpty {
      let take = min(64 - pending.count, bytes.count)
      pending.append(contentsOf: bytes[0..<take])
      start = take
      if pending.count == 64 {
        pending.withUnsafeBytes { compress($0.baseAddress!) }
        pending.removeAll(keepingCapacity: true)
      }
    }
    while start + 64 <= bytes.count {
      compress(bytes.baseAddress! + start)
      start += 64
    }
    if start < bytes.count { pending.append(contentsOf: bytes[start...]) }
  }

  public mutating func update(_ data: Data) { data.withUnsafeBytes { update($0) } }

  /// The digest as 64 lowercase hex digits.
  public mutating func finalizeHex() -> String {
    let bits = length &* 8
    var tail: [UInt8] = [0x80]
    while (pending.count + tail.count) % 64 != 56 { tail.append(0) }
    for i in (0..<8).reversed() { tail.append(UInt8((bits >> (UInt64(i) * 8)) & 0xFF)) }
    let saved = length
    tail.withUnsafeBytes { update($0) }
    length = saved
    let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
    return words.map { word in
      let hex = String(word, radix: 16)
      return String(repeating: "0", count: 8 - hex.count) + hex
    }.joined()
  }

  /// Hashes a whole file in 1 MiB reads; nil if it cannot be read.
  public static func hexDigest(ofFile path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    var hasher = SHA256()
    while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty { hasher.update(chunk) }
    return hasher.finalizeHex()
  }

  public static func hexDigest(of data: Data) -> String {
    var hasher = SHA256()
    hasher.update(data)
    return hasher.finalizeHex()
  }

  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]

  @inline(__always) private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 {
    (x >> n) | (x << (32 - n))
  }

  private mutating func compress(_ block: UnsafeRawPointer) {
    var state = self.state
    schedule.withUnsafeMutableBufferPointer { w in
      SHA256.k.withUnsafeBufferPointer { k in
        for i in 0..<16 {
          w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
        }
        for i in 16..<64 {
          let s0 = SHA256.rotr(w[i - 15], 7) ^ SHA256.rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
          let s1 = SHA256.rotr(w[i - 2], 17) ^ SHA256.rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
          w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = state
        for i in 0..<64 {
          let s1 = SHA256.rotr(e, 6) ^ SHA256.rotr(e, 11) ^ SHA256.rotr(e, 25)
          let ch = (e & f) ^ (~e & g)
          let t1 = h &+ s1 &+ ch &+ k[i] &+ w[i]
          let s0 = SHA256.rotr(a, 2) ^ SHA256.rotr(a, 13) ^ SHA256.rotr(a, 22)
          let maj = (a & b) ^ (a & c) ^ (b & c)
          let t2 = s0 &+ maj
          h = g
          g = f
          f = e
          e = d &+ t1
          d = c
          c = b
          b = a
          a = t1 &+ t2
        }
        state = (
          state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f,
          state.6 &+ g, state.7 &+ h
        )
      }
    }
    self.state = state
  }
}

import RealModule

/// The power spectrum of a real frame of N = 2^k samples (N ≥ 8), by one complex FFT of N/2
/// points (the even samples as real parts, the odd as imaginary) and the usual split:
///
///     z[m] = x[2m] + i·x[2m+1],  Z = FFT_{N/2}(z),  Z[N/2] = Z[0]
///     E[k] = (Z[k] + conj Z[N/2−k]) / 2,   O[k] = (Z[k] − conj Z[N/2−k]) / 2i
///     X[k] = E[k] + e^{−2πik/N} · O[k],    P[k] = |X[k]|²   for k = 0…N/2.
///
/// The complex FFT is iterative radix-2, decimation in time, with tables made once per N.
/// Allocation-free after `init`; not thread-safe (holds its work arrays).
public struct PowerSpectrum: Sendable {
  public let size: Int
  private let half: Int
  private let bitReversed: [Int]
  /// The complex FFT's twiddles by stage: at span + j (j < span), e^{−2πi·j·step/(N/2)} with
  /// step = N/(4·span), the j-th butterfly's in a stage of that span.
  private let twiddleRe: [Float]
  private let twiddleIm: [Float]
  /// cos and sin of 2πk/N for k ≤ N/2 (the split's).
  private let splitCos: [Float]
  private let splitSin: [Float]
  private var re: [Float]
  private var im: [Float]

  public init(size: Int) {
    precondition(size >= 8 && size & (size - 1) == 0, "PowerSpectrum needs a power of two ≥ 8, got \(size)")
    self.size = size
    half = size / 2
    var bits = 0
    while 1 << bits < half { bits += 1 }
    bitReversed = (0..<half).map { i in
      var r = 0
      for b in 0..<bits where i & (1 << b) != 0 { r |= 1 << (bits - 1 - b) }
      return r
    }
    let m = half
    let stageIndex = (0..<m).map { k -> Int in  // span + j ↦ j · step (entries 0 and 1 unused)
      var span = 1
      while 2 * span <= k { span *= 2 }
      return (k - span) * (m / (2 * span))
    }
    twiddleRe = stageIndex.map { Float(Double.cos(-2 * .pi * Double($0) / Double(m))) }
    twiddleIm = stageIndex.map { Float(Double.sin(-2 * .pi * Double($0) / Double(m))) }
    splitCos = (0...m).map { Float(Double.cos(2 * .pi * Double($0) / Double(size))) }
    splitSin = (0...m).map { Float(Double.sin(2 * .pi * Double($0) / Double(size))) }
    re = Array(repeating: 0, count: m)
    im = Array(repeating: 0, count: m)
  }

  /// P[k] for k = 0…N/2 of `frame` (N samples) into `power` (N/2 + 1 values).
  public mutating func compute(_ frame: UnsafeBufferPointer<Float>, into power: UnsafeMutableBufferPointer<Float>) {
    precondition(frame.count == size && power.count == half + 1, "PowerSpectrum: wrong buffer sizes")
    let m = half
    re.withUnsafeMutableBufferPointer { re in
      im.withUnsafeMutableBufferPointer { im in
        bitReversed.withUnsafeBufferPointer { order in
          // The first stage (span 1, twiddle 1) is done while loading.
          var i = 0
          while i < m {
            let a = order[i]
            let b = order[i + 1]
            re[i] = frame[2 * a] + frame[2 * b]
            im[i] = frame[2 * a + 1] + frame[2 * b + 1]
            re[i + 1] = frame[2 * a] - frame[2 * b]
            im[i + 1] = frame[2 * a + 1] - frame[2 * b + 1]
            i += 2
          }
        }
        twiddleRe.withUnsafeBufferPointer { twiddleRe in
          twiddleIm.withUnsafeBufferPointer { twiddleIm in
            var span = 2
            while span < m {
              var start = 0
              while start < m {
                if span >= 4 {
                  Self.butterflies(SIMD4<Float>.self, re, im, at: start, span: span, (twiddleRe, twiddleIm))
                } else {
                  Self.butterflies(SIMD2<Float>.self, re, im, at: start, span: span, (twiddleRe, twiddleIm))
                }
                start += 2 * span
              }
              span *= 2
            }
          }
        }
        // k = 0 and k = N/2: Z[0] alone.
        power[0] = (re[0] + im[0]) * (re[0] + im[0])
        power[m] = (re[0] - im[0]) * (re[0] - im[0])
        splitCos.withUnsafeBufferPointer { splitCos in
          splitSin.withUnsafeBufferPointer { splitSin in
            for k in 1..<m {
              let a = re[k]
              let b = im[k]
              let c = re[m - k]
              let d = im[m - k]
              let er = (a + c) / 2
              let ei = (b - d) / 2
              let orr = (b + d) / 2
              let oi = (c - a) / 2
              let cs = splitCos[k]
              let sn = splitSin[k]
              let xr = er + cs * orr + sn * oi
              let xi = ei + cs * oi - sn * orr
              power[k] = xr * xr + xi * xi
            }
          }
        }
      }
    }
  }

  /// The butterflies of the block of a stage that starts at `start`, a vector of them at a time
  /// (span a multiple of the lane count): the same operations as one at a time, lane by lane.
  @inline(__always)
  private static func butterflies<Lanes: SIMD>(
    _: Lanes.Type, _ re: UnsafeMutableBufferPointer<Float>, _ im: UnsafeMutableBufferPointer<Float>, at start: Int,
    span: Int, _ twiddles: (re: UnsafeBufferPointer<Float>, im: UnsafeBufferPointer<Float>)
  ) where Lanes.Scalar == Float {
    let size = MemoryLayout<Float>.stride
    let (twiddleRe, twiddleIm) = (UnsafeRawBufferPointer(twiddles.re), UnsafeRawBufferPointer(twiddles.im))
    let (reBytes, imBytes) = (UnsafeMutableRawBufferPointer(re), UnsafeMutableRawBufferPointer(im))
    var j = 0
    while j < span {
      let (a, b, w) = ((start + j) * size, (start + j + span) * size, (span + j) * size)
      let wr = twiddleRe.loadUnaligned(fromByteOffset: w, as: Lanes.self)
      let wi = twiddleIm.loadUnaligned(fromByteOffset: w, as: Lanes.self)
      let ar = reBytes.loadUnaligned(fromByteOffset: a, as: Lanes.self)
      let ai = imBytes.loadUnaligned(fromByteOffset: a, as: Lanes.self)
      let br = reBytes.loadUnaligned(fromByteOffset: b, as: Lanes.self)
      let bi = imBytes.loadUnaligned(fromByteOffset: b, as: Lanes.self)
      let tr = br * wr - bi * wi
      let ti = br * wi + bi * wr
      reBytes.storeBytes(of: ar - tr, toByteOffset: b, as: Lanes.self)
      imBytes.storeBytes(of: ai - ti, toByteOffset: b, as: Lanes.self)
      reBytes.storeBytes(of: ar + tr, toByteOffset: a, as: Lanes.self)
      imBytes.storeBytes(of: ai + ti, toByteOffset: a, as: Lanes.self)
      j += Lanes.scalarCount
    }
  }
}

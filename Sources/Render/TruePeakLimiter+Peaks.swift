import DSP

/// r[p] for a block of intervals, computing the interpolation only where it can matter.
///
/// With Mᶜ the peak of the four frames nearest the interval (p − 1 … p + 2), M the peak of all
/// 32 under the taps, and Sᶜ, Sᵒ the largest absolute sums of a phase's four central and 28
/// outer taps, every interpolated value obeys |Σₖ hφ[k] · x[p+k]| ≤ Sᶜ·Mᶜ + Sᵒ·M, and the
/// samples |x[p]|, |x[p+1]| ≤ Mᶜ. Where that bound (a hair over, against rounding) stays under
/// the ceiling, r = 1 without interpolating: the interpolation would find a peak under the
/// ceiling and give 1 too. So is r = 1 where M times the taps' whole absolute sum stays under
/// it. The r computed are therefore exactly those of interpolating every interval; on speech
/// about one interval in ten passes both tests.
extension TruePeakLimiter {
  /// Sᶜ and Sᵒ (taps 14…17 of 0…31 are the central four: x[p − 1] … x[p + 2]).
  static let centralTaps = 14..<18
  static let centralBound: Float = 1.0001 * largestAbsoluteSum(taps: centralTaps.contains)
  static let outerBound: Float = 1.0001 * largestAbsoluteSum { !centralTaps.contains($0) }

  /// The largest Σ |hφ[k]| over the phases, for the taps k that `taps` picks.
  static func largestAbsoluteSum(taps: (Int) -> Bool) -> Float {
    phases.map { phase in phase.indices.filter(taps).reduce(0) { $0 + abs(phase[$1]) } }.max() ?? 1
  }

  /// r[p] = min(1, ceiling / peak[p]) for an interval that needs it: x holds frames p − 15 …
  /// p + 16 from index `first` (interleaved, `channels` per frame).
  static func requiredGain(_ x: UnsafeBufferPointer<Float>, first: Int, channels: Int, ceiling: Float) -> Float {
    var peak: Float = 0
    let here = first &+ (halfTaps - 1) &* channels
    phaseTaps.withUnsafeBufferPointer { coefficients in
      for c in 0..<channels {
        peak = max(peak, abs(x[here &+ c]), abs(x[here &+ channels &+ c]))
        // All seven phases at once: lane φ of `sum` is Σₖ hφ[k] · x[p + k − 15] (lane 7 is unused).
        var sum = SIMD8<Float>()
        var index = first &+ c
        for k in 0..<tapCount {
          sum += coefficients[k] * x[index]  // not addingProduct: without -mfma that calls libm per lane
          index &+= channels
        }
        // The largest |lane| (lane 7 holds 0, which changes nothing).
        for lane in 0..<8 { peak = max(peak, abs(sum[lane])) }
      }
    }
    return peak > ceiling ? ceiling / peak : 1
  }

  /// `requiredGain` of four intervals at once (x from indices `first`): the same sums, lane for
  /// lane, interleaved.
  static func requiredGains(
    _ x: UnsafeBufferPointer<Float>, first: SIMD4<Int>, channels: Int, ceiling: Float
  ) -> SIMD4<Float> {
    var peaks = SIMD4<Float>()
    let here = first &+ (halfTaps - 1) &* channels
    phaseTaps.withUnsafeBufferPointer { coefficients in
      for c in 0..<channels {
        for j in 0..<4 { peaks[j] = max(peaks[j], abs(x[here[j] &+ c]), abs(x[here[j] &+ channels &+ c])) }
        var (s0, s1, s2, s3) = (SIMD8<Float>(), SIMD8<Float>(), SIMD8<Float>(), SIMD8<Float>())
        var (i0, i1, i2, i3) = (first[0] &+ c, first[1] &+ c, first[2] &+ c, first[3] &+ c)
        for k in 0..<tapCount {
          let h = coefficients[k]
          s0 += h * x[i0]
          s1 += h * x[i1]
          s2 += h * x[i2]
          s3 += h * x[i3]
          i0 &+= channels
          i1 &+= channels
          i2 &+= channels
          i3 &+= channels
        }
        for lane in 0..<8 {
          peaks[0] = max(peaks[0], abs(s0[lane]))
          peaks[1] = max(peaks[1], abs(s1[lane]))
          peaks[2] = max(peaks[2], abs(s2[lane]))
          peaks[3] = max(peaks[3], abs(s3[lane]))
        }
      }
    }
    var gains = SIMD4<Float>(repeating: 1)
    for j in 0..<4 where peaks[j] > ceiling { gains[j] = ceiling / peaks[j] }
    return gains
  }
}

/// Per-block scratch of the limiter: frame peaks, their sliding maxima over 4 and 32 frames,
/// and r.
struct BlockScratch {
  private var peaks: [Float] = []
  private var spare: [Float] = []
  private var central: [Float] = []
  private(set) var required: [Float] = []
  /// The intervals of the block that need interpolating.
  private var pending: [Int] = []

  /// Fills `required` with r for `intervals`; frame `intervals.lowerBound − 15` is at
  /// `firstFrameIndex` in x (in frames).
  mutating func requiredGains(
    _ x: UnsafeBufferPointer<Float>, intervals: Range<Int>, firstFrameIndex: Int, channels: Int, ceiling: Float
  ) {
    let count = intervals.count
    let frames = count + TruePeakLimiter.tapCount - 1
    if peaks.count < frames {
      peaks = [Float](repeating: 0, count: frames)
      (spare, central, required) = (peaks, peaks, peaks)
    }
    peaks.withUnsafeMutableBufferPointer { a in
      let base = firstFrameIndex * channels
      if channels == 1 {
        for i in 0..<frames { a[i] = abs(x[base &+ i]) }
      } else {
        for i in 0..<frames {
          var loudest: Float = 0
          for c in 0..<channels { loudest = max(loudest, abs(x[base &+ i &* channels &+ c])) }
          a[i] = loudest
        }
      }
    }
    // Sliding maxima by doubling: windows of 2 (spare), 4 (central), 8, 16, 32 (spare).
    Self.widen(from: peaks, into: &spare, width: 1, count: frames - 1)
    Self.widen(from: spare, into: &central, width: 2, count: frames - 3)
    Self.widen(from: central, into: &spare, width: 4, count: frames - 7)
    Self.widen(from: spare, into: &peaks, width: 8, count: frames - 15)
    Self.widen(from: peaks, into: &spare, width: 16, count: frames - 31)
    let (whole, inner, outer) = (TruePeakLimiter.tapBound, TruePeakLimiter.centralBound, TruePeakLimiter.outerBound)
    let centre = TruePeakLimiter.centralTaps.lowerBound
    if pending.count < count { pending = [Int](repeating: 0, count: count) }
    var waiting = 0
    spare.withUnsafeBufferPointer { window in
      central.withUnsafeBufferPointer { near in
        required.withUnsafeMutableBufferPointer { r in
          pending.withUnsafeMutableBufferPointer { pending in
            for i in 0..<count {
              let loudest = window[i]
              r[i] = 1
              if loudest * whole > ceiling && inner * near[i &+ centre] + outer * loudest > ceiling {
                pending[waiting] = i
                waiting += 1
              }
            }
            // Four at a time: four independent sums keep the multipliers busy.
            var next = 0
            while next + 4 <= waiting {
              let (a, b, c, d) = (pending[next], pending[next + 1], pending[next + 2], pending[next + 3])
              let gains = TruePeakLimiter.requiredGains(
                x, first: (SIMD4(a, b, c, d) &+ firstFrameIndex) &* channels, channels: channels, ceiling: ceiling)
              (r[a], r[b], r[c], r[d]) = (gains[0], gains[1], gains[2], gains[3])
              next += 4
            }
            for i in pending[next..<waiting] {
              r[i] = TruePeakLimiter.requiredGain(
                x, first: (firstFrameIndex + i) * channels, channels: channels, ceiling: ceiling)
            }
          }
        }
      }
    }
  }

  /// into[i] = max(from[i], from[i + width]) for i < count.
  private static func widen(from: [Float], into: inout [Float], width: Int, count: Int) {
    from.withUnsafeBufferPointer { a in
      into.withUnsafeMutableBufferPointer { b in
        for i in 0..<count { b[i] = max(a[i], a[i &+ width]) }
      }
    }
  }
}

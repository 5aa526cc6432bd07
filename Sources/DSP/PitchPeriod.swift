import RealModule

/// The local pitch period of speech, by AMDF on a decimated signal refined at full rate.
///
/// For a signal x, a lag τ and a window W the average magnitude difference is
///
///     D(τ) = (1/W) · Σ_{i<W} | x[i] − x[i+τ] |
///
/// A voiced stretch repeats with period P, so D has its deepest dip at τ = P (and again at 2P…).
/// Every lag is measured over the same W frames, so all lags are judged on the same sound.
/// The search runs in two passes:
///
/// 1. on the mean of every `decimation` frames (≈ 4 kHz), over all lags of 2.5–18 ms
///    (400–55 Hz) with W = the longest lag, scanning upward and taking a longer lag only if it
///    beats the best so far by `longerLagMargin` (so a period is not mistaken for its double);
/// 2. at full rate, over the lags within half a decimated step of where a parabola through the
///    coarse dip puts it, with W = that lag (at most `fineWindow`); and, because on the coarse
///    grid twice the period can fit better than the period, also around half that lag, which
///    wins if its D per frame is within `longerLagMargin` of the first.
///
/// The chosen P comes with its aperiodicity
///
///     A = Σ_{i<P} |x[i] − x[i+P]|  /  Σ_{i<P} (|x[i]| + |x[i+P]|)
///
/// 0 for a perfectly periodic stretch, ≈ 0.7 for white noise, and its level (mean |x|).
public struct PitchPeriod: Sendable {
  public let minPeriodFrames: Int
  public let maxPeriodFrames: Int
  /// Frames averaged into one decimated sample.
  public let decimation: Int
  /// A longer lag must have a D this much lower (as a fraction) to replace a shorter one.
  static let longerLagMargin: Float = 0.1

  public struct Estimate: Sendable, Equatable {
    public var periodFrames: Int
    public var aperiodicity: Float
    /// Mean |x| over the two periods compared.
    public var level: Float
  }

  public init(sampleRate: Int, minHz: Double = 55, maxHz: Double = 400, decimatedRate: Double = 4_000) {
    decimation = max(1, Int((Double(sampleRate) / decimatedRate).rounded()))
    minPeriodFrames = max(2, Int((Double(sampleRate) / maxHz).rounded(.down)))
    maxPeriodFrames = Int((Double(sampleRate) / minHz).rounded(.up))
  }

  /// Frames of signal the search reads from its start position.
  public var windowFrames: Int { 2 * maxPeriodFrames + 4 * decimation }

  /// Finds the period of `full[0...]`, whose decimated version starts at `decimated[0]`.
  /// `full` must hold `windowFrames` frames; `decimated` as many decimated samples.
  func estimate(full: UnsafePointer<Float>, decimated: UnsafePointer<Float>) -> Estimate {
    let factor = decimation
    var lag: Int
    if factor > 1 {
      let low = max(1, minPeriodFrames / factor)
      let high = (maxPeriodFrames + factor - 1) / factor
      let coarse = PitchPeriod.bestLag(decimated, lags: low...high, window: high)
      // The dip lies within about half a decimated step of the coarse lag's centre.
      let centre = coarse.lag * factor + Int((coarse.offset * Float(factor)).rounded())
      var best = refine(full, around: centre, reach: factor / 2 + 1)
      // On the coarse grid twice the period can fit better than the period (the period is not
      // a whole number of decimated steps): at full rate the period wins back its preference.
      if centre / 2 >= minPeriodFrames {
        let half = refine(full, around: centre / 2, reach: factor / 4 + 1)
        if half.perFrame <= best.perFrame * (1 + PitchPeriod.longerLagMargin) { best = half }
      }
      lag = best.lag
    } else {
      lag = PitchPeriod.bestLag(full, lags: minPeriodFrames...maxPeriodFrames, window: maxPeriodFrames).lag
    }
    var difference: Float = 0
    var magnitude: Float = 0
    for i in 0..<lag {
      let a = full[i]
      let b = full[i + lag]
      difference = Relaxed.sum(difference, abs(a - b))
      magnitude = Relaxed.sum(magnitude, Relaxed.sum(abs(a), abs(b)))
    }
    let aperiodicity = magnitude > 0 ? difference / magnitude : 1
    return Estimate(periodFrames: lag, aperiodicity: aperiodicity, level: magnitude / Float(2 * lag))
  }

  /// The full-rate lag within `reach` frames of `centre`, and its D per frame.
  func refine(_ full: UnsafePointer<Float>, around centre: Int, reach: Int) -> (lag: Int, perFrame: Float) {
    let low = max(minPeriodFrames, centre - reach)
    let high = max(low, min(maxPeriodFrames, centre + reach))
    let window = min(max(centre, 1), PitchPeriod.fineWindow)
    let found = PitchPeriod.bestLag(full, lags: low...high, window: window)
    return (found.lag, found.difference / Float(window))
  }

  /// Σ_{i<count} |a[i] − b[i]|, eight lanes at a time (the hot loop of the search).
  @inline(__always)
  static func absoluteDifference(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, count: Int) -> Float {
    let rawA = UnsafeRawPointer(a)
    let rawB = UnsafeRawPointer(b)
    // |d| by clearing the sign bit: one AND per lane.
    let magnitudeMask = SIMD8<UInt32>(repeating: 0x7FFF_FFFF)
    var lanes = SIMD8<Float>()
    var i = 0
    while i &+ 8 <= count {
      let u = rawA.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<Float>.self)
      let v = rawB.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<Float>.self)
      let bits = unsafeBitCast(u - v, to: SIMD8<UInt32>.self) & magnitudeMask
      lanes += unsafeBitCast(bits, to: SIMD8<Float>.self)
      i &+= 8
    }
    var sum = lanes.sum()
    while i < count {
      sum += abs(a[i] - b[i])
      i &+= 1
    }
    return sum
  }

  /// Longest window of the full-rate pass (frames): enough to place the dip to a frame.
  static let fineWindow = 512

  /// The lag in `lags` with the smallest D(τ), shorter lags preferred (see the type's comment),
  /// and where between its neighbours the dip lies (parabola through three D values, ±½).
  static func bestLag(
    _ x: UnsafePointer<Float>, lags: ClosedRange<Int>, window: Int
  ) -> (
    lag: Int, offset: Float, difference: Float
  ) {
    var best = lags.lowerBound
    var bestDifference = Float.infinity
    var before = Float.infinity
    var after = Float.infinity
    var previous = Float.infinity
    var bestIsPrevious = false
    for lag in lags {
      let difference = PitchPeriod.absoluteDifference(x, x + lag, count: window)
      if bestIsPrevious { after = difference }
      bestIsPrevious = false
      if difference < bestDifference * (1 - longerLagMargin) || bestDifference == .infinity
        || (difference < bestDifference && lag < best + best / 2)
      {
        // A clearly better lag, or a nearby one (not a multiple) that fits better: the same
        // period, measured better.
        best = lag
        bestDifference = difference
        before = previous
        after = .infinity
        bestIsPrevious = true
      }
      previous = difference
    }
    guard before.isFinite && after.isFinite else { return (best, 0, bestDifference) }
    let curvature = before - 2 * bestDifference + after
    guard curvature > 0 else { return (best, 0, bestDifference) }
    return (best, min(max(0.5 * (before - after) / curvature, -0.5), 0.5), bestDifference)
  }
}

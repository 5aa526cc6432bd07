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
/// 2. at full rate, over the lags within one decimated step of that lag, with W = that lag.
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
      lag = PitchPeriod.bestLag(
        full, lags: max(minPeriodFrames, coarse * factor - factor)...min(maxPeriodFrames, coarse * factor + factor),
        window: coarse * factor)
    } else {
      lag = PitchPeriod.bestLag(full, lags: minPeriodFrames...maxPeriodFrames, window: maxPeriodFrames)
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

  /// The lag in `lags` with the smallest D(τ), shorter lags preferred (see the type's comment).
  static func bestLag(_ x: UnsafePointer<Float>, lags: ClosedRange<Int>, window: Int) -> Int {
    var best = lags.lowerBound
    var bestDifference = Float.infinity
    for lag in lags {
      var sum: Float = 0
      for i in 0..<window { sum = Relaxed.sum(sum, abs(x[i] - x[i + lag])) }
      let difference = sum
      if difference < bestDifference * (1 - longerLagMargin) || bestDifference == .infinity {
        best = lag
        bestDifference = difference
      } else if difference < bestDifference && lag < best + best / 2 {
        // A nearby lag (not a multiple) that fits better is the same period, measured better.
        best = lag
        bestDifference = difference
      }
    }
    return best
  }
}

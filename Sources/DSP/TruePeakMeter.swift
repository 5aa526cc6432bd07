import RealModule

/// True peak (ITU-R BS.1770-4 Annex 2): the largest |sample| of the signal
/// oversampled 4× (2× from 96 kHz, 1× from 192 kHz), in any chunk size.
///
/// The interpolator is the design libebur128 uses, so both agree: a 49-tap
/// Hann-windowed sinc split into F polyphase branches,
///
///     h[j] = sinc((j − 24) / F) · ½(1 − cos(2πj / 48)),  branch p = { h[j] : j mod F = p }
///     y_p[n] = Σ_t h_p[t] · x[n − t]                      (t < 13 = ⌈49 / F⌉)
///
/// Each output is bounded by B · max|x| over its 13-sample window, where
/// B = max_p Σ_t |h_p[t]| (1.864 at 4×). A block whose window peak P has
/// B·P below the true peak found so far cannot raise it, so its outputs are
/// not computed. The history is always kept, so this gate changes nothing but
/// the time taken: results equal measuring every frame.
public struct TruePeakMeter: Sendable {
  public let channelCount: Int
  public let factor: Int
  /// The largest |oversampled value| so far, over all channels (linear).
  public private(set) var peak: Float = 0

  static let taps = 49
  static let gateFrames = 128
  private let branchTaps: Int
  /// Coefficients by branch, then tap: coefficients[p * branchTaps + t].
  private let coefficients: [Float]
  private let bound: Float
  /// The last `branchTaps − 1` samples of each channel, oldest first:
  /// history[channel * (branchTaps − 1) + i].
  private var history: [Float]
  private var scratch: [Float] = []
  private var outputs: [Float] = []

  public init(channelCount: Int, sampleRate: Int) {
    self.channelCount = channelCount
    factor = sampleRate < 96_000 ? 4 : sampleRate < 192_000 ? 2 : 1
    let design = factor == 4 ? TruePeakMeter.fourTimes : factor == 2 ? TruePeakMeter.twice : TruePeakMeter.once
    branchTaps = design.branchTaps
    coefficients = design.coefficients
    bound = design.bound
    history = [Float](repeating: 0, count: channelCount * (branchTaps - 1))
  }

  /// The interpolator for each factor, made once (a meter is made per block in codec repairs).
  private static let fourTimes = Design(factor: 4)
  private static let twice = Design(factor: 2)
  private static let once = Design(factor: 1)

  private struct Design: Sendable {
    let branchTaps: Int
    let coefficients: [Float]
    let bound: Float

    init(factor: Int) {
      branchTaps = (TruePeakMeter.taps + factor - 1) / factor
      var table = [Float](repeating: 0, count: factor * branchTaps)
      var sums = [Double](repeating: 0, count: factor)
      for j in 0..<TruePeakMeter.taps {
        let m = Double(j) - Double(TruePeakMeter.taps - 1) / 2
        let x = m * Double.pi / Double(factor)
        var c = abs(m) < 1e-9 ? 1.0 : Double.sin(x) / x
        c *= 0.5 * (1 - Double.cos(2 * Double.pi * Double(j) / Double(TruePeakMeter.taps - 1)))
        table[(j % factor) * branchTaps + j / factor] = Float(c)
        sums[j % factor] += abs(c)
      }
      coefficients = table
      bound = Float(sums.max() ?? 1) * 1.0001  // a hair above, against rounding
    }
  }

  /// The true peak in dBTP.
  public var peakDBTP: Double { Decibels.fromGain(Double(peak)) }

  public mutating func add(_ buffer: AudioBuffer) {
    precondition(buffer.channelCount == channelCount, "TruePeakMeter got the wrong channel count")
    var start = 0
    while start < buffer.frameCount {
      let end = min(start + TruePeakMeter.gateFrames, buffer.frameCount)
      for channel in 0..<channelCount { addBlock(buffer, channel: channel, frames: start..<end) }
      start = end
    }
  }

  private mutating func addBlock(_ buffer: AudioBuffer, channel: Int, frames: Range<Int>) {
    let keep = branchTaps - 1
    let count = frames.count
    let channels = channelCount
    // scratch = history (keep samples) followed by this block's samples of `channel`.
    if scratch.count < keep + count { scratch = [Float](repeating: 0, count: keep + count) }
    var windowPeak: Float = 0
    scratch.withUnsafeMutableBufferPointer { x in
      history.withUnsafeMutableBufferPointer { past in
        buffer.samples.withUnsafeBufferPointer { samples in
          for i in 0..<keep {
            x[i] = past[channel * keep + i]
            windowPeak = max(windowPeak, abs(x[i]))
          }
          var source = frames.lowerBound * channels + channel
          for i in 0..<count {
            let value = samples[source]
            x[keep + i] = value
            windowPeak = max(windowPeak, abs(value))
            source += channels
          }
          for i in 0..<keep { past[channel * keep + i] = x[count + i] }
        }
      }
    }
    peak = max(peak, windowPeak)  // the sample peak is a true-peak value too (branch 0 at 1×)
    if factor > 1 && bound * windowPeak > peak { interpolate(count: count) }
  }

  /// Computes every branch's outputs for `count` new samples in `scratch` and updates `peak`.
  private mutating func interpolate(count: Int) {
    if outputs.count < count { outputs = [Float](repeating: 0, count: count) }
    let keep = branchTaps - 1
    var highest = peak
    scratch.withUnsafeBufferPointer { x in
      coefficients.withUnsafeBufferPointer { h in
        outputs.withUnsafeMutableBufferPointer { y in
          // Branch 0 is the input itself (centre tap 1, the others sin(kπ) ≈ 1e-17): its peak is
          // the sample peak, already in `peak`.
          for p in 1..<factor {
            for n in 0..<count { y[n] = 0 }
            for t in 0..<branchTaps {
              let c = h[p * branchTaps + t]
              if c == 0 { continue }
              // y_p[n] += h_p[t] · x[n − t]; x[n] sits at scratch[keep + n].
              let base = keep - t
              for n in 0..<count { y[n] = Relaxed.multiplyAdd(c, x[base + n], y[n]) }
            }
            for n in 0..<count { highest = max(highest, abs(y[n])) }
          }
        }
      }
    }
    peak = highest
  }
}

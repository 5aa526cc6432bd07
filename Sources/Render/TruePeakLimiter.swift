import DSP
import RealModule

/// A look-ahead limiter on true (8× oversampled) peaks, so encoded files stay under −1 dBTP.
///
/// For each interval p (between frames p and p+1) the true peak is estimated as
///
///     peak[p] = maxᶜ max( |x[p]|, |x[p+1]|, |Σₖ hφ[k] · x[p+k]| ),   φ ∈ {⅛, 2⁄8, …, ⅞}, k = −15…16
///
/// with hφ a Kaiser-windowed (β = 4: a narrow transition band) sinc normalised to unit DC gain: 32 taps per phase,
/// longer than BS.1770's 12, and twice its 4× grid, so that content close to Nyquist is not
/// under-read (a 4× grid can miss a peak by up to 0.7 dB; 8× by 0.2 dB).
/// The gain needed is r[p] = min(1, ceiling / peak[p]); with look-ahead L frames:
///
///     h[n] = min r[k] over k ∈ [n − 1, n + L − 1]       (sliding minimum)
///     s[n] = (1/L) Σ h[j] over j ∈ [n − L + 1, n]         (box smoothing: the attack)
///     g[n] = s[n] if s[n] < g[n−1], else g[n−1] + α·(s[n] − g[n−1])   (one-pole release)
///     y[n] = g[n] · x[n]
///
/// Every h[j] in the box for n is ≤ r[n] and r[n−1], so s[n] ≤ r at both neighbouring
/// intervals, and g ≤ s: no interval peak passes the ceiling, and the gain never jumps.
/// The output is aligned with the input (no delay to trim); `lookaheadFrames` frames are held
/// back until `flush`.
///
/// Work is done in blocks of intervals (`TruePeakLimiter+Blocks.swift`): the 32-frame window
/// peaks of a block first (a sliding maximum), the interpolation only where the window peak
/// times the taps' absolute sum passes the ceiling (elsewhere r = 1 for certain), then the
/// gain recursion in one tight loop. The arithmetic of r, h, s and g is the same in any
/// chunking and block size, so the output is too.
public struct TruePeakLimiter: AudioProcessor {
  public let channelCount: Int
  public let sampleRate: Int
  public let ceilingDBTP: Double
  public let lookaheadFrames: Int
  public var latency: Int { 0 }
  /// The deepest gain reduction applied so far, in dB (≤ 0).
  public var minimumGainDB: Double { Decibels.fromGain(recursion.lowest) }

  /// Taps on each side of an interval: x[p − 15] … x[p + 16].
  static let halfTaps = 16
  static let tapCount = 2 * halfTaps
  static let phases: [[Float]] = (1..<8).map { Double($0) / 8 }.map { phase in
    let taps = ((1 - halfTaps)...halfTaps).map { k -> Double in
      let x = phase - Double(k)
      return Kaiser.sinc(x) * Kaiser.window(x / Double(halfTaps), beta: 4)
    }
    let sum = taps.reduce(0, +)
    return taps.map { Float($0 / sum) }
  }

  /// Interpolated values cannot exceed the window's peak times this (the taps' absolute sum).
  static let tapBound: Float = phases.map { $0.reduce(0) { $0 + abs($1) } }.max() ?? 1

  /// The phase filters transposed: element k holds tap k of phases ⅛ … ⅞ (and 0 in lane 7).
  static let phaseTaps: [SIMD8<Float>] = (0..<tapCount).map { k in
    var lanes = SIMD8<Float>()
    for (phase, filter) in phases.enumerated() { lanes[phase] = filter[k] }
    return lanes
  }

  let ceiling: Float
  let releaseCoefficient: Double
  /// Input frames from `historyStart` on (interleaved).
  var history: [Float]
  var historyStart: Int
  var inputFrames = 0
  /// The next interval whose r is computed, and the next frame to output.
  var nextInterval = 0
  var nextOutput = 0
  /// The r[k] < 1 still in or ahead of the sliding minimum's window (r = 1 elsewhere).
  var lows = LowWindow()
  /// h[j] for the last L frames, a ring (`recursion.slot` is where h[n] of the next n goes).
  var box: [Double]
  var recursion: GainRecursion
  var scratch = BlockScratch()

  public init(
    channelCount: Int, sampleRate: Int, ceilingDBTP: Double = -1.5,
    lookaheadMilliseconds: Double = 5, releaseMilliseconds: Double = 150
  ) {
    self.channelCount = channelCount
    self.sampleRate = sampleRate
    self.ceilingDBTP = ceilingDBTP
    ceiling = Float(Decibels.gain(ceilingDBTP))
    lookaheadFrames = max(1, FrameTime.frames(seconds: lookaheadMilliseconds / 1000, sampleRate: sampleRate))
    releaseCoefficient = 1 - Double.exp(-1 / (releaseMilliseconds / 1000 * Double(sampleRate)))
    // Zeros before the first frame stand in for the filter's left context.
    historyStart = -TruePeakLimiter.halfTaps
    history = [Float](repeating: 0, count: TruePeakLimiter.halfTaps * channelCount)
    box = [Double](repeating: 1, count: lookaheadFrames)
    recursion = GainRecursion(lookahead: lookaheadFrames, releaseCoefficient: releaseCoefficient)
  }

  public mutating func process(_ input: AudioBuffer, into output: inout AudioBuffer) {
    precondition(input.channelCount == channelCount && input.sampleRate == sampleRate, "limiter input shape changed")
    history.append(contentsOf: input.samples)
    inputFrames += input.frameCount
    run(into: &output, available: inputFrames)
  }

  public mutating func flush(into output: inout AudioBuffer) {
    // Zeros after the last frame: the filter's right context and the look-ahead.
    history.append(
      contentsOf: [Float](repeating: 0, count: (lookaheadFrames + 2 * TruePeakLimiter.halfTaps) * channelCount))
    run(into: &output, available: inputFrames + lookaheadFrames + 2 * TruePeakLimiter.halfTaps)
  }

  /// Computes the intervals whose right context is present, block by block, and emits the
  /// frames they finish: interval p finishes frame p − L + 1, until every input frame is out.
  private mutating func run(into output: inout AudioBuffer, available: Int) {
    guard inputFrames > 0 else { return }
    let end = min(available - TruePeakLimiter.halfTaps, inputFrames + lookaheadFrames - 1)
    while nextInterval < end {
      let blockEnd = min(end, nextInterval + TruePeakLimiter.blockIntervals)
      limitBlock(nextInterval..<blockEnd, into: &output)
      nextInterval = blockEnd
    }
    trimHistory()
  }

  /// Drops frames no longer needed for output or filtering, in large steps.
  private mutating func trimHistory() {
    let keepFrom = min(nextOutput, nextInterval + 1 - TruePeakLimiter.halfTaps)
    let drop = keepFrom - historyStart
    if drop > 32_768 {
      history.removeFirst(drop * channelCount)
      historyStart = keepFrom
    }
  }
}

/// Sliding minimum of the r[k] < 1 (a monotonic deque: values rise from front to back); an
/// empty window means every r in it is 1. Amortised O(1) per value.
struct LowWindow {
  private var indices: [Int] = []
  private var values: [Float] = []
  private var head = 0

  mutating func push(index: Int, value: Float) {
    while indices.count > head, values[values.count - 1] >= value {
      indices.removeLast()
      values.removeLast()
    }
    indices.append(index)
    values.append(value)
  }

  /// The minimum of the values pushed at indices ≥ `start` (1 if none).
  @inline(__always) mutating func minimum(from start: Int) -> Float {
    while head < indices.count, indices[head] < start { head += 1 }
    if head > 4_096 {
      indices.removeFirst(head)
      values.removeFirst(head)
      head = 0
    }
    return head < indices.count ? values[head] : 1
  }
}

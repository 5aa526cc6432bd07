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
public struct TruePeakLimiter: AudioProcessor {
  public let channelCount: Int
  public let sampleRate: Int
  public let ceilingDBTP: Double
  public let lookaheadFrames: Int
  public var latency: Int { 0 }
  /// The deepest gain reduction applied so far, in dB (≤ 0).
  public var minimumGainDB: Double { Decibels.fromGain(minimumGain) }
  private var minimumGain: Double = 1

  /// Taps on each side of an interval: x[p − 15] … x[p + 16].
  static let halfTaps = 16
  static let tapCount = 2 * halfTaps
  static let phases: [[Float]] = (1..<8).map { Double($0) / 8 }.map { phase in
    let taps = ((1 - halfTaps)...halfTaps).map { k -> Double in
      let x = phase - Double(k)
      let sinc = Double.sin(Double.pi * x) / (Double.pi * x)
      let r = x / Double(halfTaps)
      return sinc * besselI0(4 * (max(0, 1 - r * r)).squareRoot()) / besselI0(4)
    }
    let sum = taps.reduce(0, +)
    return taps.map { Float($0 / sum) }
  }

  /// The modified Bessel function I₀ (power series), for the Kaiser window.
  static func besselI0(_ x: Double) -> Double {
    var sum = 1.0
    var term = 1.0
    for k in 1..<30 {
      term *= (x / 2) * (x / 2) / Double(k * k)
      sum += term
    }
    return sum
  }
  static let tapBound: Float = phases.map { $0.reduce(0) { $0 + abs($1) } }.max() ?? 1

  private let ceiling: Float
  private let releaseCoefficient: Double
  private var history: [Float]
  private var historyStart: Int
  private var inputFrames = 0
  private var nextInterval = 0
  private var nextOutput = 0
  private var window = MinimumWindow()
  private var box: [Double]
  private var boxSum: Double
  private var gain: Double = 1
  private var checkedGroup = Int.min
  private var groupIsQuiet = false

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
    boxSum = Double(lookaheadFrames)
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

  /// Computes intervals while their right context is present, and emits finished frames.
  private mutating func run(into output: inout AudioBuffer, available: Int) {
    let channels = channelCount
    let lookahead = lookaheadFrames
    var emitted: [Float] = []
    emitted.reserveCapacity(max(0, available - nextOutput) * channels)
    // A second reference, so that reading it does not overlap the state updates below.
    let frames = history
    frames.withUnsafeBufferPointer { x in
      while nextInterval + TruePeakLimiter.halfTaps < available && nextOutput < inputFrames {
        let p = nextInterval
        if p >> TruePeakLimiter.groupShift != checkedGroup { checkGroup(x, of: p, available: available) }
        let required = groupIsQuiet ? 1 : requiredGain(x, interval: p)
        window.push(index: p, value: required)
        nextInterval += 1
        // h[n] is computed from n = −(L − 1) on, so the box is full of true values at frame 0.
        let n = p - lookahead + 1
        guard n > -lookahead else { continue }
        let held = window.minimum(from: n - 1)
        let slot = (n + lookahead) % lookahead
        boxSum += Double(held) - box[slot]
        box[slot] = Double(held)
        guard n >= 0 else { continue }
        let smoothed = min(1, boxSum / Double(lookahead))
        gain = smoothed < gain ? smoothed : gain + releaseCoefficient * (smoothed - gain)
        minimumGain = min(minimumGain, gain)
        let g = Float(gain)
        let base = (n - historyStart) * channels
        for c in 0..<channels { emitted.append(g * x[base + c]) }
        nextOutput = n + 1
      }
    }
    output.samples.append(contentsOf: emitted)
    trimHistory()
  }

  /// Intervals are gated 16 at a time: the intervals g₀ … g₀ + 15 read frames g₀ − 15 … g₀ + 31,
  /// and if even the loudest of those times the taps' absolute sum stays under the ceiling,
  /// none of them needs gain (the same bound `requiredGain` uses, over a wider window: it
  /// changes the time taken, never the result).
  static let groupShift = 4

  private mutating func checkGroup(_ x: UnsafeBufferPointer<Float>, of p: Int, available: Int) {
    checkedGroup = p >> TruePeakLimiter.groupShift
    let first = checkedGroup << TruePeakLimiter.groupShift
    let last = first + (1 << TruePeakLimiter.groupShift) - 1 + TruePeakLimiter.halfTaps
    // Only when the group starts here (older frames may be trimmed) and all its frames are in.
    guard p == first, last < available else {
      groupIsQuiet = false
      return
    }
    var loudest: Float = 0
    for i
      in ((first + 1 - TruePeakLimiter.halfTaps - historyStart) * channelCount)..<((last + 1 - historyStart)
      * channelCount)
    {
      let value = abs(x[i])
      if value > loudest { loudest = value }
    }
    groupIsQuiet = loudest * TruePeakLimiter.tapBound <= ceiling
  }

  /// r[p] = min(1, ceiling / true peak of the interval [p, p+1]).
  private func requiredGain(_ x: UnsafeBufferPointer<Float>, interval p: Int) -> Float {
    let channels = channelCount
    let taps = TruePeakLimiter.tapCount
    let first = (p + 1 - TruePeakLimiter.halfTaps - historyStart) &* channels
    var loudest: Float = 0
    for i in first..<(first &+ taps &* channels) { loudest = max(loudest, abs(x[i])) }
    // Interpolated values cannot exceed the window's peak times the taps' absolute sum.
    guard loudest * TruePeakLimiter.tapBound > ceiling else { return 1 }
    var peak: Float = 0
    let here = (p - historyStart) &* channels
    TruePeakLimiter.phaseTaps.withUnsafeBufferPointer { coefficients in
      for c in 0..<channels {
        peak = max(peak, abs(x[here &+ c]), abs(x[here &+ channels &+ c]))
        // All seven phases at once: lane φ of `sum` is Σₖ hφ[k] · x[p + k − 15] (lane 7 is unused).
        var sum = SIMD8<Float>()
        var index = first &+ c
        for k in 0..<taps {
          sum += coefficients[k] * x[index]  // not addingProduct: without -mfma that calls libm per lane
          index &+= channels
        }
        peak = max(peak, sum.max(), -sum.min())  // lane 7 holds 0, which changes neither
      }
    }
    return peak > ceiling ? ceiling / peak : 1
  }

  /// The phase filters transposed: element k holds tap k of phases ⅛ … ⅞ (and 0 in lane 7).
  static let phaseTaps: [SIMD8<Float>] = (0..<tapCount).map { k in
    var lanes = SIMD8<Float>()
    for (phase, filter) in phases.enumerated() { lanes[phase] = filter[k] }
    return lanes
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

/// Sliding minimum over a stream (a monotonic deque): amortised O(1) per value.
struct MinimumWindow {
  private var indices: [Int] = []
  private var values: [Float] = []
  private var head = 0

  mutating func push(index: Int, value: Float) {
    // The usual case under the ceiling: 1 after 1 only moves the last index (same minima).
    if indices.count > head, value == 1, values[values.count - 1] == 1 {
      indices[indices.count - 1] = index
      return
    }
    while indices.count > head, values[values.count - 1] >= value {
      indices.removeLast()
      values.removeLast()
    }
    indices.append(index)
    values.append(value)
  }

  /// The minimum of the values pushed at indices ≥ `start` (1 if none).
  mutating func minimum(from start: Int) -> Float {
    while head < indices.count, indices[head] < start { head += 1 }
    if head > 4_096 {
      indices.removeFirst(head)
      values.removeFirst(head)
      head = 0
    }
    return head < indices.count ? values[head] : 1
  }
}

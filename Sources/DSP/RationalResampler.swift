/// Sample-rate conversion by a rational ratio L/M (every pair of common audio rates: 44.1 →
/// 48 kHz is 160/147) with a polyphase windowed-sinc filter, streaming.
///
/// Output frame n sits at input time tₙ = n·M/L; with i = ⌊tₙ⌋ and phase p = n·M mod L,
///
///     y[n] = Σₖ cₚ[k] · x[i − H + 1 + k],   cₚ[k] = h(p/L + H − 1 − k),   k = 0 … 2H − 1
///     h(t) = 2f꜀ · sinc(2f꜀ t) · kaiser(t / H),   f꜀ = 0.475 · min(rate in, rate out) / rate in
///
/// each phase's taps scaled to sum to 1 (unit gain at DC). The passband is flat to 90 % of the
/// lower rate's Nyquist frequency, the stopband starts at that Nyquist frequency and is
/// `attenuationDB` down: no alias or image above −100 dB, the bandwidth libsamplerate's
/// SINC_MEDIUM_QUALITY keeps. 2H ≈ 130 taps for 44.1 ↔ 48 kHz (Kaiser's length formula).
///
/// Input before the first frame and after the last is zero; the output is aligned with the
/// input (no delay to trim) and exactly round(frames · L / M) long. Each output frame is the
/// same sum of the same samples in any chunking, so the output does not depend on it.
/// Libsamplerate computes its filter per sample from an interpolated table (~100× real time
/// here); a fixed table per phase makes this ~5× faster for the same bandwidth.
public struct RationalResampler: AudioProcessor {
  public let fromRate: Int
  public let toRate: Int
  public let channelCount: Int
  public var latency: Int { 0 }

  /// Stopband attenuation of the filter.
  public static let attenuationDB = 100.0
  /// The passband edge, as a fraction of the lower rate's Nyquist frequency.
  public static let passband = 0.9
  /// Above this many phases (L) the table grows past ~1 MB: `supports` says no.
  public static let maxPhases = 2_048

  /// L and M: the ratio in lowest terms.
  let up: Int
  let down: Int
  /// Taps on the early side of the interpolation point (H).
  let half: Int
  /// Taps per phase, 2H rounded up to a multiple of 8 (zeros at the end).
  let taps: Int
  /// cₚ for every phase, `taps` each.
  let table: [Float]
  /// Per channel, input frames from absolute index `base` on.
  private var history: [[Float]]
  private var base: Int
  private var inputFrames = 0
  private var outputFrames = 0

  /// Whether the ratio is small enough for a table (every rate pair of common audio is).
  public static func supports(from fromRate: Int, to toRate: Int) -> Bool {
    guard fromRate > 0, toRate > 0 else { return false }
    return toRate / gcd(fromRate, toRate) <= maxPhases
  }

  /// `keptBelowHz`: only the output below this frequency is listened to (Opus codes nothing
  /// above 20 kHz). When both rates' Nyquist frequencies are at or above it, the stopband starts
  /// at the output's Nyquist frequency (or where the passband's images begin, if lower) instead
  /// of the lower Nyquist frequency: images of the input's top (passband edge to its Nyquist
  /// frequency) land between that frequency and the stopband, above `keptBelowHz`, and the wider
  /// transition needs about half the taps (44.1 → 48 kHz: 72 instead of 136).
  public init(from fromRate: Int, to toRate: Int, channelCount: Int, keptBelowHz: Double? = nil) {
    precondition(RationalResampler.supports(from: fromRate, to: toRate) && channelCount > 0)
    let divisor = RationalResampler.gcd(fromRate, toRate)
    (self.fromRate, self.toRate, self.channelCount) = (fromRate, toRate, channelCount)
    (up, down) = (toRate / divisor, fromRate / divisor)
    let lowerNyquist = Double(min(fromRate, toRate)) / 2
    let passEdge = lowerNyquist * RationalResampler.passband
    var stopEdge = lowerNyquist
    if let keptBelowHz, lowerNyquist >= keptBelowHz {
      stopEdge = max(lowerNyquist, min(Double(toRate) / 2, Double(fromRate) - passEdge))
    }
    let transition = (stopEdge - passEdge) / Double(fromRate)
    let cutoff = (passEdge + stopEdge) / 2 / Double(fromRate)
    half = (Kaiser.length(attenuationDB: RationalResampler.attenuationDB, transition: transition) + 1) / 2
    taps = (2 * half + 7) / 8 * 8
    table = RationalResampler.table(
      phases: up, half: half, taps: taps, cutoff: cutoff,
      beta: Kaiser.beta(attenuationDB: RationalResampler.attenuationDB))
    history = Array(repeating: [Float](repeating: 0, count: half - 1), count: channelCount)
    base = 1 - half
  }

  static func table(phases: Int, half: Int, taps: Int, cutoff: Double, beta: Double) -> [Float] {
    var table = [Float](repeating: 0, count: phases * taps)
    for phase in 0..<phases {
      let offset = Double(phase) / Double(phases) + Double(half - 1)
      let filter = (0..<(2 * half)).map { k -> Double in
        let t = offset - Double(k)
        return 2 * cutoff * Kaiser.sinc(2 * cutoff * t) * Kaiser.window(t / Double(half), beta: beta)
      }
      let sum = filter.reduce(0, +)
      for (k, value) in filter.enumerated() { table[phase * taps + k] = Float(value / sum) }
    }
    return table
  }

  static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

  public mutating func process(_ input: AudioBuffer, into output: inout AudioBuffer) {
    precondition(input.sampleRate == fromRate && input.channelCount == channelCount)
    append(input.samples)
    inputFrames += input.frameCount
    produce(into: &output, until: nil)
  }

  public mutating func flush(into output: inout AudioBuffer) {
    let expected = Int((Double(inputFrames) * Double(up) / Double(down)).rounded())
    append([Float](repeating: 0, count: (taps + 1) * channelCount))
    produce(into: &output, until: expected)
  }

  private mutating func append(_ samples: [Float]) {
    if channelCount == 1 {
      history[0].append(contentsOf: samples)
      return
    }
    let frames = samples.count / channelCount
    for channel in 0..<channelCount {
      history[channel].reserveCapacity(history[channel].count + frames)
      for frame in 0..<frames { history[channel].append(samples[frame * channelCount + channel]) }
    }
  }

  /// Appends frames up to frame `end` (exclusive), or without one, every frame whose input has
  /// arrived; then drops input no later frame needs. Frame n needs input up to ⌊n·M / L⌋ − H +
  /// taps, so the frames below ⌈(arrived + H − taps) · L / M⌉ can be made. Within a call the
  /// position n·M is kept as ⌊n·M / L⌋ and n·M mod L, stepped by M: no division per frame.
  private mutating func produce(into output: inout AudioBuffer, until end: Int?) {
    let limit = base + history[0].count + half - taps
    let last = end ?? (limit > 0 ? (limit * up + down - 1) / down : 0)
    let count = max(0, last - outputFrames)
    let (stepWhole, stepPhase) = (down / up, down % up)
    let first = (whole: outputFrames * down / up, phase: outputFrames * down % up)
    let start = output.samples.count
    output.samples.append(contentsOf: repeatElement(0, count: count * channelCount))
    output.samples.withUnsafeMutableBufferPointer { out in
      table.withUnsafeBufferPointer { h in
        for channel in 0..<channelCount {
          history[channel].withUnsafeBufferPointer { x in
            var (w, p) = first
            for n in 0..<count {
              out[start + n * channelCount + channel] = RationalResampler.dot(
                x, from: w - half + 1 - base, taps: h, phase: p * taps, count: taps)
              (w, p) = (w + stepWhole, p + stepPhase)
              if p >= up { (w, p) = (w + 1, p - up) }
            }
          }
        }
      }
    }
    outputFrames += count
    let needed = outputFrames * down / up - half + 1 - base
    if needed > 16_384 {
      for channel in 0..<channelCount { history[channel].removeFirst(needed) }
      base += needed
    }
  }

  /// Σ h[phase + k] · x[first + k] for k < count (a multiple of 8), in lanes of 8.
  @inline(__always)
  private static func dot(
    _ x: UnsafeBufferPointer<Float>, from first: Int, taps h: UnsafeBufferPointer<Float>, phase: Int, count: Int
  ) -> Float {
    guard let xs = x.baseAddress.map({ UnsafeRawPointer($0 + first) }),
      let hs = h.baseAddress.map({ UnsafeRawPointer($0 + phase) })
    else { return 0 }
    var sum = SIMD8<Float>()
    let step = MemoryLayout<SIMD8<Float>>.stride
    for offset in stride(from: 0, to: count * MemoryLayout<Float>.stride, by: step) {
      sum +=
        xs.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
        * hs.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
    }
    return sum.sum()
  }
}

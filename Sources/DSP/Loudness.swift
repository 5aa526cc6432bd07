import RealModule

/// Loudness by ITU-R BS.1770-4 and EBU Tech 3341/3342: integrated loudness (LUFS) and
/// loudness range (LU), in any chunk size.
///
/// Each channel goes through the K-weighting filter, two biquads in Double precision (direct
/// form I, so that each output waits on the last through one multiply and one subtraction):
///
///     shelf      +4 dB above f0 = 1681.97 Hz, Q = 0.70718   (the head's acoustic effect)
///     high-pass  f0 = 38.135 Hz, Q = 0.50033               (the "RLB" curve)
///
/// designed for any sample rate by the bilinear transform with the constants that give the
/// standard's 48 kHz coefficients (the design libebur128 and ffmpeg use). The squared outputs
/// are summed, times the channel weight (1 for L, R, C; 1.41 for the surrounds; 0 for LFE,
/// in libebur128's default channel order), over 100 ms sub-blocks of (rate + 5) / 10 frames.
///
/// - Integrated: blocks of 400 ms every 100 ms (four sub-blocks; a trailing partial block
///   does not count), energy z = Σ sub-blocks ÷ frames; L = −0.691 + 10·log10 z. Blocks under
///   −70 LUFS are dropped, then blocks under the mean of the rest − 10 LU; the integrated
///   loudness is L of the mean of what is left (−∞ if nothing is).
/// - Range: 3 s blocks every 1 s (the first after 3 s), gated at −70 LUFS and at their mean
///   − 20 LU; the range is the 95th minus the 10th percentile of their loudness (nearest
///   rank, as libebur128 counts).
///
/// The tests hold both to libebur128's values. Why not libebur128 itself: its filter is one
/// fourth-order section with a check per sample and it sums each 400 ms block from its samples
/// again, ~10 ns per sample here; the render measures every normalisation pass and every file
/// it writes, and this meter costs a third of that.
public struct KWeightedLoudness: Sendable {
  public let channelCount: Int
  public let sampleRate: Int
  /// Frames in one 100 ms sub-block.
  public let subBlockFrames: Int
  private let measuresRange: Bool

  private let shelf: Biquad
  private let highPass: Biquad
  /// Per channel: the shelf's last two inputs and outputs, then the high-pass's last two
  /// outputs (its inputs are the shelf's): [x1, x2, y1, y2, z1, z2].
  private var state: [Double]
  private let weights: [Double]

  /// Weighted energy summed in the current sub-block, and frames in it so far.
  private var subBlockSum = 0.0
  private var subBlockFill = 0
  /// The last three finished sub-blocks' sums, oldest first (a 400 ms block is these and one more).
  private var recent: [Double] = []
  /// Energies (mean square, weighted) of the 400 ms blocks over −70 LUFS.
  private var blocks: [Double] = []
  /// For the range: the last 30 sub-block sums, sub-blocks since the last 3 s block, and the
  /// 3 s blocks' energies.
  private var window: [Double] = []
  private var sinceShortTerm = 0
  private var shortTerm: [Double] = []

  /// Energy of a −70 LUFS block: the absolute gate.
  static let absoluteGate = energy(ofLUFS: -70)

  public init(channelCount: Int, sampleRate: Int, range: Bool = false) {
    precondition(channelCount > 0 && sampleRate > 0)
    self.channelCount = channelCount
    self.sampleRate = sampleRate
    subBlockFrames = (sampleRate + 5) / 10
    measuresRange = range
    let rate = Double(sampleRate)
    shelf = .shelf(sampleRate: rate)
    highPass = .highPass(sampleRate: rate)
    state = [Double](repeating: 0, count: 6 * channelCount)
    weights = (0..<channelCount).map { KWeightedLoudness.weight(ofChannel: $0) }
  }

  /// libebur128's default channel order: L, R, C, LFE, Ls, Rs; further channels are not counted.
  static func weight(ofChannel index: Int) -> Double {
    switch index {
    case 0, 1, 2: 1
    case 4, 5: 1.41
    default: 0
    }
  }

  public static func energy(ofLUFS lufs: Double) -> Double { Double.pow(10, (lufs + 0.691) / 10) }
  public static func lufs(ofEnergy energy: Double) -> Double {
    energy > 0 ? -0.691 + 10 * Double.log10(energy) : -.infinity
  }

  public mutating func add(_ buffer: AudioBuffer) {
    precondition(buffer.channelCount == channelCount && buffer.sampleRate == sampleRate)
    var start = 0
    let frames = buffer.frameCount
    buffer.samples.withUnsafeBufferPointer { samples in
      while start < frames {
        let count = min(frames - start, subBlockFrames - subBlockFill)
        subBlockSum += filter(samples, frames: start..<(start + count))
        subBlockFill += count
        start += count
        if subBlockFill == subBlockFrames { closeSubBlock() }
      }
    }
  }

  /// Runs `frames` of every channel through the filter; the weighted sum of their squares.
  private mutating func filter(_ samples: UnsafeBufferPointer<Float>, frames: Range<Int>) -> Double {
    var total = 0.0
    let (b, a, c) = (shelf, highPass, channelCount)
    for channel in 0..<c where weights[channel] > 0 {
      let base = 6 * channel
      var (x1, x2, y1, y2) = (state[base], state[base + 1], state[base + 2], state[base + 3])
      var (z1, z2) = (state[base + 4], state[base + 5])
      var sum = 0.0
      var i = frames.lowerBound * c + channel
      let end = frames.upperBound * c
      while i < end {
        // Direct form I, shelf then high-pass. Each output waits on the one before it only
        // through one multiply and one subtraction: the other terms are summed beforehand.
        let x = Double(samples[i])
        let y = (b.b0 * x + b.b1 * x1 + b.b2 * x2 - b.a2 * y2) - b.a1 * y1
        let z = (a.b0 * y + a.b1 * y1 + a.b2 * y2 - a.a2 * z2) - a.a1 * z1
        (x2, x1, y2, y1, z2, z1) = (x1, x, y1, y, z1, z)
        sum += z * z
        i += c
      }
      (state[base], state[base + 1], state[base + 2], state[base + 3]) = (x1, x2, y1, y2)
      (state[base + 4], state[base + 5]) = (z1, z2)
      total += weights[channel] * sum
    }
    return total
  }

  private mutating func closeSubBlock() {
    let sum = subBlockSum
    (subBlockSum, subBlockFill) = (0, 0)
    if recent.count == 3 {
      let energy = (recent[0] + recent[1] + recent[2] + sum) / Double(4 * subBlockFrames)
      if energy >= KWeightedLoudness.absoluteGate { blocks.append(energy) }
      recent.removeFirst()
    }
    recent.append(sum)
    guard measuresRange else { return }
    if window.count == 30 { window.removeFirst() }
    window.append(sum)
    sinceShortTerm += 1
    if window.count == 30 && (shortTerm.isEmpty && sinceShortTerm == 30 || sinceShortTerm == 10) {
      shortTerm.append(window.reduce(0, +) / Double(30 * subBlockFrames))
      sinceShortTerm = 0
    }
  }

  /// Integrated loudness in LUFS; −∞ when no block passes the gates (silence).
  public var integratedLUFS: Double {
    guard !blocks.isEmpty else { return -.infinity }
    let threshold = blocks.reduce(0, +) / Double(blocks.count) * 0.1
    var (sum, count) = (0.0, 0)
    for energy in blocks where energy >= threshold { (sum, count) = (sum + energy, count + 1) }
    return count == 0 ? -.infinity : KWeightedLoudness.lufs(ofEnergy: sum / Double(count))
  }

  /// Loudness range in LU (0 when too short or silent; NaN when not measured).
  public var rangeLU: Double {
    guard measuresRange else { return .nan }
    let loud = shortTerm.filter { $0 >= KWeightedLoudness.absoluteGate }
    guard !loud.isEmpty else { return 0 }
    let threshold = loud.reduce(0, +) / Double(loud.count) * 0.01
    let gated = loud.filter { $0 >= threshold }.sorted()
    guard !gated.isEmpty else { return 0 }
    let last = Double(gated.count - 1)
    let low = gated[Int(last * 0.1 + 0.5)]
    let high = gated[Int(last * 0.95 + 0.5)]
    return KWeightedLoudness.lufs(ofEnergy: high) - KWeightedLoudness.lufs(ofEnergy: low)
  }
}

/// One second-order section, a0 = 1.
private struct Biquad: Sendable {
  let b0, b1, b2, a1, a2: Double

  /// The K-weighting shelf: +3.9998 dB above 1681.97 Hz.
  static func shelf(sampleRate: Double) -> Biquad {
    let (f0, gainDB, q) = (1681.974450955533, 3.999843853973347, 0.7071752369554196)
    let k = Double.tan(Double.pi * f0 / sampleRate)
    let vh = Double.pow(10, gainDB / 20)
    let vb = Double.pow(vh, 0.4996667741545416)
    let a0 = 1 + k / q + k * k
    return Biquad(
      b0: (vh + vb * k / q + k * k) / a0, b1: 2 * (k * k - vh) / a0, b2: (vh - vb * k / q + k * k) / a0,
      a1: 2 * (k * k - 1) / a0, a2: (1 - k / q + k * k) / a0)
  }

  /// The K-weighting high-pass ("RLB"): 38.14 Hz, numerator 1, −2, 1.
  static func highPass(sampleRate: Double) -> Biquad {
    let (f0, q) = (38.13547087602444, 0.5003270373238773)
    let k = Double.tan(Double.pi * f0 / sampleRate)
    let a0 = 1 + k / q + k * k
    return Biquad(b0: 1, b1: -2, b2: 1, a1: 2 * (k * k - 1) / a0, a2: (1 - k / q + k * k) / a0)
  }
}

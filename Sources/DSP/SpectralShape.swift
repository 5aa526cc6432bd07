import RealModule

/// The voice's spectral shape every 20 ms: levels in `bandCount` mel-spaced bands, enough to
/// tell whether two stretches of a recording hold the same words (a retake, a false start).
///
/// Fed one signal at rate R (`SpeechFeatures` feeds its 250 Hz high-passed voice signal). At
/// R ≥ 16 kHz pairs of inputs are averaged first (r = R/2: the bands need no more than 5 kHz),
/// else r = R. Every S = r/50 values (rounded down), frame j is the last N values (N the power
/// of two nearest 24 ms at r, ≥ 64; zeros before the first), Hann-windowed, through
/// `PowerSpectrum`:
///
///     P[k] = |X[k]|² / (N/4)²                      a full-scale sine at bin k → 1 (0 dB)
///     band[b] = 10·log10( Σ_k w_b[k] · P[k] + 1e-13 )    w_b triangular, Σ_k w_b[k] = 1
///
/// Band b's triangle runs between mel points b and b + 2 of `bandCount` + 2 points equally
/// spaced on the mel scale (2595·log10(1 + f/700)) from `lowHz` to min(`highHz`, 0.45·r); a
/// band narrower than a bin takes the nearest bin. Levels are stored in 0.5 dB steps,
/// clamped to −127.5…0 dBFS (`level(frame:band:)`). Frame j ends where value (j + 1)·S ends.
/// Any chunking gives the same frames.
public struct SpectralShape: Sendable {
  public static let bandCount = 16
  public static let lowHz = 250.0
  public static let highHz = 5_000.0
  public static let framesPerSecond = 50
  /// Inputs are averaged in pairs at and above this rate.
  public static let pairsFromHz = 16_000.0
  public static let stepDB: Float = 0.5
  public static let floorDB: Float = -127.5

  /// Values per frame step (after pairing) and per analysis window.
  public let step: Int
  /// Inputs per frame step (before pairing).
  public var inputsPerFrame: Int { pairs ? 2 * step : step }
  public let windowSize: Int
  /// Quantised levels, `bandCount` per frame, frame after frame.
  public private(set) var codes: [UInt8] = []

  private var ring: [Float]
  private var write = 0
  private var untilNext: Int
  private var spectrum: PowerSpectrum
  private let window: [Float]
  private let bands: [(firstBin: Int, weights: [Float])]
  private var frame: [Float]
  private var power: [Float]

  private let pairs: Bool
  private var pending: Float?

  public init(sampleRate: Double) {
    pairs = sampleRate >= Self.pairsFromHz
    let rate = pairs ? sampleRate / 2 : sampleRate
    step = max(1, Int(rate) / Self.framesPerSecond)
    var n = 64
    while Double(n) * 1.41 < 0.024 * rate { n *= 2 }
    windowSize = n
    ring = Array(repeating: 0, count: n)
    untilNext = step
    spectrum = PowerSpectrum(size: n)
    let norm = 4 / Float(n)  // amplitude scale: (N/4)² in power
    window = (0..<n).map { Float(0.5 - 0.5 * Double.cos(2 * .pi * Double($0) / Double(n))) * norm }
    frame = Array(repeating: 0, count: n)
    power = Array(repeating: 0, count: n / 2 + 1)
    bands = Self.melBands(size: n, rate: rate)
  }

  /// Frames analysed so far.
  public var frameCount: Int { codes.count / Self.bandCount }

  /// Band `band`'s level in frame `frame`, dBFS.
  @inline(__always) public func level(frame: Int, band: Int) -> Float {
    Float(codes[frame * Self.bandCount + band]) * Self.stepDB + Self.floorDB
  }

  /// Feeds `values` (consecutive inputs at R).
  public mutating func add(_ values: UnsafeBufferPointer<Float>) {
    guard pairs else { return feed(values) }
    // (first + second) / 2 for each pair, a pair split between calls included.
    var index = 0
    let averaged = UnsafeMutableBufferPointer<Float>.allocate(capacity: values.count / 2 + 1)
    defer { averaged.deallocate() }
    var count = 0
    if let first = pending, !values.isEmpty {
      averaged[0] = (first + values[0]) / 2
      (count, index, pending) = (1, 1, nil)
    }
    let pairs = (values.count - index) / 2
    for pair in 0..<pairs { averaged[count + pair] = (values[index + 2 * pair] + values[index + 2 * pair + 1]) / 2 }
    count += pairs
    index += 2 * pairs
    if index < values.count { pending = values[index] }
    feed(UnsafeBufferPointer(rebasing: averaged[0..<count]))
  }

  /// Copies inputs (after pairing) into the ring, a frame analysed every `step` of them.
  private mutating func feed(_ values: UnsafeBufferPointer<Float>) {
    var samples = ring
    ring = []  // held here while fed: one unique buffer
    samples.withUnsafeMutableBufferPointer { ring in
      let size = windowSize
      var index = 0
      while index < values.count {
        // Up to the next frame's end, in pieces that stop at the ring's end.
        let piece = min(untilNext, values.count - index, size - write)
        for k in 0..<piece { ring[write + k] = values[index + k] }
        write = (write + piece) & (size - 1)
        untilNext -= piece
        index += piece
        if untilNext == 0 {
          untilNext = step
          analyse(UnsafeBufferPointer(ring), oldest: write)
        }
      }
    }
    ring = samples
  }

  private mutating func analyse(_ ring: UnsafeBufferPointer<Float>, oldest start: Int) {
    let n = windowSize
    window.withUnsafeBufferPointer { window in
      frame.withUnsafeMutableBufferPointer { frame in
        for i in 0..<n { frame[i] = ring[(start + i) & (n - 1)] * window[i] }
      }
    }
    frame.withUnsafeBufferPointer { f in
      power.withUnsafeMutableBufferPointer { p in spectrum.compute(f, into: p) }
    }
    power.withUnsafeBufferPointer { power in
      for band in bands {
        var sum: Float = 0
        band.weights.withUnsafeBufferPointer { w in
          for i in 0..<w.count { sum += w[i] * power[band.firstBin + i] }
        }
        let db = 10 * Float.log10(sum + 1e-13)
        let code = ((min(0, max(Self.floorDB, db)) - Self.floorDB) / Self.stepDB).rounded()
        codes.append(UInt8(code))
      }
    }
  }

  /// Triangular weights per band over bins 0…N/2, each summing to 1.
  public static func melBands(size n: Int, rate: Double) -> [(firstBin: Int, weights: [Float])] {
    let mel = { (hz: Double) in 2595 * Double.log10(1 + hz / 700) }
    let hz = { (m: Double) in 700 * (Double.pow(10, m / 2595) - 1) }
    let top = min(highHz, 0.45 * rate)
    let points = (0...(bandCount + 1)).map {
      hz(mel(lowHz) + (mel(top) - mel(lowHz)) * Double($0) / Double(bandCount + 1))
    }
    let binHz = rate / Double(n)
    return (0..<bandCount).map { b in
      let (left, centre, right) = (points[b], points[b + 1], points[b + 2])
      let first = max(0, Int((left / binHz).rounded(.up)))
      let last = min(n / 2, Int((right / binHz).rounded(.down)))
      guard last >= first else { return (min(n / 2, Int((centre / binHz).rounded())), [1]) }
      let raw = (first...last).map { k -> Double in
        let f = Double(k) * binHz
        return f <= centre ? (f - left) / (centre - left) : (right - f) / (right - centre)
      }
      let total = raw.reduce(0, +)
      guard total > 0 else { return (min(n / 2, Int((centre / binHz).rounded())), [1]) }
      return (first, raw.map { Float($0 / total) })
    }
  }
}

/// The reader's speaking rate through the chapter, allowed to drift slowly.
///
/// A first alignment gives anchor points (xᵢ, tᵢ): xᵢ letters of text were read in tᵢ
/// seconds of net speech. X(x) interpolates them linearly. The local seconds per letter
/// at x is the slope over a window of ±w letters,
///
///     τ(x) = (X(b) − X(a)) / (b − a),   [a, b] = [x − w, x + w] shifted inside [0, x_max],
///
/// so one misplaced boundary moves τ little while a reader who speeds up over ten minutes
/// is followed. w = 500 letters (≈ 35 s of speech).
struct RateTrack: Sendable {
  static let windowLetters = 500.0

  private let xs: [Double]
  private let ts: [Double]

  /// Anchors in increasing x; duplicates in x are dropped.
  init(anchors: [(letters: Double, seconds: Double)]) {
    var xs: [Double] = []
    var ts: [Double] = []
    for anchor in anchors.sorted(by: { $0.letters < $1.letters }) {
      if let last = xs.last, anchor.letters <= last { continue }
      xs.append(anchor.letters)
      ts.append(anchor.seconds)
    }
    self.xs = xs
    self.ts = ts
  }

  /// Net speech seconds at `x` letters.
  func seconds(at x: Double) -> Double {
    guard let first = xs.first, let last = xs.last, xs.count > 1 else { return ts.first ?? 0 }
    if x <= first { return ts[0] + (x - first) * slope(0) }
    if x >= last { return ts[xs.count - 1] + (x - last) * slope(xs.count - 2) }
    var low = 0
    var high = xs.count - 1
    while high - low > 1 {
      let mid = (low + high) / 2
      if xs[mid] <= x { low = mid } else { high = mid }
    }
    return ts[low] + (x - xs[low]) * slope(low)
  }

  private func slope(_ i: Int) -> Double { (ts[i + 1] - ts[i]) / (xs[i + 1] - xs[i]) }

  /// Seconds per letter around `x`.
  func secondsPerLetter(at x: Double) -> Double {
    guard let first = xs.first, let last = xs.last, last > first else { return 0 }
    let span = min(2 * Self.windowLetters, last - first)
    var a = x - span / 2
    a = max(first, min(a, last - span))
    return (seconds(at: a + span) - seconds(at: a)) / span
  }
}

import DSP

/// How alike two stretches of sound are: the same words read twice rise and fall alike.
///
/// Each stretch's level contour in the three bands (voice, low, high; dB per hop) is resampled
/// to `contourPoints` points by linear interpolation, each band's points are centred, and the
/// Pearson correlation of the two concatenated contours is returned (−1…1; 0 for a stretch
/// shorter than two hops or a flat contour).
extension SpeechMap {
  static let contourPoints = 32

  func contourCorrelation(_ a: Range<Int>, _ b: Range<Int>) -> Double {
    guard let x = contour(a), let y = contour(b) else { return 0 }
    var sxy = 0.0
    var sxx = 0.0
    var syy = 0.0
    for i in x.indices {
      sxy += x[i] * y[i]
      sxx += x[i] * x[i]
      syy += y[i] * y[i]
    }
    guard sxx > 0, syy > 0 else { return 0 }
    return sxy / (sxx * syy).squareRoot()
  }

  /// The centred band contours of the frames `range`, one after another.
  private func contour(_ range: Range<Int>) -> [Double]? {
    let first = range.lowerBound / hopFrames
    let last = min(features.hopCount, (range.upperBound + hopFrames - 1) / hopFrames)
    guard last - first >= 2 else { return nil }
    var out: [Double] = []
    for band in [features.voiceDBFS, features.lowDBFS, features.highDBFS] {
      var points: [Double] = []
      for i in 0..<Self.contourPoints {
        let t = Double(first) + Double(i) * Double(last - 1 - first) / Double(Self.contourPoints - 1)
        let k = min(last - 2, Int(t))
        let w = t - Double(k)
        points.append(Double(band[k]) * (1 - w) + Double(band[k + 1]) * w)
      }
      let mean = points.reduce(0, +) / Double(points.count)
      out += points.map { $0 - mean }
    }
    return out
  }
}

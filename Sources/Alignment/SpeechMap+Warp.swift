import DSP

/// How far two stretches of speech lie apart in spectral shape (`SpeechMap.repeats`,
/// `SpeechMap+Notes`): a frame's shape, the distance between two shapes, and dynamic time
/// warping over two sequences of them.
extension SpeechMap {
  /// A frame's spectral shape: `SpectralShape.bandCount` (16) band levels, dB.
  typealias Shape = SIMD16<Float>

  /// How far two shapes differ: the RMS over bands of their dB difference (a step's cost in
  /// `warpDistance`; between neighbouring frames, the flux of `SpeechMap+Notes`).
  @inline(__always)
  static func shapeDistance(_ a: Shape, _ b: Shape) -> Float {
    let d = a - b
    return ((d * d).sum() / Float(Shape.scalarCount)).squareRoot()
  }

  /// Frame j's band levels, dB.
  static func bandLevels(_ shape: SpectralShape, _ j: Int) -> Shape {
    var levels = Shape()
    for band in 0..<SpectralShape.bandCount { levels[band] = shape.level(frame: j, band: band) }
    return levels
  }

  /// Frame j's mean level over bands, and its shape without it (a louder or softer reading of
  /// the same sound has the same shape).
  static func shapeFrame(_ shape: SpectralShape, _ j: Int) -> (level: Float, shape: Shape) {
    let levels = bandLevels(shape, j)
    let level = levels.sum() / Float(SpectralShape.bandCount)
    return (level, levels - Shape(repeating: level))
  }

  /// DTW distance of two sequences of shapes, the path kept within `warpSlack` of the
  /// diagonal's slopes 1/2…2 (a reading at most twice as fast or slow). With `freeEnd`, y's
  /// end is free between `repeatShortestShare` and the whole of y, relative to x's length.
  /// When every cell of a row already costs more than `abandonAbove` (a normalised distance)
  /// could allow, the answer is `.infinity` (it could only grow).
  static func warpDistance(
    _ x: ArraySlice<Shape>, _ y: ArraySlice<Shape>, freeEnd: Bool, abandonAbove: Double = .infinity
  ) -> Double {
    let n = x.count
    let m = y.count
    guard n > 0, m > 0 else { return .infinity }
    var previous = [Double](repeating: .infinity, count: m)
    var current = previous
    let largestTotal = abandonAbove * Double(n + m)
    var abandoned = false
    x.withUnsafeBufferPointer { x in
      y.withUnsafeBufferPointer { y in
        for i in 0..<n {
          let low = max(0, i / 2 - warpSlack)
          let high = min(m - 1, 2 * i + warpSlack)
          guard low <= high else {
            abandoned = true
            return
          }
          var rowBest = Double.infinity
          if low > 0 { current[low - 1] = .infinity }
          for j in low...high {
            let cost = Double(shapeDistance(x[i], y[j]))
            var best: Double
            if i == 0 && j == 0 {
              best = 2 * cost
            } else {
              best = .infinity
              if i > 0 && j > 0 { best = previous[j - 1] + 2 * cost }
              if i > 0 { best = min(best, previous[j] + cost) }
              if j > 0 { best = min(best, current[j - 1] + cost) }
            }
            current[j] = best
            rowBest = min(rowBest, best)
          }
          if high + 1 < m { current[high + 1] = .infinity }
          if rowBest > largestTotal {
            abandoned = true
            return
          }
          swap(&previous, &current)
        }
      }
    }
    guard !abandoned else { return .infinity }
    guard freeEnd else { return previous[m - 1] / Double(n + m) }
    let shortest = max(0, Int((repeatShortestShare * Double(n)).rounded(.up)) - 1)
    guard shortest < m else { return .infinity }
    return (shortest..<m).map { previous[$0] / Double(n + $0 + 1) }.min() ?? .infinity
  }
}

import RealModule

/// Blends one stretch of interleaved frames into another: the splice of every stretcher step.
///
/// For k = 0 … L−1, on every channel alike (so stereo stays phase-coherent):
///
///     out[k] = (1 − w(k)) · fadeOut[k] + w(k) · fadeIn[k]
///
/// with the raised-cosine ramp w(k) = ½ − ½·cos(π (k + ½) / L), read from a table of
/// `tableSize` points per ramp. The two weights add up to 1, which keeps the level of two
/// similar (correlated) stretches, the case a pitch-synchronous splice creates.
enum Crossfade {
  static let tableSize = 1_024
  /// w at (j + ½)/tableSize of the ramp, j = 0 … tableSize − 1.
  static let ramp: [Float] = (0..<tableSize).map { j in
    Float(0.5 - 0.5 * Double.cos(Double.pi * (Double(j) + 0.5) / Double(tableSize)))
  }

  /// Writes L = `frames` blended frames to `out`.
  static func mix(
    fadeOut: UnsafePointer<Float>, fadeIn: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>,
    frames: Int, channelCount: Int
  ) {
    ramp.withUnsafeBufferPointer { table in
      // Index step through the table in 32.32 fixed point: exact for any L, no division per frame.
      let step = (UInt64(tableSize) << 32) / UInt64(max(frames, 1))
      var position = step / 2
      if channelCount == 1 {
        for k in 0..<frames {
          let w = table[Int(truncatingIfNeeded: position >> 32)]
          let a = fadeOut[k]
          out[k] = Relaxed.multiplyAdd(w, fadeIn[k] - a, a)
          position &+= step
        }
      } else {
        for k in 0..<frames {
          let w = table[Int(truncatingIfNeeded: position >> 32)]
          let base = k * channelCount
          for c in 0..<channelCount {
            let a = fadeOut[base + c]
            out[base + c] = Relaxed.multiplyAdd(w, fadeIn[base + c] - a, a)
          }
          position &+= step
        }
      }
    }
  }
}

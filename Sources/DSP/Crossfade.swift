import RealModule

/// Blends one stretch of interleaved frames into another: the splice of every stretcher step.
///
/// For k = 0 … L−1, on every channel alike (so stereo stays phase-coherent):
///
///     out[k] = (1 − w(k)) · fadeOut[k] + w(k) · fadeIn[k],   w(k) = ½ − ½·cos(π (k + ½) / L)
///
/// The two weights add up to 1, which keeps the level of two similar (correlated) stretches,
/// the case a pitch-synchronous splice creates. cos is stepped by a rotation, (c, s) ↦
/// (c·cos Δ − s·sin Δ, s·cos Δ + c·sin Δ) with Δ = π/L, in double precision: exact to ~1e-13 and
/// smooth. (A table read to the nearest entry makes w a staircase whose steps are clicks above
/// the band of a band-limited voice.)
enum Crossfade {
  /// Writes L = `frames` blended frames to `out`.
  static func mix(
    fadeOut: UnsafePointer<Float>, fadeIn: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>,
    frames: Int, channelCount: Int
  ) {
    guard frames > 0 else { return }
    let step = Double.pi / Double(frames)
    let cosStep = Double.cos(step)
    let sinStep = Double.sin(step)
    var c = Double.cos(step / 2)
    var s = Double.sin(step / 2)
    for k in 0..<frames {
      let w = Float(0.5 - 0.5 * c)
      let base = k * channelCount
      for channel in 0..<channelCount {
        let a = fadeOut[base + channel]
        out[base + channel] = Relaxed.multiplyAdd(w, fadeIn[base + channel] - a, a)
      }
      let next = c * cosStep - s * sinStep
      s = s * cosStep + c * sinStep
      c = next
    }
  }
}

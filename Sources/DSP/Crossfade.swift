import RealModule

/// Blends one stretch of interleaved frames into another: the splice of every stretcher step.
///
/// For k = 0 … L−1, on every channel alike (so stereo stays phase-coherent):
///
///     out[k] = (1 − w(k)) · fadeOut[k] + w(k) · fadeIn[k],   w(k) = ½ − ½·cos(π (k + ½) / L)
///
/// The two weights add up to 1, which keeps the level of two similar (correlated) stretches,
/// the case a pitch-synchronous splice creates. With u = (k + ½)/L − ½ ∈ (−½, ½),
/// w = ½ + ½·sin(πu), and sin is its Taylor polynomial to x¹¹ (error < 1e-7 on |x| ≤ π/2):
/// smooth in k and computed per frame independently, so the loop vectorises. (A table read to
/// the nearest entry makes w a staircase whose steps are clicks above the band of a voice.)
enum Crossfade {
  /// Writes L = `frames` blended frames to `out`.
  static func mix(
    fadeOut: UnsafePointer<Float>, fadeIn: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>,
    frames: Int, channelCount: Int
  ) {
    guard frames > 0 else { return }
    let scale = Float(1) / Float(frames)
    if channelCount == 1 {
      for k in 0..<frames {
        let a = fadeOut[k]
        out[k] = Relaxed.multiplyAdd(weight(k, scale), fadeIn[k] - a, a)
      }
    } else {
      for k in 0..<frames {
        let w = weight(k, scale)
        let base = k * channelCount
        for channel in 0..<channelCount {
          let a = fadeOut[base + channel]
          out[base + channel] = Relaxed.multiplyAdd(w, fadeIn[base + channel] - a, a)
        }
      }
    }
  }

  /// w(k) for a fade of 1/`scale` frames.
  @inline(__always)
  static func weight(_ k: Int, _ scale: Float) -> Float {
    let x = Float.pi * ((Float(k) + 0.5) * scale - 0.5)
    let x2 = x * x
    // sin x = x(1 − x²/6 (1 − x²/20 (1 − x²/42 (1 − x²/72 (1 − x²/110)))))
    var p = 1 - x2 / 110
    p = 1 - x2 / 72 * p
    p = 1 - x2 / 42 * p
    p = 1 - x2 / 20 * p
    p = 1 - x2 / 6 * p
    return 0.5 + 0.5 * x * p
  }
}

import RealModule

/// The Kaiser window and the windowed sinc built on it: the interpolation filters of the
/// true-peak limiter and of `RationalResampler`.
public enum Kaiser {
  /// The modified Bessel function I₀ (power series; enough terms for β up to ~20).
  public static func besselI0(_ x: Double) -> Double {
    var sum = 1.0
    var term = 1.0
    for k in 1..<30 {
      term *= (x / 2) * (x / 2) / Double(k * k)
      sum += term
    }
    return sum
  }

  /// The window at `r` ∈ [−1, 1] (0 outside), shape β.
  public static func window(_ r: Double, beta: Double) -> Double {
    guard abs(r) <= 1 else { return 0 }
    return besselI0(beta * (1 - r * r).squareRoot()) / besselI0(beta)
  }

  /// sin(πx) / (πx), 1 at 0.
  public static func sinc(_ x: Double) -> Double {
    x == 0 ? 1 : Double.sin(Double.pi * x) / (Double.pi * x)
  }

  /// β for a stopband `attenuationDB` down (Kaiser's formula, A > 50 dB).
  public static func beta(attenuationDB a: Double) -> Double { 0.1102 * (a - 8.7) }

  /// Taps of a window reaching `attenuationDB` with a transition band `transition` wide
  /// (a fraction of the sample rate): N ≈ (A − 8) / (2.285 · 2π · Δf).
  public static func length(attenuationDB a: Double, transition: Double) -> Int {
    Int(((a - 8) / (2.285 * 2 * Double.pi * transition)).rounded(.up))
  }
}

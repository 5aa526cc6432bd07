import DSP
import RealModule

/// Raised-cosine fades at the edges of a buffer.
///
///     fade-in gain at frame n of N:   g(n) = (1 − cos(π · (n + ½) / N)) / 2
///     fade-out is the mirror image, ending at the last frame.
public enum Fades {
  public static func apply(to buffer: inout AudioBuffer, fadeInFrames: Int, fadeOutFrames: Int) {
    apply(
      to: &buffer, startingAt: 0, of: buffer.frameCount, fadeInFrames: fadeInFrames, fadeOutFrames: fadeOutFrames)
  }

  /// The same fades on a chunk: `buffer` holds frames `start…` of a signal `total` frames long.
  public static func apply(
    to buffer: inout AudioBuffer, startingAt start: Int, of total: Int, fadeInFrames: Int, fadeOutFrames: Int
  ) {
    let frames = buffer.frameCount
    let channels = buffer.channelCount
    let fadeIn = min(max(fadeInFrames, 0), total)
    let fadeOut = min(max(fadeOutFrames, 0), total)
    buffer.samples.withUnsafeMutableBufferPointer { samples in
      for n in start..<max(start, min(start + frames, fadeIn)) {
        let gain = Fades.gain(n, of: fadeIn)
        for c in 0..<channels { samples[(n - start) * channels + c] *= gain }
      }
      for frame in min(start + frames, max(start, total - fadeOut))..<(start + frames) {
        let gain = Fades.gain(total - 1 - frame, of: fadeOut)
        for c in 0..<channels { samples[(frame - start) * channels + c] *= gain }
      }
    }
  }

  /// The fade-in gain at frame `n` of a fade `count` frames long.
  static func gain(_ n: Int, of count: Int) -> Float {
    Float((1 - Double.cos(Double.pi * (Double(n) + 0.5) / Double(count))) / 2)
  }
}

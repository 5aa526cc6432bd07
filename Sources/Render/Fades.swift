import DSP
import RealModule

/// Raised-cosine fades at the edges of a buffer.
///
///     fade-in gain at frame n of N:   g(n) = (1 − cos(π · (n + ½) / N)) / 2
///     fade-out is the mirror image, ending at the last frame.
public enum Fades {
  public static func apply(to buffer: inout AudioBuffer, fadeInFrames: Int, fadeOutFrames: Int) {
    let frames = buffer.frameCount
    let channels = buffer.channelCount
    let fadeIn = min(max(fadeInFrames, 0), frames)
    let fadeOut = min(max(fadeOutFrames, 0), frames)
    buffer.samples.withUnsafeMutableBufferPointer { samples in
      for n in 0..<fadeIn {
        let gain = Fades.gain(n, of: fadeIn)
        for c in 0..<channels { samples[n * channels + c] *= gain }
      }
      for n in 0..<fadeOut {
        let gain = Fades.gain(n, of: fadeOut)
        let frame = frames - 1 - n
        for c in 0..<channels { samples[frame * channels + c] *= gain }
      }
    }
  }

  /// The fade-in gain at frame `n` of a fade `count` frames long.
  static func gain(_ n: Int, of count: Int) -> Float {
    Float((1 - Double.cos(Double.pi * (Double(n) + 0.5) / Double(count))) / 2)
  }
}

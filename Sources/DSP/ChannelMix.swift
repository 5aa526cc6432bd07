import RealModule

/// Channel up/down-mixing between any two channel counts.
///
/// Down to mono: the mean of all channels. Mono up to N: the same signal on
/// every channel. N→M otherwise: channel c of the output takes input channel
/// c mod N (so stereo → 4 repeats L R L R) when upmixing, and the mean of the
/// input channels that map to it when downmixing.
public enum ChannelMix {
  public static func convert(_ buffer: AudioBuffer, to channelCount: Int) -> AudioBuffer {
    let from = buffer.channelCount
    if from == channelCount { return buffer }
    let frames = buffer.frameCount
    var out = [Float](repeating: 0, count: frames * channelCount)
    var weight = [Float](repeating: 0, count: channelCount)
    if channelCount < from {
      for c in 0..<from { weight[c % channelCount] += 1 }
    }
    buffer.samples.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        for frame in 0..<frames {
          let i = frame * from
          let o = frame * channelCount
          if channelCount < from {
            for c in 0..<from { output[o + c % channelCount] += input[i + c] }
            for c in 0..<channelCount { output[o + c] /= weight[c] }
          } else {
            for c in 0..<channelCount { output[o + c] = input[i + c % from] }
          }
        }
      }
    }
    return AudioBuffer(samples: out, channelCount: channelCount, sampleRate: buffer.sampleRate)
  }
}

/// Decibel conversions, defined once.
public enum Decibels {
  /// Linear amplitude factor for `decibels` (−6.02 dB → 0.5).
  public static func gain(_ decibels: Double) -> Double { Double.exp10(decibels / 20) }
  /// Decibels for a linear amplitude factor; −240 dB for zero.
  public static func fromGain(_ gain: Double) -> Double { 20 * Double.log10(max(gain, 1e-12)) }
  /// Power (mean-square) ratio for `decibels` (10 dB → 10).
  @inlinable public static func power(_ decibels: Float) -> Float { Float.exp10(decibels / 10) }
  /// Decibels of a mean square, with ε = 1e-12 added (a −120 dB floor for silence).
  @inlinable public static func fromMeanSquare(_ meanSquare: Float) -> Float { 10 * Float.log10(meanSquare + 1e-12) }
  /// The power mean, in dB, of levels in dB over `indices` (−200 dB for none or all silent).
  @inlinable public static func meanPowerDB(_ levels: [Float], _ indices: Range<Int>) -> Float {
    var sum: Float = 0
    for k in indices { sum += power(levels[k]) }
    return 10 * Float.log10(sum / Float(max(1, indices.count)) + 1e-20)
  }
}

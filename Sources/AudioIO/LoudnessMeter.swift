import CEbur128
import DSP

/// ITU-R BS.1770 / EBU R128 loudness through libebur128: integrated loudness,
/// loudness range and true peak, fed in any chunk size.
public final class LoudnessMeter: FrameSink {
  public let channelCount: Int
  public let sampleRate: Int
  private let state: UnsafeMutablePointer<ebur128_state>

  public init(channelCount: Int, sampleRate: Int) {
    self.channelCount = channelCount
    self.sampleRate = sampleRate
    let mode = Int32(EBUR128_MODE_I.rawValue | EBUR128_MODE_LRA.rawValue | EBUR128_MODE_TRUE_PEAK.rawValue)
    guard let state = ebur128_init(UInt32(channelCount), UInt(sampleRate), mode) else {
      fatalError("libebur128 could not start for \(channelCount) channels at \(sampleRate) Hz")
    }
    self.state = state
    if channelCount == 1 {
      // BS.1770 treats a mono programme played on two speakers as dual mono (+3 dB);
      // podcast meters do the same, so a −16 LUFS mono file plays like −16 LUFS stereo.
      ebur128_set_channel(state, 0, Int32(EBUR128_DUAL_MONO.rawValue))
    }
  }

  deinit {
    var pointer: UnsafeMutablePointer<ebur128_state>? = state
    ebur128_destroy(&pointer)
  }

  public func write(_ buffer: AudioBuffer) throws {
    precondition(buffer.channelCount == channelCount && buffer.sampleRate == sampleRate)
    buffer.samples.withUnsafeBufferPointer { pointer in
      _ = ebur128_add_frames_float(state, pointer.baseAddress, buffer.frameCount)
    }
  }

  public func finish() throws {}

  /// Integrated loudness in LUFS; −∞ (as −70 or below) for silence.
  public var integratedLUFS: Double {
    var value = 0.0
    ebur128_loudness_global(state, &value)
    return value
  }

  /// Loudness range in LU.
  public var rangeLU: Double {
    var value = 0.0
    ebur128_loudness_range(state, &value)
    return value
  }

  /// The highest true peak over all channels, in dBTP.
  public var truePeakDBTP: Double {
    var highest = 0.0
    for channel in 0..<channelCount {
      var value = 0.0
      ebur128_true_peak(state, UInt32(channel), &value)
      highest = max(highest, value)
    }
    return Decibels.fromGain(highest)
  }
}

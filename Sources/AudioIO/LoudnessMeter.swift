import CEbur128
import DSP

/// ITU-R BS.1770 / EBU R128 loudness, fed in any chunk size: integrated loudness
/// and loudness range through libebur128, true peak through `DSP.TruePeakMeter`.
///
/// Why not libebur128's own true peak: its scalar, double-precision 4×
/// interpolator cost more than decoding, hashing and every other measurement of
/// ingest together (ingest ran at ~200× real time on a 48 kHz stereo master).
/// TruePeakMeter uses the same interpolator design, vectorised and gated, and the
/// tests hold it to libebur128's value (`TruePeakMeterTests`).
public final class LoudnessMeter: FrameSink {
  public let channelCount: Int
  public let sampleRate: Int
  private let loudness: UnsafeMutablePointer<ebur128_state>
  private var peaks: TruePeakMeter?
  private let measuresRange: Bool

  /// `integratedOnly` skips loudness range and true peak (for the repeated passes of a
  /// normalisation, which need only the integrated loudness). `truePeak: false` skips
  /// true peak only, for a caller that runs its own `TruePeakMeter` on another thread;
  /// `range: false` skips the loudness range only (libebur128's short-term blocks: ~20 % of
  /// its time), for a caller that reports integrated loudness and true peak.
  public init(
    channelCount: Int, sampleRate: Int, integratedOnly: Bool = false, truePeak: Bool = true, range: Bool = true
  ) {
    self.channelCount = channelCount
    self.sampleRate = sampleRate
    measuresRange = range && !integratedOnly
    let mode = Int32(measuresRange ? EBUR128_MODE_I.rawValue | EBUR128_MODE_LRA.rawValue : EBUR128_MODE_I.rawValue)
    guard let state = ebur128_init(UInt32(channelCount), UInt(sampleRate), mode) else {
      fatalError("libebur128 could not start for \(channelCount) channels at \(sampleRate) Hz")
    }
    // A mono channel counts once (weight 1), as in ffmpeg's ebur128 filter and most
    // loudness meters; that is why podcast guidance gives mono its own target (−19 LUFS).
    loudness = state
    peaks =
      integratedOnly || !truePeak
      ? nil : TruePeakMeter(channelCount: channelCount, sampleRate: sampleRate)
  }

  deinit {
    var state: UnsafeMutablePointer<ebur128_state>? = loudness
    ebur128_destroy(&state)
  }

  public func write(_ buffer: AudioBuffer) throws {
    precondition(buffer.channelCount == channelCount && buffer.sampleRate == sampleRate)
    buffer.samples.withUnsafeBufferPointer { pointer in
      _ = ebur128_add_frames_float(loudness, pointer.baseAddress, buffer.frameCount)
    }
    peaks?.add(buffer)
  }

  public func finish() throws {}

  /// Integrated loudness in LUFS; −∞ (as −70 or below) for silence.
  public var integratedLUFS: Double {
    var value = 0.0
    ebur128_loudness_global(loudness, &value)
    return value
  }

  /// Loudness range in LU (NaN when not measured).
  public var rangeLU: Double {
    guard measuresRange else { return .nan }
    var value = 0.0
    ebur128_loudness_range(loudness, &value)
    return value
  }

  /// The highest true peak over all channels, in dBTP (NaN when not measured).
  public var truePeakDBTP: Double { peaks?.peakDBTP ?? .nan }
}

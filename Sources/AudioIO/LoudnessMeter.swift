import DSP

/// ITU-R BS.1770 / EBU R128 loudness, fed in any chunk size: integrated loudness and loudness
/// range through `DSP.KWeightedLoudness`, true peak through `DSP.TruePeakMeter`. Both are held
/// to libebur128's values by the tests; both cost a fraction of it (see their docs).
public final class LoudnessMeter: FrameSink {
  public let channelCount: Int
  public let sampleRate: Int
  private var loudness: KWeightedLoudness
  private var peaks: TruePeakMeter?

  /// `integratedOnly` skips loudness range and true peak (for the repeated passes of a
  /// normalisation, which need only the integrated loudness). `truePeak: false` skips
  /// true peak only, for a caller that runs its own `TruePeakMeter` on another thread;
  /// `range: false` skips the loudness range only, for a caller that reports integrated
  /// loudness and true peak.
  public init(
    channelCount: Int, sampleRate: Int, integratedOnly: Bool = false, truePeak: Bool = true, range: Bool = true
  ) {
    self.channelCount = channelCount
    self.sampleRate = sampleRate
    // A mono channel counts once (weight 1), as in ffmpeg's ebur128 filter and most
    // loudness meters; that is why podcast guidance gives mono its own target (−19 LUFS).
    loudness = KWeightedLoudness(channelCount: channelCount, sampleRate: sampleRate, range: range && !integratedOnly)
    peaks =
      integratedOnly || !truePeak
      ? nil : TruePeakMeter(channelCount: channelCount, sampleRate: sampleRate)
  }

  public func write(_ buffer: AudioBuffer) throws {
    precondition(buffer.channelCount == channelCount && buffer.sampleRate == sampleRate)
    loudness.add(buffer)
    peaks?.add(buffer)
  }

  public func finish() throws {}

  /// Integrated loudness in LUFS; −∞ for silence.
  public var integratedLUFS: Double { loudness.integratedLUFS }

  /// Loudness range in LU (NaN when not measured).
  public var rangeLU: Double { loudness.rangeLU }

  /// The highest true peak over all channels, in dBTP (NaN when not measured).
  public var truePeakDBTP: Double { peaks?.peakDBTP ?? .nan }
}

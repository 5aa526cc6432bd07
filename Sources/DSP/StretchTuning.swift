import RealModule

/// The stretcher's knobs, in physical units; the defaults are the measured best for speech.
public struct StretchTuning: Sendable, Equatable {
  /// Lowest and highest pitch searched (Hz).
  public var minPitchHz = 55.0
  public var maxPitchHz = 400.0
  /// Rate of the coarse AMDF search (Hz).
  public var decimatedRate = 4_000.0
  /// Below this aperiodicity a stretch counts as voiced (see `PitchPeriod`).
  public var voicedAperiodicity: Float = 0.25
  /// Below this mean |x| a stretch counts as silence (≈ −55 dBFS RMS).
  public var silenceLevel: Float = 0.0014
  /// Unit removed at a time from unvoiced sounds and silence when speeding up (ms).
  public var unvoicedPeriodMilliseconds = 10.0
  /// Unit repeated at a time in unvoiced sounds and silence when slowing down (ms); longer
  /// than the 60 Hz limit of pitch trackers, so repeated noise does not turn into a buzz.
  public var unvoicedInsertMilliseconds = 20.0

  /// A level rise larger than this within a planned splice marks a sound starting; the splice
  /// is then put off (up to `maxDebtMilliseconds`) so onsets are copied intact (dB).
  public var onsetRiseDB: Float = 10
  /// How far (ms) the output may run ahead of or behind the ideal while splices are put off.
  public var maxDebtMilliseconds = 25.0

  /// Longest cross-fade, in periods: 1 is PICOLA (one period blended, then copies); longer
  /// fades blend more and copy less.
  public var fadePeriods = 2.0

  /// Periods removed (or repeated) per splice, at least.
  public var unitPeriods = 1

  /// Where the glottal pulse is put inside a voiced cross-fade (fraction of a period); < 0: off.
  public var pulseLead = 0.15
  public var pulseAperiodicity: Float = 0.5

  /// Sound this far under the recent speech peak counts as silence before an onset (dB), and
  /// how fast that peak forgets (dB per second).
  public var quietBelowPeakDB: Float = 45
  public var peakDecayDBPerSecond: Float = 6

  /// Keep a list of every decision (`Stretcher.steps`); for diagnostics and tests.
  public var recordsSteps = false

  public init() {}
}

/// The tuning converted to frames at one sample rate.
struct StretchFrames: Sendable {
  let pitch: PitchPeriod
  let unvoicedPeriod: Int
  let unvoicedInsert: Int
  /// Input frames a decision may read ahead of its position.
  let lookahead: Int
  /// Input frames kept behind the position (a repeated period reads back one period).
  let history: Int
  let maxDebt: Int
  /// Blocks in which onsets are looked for (2 ms), and the attack copied whole when slowing
  /// down (20 ms).
  let onsetBlock: Int
  /// Frames per level value (1 ms); onsets are looked for in pairs of them.
  let levelBlock: Int
  /// Energy ratios of `quietBelowPeakDB` and of the peak's decay per level block.
  let quietRatio: Float
  let loudnessDecay: Float
  let attackFrames: Int
  /// Shortest cross-fade worth making (1 ms).
  let minimumFade: Int
  /// Energy ratio of `onsetRiseDB`.
  let onsetRise: Float
  /// Output frames held back until flush, so the length can be made exact.
  let hold: Int

  init(tuning: StretchTuning, sampleRate: Int) {
    pitch = PitchPeriod(
      sampleRate: sampleRate, minHz: tuning.minPitchHz, maxHz: tuning.maxPitchHz,
      decimatedRate: tuning.decimatedRate)
    unvoicedPeriod = max(1, Int((tuning.unvoicedPeriodMilliseconds * Double(sampleRate) / 1_000).rounded()))
    unvoicedInsert = max(1, Int((tuning.unvoicedInsertMilliseconds * Double(sampleRate) / 1_000).rounded()))
    let longest = max(pitch.maxPeriodFrames, unvoicedPeriod, unvoicedInsert)
    // A removal reads at most four units plus a cross-fade (speed 3 with catch-up).
    lookahead = max(pitch.windowFrames, (Int(tuning.fadePeriods.rounded(.up)) + 4 + 2 * tuning.unitPeriods) * longest)
    history = longest + pitch.decimation
    maxDebt = Int((tuning.maxDebtMilliseconds * Double(sampleRate) / 1_000).rounded())
    levelBlock = max(1, sampleRate / 1_000)
    quietRatio = Float.exp10(-tuning.quietBelowPeakDB / 10)
    loudnessDecay = Float.exp10(-tuning.peakDecayDBPerSecond * Float(levelBlock) / Float(sampleRate) / 10)
    onsetBlock = 2 * levelBlock
    attackFrames = sampleRate / 50
    minimumFade = max(1, sampleRate / 1_000)
    onsetRise = Float.exp10(tuning.onsetRiseDB / 10)
    hold = 2 * lookahead + maxDebt
  }
}

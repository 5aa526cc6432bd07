import RealModule

/// The stretcher's knobs, in physical units. The defaults were chosen on the TSM harness clips
/// (../shared/tools/tsm: four TTS voices and one real speaker, 0.75–2×; bench/stretch).
public struct StretchTuning: Sendable, Equatable {
  /// Lowest and highest pitch searched (Hz).
  public var minPitchHz = 55.0
  public var maxPitchHz = 400.0
  /// Rate of the coarse AMDF search (Hz).
  public var decimatedRate = 4_000.0
  /// Below this mean |x| a stretch is silence (≈ −57 dBFS).
  public var silenceLevel: Float = 0.0014
  /// Slowing down, a stretch with a larger aperiodicity (see `PitchPeriod`) is not voiced, and
  /// a whole number of periods of about `unvoicedInsertMilliseconds` is repeated instead of one:
  /// longer than the 60 Hz limit of pitch trackers, so repeated noise does not become a buzz.
  public var voicedAperiodicity: Float = 0.25
  public var unvoicedInsertMilliseconds = 20.0
  /// Longest cross-fade below 2×, in periods (PICOLA is 1; at most half of a cycle is blended).
  public var fadePeriods = 2.0
  /// Below 2×, where the glottal pulse is put in a voiced cross-fade (fraction of a period;
  /// negative: off), for stretches less aperiodic than `pulseAperiodicity`.
  public var pulseLead = 0.15
  public var pulseAperiodicity: Float = 0.5
  /// How far the output may drift from the ideal while a splice is moved to a pulse (ms).
  public var maxDriftMilliseconds = 25.0
  /// A sound starts where the level rises this much out of silence (dB); silence is this far
  /// under the recent speech peak (dB), which forgets at this rate (dB per second).
  public var onsetRiseDB: Float = 10
  public var quietBelowPeakDB: Float = 45
  public var peakDecayDBPerSecond: Float = 6
  /// Keep a list of every decision (`Stretcher.steps`), for diagnostics and tests.
  public var recordsSteps = false

  public init() {}
}

/// The tuning converted to frames at one sample rate.
struct StretchFrames: Sendable {
  let pitch: PitchPeriod
  let unvoicedInsert: Int
  /// Input frames a decision may read ahead of its position.
  let lookahead: Int
  /// Input frames kept behind the position (a repeated period reads back one period).
  let history: Int
  let maxDrift: Int
  /// Frames per level value (1 ms), and the attack copied whole when slowing down (20 ms).
  let levelBlock: Int
  let attackFrames: Int
  /// Shortest cross-fade worth making (1 ms).
  let minimumFade: Int
  /// Energy ratios of `onsetRiseDB`, `quietBelowPeakDB` and the peak's decay per level block.
  let onsetRise: Float
  let quietRatio: Float
  let loudnessDecay: Float
  /// Output frames held back until flush, so the length can be made exact there.
  let hold: Int

  init(tuning: StretchTuning, sampleRate: Int) {
    let rate = Double(sampleRate)
    pitch = PitchPeriod(
      sampleRate: sampleRate, minHz: tuning.minPitchHz, maxHz: tuning.maxPitchHz,
      decimatedRate: tuning.decimatedRate)
    unvoicedInsert = max(1, Int((tuning.unvoicedInsertMilliseconds * rate / 1_000).rounded()))
    let longest = max(pitch.maxPeriodFrames, unvoicedInsert)
    // A removal reads up to a few periods and a fade of up to `fadePeriods` periods.
    lookahead = max(pitch.windowFrames, (Int(tuning.fadePeriods.rounded(.up)) + 6) * longest)
    history = longest + pitch.decimation
    maxDrift = Int((tuning.maxDriftMilliseconds * rate / 1_000).rounded())
    levelBlock = max(1, sampleRate / 1_000)
    attackFrames = sampleRate / 50
    minimumFade = levelBlock
    onsetRise = Float.exp10(tuning.onsetRiseDB / 10)
    quietRatio = Float.exp10(-tuning.quietBelowPeakDB / 10)
    loudnessDecay = Float.exp10(-tuning.peakDecayDBPerSecond * Float(levelBlock) / Float(sampleRate) / 10)
    hold = 2 * lookahead + maxDrift
  }
}

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
  /// Slowing down, an audible stretch with an aperiodicity between `voicedAperiodicity` and this
  /// is a voicing transition: its insert is a whole number of periods (measured on the TSM clips
  /// at 0.75×: voicing agreement 0.938 → 0.945, MCD 12.17 → 12.10; a flat 20 ms cut the voiced part
  /// out of phase).
  public var partlyVoicedAperiodicity: Float = 0.5
  /// Longest cross-fade below 2×, in periods (PICOLA is 1; at most half of a cycle is blended).
  public var fadePeriods = 2.0
  /// Below 2×, where the glottal pulse is put in a voiced cross-fade (fraction of a period;
  /// negative: off), for stretches less aperiodic than `pulseAperiodicity`. 0.3 against 0.15 on
  /// the TSM clips at 1.5×: MCD 19.18 → 19.05, voicing 0.883 → 0.887 (1.25× within ±0.001).
  public var pulseLead = 0.3
  public var pulseAperiodicity: Float = 0.5
  /// How far the output may drift from the ideal while a splice is moved to a pulse (ms).
  public var maxDriftMilliseconds = 25.0
  /// A sound starts where the level rises this much out of silence (dB); silence is this far
  /// under the recent speech peak (dB), which forgets at this rate (dB per second).
  public var onsetRiseDB: Float = 10
  public var quietBelowPeakDB: Float = 45
  public var peakDecayDBPerSecond: Float = 6
  /// Speeding up (up to 2×), no splice touches the attack of a sound that follows a pause of at
  /// least `attackGuardPauseMilliseconds` (a verse onset): from `attackGuardBeforeMilliseconds`
  /// before its rise out of silence to `attackGuardAfterMilliseconds` after its attack the input
  /// is copied (see `StretchEngine+Steps`). The pause is every 1 ms level at most 2·`onsetRiseDB`
  /// above silence.
  public var attackGuardPauseMilliseconds = 150.0
  public var attackGuardBeforeMilliseconds = 10.0
  /// A slow attack's rise out of silence is guarded too, from at most this long before its onset (ms).
  public var attackRiseMilliseconds = 40.0
  /// The attack ends where the level first comes within this of the speech peak (dB), at most
  /// `attackLongestMilliseconds` after the onset; the guard goes on `attackGuardAfterMilliseconds` more.
  public var attackBelowPeakDB: Float = 30
  public var attackLongestMilliseconds = 80.0
  /// A pause longer than this (ms) lends the guard time: it is shortened by at most its excess
  /// over this, so that shorter pauses keep their whole scaled length.
  public var pauseKeptMilliseconds = 250.0
  public var attackGuardAfterMilliseconds = 20.0
  /// Keep a list of every decision (`Stretcher.steps`), for diagnostics and tests.
  public var recordsSteps = false

  public init() {}
}

/// How a stretch sounds to the stretcher's decisions, by its level and aperiodicity.
enum StretchVoicing {
  /// Under `silenceLevel`.
  case silent
  /// Aperiodicity under `voicedAperiodicity`.
  case voiced
  /// Aperiodicity under `partlyVoicedAperiodicity`: voicing starting or stopping.
  case transition
  case unvoiced
}

extension StretchTuning {
  func voicing(of estimate: PitchPeriod.Estimate) -> StretchVoicing {
    guard estimate.level >= silenceLevel else { return .silent }
    if estimate.aperiodicity < voicedAperiodicity { return .voiced }
    return estimate.aperiodicity < partlyVoicedAperiodicity ? .transition : .unvoiced
  }
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
  /// The input copied around an onset when speeding up: before and after it.
  let guardBefore: Int
  let guardAfter: Int
  /// The pause that must precede a guarded onset, in level blocks.
  let guardPauseBlocks: Int
  /// How far back a guarded attack's rise out of silence is looked for (frames).
  let riseFrames: Int
  let attackLongest: Int
  let attackRatio: Float
  let pauseKept: Int
  /// Level blocks kept behind the position, to measure pauses before onsets.
  let levelHistoryBlocks: Int
  /// The longest guard: rise, margin before it and attack after the onset (frames).
  var guardFrames: Int { riseFrames + guardBefore + attackLongest + guardAfter }
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
    guardBefore = Int((tuning.attackGuardBeforeMilliseconds * rate / 1_000).rounded())
    guardAfter = Int((tuning.attackGuardAfterMilliseconds * rate / 1_000).rounded())
    riseFrames = Int((tuning.attackRiseMilliseconds * rate / 1_000).rounded())
    attackLongest = Int((tuning.attackLongestMilliseconds * rate / 1_000).rounded())
    attackRatio = Decibels.power(-tuning.attackBelowPeakDB)
    pauseKept = Int((tuning.pauseKeptMilliseconds * rate / 1_000).rounded())
    guardPauseBlocks = Int((tuning.attackGuardPauseMilliseconds * rate / 1_000).rounded()) / max(1, sampleRate / 1_000)
    levelHistoryBlocks = (pauseKept + riseFrames + guardBefore + attackLongest + guardAfter) / levelBlock + 4
    minimumFade = levelBlock
    onsetRise = Decibels.power(tuning.onsetRiseDB)
    quietRatio = Decibels.power(-tuning.quietBelowPeakDB)
    loudnessDecay = Decibels.power(-tuning.peakDecayDBPerSecond * Float(levelBlock) / Float(sampleRate))
    hold = 2 * lookahead + maxDrift
  }
}

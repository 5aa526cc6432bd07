import DSP

/// A loudness target: integrated loudness and the true-peak ceiling around it.
public struct LoudnessTarget: Sendable, Equatable {
  /// Integrated loudness to reach, in LUFS (BS.1770; mono counted as dual mono).
  public var integratedLUFS: Double
  /// The true peak the delivered (encoded) file must stay under, in dBTP.
  public var truePeakDBTP: Double
  /// Headroom the limiter keeps below `truePeakDBTP`, for the encoder's own overshoot.
  public var encoderMarginDB: Double

  public static let allowedLUFS: ClosedRange<Double> = Defaults.loudnessRangeLUFS
  public static let allowedDBTP: ClosedRange<Double> = -9...0

  public init(
    integratedLUFS: Double = Defaults.loudnessLUFS, truePeakDBTP: Double = Defaults.truePeakDBTP,
    encoderMarginDB: Double = 0.5
  )
    throws(RenderError)
  {
    guard LoudnessTarget.allowedLUFS.contains(integratedLUFS) else {
      throw .loudnessTargetOutOfRange(lufs: integratedLUFS)
    }
    guard LoudnessTarget.allowedDBTP.contains(truePeakDBTP) else {
      throw .truePeakOutOfRange(dBTP: truePeakDBTP)
    }
    self.init(checked: integratedLUFS, truePeakDBTP, encoderMarginDB)
  }

  private init(checked lufs: Double, _ dBTP: Double, _ margin: Double) {
    integratedLUFS = lufs
    truePeakDBTP = dBTP
    encoderMarginDB = margin
  }

  /// The podcast norm: −16 LUFS, −1 dBTP.
  public static let podcast = LoudnessTarget(checked: Defaults.loudnessLUFS, Defaults.truePeakDBTP, 0.5)

  /// The ceiling the limiter works to, in dBTP.
  public var limiterCeilingDBTP: Double { truePeakDBTP - encoderMarginDB }
}

/// What a loudness measurement reports (from AudioIO's LoudnessMeter, injected by the caller).
public struct LoudnessMeasurement: Sendable, Equatable {
  public var integratedLUFS: Double
  public var truePeakDBTP: Double
  public init(integratedLUFS: Double, truePeakDBTP: Double) {
    self.integratedLUFS = integratedLUFS
    self.truePeakDBTP = truePeakDBTP
  }

  /// The meter reports −∞ (or ≤ −70 LUFS, the absolute gate) for silence.
  public var isSilent: Bool { !(integratedLUFS > -70) }
}

/// Gain to reach a loudness target, and the normalise → limit → re-measure loop.
///
///     gain₀ = target − measured(x)                                  (dB)
///     yᵢ    = limit(x · 10^(gainᵢ/20)),   gainᵢ₊₁ = gainᵢ + (target − measured(yᵢ)) / sᵢ
///     sᵢ    = (measured(yᵢ) − measured(yᵢ₋₁)) / (gainᵢ − gainᵢ₋₁)   (secant; s₀ given, 1 by default)
///
/// Once passes lie on both sides of the target the next gain is interpolated between the
/// closest two (regula falsi) instead; steps are kept within ±12 dB.
///
/// The limiter only lowers loud peaks, which lowers the integrated loudness; on peaky speech
/// that needs several dB of limiting a dB of gain buys only a fraction of a LU, which the secant
/// slope sᵢ accounts for, so two or three passes reach `toleranceLU`.
public enum LoudnessPlan {
  /// The gain in dB that moves `measured` to `target`; nil for silence.
  public static func gainDB(measuredLUFS: Double, targetLUFS: Double) -> Double? {
    measuredLUFS > -70 ? targetLUFS - measuredLUFS : nil
  }

  /// The first gain to try on material whose peaks are already limited, where `gainDB` (target
  /// − measured) alone would fall short: with s = d(loudness)/d(gain) seen when it was limited,
  /// each dB of gain buys about s LU, and a ceiling d dB lower than that limiting's costs about
  /// (1 − s)·d LU more (the loudness lost to a limiter grows by 1 − s per dB its ceiling drops,
  /// whether gain or ceiling moves). So
  ///
  ///     gain₀ = (gainDB + (1 − s)·d) / s      when that is positive, else gainDB,
  ///
  /// at most 3 dB over `gainDB`. s = 1 (nothing known) gives `gainDB`. A first guess only: the
  /// search measures it like any other pass.
  public static func firstGainDB(_ gainDB: Double, slope: Double, ceilingLoweredByDB lowered: Double) -> Double {
    let s = min(1, max(0.1, slope))
    let needed = gainDB + (1 - s) * max(0, lowered)
    guard needed > 0 else { return gainDB }
    return min(gainDB + 3, max(gainDB, needed / s))
  }

  /// The gain still needed after measuring the encoded file (codecs shift loudness a little:
  /// LAME at 128 kbps lowers it by up to 0.5 LU on bright material); nil when within tolerance.
  public static func encodedCorrectionDB(
    measuredLUFS: Double, targetLUFS: Double, toleranceLU: Double = 0.2
  )
    -> Double?
  {
    let error = targetLUFS - measuredLUFS
    return abs(error) > toleranceLU ? error : nil
  }

  /// Scales every sample by `gainDB`.
  public static func apply(gainDB: Double, to buffer: inout AudioBuffer) {
    let gain = Float(Decibels.gain(gainDB))
    buffer.samples.withUnsafeMutableBufferPointer { samples in
      for i in samples.indices { samples[i] *= gain }
    }
  }

  /// The result of `normalise`.
  public struct Outcome: Sendable {
    public var audio: AudioBuffer
    public var gainDB: Double
    public var measurement: LoudnessMeasurement
    /// The deepest limiter gain reduction, dB (≤ 0).
    public var limiterGainDB: Double
    public var passes: Int
    /// d(loudness)/d(gain) seen in the last step (1 after a single pass): a good first step
    /// for normalising similar material again.
    public var slope: Double = 1
  }

  /// Normalises `audio` to `target` with the true-peak limiter, re-measuring after each pass.
  /// `measure` is the caller's meter (BS.1770, `KWeightedLoudness` through AudioIO). `source` names the file for errors.
  /// Returns the pass closest to the target when none is within `toleranceLU`.
  /// `initialSlope` is s₀ (1 for fresh material; less for audio that is already limited);
  /// `measured` is `measure(audio)` when the caller already has it.
  public static func normalise(
    _ audio: AudioBuffer, to target: LoudnessTarget, source: String, toleranceLU: Double = 0.1,
    maxPasses: Int = 8, initialSlope: Double = 1, measured: LoudnessMeasurement? = nil,
    measure: (AudioBuffer) -> LoudnessMeasurement
  ) throws(RenderError) -> Outcome {
    let first = measured ?? measure(audio)
    guard let gain = gainDB(measuredLUFS: first.integratedLUFS, targetLUFS: target.integratedLUFS)
    else { throw .silentNarration(file: source) }
    let best = search(
      fromGainDB: gain, targetLUFS: target.integratedLUFS, toleranceLU: toleranceLU, maxPasses: maxPasses,
      initialSlope: initialSlope
    ) { gain, pass in
      let outcome = limited(audio, gainDB: gain, target: target, pass: pass, measure: measure)
      return (outcome, outcome.measurement.integratedLUFS)
    }
    var outcome = best.result
    outcome.slope = best.slope
    return outcome
  }

  /// One pass of a search: what it made, its gain and loudness, and the slope seen so far.
  public struct Pass<Result> {
    public var result: Result
    public var gainDB: Double
    public var lufs: Double
    public var slope: Double
    public var pass: Int
  }

  /// The loop of `normalise` over any kind of pass (a buffer, or a stream run from its start):
  /// `run(gain, pass)` scales, limits and measures; returns the pass closest to the target.
  /// `discard` gets each pass's result once it can no longer be the answer.
  public static func search<Result>(
    fromGainDB start: Double, targetLUFS: Double, toleranceLU: Double, maxPasses: Int = 8,
    initialSlope: Double = 1, discard: (Result) -> Void = { _ in },
    run: (_ gainDB: Double, _ pass: Int) throws -> (Result, lufs: Double)
  ) rethrows -> Pass<Result> {
    var gain = start
    var pass = 1
    var previous: (gainDB: Double, lufs: Double)?
    var below: (gainDB: Double, lufs: Double)?
    var above: (gainDB: Double, lufs: Double)?
    var best: Pass<Result>?
    var lastSlope = min(1, max(0.1, initialSlope))
    while true {
      let (result, lufs) = try run(gain, pass)
      let error = targetLUFS - lufs
      if previous != nil { lastSlope = slope(from: previous, to: (gain, lufs)) }
      let current = Pass(result: result, gainDB: gain, lufs: lufs, slope: lastSlope, pass: pass)
      if let kept = best, abs(targetLUFS - kept.lufs) <= abs(error) {
        discard(result)
      } else {
        if let replaced = best { discard(replaced.result) }
        best = current
      }
      if abs(error) <= toleranceLU || pass >= maxPasses { return best ?? current }
      // The bracket: the loudest gain still under the target and the quietest over it. It
      // shrinks with every pass, even where heavy limiting makes loudness fall as gain rises
      // (more blocks pass BS.1770's relative gate), which would stall a bracket kept by loudness.
      let point = (gainDB: gain, lufs: lufs)
      if error > 0 {
        if below.map({ $0.gainDB < gain }) ?? true { below = point }
      } else if above.map({ $0.gainDB > gain }) ?? true {
        above = point
      }
      previous = point
      if let low = below, let high = above, high.gainDB > low.gainDB {
        gain = bracketed(low: low, high: high, targetLUFS: targetLUFS)
      } else {
        gain += min(12, max(-12, error / lastSlope))
      }
      pass += 1
    }
  }

  /// The next gain inside a bracket: interpolated (regula falsi) where loudness rises across
  /// it, else, or when that lands within 2 % of an end (no progress), the midpoint (bisection).
  static func bracketed(
    low: (gainDB: Double, lufs: Double), high: (gainDB: Double, lufs: Double), targetLUFS: Double
  ) -> Double {
    let width = high.gainDB - low.gainDB
    let middle = low.gainDB + width / 2
    guard high.lufs > low.lufs else { return middle }
    let interpolated = low.gainDB + (targetLUFS - low.lufs) * width / (high.lufs - low.lufs)
    let margin = width / 50
    return interpolated > low.gainDB + margin && interpolated < high.gainDB - margin ? interpolated : middle
  }

  /// d(loudness)/d(gain) between two passes (the secant); 1 before there are two, and kept in
  /// [0.1, 1]: limiting can only take loudness away, and never all of a gain step.
  static func slope(from previous: (gainDB: Double, lufs: Double)?, to current: (Double, Double)) -> Double {
    guard let previous, abs(current.0 - previous.gainDB) > 1e-6 else { return 1 }
    return min(1, max(0.1, (current.1 - previous.lufs) / (current.0 - previous.gainDB)))
  }

  /// One pass: scale by `gainDB`, limit, measure.
  static func limited(
    _ audio: AudioBuffer, gainDB gain: Double, target: LoudnessTarget, pass: Int,
    measure: (AudioBuffer) -> LoudnessMeasurement
  ) -> Outcome {
    var scaled = audio
    apply(gainDB: gain, to: &scaled)
    var limiter = TruePeakLimiter(
      channelCount: audio.channelCount, sampleRate: audio.sampleRate,
      ceilingDBTP: target.limiterCeilingDBTP)
    let output = limiter.processAll(scaled, chunkFrames: Streaming.chunkFrames)
    return Outcome(
      audio: output, gainDB: gain, measurement: measure(output), limiterGainDB: limiter.minimumGainDB,
      passes: pass)
  }
}

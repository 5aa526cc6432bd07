import AudioIO
import DSP
import Files
import Foundation
import Manifest
import Render

/// Encodes a buffer into one staged file, normalised for the codec, measured on the file and
/// corrected only when the codec moved it out of tolerance.
///
/// A codec shifts loudness and true peak a little: LAME at 22 kHz loses up to 0.5 LU on bright
/// speech, Opus overshoots peaks by up to ~1.2 dB. The shift is stable per codec and bitrate
/// (`expectedShift`; for Opus also per complexity), so with a loudness target the input is normalised (LoudnessPlan: gain +
/// true-peak limiter) to aim past the expected shifts Δ, δ, encoded once, decoded and measured
/// (BS.1770, gapless MP3). Only when the file's integrated loudness is off by more than
/// LoudnessPlan's tolerance or its true peak passes the ceiling are this file's measured shifts
/// used and the input aimed again:
///
///     Δ = L(encoded) − L(input),   δ = TP(encoded) − TP(input)
///     input′ = normalise(input, to: target − Δ, ceiling: min(ceiling, tpMax − m − δ − 0.1))
///
/// where m is a per-codec margin for other decoders (see `peakMarginDB`),
/// at most `maxCorrections` times, the ceiling never more than `maxLimiterMarginDB` under the
/// maximum. A true peak still over it then (a codec overshooting away from the input's peaks, as
/// Opus at 48 kbps does by up to 2 dB) gets local gain dips where the decoded file is over
/// (`CodecPeakRepair`); if even that fails, the whole file is turned down: the peak limit is
/// hard, the loudness target has a tolerance.
///
/// Nothing is carried from one file to the next: a file depends only on its own audio, format
/// and target, so it is byte-identical whatever else the render holds and on any number of
/// cores (the encoder is shared by the render's workers). Opus is written at 48 kHz (its
/// native rate), other formats at the narration's rate when they support it.
struct VariantEncoder: Sendable {
  let staging: RenderStaging
  let target: LoudnessTarget?
  let maxCorrections = 2
  /// libopus complexity of Opus files (`OpusFileWriter`).
  let opusComplexity: Int
  /// LAME's algorithm quality of MP3 files (`MP3FileWriter`).
  let mp3Quality: Int
  /// This recording's own Opus loudness shift for one Opus format (`OpusShiftProbe`), used
  /// instead of the table's once the render has set it.
  let opusShift = OpusShift()

  /// The limiter ceiling goes at most this far under the file's true-peak maximum: room for
  /// Opus's largest overshoot (`expectedShift`) plus 0.1 dB.
  static let maxLimiterMarginDB = 1.6

  init(
    staging: RenderStaging, target: LoudnessTarget?, opusComplexity: Int = Defaults.opusComplexity,
    mp3Quality: Int = Defaults.mp3Quality
  ) {
    self.staging = staging
    self.target = target
    self.opusComplexity = opusComplexity
    self.mp3Quality = mp3Quality
  }

  /// The rate a format is written at for audio at `sampleRate`.
  static func outputRate(_ format: EncodedFormat, for sampleRate: Int) -> Int {
    if case .opus = format { return 48_000 }
    return format.outputSampleRate(for: sampleRate)
  }

  /// The band a format's decoder gives back, when it stops short of the rate's Nyquist frequency.
  static func keptBelowHz(_ format: EncodedFormat) -> Double? {
    if case .opus = format { return OpusFileWriter.codedBelowHz }
    return nil
  }

  /// How far under the true-peak maximum a file must measure here to measure under it in other
  /// decoders too: ffmpeg's own Opus decoder gives peaks ~0.2 dB above libopus's.
  static func peakMarginDB(_ format: EncodedFormat) -> Double {
    if case .opus = format { return 0.35 }
    return 0.1
  }

  /// Shifts to expect from a codec, measured on the samples (file minus input, first encode):
  /// LAME 128 kbps −0.445 ± 0.01 LU at 22.05, 44.1 and 48 kHz, speech alone or over a bed (so one
  /// encode lands within the 0.2 LU tolerance). Opus 48 kbps depends on the complexity: libopus
  /// runs its signal analysis (bandwidth, speech/music) only from complexity 7 up, and that moves
  /// the shift. Measured in the render's first encode of the 30 sample variants
  /// (bench/render/opus_shift.py, bench/render/README.md): complexity 7 to 10 mean −0.12 LU
  /// (−0.08…+0.03 for 44.1/48 kHz recordings, down to −0.41 for 22.05 kHz ones) and true-peak
  /// overshoot +0.75 dB (0.4…1.7); complexity 0 to 6 −0.02 LU (−0.06…+0.02) and +0.89 dB
  /// (0.56…1.41). Other bitrates start from these and are corrected when measured off.
  /// The Opus peak allowance is the overshoot's top (1.4 dB), not its mean: a file over the
  /// maximum costs a second encode (gain dips where the codec overshot), and at the mean
  /// allowance half the Opus files of a 22.05 kHz recording and a quarter of a 48 kHz one
  /// needed it (bench/render/README.md, 2026-11-25); the price is 0.6 dB more peak limiting
  /// of the Opus files' input.
  static func expectedShift(_ format: EncodedFormat, opusComplexity: Int) -> (loudnessLU: Double, peakDB: Double) {
    switch format {
    case .opus: opusComplexity >= 7 ? (-0.1, 1.4) : (0, 1.4)
    case .mp3: (-0.45, 0.3)
    case .vorbis: (-0.2, 0.3)
    case .wav, .flac: (0, 0)
    }
  }

  /// Encodes `audio` as `name` (a plain file name in the output folder). With `normalise` the
  /// audio is brought to the target and the file measured (premixes, narration); stems at their
  /// own level are written as they are, without a loudness entry. `slope` is d(loudness)/d(gain)
  /// expected of this material (the rate's voice normalisation reports it): a first step that
  /// saves a normalisation pass on limited material. `measuredLUFS` is the integrated loudness
  /// of `audio`, when the caller has it: the first gain is set from it even when the file is
  /// written at another rate (the resampler is flat to 90 % of the lower Nyquist frequency, so
  /// loudness moves by hundredths of a LU; every pass is measured after).
  ///
  /// Streams throughout: each normalisation pass writes its output to a spool, the best one is
  /// encoded, and the file is decoded in chunks to be measured.
  func encode(
    _ audio: AudioStream, format: EncodedFormat, name: String, tags: FileTags?, normalise: Bool, slope: Double = 1,
    measuredLUFS: Double? = nil
  ) throws -> EncodedFile {
    let rate = VariantEncoder.outputRate(format, for: audio.sampleRate)
    let spools = SpoolSet(staging: staging, name: name)
    defer { spools.removeAll() }
    var input = audio
    if rate != audio.sampleRate {
      input = try spools.resampled(audio, to: rate, keptBelowHz: VariantEncoder.keptBelowHz(format)).stream
    }
    let path = staging.path(for: name)
    guard normalise, let target else {
      // Stems at their own level: not measured (decoding costs as much as encoding); every
      // codec here is gapless, so the file holds exactly the frames written.
      try write(input, format: format, to: path, tags: tags)
      let unmeasured = LoudnessMeasurement(integratedLUFS: -.infinity, truePeakDBTP: -.infinity)
      return try describe(
        path, name: name, format: format,
        measured: (unmeasured, input.frameCount, input.sampleRate, input.channelCount), target: nil)
    }
    var shift = expectedShift(format)
    var slope = slope
    let peakMaxDBTP = VariantEncoder.peakMaxDBTP(format, target: target)
    // Below this the limiter cannot help: the codec's overshoot is then not at the input's peaks.
    let lowestCeilingDBTP = peakMaxDBTP - VariantEncoder.maxLimiterMarginDB
    var ceilingDBTP = firstCeilingDBTP(format, target: target)
    var inputLoudness: LoudnessMeasurement
    /// Writes `input` as the file and measures what was written.
    func written() throws -> LoudnessCheck.FileMeasurement {
      try write(input, format: format, to: path, tags: tags)
      return try LoudnessCheck.measureFile(path)
    }
    (input, inputLoudness, slope) = try aim(
      input, at: target, past: shift.loudnessLU, ceilingDBTP: ceilingDBTP, name: name, slope: slope,
      limitedAtDBTP: target.limiterCeilingDBTP, measuredLUFS: measuredLUFS,
      spools: spools)
    var measured = try written()
    for correction in 0...maxCorrections {
      let encoded = measured.loudness
      let peakOverDB = encoded.truePeakDBTP - peakMaxDBTP
      let loudnessOff =
        LoudnessPlan.encodedCorrectionDB(measuredLUFS: encoded.integratedLUFS, targetLUFS: target.integratedLUFS) != nil
      guard (loudnessOff || peakOverDB > 0) && correction < maxCorrections else { break }
      // This file's own shifts (peak overshoot varies from file to file: keep the largest seen);
      // the input's true peak is read off its spool only now, when a correction needs it.
      inputLoudness.truePeakDBTP = try input.truePeakDBTP()
      shift = (
        loudnessLU: encoded.integratedLUFS - inputLoudness.integratedLUFS,
        peakDB: max(shift.peakDB, encoded.truePeakDBTP - inputLoudness.truePeakDBTP)
      )
      let lowered = max(lowestCeilingDBTP, min(ceilingDBTP, peakMaxDBTP - shift.peakDB - 0.1))
      // Only the peaks are off and the ceiling cannot go down by as much as they are over (the
      // overshoot is then not only at the input's peaks): that is for the dips below.
      if !loudnessOff && ceilingDBTP - lowered < peakOverDB { break }
      let limitedAtDBTP = ceilingDBTP
      ceilingDBTP = lowered
      (input, inputLoudness, slope) = try aim(
        input, at: target, past: shift.loudnessLU, ceilingDBTP: ceilingDBTP, name: name, slope: slope,
        limitedAtDBTP: limitedAtDBTP, measuredLUFS: inputLoudness.integratedLUFS, spools: spools)
      measured = try written()
    }
    // Peaks the limiter cannot reach (the codec overshoots where the input has no peak): dip the
    // input's gain just there (CodecPeakRepair), a few times if need be. Each written file is
    // decoded once, for both its measurement and the next repair.
    var dips: GainTrack??
    for _ in 0..<3 where measured.loudness.truePeakDBTP > peakMaxDBTP {
      let found = try dips ?? LoudnessCheck.measureFile(path, dipsUnder: peakMaxDBTP).dips
      guard let found else { break }
      input = input.adding(.track(found))
      try write(input, format: format, to: path, tags: tags)
      let file = try LoudnessCheck.measureFile(path, dipsUnder: peakMaxDBTP)
      (measured, dips) = (file.measurement, file.dips)
    }
    // Last resort: the true-peak maximum is a hard limit, loudness has a tolerance.
    if measured.loudness.truePeakDBTP > peakMaxDBTP {
      input = input.adding(.gain(peakMaxDBTP - measured.loudness.truePeakDBTP - 0.05))
      measured = try written()
    }
    return try describe(path, name: name, format: format, measured: measured, target: target)
  }

  /// The shifts this encoder expects of `format`: the table's, with this recording's own Opus
  /// loudness shift where it was measured (`OpusShiftProbe`).
  func expectedShift(_ format: EncodedFormat) -> (loudnessLU: Double, peakDB: Double) {
    var shift = VariantEncoder.expectedShift(format, opusComplexity: opusComplexity)
    if let measured = opusShift.value, measured.format == format { shift.loudnessLU = measured.loudnessLU }
    return shift
  }

  /// The true peak a file of `format` must measure under here (the target's maximum less the
  /// margin for other decoders).
  static func peakMaxDBTP(_ format: EncodedFormat, target: LoudnessTarget) -> Double {
    target.truePeakDBTP - peakMarginDB(format)
  }

  /// The limiter ceiling of a file's first pass: under the maximum by the codec's expected
  /// overshoot and 0.1 dB, but not more than `maxLimiterMarginDB`.
  func firstCeilingDBTP(_ format: EncodedFormat, target: LoudnessTarget) -> Double {
    let peakMaxDBTP = VariantEncoder.peakMaxDBTP(format, target: target)
    return max(
      peakMaxDBTP - VariantEncoder.maxLimiterMarginDB,
      min(target.limiterCeilingDBTP, peakMaxDBTP - expectedShift(format).peakDB - 0.1))
  }

  /// `input` normalised so that, after a codec that shifts loudness by `shiftLU`, it is on target
  /// (spooled); with its integrated loudness (true peak still unknown: −∞) and the slope the
  /// normalisation saw. `measuredLUFS`: the input's loudness, if known. `limitedAtDBTP`: the
  /// ceiling the input's peaks were limited at when `slope` was seen (`firstGainDB`).
  private func aim(
    _ input: AudioStream, at target: LoudnessTarget, past shiftLU: Double, ceilingDBTP: Double, name: String,
    slope: Double, limitedAtDBTP: Double, measuredLUFS: Double? = nil, spools: SpoolSet
  ) throws -> (AudioStream, LoudnessMeasurement, Double) {
    let inputTarget = try LoudnessTarget(
      integratedLUFS: target.integratedLUFS - shiftLU, truePeakDBTP: min(0, max(-9, ceilingDBTP)),
      encoderMarginDB: 0)
    let first = try measuredLUFS ?? input.integratedLUFS()
    guard let gain = LoudnessPlan.gainDB(measuredLUFS: first, targetLUFS: inputTarget.integratedLUFS) else {
      throw RenderError.silentNarration(file: name)
    }
    let start = LoudnessPlan.firstGainDB(
      gain, slope: slope, ceilingLoweredByDB: limitedAtDBTP - inputTarget.limiterCeilingDBTP)
    let best = try LoudnessPlan.search(
      fromGainDB: start, targetLUFS: inputTarget.integratedLUFS, toleranceLU: 0.08, initialSlope: slope,
      discard: { (spool: AudioSpool) in spools.remove(spool) }
    ) { gain, _ in
      try spools.measured(input.adding(.gain(gain)).adding(.limit(ceilingDBTP: inputTarget.limiterCeilingDBTP)))
    }
    return (
      best.result.stream, LoudnessMeasurement(integratedLUFS: best.lufs, truePeakDBTP: -.infinity), best.slope
    )
  }

  /// The manifest's description of a finished file.
  private func describe(
    _ path: String, name: String, format: EncodedFormat,
    measured: LoudnessCheck.FileMeasurement, target: LoudnessTarget?
  ) throws -> EncodedFile {
    let loudness = measured.loudness
    return EncodedFile(
      format: format.description, file: name, sizeBytes: FileSize.of(path) ?? 0,
      sha256: ContentHash.sha256(ofFile: path) ?? "", sampleRate: measured.sampleRate,
      channelCount: measured.channels, frameCount: measured.frames,
      loudness: loudness.isSilent
        ? nil
        : Loudness(
          integratedLUFS: loudness.integratedLUFS, truePeakDBTP: loudness.truePeakDBTP,
          targetLUFS: target?.integratedLUFS))
  }
}

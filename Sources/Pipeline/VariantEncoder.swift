import AudioIO
import DSP
import Files
import Foundation
import Manifest
import Render

/// Encodes a buffer into one staged file, normalised for the codec, measured on the file and
/// corrected when the codec moved it.
///
/// A codec shifts loudness and true peak a little: LAME at 22 kHz loses up to 0.5 LU on bright
/// speech, Opus overshoots peaks by up to ~1.2 dB. With a loudness target the input is
/// normalised (LoudnessPlan: gain + true-peak limiter) to aim past the expected shifts Δ, δ,
/// encoded, decoded and measured (libebur128, gapless MP3); when the file's integrated loudness
/// is off by more than LoudnessPlan's tolerance or its true peak passes the ceiling, the
/// measured shifts replace the expected ones and the input is aimed again:
///
///     Δ = L(encoded) − L(input),   δ = TP(encoded) − TP(input)
///     input′ = normalise(input, to: target − Δ, ceiling: min(ceiling, tpMax − m − δ − 0.1))
///
/// where m is a per-codec margin for other decoders (see `peakMarginDB`).
///
/// at most `maxCorrections` times, the ceiling never more than `maxLimiterMarginDB` under the
/// maximum. A true peak still over it then (a codec overshooting away from the input's peaks, as
/// Opus at 48 kbps does by up to 2 dB) gets local gain dips where the decoded file is over
/// (`CodecPeakRepair`); if even that fails, the whole file is turned down: the peak limit is
/// hard, the loudness target has a tolerance. The last Δ and the largest δ of each format and material
/// (and the limiter's loudness slope) are remembered for the next file: the variants of one
/// narration over one bed shift alike, so usually one encode suffices. Opus is written at 48 kHz (its native rate), other formats at
/// the narration's rate when they support it.
final class VariantEncoder {
  let batch: OutputBatch
  let target: LoudnessTarget?
  let maxCorrections = 2
  /// Per format and material (the bed, or the narration alone): what the codec did to loudness
  /// in the last file (Δ) and to true peak at most (δ).
  private var shifts: [ShiftKey: (loudnessLU: Double, peakDB: Double)] = [:]

  struct ShiftKey: Hashable {
    var format: EncodedFormat
    var material: String
  }

  /// The limiter ceiling goes at most this far under the file's true-peak maximum.
  static let maxLimiterMarginDB = 1.0
  /// d(loudness)/d(gain) of the last normalisation: a good first step for the next.
  private var slope = 1.0

  init(batch: OutputBatch, target: LoudnessTarget?) {
    self.batch = batch
    self.target = target
  }

  /// The rate a format is written at for audio at `sampleRate`.
  static func outputRate(_ format: EncodedFormat, for sampleRate: Int) -> Int {
    if case .opus = format { return 48_000 }
    return format.outputSampleRate(for: sampleRate)
  }

  /// How far under the true-peak maximum a file must measure here to measure under it in other
  /// decoders too: ffmpeg's own Opus decoder gives peaks ~0.2 dB above libopus's.
  static func peakMarginDB(_ format: EncodedFormat) -> Double {
    if case .opus = format { return 0.35 }
    return 0.1
  }

  /// Shifts to expect from a codec before any file of this render was measured.
  static func expectedShift(_ format: EncodedFormat) -> (loudnessLU: Double, peakDB: Double) {
    switch format {
    case .opus: (0, 0.6)
    case .mp3, .vorbis: (-0.2, 0.3)
    case .wav, .flac: (0, 0)
    }
  }

  /// Encodes `audio` as `name` (a plain file name in the output folder). With `normalise` the
  /// audio is brought to the target and the file measured (premixes, narration); stems at their
  /// own level are written as they are, without a loudness entry.
  func encode(
    _ audio: AudioBuffer, format: EncodedFormat, name: String, tags: FileTags?, normalise: Bool,
    material: String = ""
  ) throws -> EncodedFile {
    let rate = VariantEncoder.outputRate(format, for: audio.sampleRate)
    var input = rate == audio.sampleRate ? audio : Resampler.resample(audio, to: rate)
    let path = batch.stagingPath(for: name)
    guard normalise, let target else {
      // Stems at their own level: not measured (decoding costs as much as encoding); every
      // codec here is gapless, so the file holds exactly the frames written.
      try write(input, format: format, to: path, tags: tags)
      let unmeasured = LoudnessMeasurement(integratedLUFS: -.infinity, truePeakDBTP: -.infinity)
      return try describe(
        path, name: name, format: format,
        measured: (unmeasured, input.frameCount, input.sampleRate, input.channelCount), target: nil)
    }
    let key = ShiftKey(format: format, material: material)
    var shift = shifts[key] ?? VariantEncoder.expectedShift(format)
    let peakMaxDBTP = target.truePeakDBTP - VariantEncoder.peakMarginDB(format)
    // Below this the limiter cannot help: the codec's overshoot is then not at the input's peaks.
    let lowestCeilingDBTP = peakMaxDBTP - VariantEncoder.maxLimiterMarginDB
    var ceilingDBTP = max(lowestCeilingDBTP, min(target.limiterCeilingDBTP, peakMaxDBTP - shift.peakDB - 0.1))
    var inputLoudness: LoudnessMeasurement
    /// Writes `input` as the file and measures what was written.
    func written() throws -> LoudnessCheck.FileMeasurement {
      try write(input, format: format, to: path, tags: tags)
      return try LoudnessCheck.measureFile(path)
    }
    (input, inputLoudness) = try aim(input, at: target, past: shift.loudnessLU, ceilingDBTP: ceilingDBTP, name: name)
    var measured = try written()
    for correction in 0...maxCorrections {
      let encoded = measured.loudness
      // Peak overshoot varies from file to file (Opus: 0.4–1.2 dB here): remember the largest.
      shift = (
        loudnessLU: encoded.integratedLUFS - inputLoudness.integratedLUFS,
        peakDB: max(shift.peakDB, encoded.truePeakDBTP - inputLoudness.truePeakDBTP))
      shifts[key] = shift
      let peakOverDB = encoded.truePeakDBTP - peakMaxDBTP
      let loudnessOff =
        LoudnessPlan.encodedCorrectionDB(measuredLUFS: encoded.integratedLUFS, targetLUFS: target.integratedLUFS) != nil
      guard (loudnessOff || peakOverDB > 0) && correction < maxCorrections else { break }
      let lowered = max(lowestCeilingDBTP, min(ceilingDBTP, peakMaxDBTP - shift.peakDB - 0.1))
      // Only the peaks are off and the ceiling cannot go lower: that is for the dips below.
      if !loudnessOff && lowered >= ceilingDBTP { break }
      ceilingDBTP = lowered
      (input, inputLoudness) = try aim(
        input, at: target, past: shift.loudnessLU, ceilingDBTP: ceilingDBTP, name: name, measured: inputLoudness)
      measured = try written()
    }
    // Peaks the limiter cannot reach (the codec overshoots where the input has no peak): dip the
    // input's gain just there (CodecPeakRepair), a few times if need be. Each written file is
    // decoded once, for both its measurement and the next repair.
    var decoded: AudioBuffer?
    for _ in 0..<3 where measured.loudness.truePeakDBTP > peakMaxDBTP {
      guard
        let dips = CodecPeakRepair.gainTrack(
          decoded: try decoded ?? LoudnessCheck.decode(path), maxDBTP: peakMaxDBTP)
      else { break }
      dips.apply(to: &input)
      try write(input, format: format, to: path, tags: tags)
      let file = try LoudnessCheck.decode(path)
      measured = try LoudnessCheck.measure(decodedFile: file)
      decoded = file
    }
    // Last resort: the true-peak maximum is a hard limit, loudness has a tolerance.
    if measured.loudness.truePeakDBTP > peakMaxDBTP {
      LoudnessPlan.apply(gainDB: peakMaxDBTP - measured.loudness.truePeakDBTP - 0.05, to: &input)
      measured = try written()
    }
    return try describe(path, name: name, format: format, measured: measured, target: target)
  }

  /// `input` normalised so that, after a codec that shifts loudness by `shiftLU`, it is on target;
  /// with its integrated loudness and true peak. `measured`: the input's loudness, if known.
  private func aim(
    _ input: AudioBuffer, at target: LoudnessTarget, past shiftLU: Double, ceilingDBTP: Double, name: String,
    measured: LoudnessMeasurement? = nil
  ) throws -> (AudioBuffer, LoudnessMeasurement) {
    let inputTarget = try LoudnessTarget(
      integratedLUFS: target.integratedLUFS - shiftLU, truePeakDBTP: min(0, max(-9, ceilingDBTP)),
      encoderMarginDB: 0)
    let outcome = try LoudnessPlan.normalise(
      input, to: inputTarget, source: name, toleranceLU: 0.08, initialSlope: slope, measured: measured,
      measure: LoudnessCheck.integrated)
    slope = outcome.slope
    return (
      outcome.audio,
      LoudnessMeasurement(
        integratedLUFS: outcome.measurement.integratedLUFS, truePeakDBTP: LoudnessCheck.truePeakDBTP(outcome.audio))
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

import AudioIO
import DSP
import Files
import Foundation
import Manifest
import Render

/// Tags and chapter marks for one encoded file.
struct FileTags: Sendable {
  var title: String?
  var artist: String?
  var album: String?
  var track: String?
  /// Software and settings, for ID3 `TSSE`.
  var encoder: String?
  var chapters: [ChapterMark] = []
  /// The table of contents' title (ID3 `CTOC`), usually the chapter title.
  var tableOfContentsTitle: String?
}

/// Encodes a buffer into one staged file, measures the file and corrects it when the codec
/// moved its loudness.
///
/// With a loudness target, the encoded file is decoded and measured (libebur128, gapless MP3);
/// when its integrated loudness is off by more than `LoudnessPlan`'s tolerance (LAME loses up to
/// 0.5 LU on bright material) or its true peak passes the ceiling (Opus overshoots by up to
/// ~0.8 dB), the codec's shifts are taken as fixed and the input is normalised again to aim past
/// them, then encoded again:
///
///     Δ = L(encoded) − L(input),   δ = TP(encoded) − TP(input)
///     input′ = normalise(input, to: target − Δ, ceiling: min(ceiling, tpMax − δ − 0.2))
///
/// at most `maxCorrections` times. The last Δ, δ of each format are remembered and aimed past
/// before the first encode of the next file (the variants of one narration shift alike), which
/// usually saves the second encode. Opus is written at 48 kHz (its native rate), other formats
/// at the narration's rate when they support it.
final class VariantEncoder {
  let batch: OutputBatch
  let target: LoudnessTarget?
  let maxCorrections = 2
  /// Per format: what its codec did to the last normalised file (Δ loudness, δ true peak).
  private var shifts: [EncodedFormat: (loudnessLU: Double, peakDB: Double)] = [:]

  init(batch: OutputBatch, target: LoudnessTarget?) {
    self.batch = batch
    self.target = target
  }

  /// The rate a format is written at for audio at `sampleRate`.
  static func outputRate(_ format: EncodedFormat, for sampleRate: Int) -> Int {
    if case .opus = format { return 48_000 }
    return format.outputSampleRate(for: sampleRate)
  }

  /// Encodes `audio` as `name` (a plain file name in the output folder). `normalised` says the
  /// audio was made for `target` (premixes, narration); stems at their own level are only measured.
  func encode(
    _ audio: AudioBuffer, format: EncodedFormat, name: String, tags: FileTags?, normalised: Bool
  ) throws -> EncodedFile {
    let rate = VariantEncoder.outputRate(format, for: audio.sampleRate)
    var input = rate == audio.sampleRate ? audio : Resampler.resample(audio, to: rate)
    let path = batch.stagingPath(for: name)
    guard normalised, let target else {
      try write(input, format: format, to: path, tags: tags)
      return try describe(path, name: name, format: format, measured: LoudnessCheck.measureFile(path), target: nil)
    }
    var ceilingDBTP = target.limiterCeilingDBTP
    var inputLoudness: LoudnessMeasurement
    if let shift = shifts[format] {
      ceilingDBTP = min(ceilingDBTP, target.truePeakDBTP - shift.peakDB - 0.2)
      (input, inputLoudness) = try aim(input, at: target, past: shift.loudnessLU, ceilingDBTP: ceilingDBTP, name: name)
    } else {
      inputLoudness = LoudnessCheck.measure(input)
    }
    try write(input, format: format, to: path, tags: tags)
    var measured = try LoudnessCheck.measureFile(path)
    for correction in 0...maxCorrections {
      let encoded = measured.loudness
      let shift = (
        loudnessLU: encoded.integratedLUFS - inputLoudness.integratedLUFS,
        peakDB: encoded.truePeakDBTP - inputLoudness.truePeakDBTP)
      shifts[format] = shift
      let peakOverDB = encoded.truePeakDBTP - target.truePeakDBTP
      let loudnessOff =
        LoudnessPlan.encodedCorrectionDB(measuredLUFS: encoded.integratedLUFS, targetLUFS: target.integratedLUFS) != nil
      guard (loudnessOff || peakOverDB > 0) && correction < maxCorrections else { break }
      ceilingDBTP = min(ceilingDBTP, target.truePeakDBTP - shift.peakDB - 0.2)
      (input, inputLoudness) = try aim(input, at: target, past: shift.loudnessLU, ceilingDBTP: ceilingDBTP, name: name)
      try write(input, format: format, to: path, tags: tags)
      measured = try LoudnessCheck.measureFile(path)
    }
    return try describe(path, name: name, format: format, measured: measured, target: target)
  }

  /// `input` normalised so that, after a codec that shifts loudness by `shiftLU`, it is on target.
  private func aim(
    _ input: AudioBuffer, at target: LoudnessTarget, past shiftLU: Double, ceilingDBTP: Double, name: String
  ) throws -> (AudioBuffer, LoudnessMeasurement) {
    let inputTarget = try LoudnessTarget(
      integratedLUFS: target.integratedLUFS - shiftLU, truePeakDBTP: min(0, max(-9, ceilingDBTP)),
      encoderMarginDB: 0)
    let outcome = try LoudnessPlan.normalise(
      input, to: inputTarget, source: name, toleranceLU: 0.05, measure: LoudnessCheck.measure)
    return (outcome.audio, outcome.measurement)
  }

  /// The manifest's description of a finished file.
  private func describe(
    _ path: String, name: String, format: EncodedFormat,
    measured: (loudness: LoudnessMeasurement, frames: Int, sampleRate: Int, channels: Int), target: LoudnessTarget?
  ) throws -> EncodedFile {
    let loudness = measured.loudness
    return EncodedFile(
      format: format.description, file: name, sizeBytes: try FileSize.of(path),
      sha256: ContentHash.sha256(ofFile: path) ?? "", sampleRate: measured.sampleRate,
      channelCount: measured.channels, frameCount: measured.frames,
      loudness: loudness.isSilent
        ? nil
        : Loudness(
          integratedLUFS: loudness.integratedLUFS, truePeakDBTP: loudness.truePeakDBTP,
          targetLUFS: target?.integratedLUFS))
  }

  /// Writes `audio` to `path` (replacing it) with tags: ID3v2.4 for MP3, Vorbis comments for
  /// FLAC/Opus/Vorbis, none for WAV.
  private func write(_ audio: AudioBuffer, format: EncodedFormat, to path: String, tags: FileTags?) throws {
    let writer = try SoundFileWriter(
      path: path, format: format, sampleRate: audio.sampleRate, channelCount: audio.channelCount)
    if let tags {
      switch format {
      case .mp3:
        writer.id3Tag =
          ID3Tag(
            title: tags.title, artist: tags.artist, album: tags.album, track: tags.track,
            encoderSettings: tags.encoder, chapters: tags.chapters,
            tableOfContentsTitle: tags.tableOfContentsTitle
          ).bytes
      case .flac, .opus, .vorbis:
        let comments = VorbisComments(
          title: tags.title, artist: tags.artist, album: tags.album, trackNumber: tags.track,
          chapters: tags.chapters)
        writer.postProcess = { bytes in try comments.insert(into: &bytes, path: path) }
      case .wav:
        break
      }
    }
    do {
      var start = 0
      while start < audio.frameCount {
        let end = min(start + 65_536, audio.frameCount)
        try writer.write(audio.frames(start..<end))
        start = end
      }
      try writer.finish()
    } catch {
      writer.abandon()
      throw error
    }
  }
}

/// The size of a file in bytes.
enum FileSize {
  static func of(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.size] as? NSNumber)?.intValue ?? 0
  }
}

import AudioIO
import DSP
import Manifest
import Render

/// A music bed ready to lay under one narration: decoded, resampled to the voice's rate and
/// re-mixed to its channel count (never time-stretched), measured, and prepared for looping.
///
/// Loaded once per render, before anything is written, so a bad bed stops the run early.
struct PreparedBed {
  let bed: MusicBed
  /// Integrated loudness of the prepared bed, LUFS.
  let loudnessLUFS: Double
  let entry: BedEntry

  static func load(
    id: String, path: String, sampleRate: Int, channelCount: Int, crossfadeMilliseconds: Double
  ) throws(RenderError) -> PreparedBed {
    let decoded: AudioBuffer
    do {
      var source = try AudioDecoder.open(path)
      decoded = try source.readAll()
    } catch let error as AudioFileError {
      throw .bedUnreadable(bed: path, reason: shortReason(error))
    } catch {
      throw .bedUnreadable(bed: path, reason: "\(error)")
    }
    guard !decoded.isEmpty else { throw .bedUnreadable(bed: path, reason: "it holds no audio frames") }
    let badSamples = decoded.samples.reduce(0) { $0 + ($1.isFinite ? 0 : 1) }
    guard badSamples == 0 else {
      throw .bedUnreadable(
        bed: path, reason: "\(badSamples) samples are NaN or infinite; re-export it as PCM WAV or FLAC")
    }
    // Loudness is measured in 400 ms blocks: a shorter bed cannot be measured, let alone looped.
    guard decoded.frameCount * 10 >= decoded.sampleRate * 4 else {
      throw .bedUnreadable(
        bed: path,
        reason: "it is too short (\(FrameTime.milliseconds(decoded.frameCount, sampleRate: decoded.sampleRate)) ms); "
          + "a bed needs at least 0.4 s, and a few seconds to loop well")
    }
    let audio = ChannelMix.convert(Resampler.resample(decoded, to: sampleRate), to: channelCount)
    let loudness = LoudnessCheck.integrated(audio)
    guard !loudness.isSilent else { throw .bedUnreadable(bed: path, reason: "it is silent") }
    let crossfade = max(1, FrameTime.frames(seconds: crossfadeMilliseconds / 1000, sampleRate: sampleRate))
    let bed = try MusicBed(audio, name: path, crossfadeFrames: crossfade)
    let name = displayName(id)
    return PreparedBed(
      bed: bed, loudnessLUFS: loudness.integratedLUFS,
      entry: BedEntry(
        id: id, name: name, source: path, sampleRate: sampleRate, frameCount: audio.frameCount,
        loopStartFrame: bed.loopStartFrame, loopEndFrame: bed.loopEndFrame, crossfadeFrames: crossfade,
        spoken: SpokenLabels.bed(name: name)))
  }

  /// `bed_pad` → `Bed pad`: what a listener sees and hears.
  static func displayName(_ id: String) -> String {
    let words = id.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == " " }).joined(separator: " ")
    return words.prefix(1).uppercased() + words.dropFirst()
  }

  /// The facts of an audio error without its file name (the bed error names the file once).
  static func shortReason(_ error: AudioFileError) -> String {
    switch error {
    case .missing: "no such file"
    case .empty: "the file is empty"
    case .unrecognised(_, let reason): "not a recognised audio file: \(reason)"
    case .undecodedFormat(_, let format): "\(format), which prep does not decode; convert it with ffmpeg first"
    case .truncated: "the file is truncated"
    case .corrupt(_, let reason): "the audio data is damaged: \(reason)"
    case .unsupportedChannels(_, let count): "\(count) channels"
    case .unsupportedSampleRate(_, let rate): "sample rate \(rate) Hz"
    default: "\(error)"
    }
  }
}

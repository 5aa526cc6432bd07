import AudioIO
import DSP
import Foundation
import Manifest

/// The checks that make a recording unusable (errors, not warnings). Ingest, align and render
/// run the same ones on the decoded audio, so all three name the same problem.
enum RecordingCheck {
  static let sampleRates = 16_000...192_000
  /// A peak below this is no narration: digital silence, or only dither/noise (−70 dBFS).
  static let silentPeak: Float = 0.000_316
  /// Side energy this many times the mid energy: the channels cancel when mixed (20 dB).
  static let antiPhaseRatio = 100.0
  /// A run of exact digital zero this long inside a recording is reported as a dropout.
  static let dropoutSeconds = 2.0

  static func format(of source: any DecodedSource) throws(AudioFileError) {
    if !(1...2).contains(source.channelCount) {
      throw .unsupportedChannels(path: source.path, channelCount: source.channelCount)
    }
    if !sampleRates.contains(source.sampleRate) {
      throw .unsupportedSampleRate(path: source.path, sampleRate: source.sampleRate)
    }
  }

  static func content(path: String, stats: SignalStats, sampleRate: Int) throws(RecordingError) {
    if stats.frameCount == 0 { throw .noAudio(path: path) }
    if stats.frameCount < sampleRate / 10 {
      throw .tooShort(path: path, seconds: FrameTime.seconds(stats.frameCount, sampleRate: sampleRate))
    }
    if stats.nonFiniteSamples > 0 {
      throw .nonFinite(
        path: path, count: stats.nonFiniteSamples,
        firstSeconds: FrameTime.seconds(stats.firstNonFiniteFrame ?? 0, sampleRate: sampleRate))
    }
    let ac = stats.acRMS.max() ?? 0
    let dc = stats.dcOffset.map(abs).max() ?? 0
    if stats.peak == 0 { throw .silent(path: path) }
    if ac < Double(silentPeak) / 4 && dc >= Double(silentPeak) {
      throw .dcOnly(path: path, offset: stats.dcOffset.max(by: { abs($0) < abs($1) }) ?? 0)
    }
    if stats.peak < silentPeak { throw .nearlySilent(path: path, peakDBFS: Decibels.fromGain(Double(stats.peak))) }
    if stats.channelCount == 2, stats.sideEnergy > antiPhaseRatio * stats.midEnergy {
      throw .antiPhase(path: path)
    }
  }

  /// Checks a decoded buffer (render decodes the whole narration at once).
  static func content(path: String, audio: inout AudioBuffer) throws(RecordingError) {
    var stats = SignalStats(channelCount: audio.channelCount)
    stats.add(&audio)
    try content(path: path, stats: stats, sampleRate: audio.sampleRate)
  }

  /// A long stretch of exact digital zero inside the recording (not at its ends): a dropout.
  static func dropoutWarning(path: String, stats: SignalStats, sampleRate: Int) -> String? {
    let run = stats.longestZeroRun
    guard Double(run.count) >= dropoutSeconds * Double(sampleRate), run.start > 0,
      run.start + run.count < stats.frameCount
    else { return nil }
    let from = FrameTime.seconds(run.start, sampleRate: sampleRate)
    let to = FrameTime.seconds(run.start + run.count, sampleRate: sampleRate)
    return "\(path): \(String(format: "%.1f", to - from)) s of digital silence (every sample 0) from "
      + "\(String(format: "%.1f", from)) s to \(String(format: "%.1f", to)) s: a dropout in the recording? "
      + "Listen there, and re-export or patch it."
  }

  /// The recording an ingest record names must still be the one it measured.
  static func unchanged(_ record: IngestRecord, recordPath: String, audioPath: String) throws(RecordingError) {
    guard !record.source.sha256.isEmpty, let now = ContentHash.sha256(ofFile: audioPath) else { return }
    if now != record.source.sha256 { throw .changedSinceIngest(record: recordPath, path: audioPath) }
  }
}

/// A recording that decodes but cannot be used as narration.
public enum RecordingError: Error, CustomStringConvertible, Equatable {
  case noAudio(path: String)
  case tooShort(path: String, seconds: Double)
  case silent(path: String)
  case nearlySilent(path: String, peakDBFS: Double)
  case dcOnly(path: String, offset: Double)
  case antiPhase(path: String)
  case nonFinite(path: String, count: Int, firstSeconds: Double)
  case changedSinceIngest(record: String, path: String)

  public var description: String {
    switch self {
    case .noAudio(let path):
      "\(path): the file holds no audio frames. Export the recording again."
    case .tooShort(let path, let seconds):
      "\(path): the recording is only \(String(format: "%.3f", seconds)) s long, too short to be narration. "
        + "Check that the whole recording was exported."
    case .silent(let path):
      "\(path): the recording is digital silence from start to end. Check that the right file or track was exported."
    case .nearlySilent(let path, let peak):
      "\(path): the recording is silent (its loudest sample is \(String(format: "%.1f", peak)) dBFS: only noise or "
        + "dither). Check that the right file or track was exported, and the input gain."
    case .dcOnly(let path, let offset):
      "\(path): the recording is a constant DC offset (\(String(format: "%.4f", offset))) with no sound on it. "
        + "Check the microphone input and export the recording again."
    case .antiPhase(let path):
      "\(path): the two channels are in opposite phase (right ≈ −left), so mixed to mono the voice cancels out. "
        + "Keep one channel, e.g. `sox \(path) mono.wav remix 1`, and use that file."
    case .nonFinite(let path, let count, let seconds):
      "\(path): \(count) samples are NaN or infinite (the first at \(String(format: "%.3f", seconds)) s). "
        + "Re-export the recording from the editor as PCM WAV or FLAC."
    case .changedSinceIngest(let record, let path):
      "\(record): the recording \(path) changed since this ingest record was made (its SHA-256 differs). "
        + "Run `prep ingest` on it again."
    }
  }
}

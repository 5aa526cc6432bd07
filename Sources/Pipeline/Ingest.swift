import AudioIO
import DSP
import Files
import Foundation
import Manifest

/// `prep ingest`: decode and check one recording against its text; build its ingest record.
public enum Ingest {
  /// Chapters are read at 8–40 characters of text per second of speech; outside that the
  /// recording and the text probably do not belong together.
  static let plausibleCharactersPerSecond: ClosedRange<Double> = 8...40
  /// Below this integrated loudness a narration is too quiet to be a usable master.
  static let quietLUFS = -40.0

  public struct Options: Sendable {
    public var audioPath: String
    public var textPath: String?
    public var chapter: Int?

    public init(audioPath: String, textPath: String?, chapter: Int?) {
      self.audioPath = audioPath
      self.textPath = textPath
      self.chapter = chapter
    }
  }

  /// Analyses the recording (one streaming pass) and reads the text.
  public static func analyse(_ options: Options) throws -> IngestRecord {
    let path = options.audioPath
    // Read the text first: a bad text fails fast, before a long decode.
    let text = try options.textPath.map { textPath in
      IngestRecord.Text(
        path: textPath, sha256: ContentHash.sha256(ofFile: textPath) ?? "",
        chapter: try VerseText.read(path: textPath, chapter: options.chapter))
    }
    var source = try AudioDecoder.open(path)
    try RecordingCheck.format(of: source)
    var stats = SignalStats(channelCount: source.channelCount)
    var envelope = Envelope(sampleRate: source.sampleRate)
    // The K-weighting filter is the slowest step: it runs on a second queue while this
    // thread decodes and measures the rest (true peak included), about half the work each.
    let background = BackgroundSink(
      LoudnessMeter(
        channelCount: source.channelCount, sampleRate: source.sampleRate, truePeak: false))
    var truePeak = TruePeakMeter(channelCount: source.channelCount, sampleRate: source.sampleRate)
    try source.forEachChunk { chunk in
      stats.add(&chunk)  // first: it zeroes NaN/∞ samples before anyone else sees them
      envelope.add(chunk)
      truePeak.add(chunk)
      try background.write(chunk)
    }
    envelope.finish()
    try background.finish()
    let meter = background.result
    try RecordingCheck.content(path: path, stats: stats, sampleRate: source.sampleRate)

    // EnvelopeStats.soundThresholdDBFS, from the floor the record also stores (one sort).
    let noiseFloor = EnvelopeStats.noiseFloorDBFS(envelope)
    let threshold = noiseFloor + EnvelopeStats.soundAboveFloorDB
    let edges = EnvelopeStats.silentEdges(envelope, thresholdDBFS: threshold)
    let integrated = meter.integratedLUFS
    let levels = IngestRecord.Levels(
      integratedLUFS: integrated.isFinite ? integrated.rounded(places: 2) : nil,
      loudnessRangeLU: meter.rangeLU.isFinite ? meter.rangeLU.rounded(places: 2) : nil,
      truePeakDBTP: truePeak.peakDBTP.isFinite ? truePeak.peakDBTP.rounded(places: 2) : nil,
      samplePeakDBFS: Decibels.fromGain(Double(stats.peak)).rounded(places: 2),
      clippedSamples: stats.clippedSamples,
      dcOffset: stats.dcOffset.map { $0.rounded(places: 6) },
      noiseFloorDBFS: Double(noiseFloor).rounded(places: 2),
      leadingSilenceFrames: min(stats.frameCount, edges.lead * envelope.hopFrames),
      trailingSilenceFrames: min(stats.frameCount, edges.tail * envelope.hopFrames))
    let audio = IngestRecord.Audio(
      sampleRate: source.sampleRate, channelCount: source.channelCount,
      frameCount: stats.frameCount,
      durationSeconds: FrameTime.seconds(stats.frameCount, sampleRate: source.sampleRate))
    let size = FileSize.of(path) ?? 0
    return IngestRecord(
      generator: PrepVersion.generator,
      source: .init(
        path: path, sizeBytes: size, sha256: ContentHash.sha256(ofFile: path) ?? "",
        format: source.formatName),
      audio: audio, levels: levels, envelope: StoredEnvelope(envelope), text: text,
      warnings: warnings(path: path, audio: audio, levels: levels, text: text?.chapter)
        + [RecordingCheck.dropoutWarning(path: path, stats: stats, sampleRate: source.sampleRate)].compactMap { $0 })
  }

  /// Suspicious but usable input: reported, never fatal.
  static func warnings(
    path: String, audio: IngestRecord.Audio, levels: IngestRecord.Levels, text: ChapterText?
  ) -> [String] {
    var list: [String] = []
    if levels.clippedSamples > 0 {
      list.append(
        "\(path): \(levels.clippedSamples) samples are clipped (at or above −0.01 dBFS); "
          + "re-record or re-export with lower gain if they are audible.")
    }
    if let lufs = levels.integratedLUFS, lufs < quietLUFS {
      list.append(
        "\(path): very low level (\(lufs) LUFS integrated); check the recording gain. "
          + "Render will normalise it, raising the noise with it.")
    }
    if let text {
      let characters = text.verses.reduce(0) { $0 + $1.text.count }
      let speechFrames = audio.frameCount - levels.leadingSilenceFrames - levels.trailingSilenceFrames
      let seconds = Double(max(speechFrames, 1)) / Double(audio.sampleRate)
      let rate = Double(characters) / seconds
      if !plausibleCharactersPerSecond.contains(rate) {
        list.append(
          "\(path): \(Int(seconds)) s of speech for \(characters) characters of text "
            + "(\(Int(rate)) characters/s; narration runs 8–40). Check that the recording and the text are the same chapter."
        )
      }
    }
    return list
  }

}

/// The version prep writes into every record and manifest.
public enum PrepVersion {
  public static let number = "0.1.0"
  public static let generator = "prep \(number)"
}

extension Ingest {
  /// Checks the output can be written, analyses, writes the record atomically.
  public static func run(_ options: Options, outputPath: String) throws -> IngestRecord {
    try InputOutputGuard.check(
      inputs: [FileRole("the recording", options.audioPath), FileRole("--text", options.textPath ?? "")],
      outputs: [FileRole("--output", outputPath)])
    _ = try AtomicOutput(path: outputPath)  // fail before the long decode, not after
    let record = try analyse(options)
    try JSONOutput.write(record, to: outputPath)
    return record
  }
}

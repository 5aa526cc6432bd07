import AudioIO
import DSP
import Files
import Foundation
import Manifest
import Render

/// `prep render --loudness off` without beds: time-stretch one recording, map its labels.
///
/// The narration is written by the variants' writer (`EncodedFileWriter`: Opus through
/// libopus at `opusComplexity`, any recording rate), with the variants' tags: the given title,
/// artist and album, the encoder, and one chapter mark per label (mapped into the output's
/// time), so a player shows the same chapters as in the labels file.
public enum Stretch {
  public struct Options: Sendable {
    public var audioPath: String
    public var outputPath: String
    public var speed: Double
    /// Pauses longer than this are shortened to it before stretching.
    public var maxPauseMilliseconds: Int?
    /// A hop quieter than this is pause; nil: the speech threshold of the recording's envelope
    /// (as align uses), read from `ingestRecordPath` if given, else measured in a first pass.
    public var pauseThresholdDBFS: Double?
    /// The recording's ingest record (`prep ingest`), in the Makefile flow.
    public var ingestRecordPath: String?
    /// Audacity labels in the input's time, mapped into `labelsOutputPath`.
    public var labelsPath: String?
    public var labelsOutputPath: String?
    /// Writes the time map (input frame, output frame per anchor) as tab-separated text.
    public var timeMapPath: String?
    public var tuning: StretchTuning
    /// Title, artist, album and the chapters' table-of-contents title; the encoder and the
    /// chapter marks (from the labels) are added here.
    public var tags: Tags
    /// libopus complexity when the output is Opus.
    public var opusComplexity: Int
    /// LAME's algorithm quality when the output is MP3.
    public var mp3Quality: Int

    public init(
      audioPath: String, outputPath: String, speed: Double, maxPauseMilliseconds: Int? = nil,
      pauseThresholdDBFS: Double? = nil, ingestRecordPath: String? = nil, labelsPath: String? = nil,
      labelsOutputPath: String? = nil,
      timeMapPath: String? = nil, tuning: StretchTuning = StretchTuning(), tags: Tags = Tags(),
      opusComplexity: Int = Defaults.opusComplexity, mp3Quality: Int = Defaults.mp3Quality
    ) {
      self.audioPath = audioPath
      self.outputPath = outputPath
      self.speed = speed
      self.maxPauseMilliseconds = maxPauseMilliseconds
      self.pauseThresholdDBFS = pauseThresholdDBFS
      self.ingestRecordPath = ingestRecordPath
      self.labelsPath = labelsPath
      self.labelsOutputPath = labelsOutputPath
      self.timeMapPath = timeMapPath
      self.tuning = tuning
      self.tags = tags
      self.opusComplexity = opusComplexity
      self.mp3Quality = mp3Quality
    }
  }

  /// What the command line gives for the file's tags.
  public struct Tags: Sendable {
    public var title, artist, album, chapterTitle: String?
    public init(title: String? = nil, artist: String? = nil, album: String? = nil, chapterTitle: String? = nil) {
      (self.title, self.artist, self.album, self.chapterTitle) = (title, artist, album, chapterTitle)
    }
  }

  public struct Result: Sendable {
    public var sampleRate: Int
    public var channelCount: Int
    public var inputFrames: Int
    public var outputFrames: Int
    public var timeMap: TimeMap
    public var labels: [AudacityLabel]
  }

  /// Decodes, stretches in chunks, writes the narration and the mapped labels.
  public static func run(_ options: Options) throws -> Result {
    try InputOutputGuard.check(
      inputs: [
        FileRole("the recording", options.audioPath), FileRole("--ingest", options.ingestRecordPath ?? ""),
        FileRole("--labels", options.labelsPath ?? ""),
      ],
      outputs: [
        FileRole("--output", options.outputPath), FileRole("--labels-out", options.labelsOutputPath ?? ""),
        FileRole("--time-map", options.timeMapPath ?? ""),
      ])
    for path in [options.outputPath, options.labelsOutputPath, options.timeMapPath].compactMap({ $0 }) {
      _ = try AtomicOutput(path: path)  // a missing folder fails now, not after the stretch
    }
    var source = try AudioDecoder.open(options.audioPath)
    try RecordingCheck.format(of: source)
    let record = try options.ingestRecordPath.map { try ingestRecord($0, for: source) }
    let labels = try options.labelsPath.map { try readLabels(path: $0, sampleRate: source.sampleRate) } ?? []
    if let labelsPath = options.labelsPath, let frames = source.frameCount,
      let late = labels.first(where: { $0.span.end > frames + source.sampleRate / 100 })
    {
      throw StretchError.labelBeyondEnd(
        path: labelsPath, line: late.line, seconds: FrameTime.seconds(late.span.end, sampleRate: source.sampleRate),
        audioSeconds: FrameTime.seconds(frames, sampleRate: source.sampleRate))
    }
    let threshold = try options.maxPauseMilliseconds == nil ? nil : pauseThreshold(options, record: record)
    let format = outputFormat(path: options.outputPath, inputFormat: source.formatName)
    if !EncodedFileWriter.accepts(format, sampleRate: source.sampleRate), let rates = format.supportedSampleRates {
      throw StretchError.rateNotWritable(path: options.outputPath, sampleRate: source.sampleRate, rates: rates)
    }
    let writer = try EncodedFileWriter(
      path: options.outputPath, format: format, sampleRate: source.sampleRate, channelCount: source.channelCount,
      opusComplexity: options.opusComplexity, mp3Quality: options.mp3Quality)
    var stretcher = Stretcher(
      speed: options.speed, sampleRate: source.sampleRate, channelCount: source.channelCount,
      maxPauseFrames: options.maxPauseMilliseconds.map {
        FrameTime.frames(seconds: Double($0) / 1_000, sampleRate: source.sampleRate)
      },
      pauseThresholdDBFS: Float(threshold ?? -50), tuning: options.tuning)
    var output = AudioBuffer(channelCount: source.channelCount, sampleRate: source.sampleRate)
    var stats = SignalStats(channelCount: source.channelCount)
    do {
      try source.forEachChunk { chunk in
        stats.add(&chunk)
        output.samples.removeAll(keepingCapacity: true)
        stretcher.process(chunk, into: &output)
        if !output.isEmpty { try writer.write(output) }
      }
      output.samples.removeAll(keepingCapacity: true)
      stretcher.flush(into: &output)
      if !output.isEmpty { try writer.write(output) }
      try RecordingCheck.content(path: options.audioPath, stats: stats, sampleRate: source.sampleRate)
    } catch {
      writer.abandon()
      throw error
    }
    let map = stretcher.timeMap
    let mapped = labels.map { AudacityLabel(span: map.outputRange(forInput: $0.span), label: $0.label) }
    do {
      writer.tags = tags(options.tags, format: format, labels: mapped, sampleRate: source.sampleRate)
      try writer.finish()
    } catch {
      writer.abandon()
      throw error
    }
    if let path = options.labelsOutputPath {
      try AtomicOutput.write(AudacityLabels.text(mapped, sampleRate: source.sampleRate), to: path)
    }
    if let path = options.timeMapPath { try writeTimeMap(map, to: path) }
    return Result(
      sampleRate: source.sampleRate, channelCount: source.channelCount, inputFrames: map.inputFrameCount,
      outputFrames: map.outputFrameCount, timeMap: map, labels: mapped)
  }

  /// The narration's tags: those given, the encoder, and a chapter mark per (mapped) label.
  static func tags(_ given: Tags, format: EncodedFormat, labels: [AudacityLabel], sampleRate: Int) -> FileTags {
    let chapters = labels.map { label in
      ChapterMark(
        startMilliseconds: FrameTime.milliseconds(label.span.start, sampleRate: sampleRate),
        endMilliseconds: FrameTime.milliseconds(label.span.end, sampleRate: sampleRate), title: label.label)
    }
    return FileTags(
      title: given.title, artist: given.artist, album: given.album, encoder: "\(PrepVersion.generator) (\(format))",
      chapters: chapters, tableOfContentsTitle: chapters.isEmpty ? nil : given.chapterTitle ?? given.title)
  }

  /// WAV stays 16-bit unless the input is float; FLAC keeps 24-bit input; others by extension.
  static func outputFormat(path: String, inputFormat: String) -> EncodedFormat {
    let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
    switch ext {
    case "flac": return .flac(inputFormat.hasSuffix("pcm24") ? .int24 : .int16)
    case "mp3": return .mp3(.constant(kbps: 128))
    case "opus": return .opus(kbpsPerChannel: 48)
    case "ogg", "oga": return .vorbis(quality: 0.5)
    default:
      let float = inputFormat.hasSuffix("float32") || inputFormat.hasSuffix("float64")
      return .wav(float ? .float32 : .int16)
    }
  }

  /// The pause threshold: given, or the speech threshold of the recording's envelope.
  static func pauseThreshold(_ options: Options, record: IngestRecord?) throws -> Double {
    if let given = options.pauseThresholdDBFS { return given }
    if let record, let envelope = record.envelope.envelope(sampleRate: record.audio.sampleRate) {
      return Double(EnvelopeStats.speechThresholdDBFS(envelope))
    }
    var source = try AudioDecoder.open(options.audioPath)
    var envelope = Envelope(sampleRate: source.sampleRate)
    try source.forEachChunk { envelope.add($0) }
    envelope.finish()
    return Double(EnvelopeStats.speechThresholdDBFS(envelope))
  }

  /// The ingest record of `source`; it must describe the same audio (rate and length).
  static func ingestRecord(_ path: String, for source: any DecodedSource) throws -> IngestRecord {
    let record = try JSONOutput.readRecord(IngestRecord.self, from: path)
    if !record.source.sha256.isEmpty, ContentHash.sha256(ofFile: source.path) != record.source.sha256 {
      throw StretchError.recordMismatch(path: path, audioPath: source.path)
    }
    if record.audio.sampleRate != source.sampleRate
      || record.audio.frameCount != (source.frameCount ?? record.audio.frameCount)
    {
      throw StretchError.recordMismatch(path: path, audioPath: source.path)
    }
    return record
  }

  static func writeTimeMap(_ map: TimeMap, to path: String) throws {
    var text = "input_frame\toutput_frame\n"
    for k in 0..<map.anchorCount { text += "\(map.inputFrames[k])\t\(map.outputFrames[k])\n" }
    try AtomicOutput.write(text, to: path)
  }
}

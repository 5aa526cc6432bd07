import Alignment
import AudioIO
import DSP
import Files
import Foundation
import Manifest

/// `prep align`: verse boundaries of one recording, from the raw files or an ingest record.
public enum Align {
  public enum Heading: Sendable, Equatable {
    /// Find a heading read before verse 1, if any (default).
    case detect
    /// There is none.
    case none
    /// There is one, with this text ("Psalm 23").
    case text(String)
  }

  public struct Options: Sendable {
    /// The recording; with `recordPath`, overrides the recording the record names.
    public var audioPath: String?
    /// An ingest record (`prep ingest --output`): its text, and its recording or envelope.
    public var recordPath: String?
    public var textPath: String?
    public var chapter: Int?
    public var labelsPath: String
    public var jsonPath: String?
    public var phrasesPath: String?
    public var heading: Heading = .detect
    /// USFM headings inside the chapter (`\s1`, `\d`…) are read aloud: align them as segments.
    public var readHeadings = false
    public var overridePath: String?
    public var minPauseMilliseconds = 90
    public var leadMilliseconds = 25
    public var lowConfidence = 0.5
    public var allowMismatch = false

    public init(labelsPath: String) { self.labelsPath = labelsPath }
  }

  /// Reads, aligns, writes every requested output atomically; returns what was written.
  public static func run(_ options: Options) throws -> AlignRecord {
    try InputOutputGuard.check(inputs: try inputs(options), outputs: outputs(options))
    // Fail on unwritable outputs before the decode, not after.
    for path in [options.labelsPath, options.jsonPath, options.phrasesPath].compactMap({ $0 }) {
      _ = try AtomicOutput(path: path)
    }
    let output = try align(options)
    try AtomicOutput.write(AlignLabels.labels(output, phrases: false), to: options.labelsPath)
    if let path = options.phrasesPath {
      try AtomicOutput.write(AlignLabels.labels(output, phrases: true), to: path)
    }
    if let path = options.jsonPath { try JSONOutput.write(output, to: path) }
    return output
  }

  /// What align reads: the files given, and the recording and text an ingest record names.
  static func inputs(_ options: Options) throws -> [FileRole] {
    var inputs = [
      FileRole("the recording", options.audioPath ?? ""), FileRole("--record", options.recordPath ?? ""),
      FileRole("--text", options.textPath ?? ""), FileRole("--override", options.overridePath ?? ""),
    ]
    // The record's own paths, before it is read in full: its outputs must not be those either.
    try InputOutputGuard.check(inputs: inputs, outputs: outputs(options))
    if let path = options.recordPath {
      let record = try JSONOutput.readRecord(IngestRecord.self, from: path)
      inputs.append(FileRole("the recording the ingest record names", record.source.path))
      inputs.append(FileRole("the text the ingest record names", record.text?.path ?? ""))
    }
    return inputs
  }

  static func outputs(_ options: Options) -> [FileRole] {
    [
      FileRole("--labels", options.labelsPath), FileRole("--json", options.jsonPath ?? ""),
      FileRole("--phrases", options.phrasesPath ?? ""),
    ]
  }

  /// Reads and aligns without writing anything.
  public static func align(_ options: Options) throws -> AlignRecord {
    try align(options, text: nil, audio: nil)
  }

  /// The same, with the text and the decoded recording when the caller already has them
  /// (`prep render` from raw files, which needs both anyway).
  static func align(_ options: Options, text: ChapterText?, audio: AudioBuffer?) throws -> AlignRecord {
    let record = try options.recordPath.map { try JSONOutput.readRecord(IngestRecord.self, from: $0) }
    let chapterText: ChapterText
    let textPath: String?
    if let text, let path = options.textPath {
      chapterText = text
      textPath = path
    } else if let path = options.textPath {
      chapterText = try VerseText.read(path: path, chapter: options.chapter)
      textPath = path
    } else if let text = record?.text {
      chapterText = text.chapter
      textPath = text.path
    } else {
      throw AlignInputError.noText(file: options.recordPath ?? options.audioPath ?? "")
    }
    let (features, audioPath, analysedFrom) = try analyse(options, record: record, audio: audio)
    var alignment = AlignmentOptions(
      file: audioPath, heading: .detect, minPauseMilliseconds: options.minPauseMilliseconds,
      leadMilliseconds: options.leadMilliseconds, lowConfidence: options.lowConfidence,
      rejectMismatch: !options.allowMismatch)
    var segments = Self.segments(chapterText, readHeadings: options.readHeadings)
    switch options.heading {
    case .detect: break
    case .none: alignment.heading = .absent
    case .text(let heading):
      alignment.heading = .absent
      segments.insert(VerseInput(label: "h", text: heading, kind: .heading), at: 0)
    }
    if let overridePath = options.overridePath {
      alignment.fixedStarts = try AlignLabels.readOverride(
        path: overridePath, sampleRate: features.sampleRate, frameCount: features.frameCount, labels: Set(segments.map(\.label)))
    }
    let result = try Aligner.align(features, segments: segments, options: alignment)
    var output = AlignLabels.record(
      result, audioPath: audioPath, textPath: textPath, analysedFrom: analysedFrom)
    if analysedFrom == "envelope" {
      output.warnings.insert(
        "\(audioPath): recording not found; aligned from the ingest record's envelope alone "
          + "(coarser: no band analysis, hum and breaths not told apart). Keep the recording beside the record.",
        at: 0)
    }
    return output
  }

  /// The segments the narrator reads, in order: verses, and headings when they are read.
  static func segments(_ text: ChapterText, readHeadings: Bool) -> [VerseInput] {
    text.segments.compactMap { segment in
      switch segment.kind {
      case .verse:
        VerseInput(label: segment.label, text: segment.text, phrases: segment.phrases)
      case .sectionHeading, .superscription, .title:
        readHeadings && !segment.text.isEmpty
          ? VerseInput(label: segment.marker, text: segment.text, phrases: segment.phrases, kind: .heading)
          : nil
      }
    }
  }

  /// Decodes `path` and discards the audio (the speed reference for the align bench).
  public static func decodeOnly(_ path: String) throws -> Int {
    var source = try AudioDecoder.open(path)
    var frames = 0
    try source.forEachChunk { frames += $0.frameCount }
    return frames
  }

  /// Speech features from the recording (decoded here unless `audio` is given), or from the
  /// record's envelope when the recording is gone.
  static func analyse(_ options: Options, record: IngestRecord?, audio: AudioBuffer?) throws -> (
    SpeechFeatures, String, String
  ) {
    let path = options.audioPath ?? record?.source.path ?? ""
    if let audio { return (SpeechFeatures(of: audio), path, "decoded") }  // checked by its decoder (RenderSource)
    if let record, options.audioPath == nil, !FileManager.default.fileExists(atPath: path) {
      guard let envelope = record.envelope.envelope(sampleRate: record.audio.sampleRate) else {
        throw AlignInputError.unreadableEnvelope(file: options.recordPath ?? "")
      }
      return (SpeechFeatures(envelope: envelope), path, "envelope")
    }
    if let record, let recordPath = options.recordPath, options.audioPath == nil {
      try RecordingCheck.unchanged(record, recordPath: recordPath, audioPath: path)
    }
    var source = try AudioDecoder.open(path)
    try RecordingCheck.format(of: source)
    var features = SpeechFeatures(sampleRate: source.sampleRate)
    var stats = SignalStats(channelCount: source.channelCount)
    try source.forEachChunk { chunk in
      stats.add(&chunk)
      features.add(chunk)
    }
    features.finish()
    try RecordingCheck.content(path: path, stats: stats, sampleRate: source.sampleRate)
    return (features, path, "decoded")
  }
}

/// Inputs `prep align` cannot work with.
public enum AlignInputError: Error, CustomStringConvertible, Equatable {
  case noText(file: String)
  case unreadableEnvelope(file: String)
  case badOverrideLine(file: String, line: Int, content: String)
  case missingOverride(file: String)
  case overrideNotUTF8(file: String, encoding: String)
  case duplicateOverride(file: String, line: Int, label: String, firstLine: Int)
  case overrideBeyondEnd(file: String, line: Int, seconds: Double, audioSeconds: Double)

  public var description: String {
    switch self {
    case .noText(let file):
      "\(file): no verse text to align against. Give --text FILE, or an ingest record made with --text."
    case .unreadableEnvelope(let file):
      "\(file): the recording it names is missing and its envelope cannot be read. Run prep ingest again."
    case .badOverrideLine(let file, let line, let content):
      "\(file):\(line): the --override labels need `start<TAB>end<TAB>label` (finite seconds, start ≤ end), found \"\(content)\". "
        + "Fix the line or export the labels from Audacity again."
    case .missingOverride(let file):
      "\(file): no such file. Check the --override path."
    case .overrideNotUTF8(let file, let encoding):
      "\(file): the --override labels are \(encoding), not UTF-8; \(TextEncodingGuess.fix(file, encoding: encoding))."
    case .duplicateOverride(let file, let line, let label, let firstLine):
      "\(file):\(line): verse \(label) is labelled twice in --override (first on line \(firstLine)). Keep one label per verse."
    case .overrideBeyondEnd(let file, let line, let seconds, let audioSeconds):
      "\(file):\(line): the --override label starts at \(String(format: "%.3f", seconds)) s, past the end of the "
        + "recording (\(String(format: "%.3f", audioSeconds)) s). Check that the labels belong to this recording."
    }
  }
}

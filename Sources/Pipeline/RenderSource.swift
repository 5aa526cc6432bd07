import AudioIO
import DSP
import Foundation
import Manifest

/// What a full render reads: the narration, its chapter text, and where each verse is.
///
/// From records (the Makefile flow): the ingest record names the recording and holds the text;
/// the align record holds the segments. From raw files: the recording and the text, aligned here
/// (`Align.align`, nothing written). Either way the align result must belong to this recording
/// (same rate and length) and this text (one verse segment per verse, same labels).
public struct RenderSource {
  public var audioPath: String
  /// The text file, for naming plain-text chapters.
  public var textPath: String?
  public var text: ChapterText
  /// The recording, decoded once here to check it; the render decodes it again in chunks.
  public var narration: NarrationAudio
  public var align: AlignRecord

  /// Reads an ingest record and an align record, and decodes the recording the ingest record names.
  public static func fromRecords(ingestPath: String, alignPath: String) throws -> RenderSource {
    let ingest = try JSONOutput.readRecord(IngestRecord.self, from: ingestPath)
    guard let text = ingest.text else { throw RenderInputError.noText(file: ingestPath) }
    let align = try JSONOutput.readRecord(AlignRecord.self, from: alignPath)
    let source = RenderSource(
      audioPath: ingest.source.path, textPath: text.path, text: text.chapter,
      narration: try decode(ingest.source.path, record: (ingest, ingestPath)), align: align)
    try source.check(alignPath: alignPath)
    return source
  }

  /// Reads the text, checks the recording and aligns them, each in chunks.
  public static func fromFiles(audioPath: String, textPath: String, chapter: Int?) throws -> RenderSource {
    let text = try VerseText.read(path: textPath, chapter: chapter)
    var options = Align.Options(labelsPath: "")
    options.audioPath = audioPath
    options.textPath = textPath
    options.chapter = chapter
    // Checked in one streaming pass; align then reads it in chunks too (its speech features).
    let narration = try decode(audioPath)
    let align = try Align.align(options, text: text, audio: nil)
    let source = RenderSource(audioPath: audioPath, textPath: textPath, text: text, narration: narration, align: align)
    try source.check(alignPath: audioPath)
    return source
  }

  /// Decodes the recording once in chunks to check it (format, content); the render decodes
  /// it again for each rate rather than holding it.
  static func decode(_ path: String, record: (IngestRecord, String)? = nil) throws -> NarrationAudio {
    if let (ingest, recordPath) = record {
      try RecordingCheck.unchanged(ingest, recordPath: recordPath, audioPath: path)
    }
    var source = try AudioDecoder.open(path)
    try RecordingCheck.format(of: source)
    var stats = SignalStats(channelCount: source.channelCount)
    try source.forEachChunk { stats.add(&$0) }
    try RecordingCheck.content(path: path, stats: stats, sampleRate: source.sampleRate)
    return NarrationAudio(
      decoding: path, sampleRate: source.sampleRate, channelCount: source.channelCount, frameCount: stats.frameCount)
  }

  /// The align result is for this recording and this text.
  func check(alignPath: String) throws(RenderInputError) {
    let rate = narration.sampleRate
    guard align.audio.sampleRate == rate, align.audio.frameCount == narration.frameCount else {
      throw .alignMismatch(
        file: alignPath,
        reason: "it describes \(align.audio.frameCount) frames at \(align.audio.sampleRate) Hz, "
          + "\(audioPath) has \(narration.frameCount) at \(rate) Hz")
    }
    let frames = 0...narration.frameCount
    if let bad = align.segments.first(where: {
      !frames.contains($0.startFrame) || !frames.contains($0.endFrame) || !frames.contains($0.onsetFrame)
        || !frames.contains($0.offsetFrame) || $0.startFrame > $0.endFrame
    }) {
      throw .alignMismatch(
        file: alignPath,
        reason: "segment \(bad.label) spans frames \(bad.startFrame)–\(bad.endFrame), "
          + "outside the recording's 0–\(narration.frameCount) or backwards")
    }
    let labels = align.segments.filter { $0.kind == "verse" }.map(\.label)
    let expected = text.verses.map(\.label)
    guard labels == expected else {
      throw .alignMismatch(
        file: alignPath,
        reason: "its verses are \(labels.joined(separator: " ")), the text's are \(expected.joined(separator: " "))")
    }
  }

  /// The align segments as timings: verses in order; headings (`h`, a detected heading, or USFM
  /// headings aligned with `--read-headings`) matched to the chapter's headings where they are one.
  public func timings(chapter: ChapterEntry) -> NarrationTimings {
    func segment(_ s: AlignRecord.Segment) -> NarrationTimings.Segment {
      let start = min(s.startFrame, s.onsetFrame)
      return .init(
        span: FrameRange(start: start, end: max(start, s.endFrame)), onsetFrame: s.onsetFrame,
        offsetFrame: max(s.onsetFrame, s.offsetFrame))
    }
    var headings: [NarrationTimings.Heading] = []
    var textHeading = 0
    for s in align.segments where s.kind != "verse" {
      var index: Int?
      if s.label == "h" || s.kind == "detectedHeading" {
        // A chapter title read before verse 1 is a text heading only if the text has one there.
        index = chapter.headings.firstIndex { $0.kind == "title" && $0.beforeVerse == 0 }
      } else if textHeading < chapter.headings.count {
        index = textHeading
        textHeading += 1
      }
      headings.append(.init(headingIndex: index, label: s.label, segment: segment(s)))
    }
    return NarrationTimings(
      sampleRate: align.audio.sampleRate, verses: align.segments.filter { $0.kind == "verse" }.map(segment),
      headings: headings)
  }
}

/// Render inputs that do not belong together.
public enum RenderInputError: Error, CustomStringConvertible, Equatable {
  case noText(file: String)
  case alignMismatch(file: String, reason: String)

  public var description: String {
    switch self {
    case .noText(let file):
      "\(file): the ingest record holds no text. Run prep ingest with --text, or render AUDIO --text TEXT."
    case .alignMismatch(let file, let reason):
      "\(file): the alignment does not belong to this recording and text (\(reason)). Run prep align again."
    }
  }
}

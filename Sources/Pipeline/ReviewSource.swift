import AudioIO
import DSP
import Foundation
import Manifest
import Pages

/// Builds a review page's chapter from an align record or a variant record.
enum ReviewSource {
  /// A variant record's chapter (timings as rendered, not editable), or nil if `path` is not one.
  static func variantChapter(path: String, pageFolder: String) throws -> ReviewChapter? {
    guard kind(of: path) == .variant else { return nil }
    let record = try JSONOutput.read(VariantRecord.self, from: path)
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    let playable = ["mp3", "opus", "flac", "wav"]
    guard
      let file = playable.lazy.compactMap({ kind in record.variant.files.first { $0.format.hasPrefix(kind) } }).first
    else { throw ReviewError.noPlayableFile(file: path) }
    let audioPath = folder.appendingPathComponent(file.file).standardizedFileURL.path
    let envelope = try decodedEnvelope(audioPath)
    // The waveform is at the file's rate; timings are at the render's rate.
    let hop = Int(
      (Double(envelope.hopFrames) * Double(record.variant.sampleRate) / Double(envelope.sampleRate)).rounded())
    let segments = record.timedVerses.enumerated().map { index, verse in
      ReviewChapter.Segment(
        label: verse.label, kind: "verse", text: verse.text, spoken: record.chapter.verses[index].spoken,
        startFrame: verse.span.start, onsetFrame: verse.onsetFrame, offsetFrame: verse.span.end,
        endFrame: verse.span.end, confidence: nil, lowConfidence: false, fixed: false)
    }
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    return ReviewChapter(
      name: name, title: "\(record.chapter.title), \(record.narrator.name), \(record.variant.spoken.rate)",
      source: "variant \(record.variant.id)", editable: false,
      audio: PagePath.relativeURL(to: audioPath, from: pageFolder), sampleRate: record.variant.sampleRate,
      frameCount: record.variant.frameCount,
      waveform: .init(hopFrames: max(1, hop), data: StoredEnvelope(envelope).data), segments: segments, fit: nil,
      warnings: [])
  }

  /// An align record's chapter (editable), with its ingest record's envelope and text.
  static func alignChapter(path: String, ingests: [IngestRecord], pageFolder: String) throws -> ReviewChapter {
    guard kind(of: path) != .other else { throw ReviewError.notARecord(file: path) }
    let record = try JSONOutput.readRecord(AlignRecord.self, from: path)
    let audioPath = URL(fileURLWithPath: record.audio.path).standardizedFileURL.path
    let name = baseName(path)
    var ingest = ingests.first { URL(fileURLWithPath: $0.source.path).standardizedFileURL.path == audioPath }
    if ingest == nil { ingest = try siblingIngest(path) }
    let waveform: ReviewChapter.Waveform
    if let stored = ingest?.envelope, stored.encoding == StoredEnvelope.encodingName {
      waveform = .init(hopFrames: stored.hopFrames, data: stored.data)
    } else {
      let envelope = try decodedEnvelope(audioPath)
      waveform = .init(hopFrames: envelope.hopFrames, data: StoredEnvelope(envelope).data)
    }
    let chapter = ingest?.text.map { ChapterEntry(text: $0.chapter, fallbackID: name) }
    var headingTexts = (chapter?.headings ?? []).map(\.text)
    let low = Set(record.lowConfidence)
    var segments: [ReviewChapter.Segment] = []
    for s in record.segments {
      let verse = chapter?.verses.first { $0.label == s.label }
      let phrases = s.phrases.map(\.text).joined(separator: " ")
      var text = phrases
      if s.kind == "verse" {
        text = verse?.text ?? phrases
      } else if s.kind == "heading", !headingTexts.isEmpty {
        text = headingTexts.removeFirst()
      }
      segments.append(
        ReviewChapter.Segment(
          label: s.label, kind: s.kind, text: text, spoken: verse?.spoken ?? "Heading", startFrame: s.startFrame,
          onsetFrame: s.onsetFrame, offsetFrame: s.offsetFrame, endFrame: s.endFrame, confidence: s.confidence,
          lowConfidence: low.contains(s.label), fixed: s.fixed))
    }
    return ReviewChapter(
      name: name, title: chapter?.title ?? name, source: "alignment", editable: true,
      audio: PagePath.relativeURL(to: audioPath, from: pageFolder), sampleRate: record.audio.sampleRate,
      frameCount: record.audio.frameCount, waveform: waveform, segments: segments, fit: record.analysis.fit,
      warnings: record.warnings)
  }

  enum Kind { case variant, align, other }

  /// What a record is, from a cheap look at its top-level fields (a missing file counts as an
  /// align record, so that its reader names the problem).
  static func kind(of path: String) -> Kind {
    struct Header: Decodable {
      var kind: String?
      var segments: [Empty]?
      var analysis: Empty?
      struct Empty: Decodable {}
    }
    guard let data = FileManager.default.contents(atPath: path) else { return .align }
    guard let header = try? JSONDecoder().decode(Header.self, from: data) else { return .other }
    if header.kind == "variant" { return .variant }
    return header.segments != nil && header.analysis != nil ? .align : .other
  }

  /// `psalm23_slt` for `…/psalm23_slt.align.json` (or any `.json`).
  static func baseName(_ path: String) -> String {
    let file = URL(fileURLWithPath: path).lastPathComponent
    for suffix in [".align.json", ".json"] where file.hasSuffix(suffix) { return String(file.dropLast(suffix.count)) }
    return file
  }

  /// `<base>.ingest.json` beside `<base>.align.json`, when it exists.
  static func siblingIngest(_ alignPath: String) throws -> IngestRecord? {
    let folder = URL(fileURLWithPath: alignPath).deletingLastPathComponent()
    let sibling = folder.appendingPathComponent(baseName(alignPath) + ".ingest.json").path
    guard FileManager.default.fileExists(atPath: sibling) else { return nil }
    return try JSONOutput.readRecord(IngestRecord.self, from: sibling)
  }

  /// The 10 ms energy envelope of an audio file, as ingest measures it.
  static func decodedEnvelope(_ path: String) throws -> Envelope {
    var source = try AudioDecoder.open(path)
    var envelope = Envelope(sampleRate: source.sampleRate)
    try source.forEachChunk { chunk in envelope.add(chunk) }
    envelope.finish()
    return envelope
  }
}

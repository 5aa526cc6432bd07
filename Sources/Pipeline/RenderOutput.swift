import AudioIO
import DSP
import Files
import Foundation
import Manifest
import Render

/// Writes one render's files into its output batch: encoded audio in every format, sidecars,
/// and the variant record that names them all.
struct RenderOutput {
  let job: RenderJob
  let staging: RenderStaging
  let encoder: VariantEncoder
  let formats: [EncodedFormat]
  let progress: RenderProgress

  /// `1.5x-none`, `1x-bed_pad`.
  static func variantID(speed: Double, bed: String?) -> String {
    RenderPlan.variantID(speed: speed, bedName: bed ?? RenderPlan.Bed.none.name)
  }

  var chapterTitle: String { job.chapter.title }

  /// Verses with this variant's timings, for chapter marks and sidecars.
  func timedVerses(_ timings: NarrationTimings) -> [TimedVerse] {
    zip(job.chapter.verses, timings.verses).map { verse, timing in
      TimedVerse(verse, span: timing.span, onsetFrame: timing.onsetFrame, sampleRate: timings.sampleRate)
    }
  }

  /// Tags for a variant's files: one chapter mark per verse.
  func tags(_ timings: NarrationTimings?, format: EncodedFormat, titleSuffix: String = "") -> FileTags {
    let metadata = job.metadata
    let chapters = timings.map { timedVerses($0) }?.map { verse in
      ChapterMark(
        startMilliseconds: verse.startMilliseconds, endMilliseconds: verse.endMilliseconds,
        title: verse.title(chapterTitle: chapterTitle))
    }
    return FileTags(
      title: (metadata.title ?? chapterTitle) + titleSuffix, artist: metadata.artist ?? metadata.narrator.name,
      album: metadata.album ?? job.chapter.book.map { BookNames.name(of: $0) },
      track: job.chapter.chapter.map(String.init), encoder: "\(PrepVersion.generator) (\(format))",
      chapters: chapters ?? [], tableOfContentsTitle: chapters == nil ? nil : chapterTitle)
  }

  /// Whether the formats of a variant share one measurement of its audio (a format written at
  /// another rate starts its normalisation from it: see `VariantEncoder.encode`); not when each
  /// file measures its own input anyway (one format, no target, not normalised).
  func sharesMeasurement(normalise: Bool) -> Bool {
    normalise && encoder.target != nil && formats.count > 1
  }

  /// Encodes `audio` as `<base>.<variant>[.<part>].<ext>` in `format`; `slope` and
  /// `measuredLUFS` as `VariantEncoder.encode` takes them (see `sharesMeasurement`).
  func encode(
    _ audio: AudioStream, format: EncodedFormat, variantID: String, part: String? = nil, timings: NarrationTimings?,
    normalise: Bool, titleSuffix: String = "", slope: Double = 1, measuredLUFS: Double? = nil
  ) throws -> EncodedFile {
    let seconds = Double(audio.frameCount) / Double(max(1, audio.sampleRate))
    let stage: RenderEvent.Stage = normalise ? .encode : .stems
    let suffix = (part.map { $0 + "." } ?? "") + format.fileExtension
    let name = job.fileName(variantID, suffix)
    progress.begin(stage, variant: variantID, format: format.description, "\(job.narrationPath): encoding \(name)")
    let file = try encoder.encode(
      audio, format: format, name: name, tags: tags(timings, format: format, titleSuffix: titleSuffix),
      normalise: normalise, slope: slope, measuredLUFS: measuredLUFS)
    progress.finish(RenderProgress.units(stage, seconds: seconds, format: format))
    return file
  }

  /// Writes the sidecars (WebVTT, Podcasting 2.0 chapters, Audacity labels, DBP timestamps for
  /// USFM chapters) and returns their names, sizes and hashes.
  func writeSidecars(variantID: String, timings: NarrationTimings) throws -> Sidecars {
    let verses = timedVerses(timings)
    var sidecars = Sidecars()
    sidecars.webVTT = try writeSidecar(WebVTT.render(verses), as: job.fileName(variantID, "vtt"))
    let author = job.metadata.artist ?? job.metadata.narrator.name
    sidecars.podcastChapters = try writeSidecar(
      try PodcastChapters.render(verses, chapterTitle: chapterTitle, author: author),
      as: job.fileName(variantID, "chapters.json"))
    sidecars.audacityLabels = try writeSidecar(
      AudacityLabels.text(
        chapter: job.chapter, timings: verseTimings(timings), headingTimings: headingTimings(timings),
        sampleRate: timings.sampleRate),
      as: job.fileName(variantID, "labels.txt"))
    if let book = job.chapter.book, let number = job.chapter.chapter {
      sidecars.dbpTimestamps = try writeSidecar(
        try DBPTimestamps.render(verses, book: book, chapter: number), as: job.fileName(variantID, "dbp.json"))
    }
    return sidecars
  }

  /// The variant record, written last as `<base>.<variant>.json`.
  func writeRecord(
    speed: Double, bed: PreparedBed?, frameCount: Int, timings: NarrationTimings, files: [EncodedFile],
    sidecars: Sidecars, stems: Stems?
  ) throws -> VariantRecord {
    let id = RenderOutput.variantID(speed: speed, bed: bed?.entry.id)
    let rate = timings.sampleRate
    let milliseconds = FrameTime.milliseconds(frameCount, sampleRate: rate)
    let variant = VariantEntry(
      id: id, rate: speed, bed: bed?.entry.id, sampleRate: rate, frameCount: frameCount,
      spoken: VariantSpoken(
        label: SpokenLabels.variant(
          chapterTitle: chapterTitle, narrator: job.metadata.narrator.name, milliseconds: milliseconds),
        rate: SpokenLabels.rate(speed), bed: SpokenLabels.bed(name: bed?.entry.name)),
      timings: verseTimings(timings), headingTimings: headingTimings(timings), files: files, sidecars: sidecars,
      stems: stems)
    let record = VariantRecord(
      generator: PrepVersion.generator, chapter: job.chapter, narrator: job.metadata.narrator, variant: variant,
      bed: bed?.entry)
    try staging.write(try JSONOutput.encode(record), as: job.fileName(id, "json"))
    return record
  }

  /// Every heading read aloud, in its variant's frames (with its index in the text's headings
  /// when it is one of them).
  func headingTimings(_ timings: NarrationTimings) -> [HeadingTiming] {
    timings.headings.map { heading in
      HeadingTiming(
        heading: heading.headingIndex, label: heading.label, span: heading.segment.span, sampleRate: timings.sampleRate)
    }
  }

  /// Each verse's start, onset and end in the variant's frames.
  func verseTimings(_ timings: NarrationTimings) -> [VerseTiming] {
    zip(job.chapter.verses, timings.verses).map { verse, timing in
      VerseTiming(
        reference: verse.reference, span: timing.span, onsetFrame: timing.onsetFrame, sampleRate: timings.sampleRate)
    }
  }

  /// Writes one sidecar's text and returns its entry (name, size, SHA-256 of the bytes written).
  func writeSidecar(_ text: String, as name: String) throws -> SidecarFile {
    let data = Data(text.utf8)
    try staging.write(data, as: name)
    return SidecarFile(file: name, sizeBytes: data.count, sha256: ContentHash.sha256(of: data))
  }
}

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

  /// Encodes `audio` as `<base>.<variant>[.<part>].<ext>` in every format, the formats side by
  /// side on the render's cores; `slope` as `VariantEncoder.encode` takes it.
  func encodeAll(
    _ audio: AudioBuffer, variantID: String, part: String? = nil, timings: NarrationTimings?, normalise: Bool,
    titleSuffix: String = "", slope: Double = 1
  ) throws -> [EncodedFile] {
    let seconds = Double(audio.frameCount) / Double(max(1, audio.sampleRate))
    let stage: RenderEvent.Stage = normalise ? .encode : .stems
    return try RenderParallel.map(formats.count, jobs: job.jobs) { index in
      let format = formats[index]
      let suffix = (part.map { $0 + "." } ?? "") + format.fileExtension
      let name = job.fileName(variantID, suffix)
      progress.begin(stage, variant: variantID, format: format.description, "\(job.narrationPath): encoding \(name)")
      let file = try encoder.encode(
        audio, format: format, name: name, tags: tags(timings, format: format, titleSuffix: titleSuffix),
        normalise: normalise, slope: slope)
      progress.finish(RenderProgress.units(stage, seconds: seconds, format: format))
      return file
    }
  }

  /// Writes the sidecars (WebVTT, Podcasting 2.0 chapters, Audacity labels, DBP timestamps for
  /// USFM chapters) and returns their names.
  func writeSidecars(variantID: String, timings: NarrationTimings) throws -> Sidecars {
    let verses = timedVerses(timings)
    var sidecars = Sidecars()
    let vtt = job.fileName(variantID, "vtt")
    try staging.write(Data(WebVTT.render(verses).utf8), as: vtt)
    sidecars.webVTT = vtt
    let chapters = job.fileName(variantID, "chapters.json")
    let author = job.metadata.artist ?? job.metadata.narrator.name
    try staging.write(
      Data(try PodcastChapters.render(verses, chapterTitle: chapterTitle, author: author).utf8), as: chapters)
    sidecars.podcastChapters = chapters
    let labels = job.fileName(variantID, "labels.txt")
    try staging.write(Data(audacityLabels(timings).utf8), as: labels)
    sidecars.audacityLabels = labels
    if let book = job.chapter.book, let number = job.chapter.chapter {
      let dbp = job.fileName(variantID, "dbp.json")
      try staging.write(Data(try DBPTimestamps.render(verses, book: book, chapter: number).utf8), as: dbp)
      sidecars.dbpTimestamps = dbp
    }
    return sidecars
  }

  /// Audacity labels in the variant's time, formatted as `prep align` writes them: the headings
  /// read aloud (`h` before verse 1), then one line per verse, `start<TAB>end<TAB>label`.
  func audacityLabels(_ timings: NarrationTimings) -> String {
    let rate = timings.sampleRate
    var lines: [(start: Int, text: String)] = []
    func add(_ span: FrameRange, _ label: String) {
      lines.append((span.start, AudacityLabels.line(span, label, sampleRate: rate)))
    }
    for heading in timings.headings { add(heading.segment.span, heading.label) }
    for (verse, timing) in zip(job.chapter.verses, timings.verses) { add(timing.span, verse.label) }
    return lines.sorted { $0.start < $1.start }.map(\.text).joined()
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
      timings: zip(job.chapter.verses, timings.verses).map { verse, timing in
        VerseTiming(reference: verse.reference, span: timing.span, onsetFrame: timing.onsetFrame, sampleRate: rate)
      },
      headingTimings: headingTimings(timings), files: files, sidecars: sidecars, stems: stems)
    let record = VariantRecord(
      generator: PrepVersion.generator, chapter: job.chapter, narrator: job.metadata.narrator, variant: variant,
      bed: bed?.entry)
    try staging.write(try JSONOutput.encode(record), as: job.fileName(id, "json"))
    return record
  }

  /// Headings read aloud that are headings of the text, in their variant's frames.
  func headingTimings(_ timings: NarrationTimings) -> [HeadingTiming] {
    timings.headings.compactMap { heading in
      heading.headingIndex.map { HeadingTiming(heading: $0, span: heading.segment.span, sampleRate: timings.sampleRate) }
    }
  }
}

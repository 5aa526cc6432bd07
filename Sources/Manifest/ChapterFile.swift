import DSP

/// One chapter read by one narrator (`chapters/<chapter>.<narrator>.json`): what a player
/// fetches when the chapter is opened.
///
/// Verse timings are stored once per rate: a bed does not change where the verses are in the
/// narration, only where the narration starts in the premix (its lead-in). A variant's timings
/// are its rate's timings moved by its `timingOffsetFrames`:
///
///     variant frame = rate frame + timingOffsetFrames      (for start, onset, end, headings)
///
/// Paths are relative to the catalogue's folder (the folder above `chapters/`).
public struct ChapterFile: Codable, Sendable, Equatable {
  public var kind = "chapter"
  public var schemaVersion = ManifestSchema.version
  public var generator: String
  /// The chapter's text facts; `narrators` is empty here.
  public var chapter: ChapterEntry
  public var narrator: NarratorInfo
  /// One per rate, slowest first.
  public var timings: [RateTimings]
  /// Sorted by rate, then bed (none first).
  public var variants: [ChapterVariant]

  public init(
    generator: String, chapter: ChapterEntry, narrator: NarratorInfo, timings: [RateTimings],
    variants: [ChapterVariant]
  ) {
    self.generator = generator
    self.chapter = chapter
    self.narrator = narrator
    self.timings = timings
    self.variants = variants
  }

  /// The timings of `variant` (one of `variants`): its rate's, moved by its offset.
  public func timings(of variant: ChapterVariant) -> (verses: [VerseTiming], headings: [HeadingTiming])? {
    guard let rate = timings.first(where: { $0.rate == variant.rate }) else { return nil }
    let shift = variant.timingOffsetFrames
    let verses = rate.verses.map { t in
      VerseTiming(
        reference: t.reference, span: FrameRange(start: t.startFrame + shift, end: t.endFrame + shift),
        onsetFrame: t.onsetFrame + shift, sampleRate: rate.sampleRate)
    }
    let headings = rate.headings.map { h in
      HeadingTiming(
        heading: h.heading, label: h.label, span: FrameRange(start: h.startFrame + shift, end: h.endFrame + shift),
        sampleRate: rate.sampleRate)
    }
    return (verses, headings)
  }
}

/// Where the verses (and headings read aloud) are at one rate, in frames at `sampleRate`.
public struct RateTimings: Codable, Sendable, Equatable {
  public var rate: Double
  public var sampleRate: Int
  public var verses: [VerseTiming]
  public var headings: [HeadingTiming]
  public init(rate: Double, sampleRate: Int, verses: [VerseTiming], headings: [HeadingTiming] = []) {
    self.rate = rate
    self.sampleRate = sampleRate
    self.verses = verses
    self.headings = headings
  }
}

/// A variant in a chapter file: a `VariantEntry` whose timings are its rate's, moved by
/// `timingOffsetFrames`.
public struct ChapterVariant: Codable, Sendable, Equatable {
  public var id: String
  public var rate: Double
  public var bed: String?
  public var sampleRate: Int
  public var frameCount: Int
  public var durationMilliseconds: Int
  /// Add to the rate's timings to get this variant's (the bed's lead-in; 0 without a bed).
  public var timingOffsetFrames: Int
  public var spoken: VariantSpoken
  public var files: [EncodedFile]
  public var sidecars: Sidecars
  public var stems: Stems?

  /// `variant` without its timings, which sit at `offset` frames after its rate's.
  public init(_ variant: VariantEntry, timingOffsetFrames offset: Int) {
    id = variant.id
    rate = variant.rate
    bed = variant.bed
    sampleRate = variant.sampleRate
    frameCount = variant.frameCount
    durationMilliseconds = variant.durationMilliseconds
    timingOffsetFrames = offset
    spoken = variant.spoken
    files = variant.files
    sidecars = variant.sidecars
    stems = variant.stems
  }
}

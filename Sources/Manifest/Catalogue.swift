import DSP

/// The manifests a player reads: the catalogue (loaded once at start-up), one chapter file per
/// chapter × narrator (fetched when that chapter is opened), and the per-variant record that
/// `prep render` writes beside each variant and the collecting step gathers.
///
/// Shape (described by `schema/manifest.schema.json`, draft 2020-12):
///
///     catalogue: kind, schemaVersion, generator, title?, narrators, variants, beds, playlists,
///                chapters → narrators → (chapter file with size and SHA-256, variant ids)
///     chapter:   kind, schemaVersion, generator, chapter (text), narrator, timings (one per
///                rate), variants (files, sidecars, stems; no timings of their own)
///     variant:   kind, schemaVersion, generator, chapter (without narrators), narrator,
///                variant, bed?
///
/// The catalogue holds no verse text and no timings, so its size grows with chapters ×
/// narrators × variants, not with verses. Times are integer frames with their sample rate
/// beside them; milliseconds are added for players. File paths are relative to the catalogue's
/// folder (for a chapter file too: the folder above `chapters/`), with `/` separators.
public enum ManifestSchema {
  /// 3: the catalogue is split — chapters list their chapter files (verse text, timings once per
  /// rate, files) instead of holding every variant's timings. 2: sidecars carry size and SHA-256.
  public static let version = 3
  /// The variant records `prep render` writes (unchanged by the split).
  public static let variantRecordVersion = 2
  /// Where the schema lives in the repository.
  public static let path = "schema/manifest.schema.json"

  /// The version a document of `kind` must have (nil for an unknown kind).
  public static func version(ofKind kind: String) -> Int? {
    switch kind {
    case "catalogue", "chapter": version
    case "variant": variantRecordVersion
    default: nil
    }
  }
}

/// The catalogue manifest (`manifest.json`): what a player lists at start-up.
public struct Catalogue: Codable, Sendable, Equatable {
  public var kind = "catalogue"
  public var schemaVersion = ManifestSchema.version
  public var generator: String
  public var title: String?
  /// Every narrator, once.
  public var narrators: [NarratorInfo]
  /// Every variant id used by any chapter, once, with its rate, bed and spoken labels.
  public var variants: [CatalogueVariant]
  public var chapters: [CatalogueChapter]
  public var beds: [BedEntry]
  public var playlists: [PlaylistEntry]

  public init(
    generator: String, title: String? = nil, narrators: [NarratorInfo] = [], variants: [CatalogueVariant] = [],
    chapters: [CatalogueChapter], beds: [BedEntry] = [], playlists: [PlaylistEntry] = []
  ) {
    self.generator = generator
    self.title = title
    self.narrators = narrators
    self.variants = variants
    self.chapters = chapters
    self.beds = beds
    self.playlists = playlists
  }

  /// Chapter × narrator × variant count.
  public var variantCount: Int { chapters.reduce(0) { $0 + $1.narrators.reduce(0) { $0 + $1.variants.count } } }
}

/// One variant kind (rate × bed) as the catalogue lists it once.
public struct CatalogueVariant: Codable, Sendable, Equatable {
  /// `1.5x-none`, `1x-morning`.
  public var id: String
  public var rate: Double
  public var bed: String?
  /// `1.5 times speed` and `With music: Morning` (the chapter's own label is in its chapter file).
  public var spoken: Spoken

  public struct Spoken: Codable, Sendable, Equatable {
    public var rate: String
    public var bed: String
    public init(rate: String, bed: String) {
      self.rate = rate
      self.bed = bed
    }
  }

  public init(id: String, rate: Double, bed: String?, spoken: Spoken) {
    self.id = id
    self.rate = rate
    self.bed = bed
    self.spoken = spoken
  }
}

/// A chapter as the catalogue lists it: how to name it and who reads it; its text is in the
/// chapter files.
public struct CatalogueChapter: Codable, Sendable, Equatable {
  /// `PSA.23`, or a name for plain-text chapters.
  public var id: String
  public var book: String?
  public var chapter: Int?
  public var title: String
  public var spoken: ChapterSpoken
  /// How many verses (or bridged verses) the text has; each chapter file has this many.
  public var verseCount: Int
  public var narrators: [CatalogueNarrator]

  public init(
    id: String, book: String?, chapter: Int?, title: String, spoken: ChapterSpoken, verseCount: Int,
    narrators: [CatalogueNarrator]
  ) {
    self.id = id
    self.book = book
    self.chapter = chapter
    self.title = title
    self.spoken = spoken
    self.verseCount = verseCount
    self.narrators = narrators
  }
}

/// One narrator's reading of a chapter: its chapter file (size and SHA-256, so `prep validate`
/// and players can tell it was changed) and the ids of the variants it holds.
public struct CatalogueNarrator: Codable, Sendable, Equatable {
  public var id: String
  public var chapterFile: SidecarFile
  public var variants: [String]
  public init(id: String, chapterFile: SidecarFile, variants: [String]) {
    self.id = id
    self.chapterFile = chapterFile
    self.variants = variants
  }
}

/// One variant's record: a chapter read by one narrator at one rate over one bed (all formats).
public struct VariantRecord: Codable, Sendable, Equatable {
  public var kind = "variant"
  public var schemaVersion = ManifestSchema.variantRecordVersion
  public var generator: String
  /// The chapter's text facts; `narrators` is empty here.
  public var chapter: ChapterEntry
  public var narrator: NarratorInfo
  public var variant: VariantEntry
  /// The bed, when the variant has one.
  public var bed: BedEntry?

  public init(
    generator: String, chapter: ChapterEntry, narrator: NarratorInfo, variant: VariantEntry,
    bed: BedEntry? = nil
  ) {
    self.generator = generator
    self.chapter = chapter
    self.narrator = narrator
    self.variant = variant
    self.bed = bed
  }

  /// Verses joined with this variant's timings, for the sidecar writers.
  public var timedVerses: [TimedVerse] {
    zip(chapter.verses, variant.timings).map { verse, timing in
      TimedVerse(
        verse, span: FrameRange(start: timing.startFrame, end: timing.endFrame), onsetFrame: timing.onsetFrame,
        sampleRate: variant.sampleRate)
    }
  }
}

/// Who reads: an id for files and a name for people.
public struct NarratorInfo: Codable, Sendable, Equatable, Hashable {
  public var id: String
  public var name: String
  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }
}

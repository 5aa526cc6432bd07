import DSP

/// The manifests a player reads: the catalogue (loaded once at start-up) and the per-variant
/// record that `prep render` writes beside each variant and the collecting step gathers.
///
/// Shape (described by `schema/manifest.schema.json`, draft 2020-12):
///
///     catalogue: kind, schemaVersion, generator, title?, chapters → narrators → variants,
///                beds, playlists
///     variant:   kind, schemaVersion, generator, chapter (without narrators), narrator,
///                variant, bed?
///
/// Times are integer frames with their sample rate beside them; milliseconds are added for
/// players. File paths are relative to the manifest's folder, with `/` separators.
public enum ManifestSchema {
  /// 2: sidecars carry size and SHA-256; heading timings carry every heading read aloud, with
  /// its label; playlists are `.m3u`.
  public static let version = 2
  /// Where the schema lives in the repository.
  public static let path = "schema/manifest.schema.json"
}

/// The catalogue manifest (`manifest.json`): everything a player needs, loaded once.
public struct Catalogue: Codable, Sendable, Equatable {
  public var kind = "catalogue"
  public var schemaVersion = ManifestSchema.version
  public var generator: String
  public var title: String?
  public var chapters: [ChapterEntry]
  public var beds: [BedEntry]
  public var playlists: [PlaylistEntry]

  public init(
    generator: String, title: String? = nil, chapters: [ChapterEntry], beds: [BedEntry] = [],
    playlists: [PlaylistEntry] = []
  ) {
    self.generator = generator
    self.title = title
    self.chapters = chapters
    self.beds = beds
    self.playlists = playlists
  }
}

/// One variant's record: a chapter read by one narrator at one rate over one bed (all formats).
public struct VariantRecord: Codable, Sendable, Equatable {
  public var kind = "variant"
  public var schemaVersion = ManifestSchema.version
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

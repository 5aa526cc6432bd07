import Foundation

/// Gathers variant records into the catalogue and one chapter file per chapter × narrator: the
/// collecting step after `prep render`.
///
/// Chapters and narrators keep the order in which they first appear in `records` (give the
/// records in reading order); a narrator's variants are sorted by rate, then bed (none first).
/// Narrators, variant kinds and beds are listed once each in the catalogue. Two records for the
/// same chapter, narrator and variant, records that disagree about a chapter's verses, and
/// variants of one rate whose timings differ by more than a constant shift are errors.
public enum CatalogueCollector {
  /// The catalogue and the chapter files it names (paths relative to the catalogue's folder),
  /// each with the bytes to write, which the catalogue's size and SHA-256 describe.
  public struct Collection: Sendable {
    public var catalogue: Catalogue
    public var chapterFiles: [(path: String, file: ChapterFile, data: Data)]
  }

  /// `sha256` hashes bytes (64 lowercase hex digits): AudioIO's `ContentHash.sha256(of:)`,
  /// passed in because Manifest does not import AudioIO.
  public static func collect(
    _ records: [VariantRecord], generator: String, title: String? = nil, playlists: [PlaylistEntry] = [],
    chapterFolder: String = "chapters", sha256: (Data) -> String
  ) throws(ManifestError) -> Collection {
    var chapterOrder: [String] = []
    var groups: [String: [(NarratorInfo, [VariantRecord])]] = [:]
    var texts: [String: ChapterEntry] = [:]
    var beds: [BedEntry] = []
    var narrators: [NarratorInfo] = []
    var kinds: [CatalogueVariant] = []
    for record in records {
      var chapter = record.chapter
      chapter.narrators = []
      if let known = texts[chapter.id] {
        guard known == chapter else { throw .inconsistentChapter(chapter: chapter.id) }
      } else {
        texts[chapter.id] = chapter
        chapterOrder.append(chapter.id)
      }
      var readers = groups[chapter.id, default: []]
      if let found = readers.firstIndex(where: { $0.0.id == record.narrator.id }) {
        guard !readers[found].1.contains(where: { $0.variant.id == record.variant.id }) else {
          throw .duplicateVariant(chapter: chapter.id, narrator: record.narrator.id, variant: record.variant.id)
        }
        readers[found].1.append(record)
      } else {
        readers.append((record.narrator, [record]))
      }
      groups[chapter.id] = readers
      if let bed = record.bed, !beds.contains(where: { $0.id == bed.id }) { beds.append(bed) }
      if !narrators.contains(where: { $0.id == record.narrator.id }) { narrators.append(record.narrator) }
      if !kinds.contains(where: { $0.id == record.variant.id }) {
        let v = record.variant
        kinds.append(.init(id: v.id, rate: v.rate, bed: v.bed, spoken: .init(rate: v.spoken.rate, bed: v.spoken.bed)))
      }
    }
    kinds.sort { byRateThenBed(($0.rate, $0.bed), ($1.rate, $1.bed)) }
    var names = Set<String>()
    var chapters: [CatalogueChapter] = []
    var files: [(path: String, file: ChapterFile, data: Data)] = []
    for id in chapterOrder {
      guard let text = texts[id] else { continue }
      var entries: [CatalogueNarrator] = []
      for (narrator, group) in groups[id] ?? [] {
        let file = try chapterFile(text, narrator: narrator, records: group, generator: generator)
        let path = uniqueName(chapterFolder, text.id, narrator.id, taken: &names)
        let data: Data
        do { data = try JSONOutput.encode(file, compact: true) } catch {
          throw .unreadable(file: path, reason: "\(error)")
        }
        files.append((path, file, data))
        entries.append(
          CatalogueNarrator(
            id: narrator.id, chapterFile: SidecarFile(file: path, sizeBytes: data.count, sha256: sha256(data)),
            variants: file.variants.map(\.id)))
      }
      chapters.append(
        CatalogueChapter(
          id: text.id, book: text.book, chapter: text.chapter, title: text.title, spoken: text.spoken,
          verseCount: text.verses.count, narrators: entries))
    }
    let catalogue = Catalogue(
      generator: generator, title: title, narrators: narrators, variants: kinds, chapters: chapters, beds: beds,
      playlists: playlists)
    return Collection(catalogue: catalogue, chapterFiles: files)
  }

  /// One narrator's variants of a chapter with each rate's timings stored once.
  static func chapterFile(
    _ text: ChapterEntry, narrator: NarratorInfo, records: [VariantRecord], generator: String
  ) throws(ManifestError) -> ChapterFile {
    let variants = records.map(\.variant).sorted { byRateThenBed(($0.rate, $0.bed), ($1.rate, $1.bed)) }
    var rates: [RateTimings] = []
    var entries: [ChapterVariant] = []
    for rate in Array(Set(variants.map(\.rate))).sorted() {
      let atRate = variants.filter { $0.rate == rate }
      // The base is the variant whose first verse starts earliest (narration alone, when rendered).
      guard
        let base = atRate.min(by: { ($0.timings.first?.startFrame ?? 0) < ($1.timings.first?.startFrame ?? 0) })
      else { continue }
      rates.append(
        RateTimings(rate: rate, sampleRate: base.sampleRate, verses: base.timings, headings: base.headingTimings))
      for variant in atRate {
        let offset = (variant.timings.first?.startFrame ?? 0) - (base.timings.first?.startFrame ?? 0)
        guard sameTimings(variant, base, shiftedBy: offset) else {
          throw .timingsDisagree(chapter: text.id, narrator: narrator.id, variant: variant.id, other: base.id)
        }
        entries.append(ChapterVariant(variant, timingOffsetFrames: offset))
      }
    }
    entries.sort { byRateThenBed(($0.rate, $0.bed), ($1.rate, $1.bed)) }
    return ChapterFile(generator: generator, chapter: text, narrator: narrator, timings: rates, variants: entries)
  }

  /// `variant`'s verse and heading timings are `base`'s moved by `offset` frames.
  static func sameTimings(_ variant: VariantEntry, _ base: VariantEntry, shiftedBy offset: Int) -> Bool {
    guard variant.sampleRate == base.sampleRate, variant.timings.count == base.timings.count,
      variant.headingTimings.count == base.headingTimings.count
    else { return false }
    let verses = zip(variant.timings, base.timings).allSatisfy { a, b in
      a.reference == b.reference && a.startFrame == b.startFrame + offset && a.endFrame == b.endFrame + offset
        && a.onsetFrame == b.onsetFrame + offset
    }
    let headings = zip(variant.headingTimings, base.headingTimings).allSatisfy { a, b in
      a.heading == b.heading && a.label == b.label && a.startFrame == b.startFrame + offset
        && a.endFrame == b.endFrame + offset
    }
    return verses && headings
  }

  static func byRateThenBed(_ a: (Double, String?), _ b: (Double, String?)) -> Bool {
    a.0 != b.0 ? a.0 < b.0 : (a.1 ?? "") < (b.1 ?? "")
  }

  /// `chapters/PSA.23.narrator-a.json`: ids reduced to letters, digits, `.`, `_` and `-`;
  /// `-2`, `-3`… when two pairs reduce to the same name.
  static func uniqueName(_ folder: String, _ chapter: String, _ narrator: String, taken: inout Set<String>) -> String {
    func safe(_ id: String) -> String {
      let kept = String(
        id.unicodeScalars.map { s in
          (s.isASCII && (CharacterSet.alphanumerics.contains(s) || "._-".unicodeScalars.contains(s)))
            ? Character(s) : "_"
        })
      return kept.hasPrefix(".") ? "_" + kept.dropFirst() : kept
    }
    let stem = "\(safe(chapter)).\(safe(narrator))"
    var name = "\(folder)/\(stem).json"
    var number = 2
    while !taken.insert(name.lowercased()).inserted {
      name = "\(folder)/\(stem)-\(number).json"
      number += 1
    }
    return name
  }
}

/// Gathers variant records into the catalogue: the collecting step after `prep render`.
///
/// Chapters and narrators keep the order in which they first appear in `records` (give the
/// records in reading order); a narrator's variants are sorted by rate, then bed (none first).
/// Beds are listed once each. Two records for the same chapter, narrator and variant, or
/// records that disagree about a chapter's verses, are errors.
public enum CatalogueCollector {
  public static func collect(
    _ records: [VariantRecord], generator: String, title: String? = nil, playlists: [PlaylistEntry] = []
  ) throws(ManifestError) -> Catalogue {
    var chapters: [ChapterEntry] = []
    var beds: [BedEntry] = []
    for record in records {
      var chapter = record.chapter
      chapter.narrators = []
      let chapterIndex: Int
      if let found = chapters.firstIndex(where: { $0.id == chapter.id }) {
        var existing = chapters[found]
        existing.narrators = []
        guard existing == chapter else { throw .inconsistentChapter(chapter: chapter.id) }
        chapterIndex = found
      } else {
        chapters.append(chapter)
        chapterIndex = chapters.count - 1
      }
      var narrators = chapters[chapterIndex].narrators
      if let found = narrators.firstIndex(where: { $0.id == record.narrator.id }) {
        guard !narrators[found].variants.contains(where: { $0.id == record.variant.id }) else {
          throw .duplicateVariant(chapter: chapter.id, narrator: record.narrator.id, variant: record.variant.id)
        }
        narrators[found].variants.append(record.variant)
      } else {
        narrators.append(NarratorEntry(id: record.narrator.id, name: record.narrator.name, variants: [record.variant]))
      }
      chapters[chapterIndex].narrators = narrators
      if let bed = record.bed, !beds.contains(where: { $0.id == bed.id }) { beds.append(bed) }
    }
    for c in chapters.indices {
      for n in chapters[c].narrators.indices {
        chapters[c].narrators[n].variants.sort { a, b in
          a.rate != b.rate ? a.rate < b.rate : (a.bed ?? "") < (b.bed ?? "")
        }
      }
    }
    return Catalogue(generator: generator, title: title, chapters: chapters, beds: beds, playlists: playlists)
  }
}

import Foundation

/// Following a catalogue to its chapter files.
extension ManifestValidator {
  /// Reads every chapter file the catalogue names (one that is missing or leaves the folder is
  /// reported by the hash check and skipped here): against the schema, then what the schema
  /// cannot say (`ManifestSanity`), then agreement with its catalogue entry — the same chapter,
  /// narrator, verse count and variants. Returns the problems, named by the chapter file's path,
  /// and the files the chapter files name, for the caller to hash.
  static func followChapterFiles(_ catalogue: Catalogue, folder: URL) -> (problems: [Problem], files: [HashedFile]) {
    var problems: [Problem] = []
    var files: [HashedFile] = []
    for chapter in catalogue.chapters {
      for narrator in chapter.narrators {
        let name = narrator.chapterFile.file
        guard staysInside(name),
          let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
        else { continue }
        let found = read(data, file: name)
        problems += found.problems.map { Problem(file: name, message: $0) }
        guard let file = found.file else { continue }
        problems += agreement(file, chapter: chapter, narrator: narrator).map { Problem(file: name, message: $0) }
        files += file.variants.flatMap { hashedFiles(files: $0.files, stems: $0.stems, sidecars: $0.sidecars) }
      }
    }
    return (problems, files)
  }

  /// The chapter file in `data`, or why it is not one (schema problems first, as `prep validate`
  /// lists them for a manifest given alone).
  static func read(_ data: Data, file: String) -> (file: ChapterFile?, problems: [String]) {
    guard let document = JSONValue.parse(data) else { return (nil, ["not JSON; collect the records again"]) }
    guard document["kind"] == .string("chapter") else {
      return (nil, ["not a chapter file (kind \(document["kind"]?.shortDescription ?? "missing")); collect again"])
    }
    if case .number(let version)? = document["schemaVersion"], version != Double(ManifestSchema.version) {
      return (nil, ["chapter file version \(JSONValue.format(version)), this prep reads \(ManifestSchema.version)"])
    }
    let schema = ManifestSchemaCheck.manifest.problems(in: document)
    guard schema.isEmpty else { return (nil, schema.prefix(5).map(\.description)) }
    guard let decoded = try? JSONDecoder().decode(ChapterFile.self, from: data) else {
      return (nil, ["not a readable chapter file; collect the records again"])
    }
    return (decoded, ManifestSanity.check(decoded))
  }

  /// What a chapter file must share with the catalogue entry that names it.
  static func agreement(_ file: ChapterFile, chapter: CatalogueChapter, narrator: CatalogueNarrator) -> [String] {
    var problems: [String] = []
    let text = file.chapter
    if text.id != chapter.id || text.book != chapter.book || text.chapter != chapter.chapter
      || text.title != chapter.title
    {
      problems.append(
        "holds chapter \(text.id) (\(text.title)), the catalogue names it for \(chapter.id) (\(chapter.title))")
    }
    if text.verses.count != chapter.verseCount {
      problems.append(
        "its chapter has \(text.verses.count) verses, the catalogue's \(chapter.id) has \(chapter.verseCount); collect the records again"
      )
    }
    if file.narrator.id != narrator.id {
      problems.append("is read by \(file.narrator.id), the catalogue names it for \(narrator.id)")
    }
    if file.variants.map(\.id) != narrator.variants {
      problems.append(
        "holds variants \(file.variants.map(\.id).joined(separator: ", ")), the catalogue lists \(narrator.variants.joined(separator: ", "))"
      )
    }
    return problems
  }
}

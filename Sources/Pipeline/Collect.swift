import AudioIO
import Files
import Foundation
import Manifest
import Pages

/// `prep collect`: variant records → the catalogue (`manifest.json`), one chapter file per
/// chapter × narrator (`chapters/<chapter>.<narrator>.json`: verse text, timings once per rate,
/// every variant's files) and M3U playlists.
///
/// Records come from files or folders (every `*.json` of kind `variant` in a folder; other JSON
/// there, such as ingest records and sidecars, is passed over). A record that is not JSON, or
/// not a sound variant record, stops the run with one sentence naming it, before anything is
/// written; so does a record outside the manifest's folder, whose files the catalogue could
/// only name with `..`. Records are put in reading order — canonical book order, chapter number, chapter id, then narrator, rate
/// and bed — so the catalogue does not depend on the order of the arguments. Paths inside the
/// records are rebased from each record's folder to the manifest's. One playlist per narrator ×
/// rate × bed × format lists that variant of every chapter, in reading order, under
/// `playlists/` beside the manifest.
public enum Collect {
  public struct Options: Sendable {
    public var inputs: [String]
    public var outputPath: String
    public var title: String?
    public var playlistFolderName = "playlists"
    public var chapterFolderName = "chapters"
    /// Also write the reference player (`player/` beside the catalogue).
    public var writePlayer = true

    public init(inputs: [String], outputPath: String, title: String? = nil) {
      self.inputs = inputs
      self.outputPath = outputPath
      self.title = title
    }
  }

  public static func run(_ options: Options) throws -> Catalogue {
    let manifestFolder = URL(fileURLWithPath: options.outputPath).deletingLastPathComponent().standardizedFileURL
    // The files and folders given, before anything is read; the records found in folders, once listed.
    var inputs = options.inputs.map { FileRole("the input", $0) }
    try InputOutputGuard.check(inputs: inputs, outputs: [FileRole("--output", options.outputPath)])
    // One record at a time, so a whole Bible's records are never all held as parsed JSON at once.
    var records: [VariantRecord] = []
    for path in try recordPaths(options.inputs) {
      guard var record = try readRecord(path, required: options.inputs.contains(path)) else { continue }
      inputs.append(FileRole("the variant record", path))
      let folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL
      guard Rebase.isInside(folder, manifestFolder) else {
        throw ManifestError.outsideManifestFolder(file: path, folder: manifestFolder.path)
      }
      record.variant = Rebase.variant(record.variant, from: folder, to: manifestFolder)
      records.append(record)
    }
    try InputOutputGuard.check(inputs: inputs, outputs: [FileRole("--output", options.outputPath)])
    guard !records.isEmpty else { throw ManifestError.noRecords(inputs: options.inputs) }
    records.sort(by: readingOrder)
    let title = options.title ?? defaultTitle(records)
    let playlists = Playlists.make(records, title: title, folderName: options.playlistFolderName)
    let collection = try CatalogueCollector.collect(
      records, generator: PrepVersion.generator, title: title, playlists: playlists.map(\.entry),
      chapterFolder: options.chapterFolderName, sha256: ContentHash.sha256(of:))
    let catalogue = collection.catalogue
    let playlistFolder = manifestFolder.appendingPathComponent(options.playlistFolderName).path
    let chapterFolder = manifestFolder.appendingPathComponent(options.chapterFolderName).path
    _ = try AtomicOutput(path: options.outputPath)  // an unwritable catalogue fails before the playlists are written
    try InputOutputGuard.check(
      inputs: inputs,
      outputs: playlists.map {
        FileRole("the playlist", playlistFolder + "/" + URL(fileURLWithPath: $0.entry.file).lastPathComponent)
      }
        + collection.chapterFiles.map {
          FileRole("the chapter file", manifestFolder.appendingPathComponent($0.path).path)
        })
    try FileManager.default.createDirectory(atPath: chapterFolder, withIntermediateDirectories: true)
    let chapters = try OutputBatch(folder: chapterFolder)
    for chapter in collection.chapterFiles {
      try chapters.write(chapter.data, as: URL(fileURLWithPath: chapter.path).lastPathComponent)
    }
    try chapters.commit()
    if !playlists.isEmpty {
      try FileManager.default.createDirectory(atPath: playlistFolder, withIntermediateDirectories: true)
      let batch = try OutputBatch(folder: playlistFolder)
      for playlist in playlists {
        try batch.write(Data(playlist.text.utf8), as: URL(fileURLWithPath: playlist.entry.file).lastPathComponent)
      }
      try batch.commit()
    }
    try JSONOutput.write(catalogue, to: options.outputPath, compact: true)
    if options.writePlayer {
      try writePlayer(catalogue, collection.chapterFiles.map { ($0.path, $0.data) }, in: manifestFolder)
    }
    return catalogue
  }

  /// The reference player, `player/` beside the catalogue, written as one batch, and its copies
  /// of the chapter files as scripts (`player/chapters/*.js`) for pages opened from `file://`.
  static func writePlayer(
    _ catalogue: Catalogue, _ chapterFiles: [(path: String, data: Data)], in folder: URL
  ) throws {
    let playerFolder = folder.appendingPathComponent(PlayerPage.folderName).path
    let scriptFolder = playerFolder + "/" + PlayerPage.chapterScriptFolder
    try FileManager.default.createDirectory(atPath: scriptFolder, withIntermediateDirectories: true)
    let scripts = try OutputBatch(folder: scriptFolder)
    for chapter in chapterFiles {
      let script = PlayerPage.chapterScript(path: chapter.path, json: chapter.data)
      try scripts.write(Data(script.text.utf8), as: script.name)
    }
    try scripts.commit()
    let batch = try OutputBatch(folder: playerFolder)
    for file in try PlayerPage.files(catalogue) {
      try batch.write(Data(file.text.utf8), as: file.name)
    }
    try batch.commit()
  }

  /// Files as given; folders expanded to their `*.json` files (not hidden ones), sorted by name.
  static func recordPaths(_ inputs: [String]) throws -> [String] {
    var found: [String] = []
    for input in inputs {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder) else {
        throw RecordError.missing(file: input)
      }
      guard isFolder.boolValue else {
        found.append(input)
        continue
      }
      let names = try FileManager.default.contentsOfDirectory(atPath: input).filter { $0.hasSuffix(".json") }.sorted()
      found += names.filter { !$0.hasPrefix(".") }.map { URL(fileURLWithPath: input).appendingPathComponent($0).path }
    }
    return found
  }

  /// The variant record at `path`; nil for other JSON found in a folder (ingest records,
  /// sidecars), an error for a file given by name that is not one. A file that is not JSON is
  /// an error either way (a cut-short record would otherwise drop out of the catalogue unnoticed).
  static func readRecord(_ path: String, required: Bool) throws -> VariantRecord? {
    guard let data = FileManager.default.contents(atPath: path) else { throw RecordError.missing(file: path) }
    guard let document = JSONValue.parse(data) else {
      throw ManifestError.corruptRecord(file: path, reason: "it is not JSON; it may have been cut short")
    }
    guard required || document["kind"] == .string("variant") else { return nil }
    return try decodeRecord(path, document, data)
  }

  /// A variant record, checked against the schema first so the sentence names the bad field.
  static func decodeRecord(_ path: String, _ document: JSONValue, _ data: Data) throws -> VariantRecord {
    guard document["kind"] == .string("variant") else {
      let kind = document["kind"].map { $0.shortDescription } ?? "no kind"
      throw ManifestError.corruptRecord(file: path, reason: "its kind is \(kind), not \"variant\"")
    }
    let expected = ManifestSchema.variantRecordVersion
    if case .number(let version)? = document["schemaVersion"], version != Double(expected) {
      throw ManifestError.wrongVersion(file: path, found: Int(exactly: version) ?? -1, expected: expected)
    }
    if let first = ManifestSchemaCheck.manifest.problems(in: document).first {
      throw ManifestError.corruptRecord(file: path, reason: first.description)
    }
    do {
      return try JSONDecoder().decode(VariantRecord.self, from: data)
    } catch {
      throw ManifestError.corruptRecord(file: path, reason: Validate.decodingReason(error))
    }
  }

  static func readingOrder(_ a: VariantRecord, _ b: VariantRecord) -> Bool {
    let left = (BookNames.order(of: a.chapter.book), a.chapter.chapter ?? 0, a.chapter.id)
    let right = (BookNames.order(of: b.chapter.book), b.chapter.chapter ?? 0, b.chapter.id)
    if left != right { return left < right }
    if a.narrator.id != b.narrator.id { return a.narrator.id < b.narrator.id }
    if a.variant.rate != b.variant.rate { return a.variant.rate < b.variant.rate }
    return (a.variant.bed ?? "") < (b.variant.bed ?? "")
  }

  /// The book's name when every chapter is from one book (`Psalms`), else `Chapters`.
  static func defaultTitle(_ records: [VariantRecord]) -> String {
    let books = Set(records.map { $0.chapter.book.map { BookNames.name(of: $0) } ?? $0.chapter.title })
    return books.count == 1 ? books.first ?? "Chapters" : "Chapters"
  }
}

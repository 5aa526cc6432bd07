import Files
import Foundation

/// `prep validate`: checks a manifest (catalogue, chapter file or variant record) and the files
/// it names.
///
/// A catalogue's chapter files must exist with the recorded size and SHA-256, and are followed:
/// each is checked like a chapter file given alone and must agree with its catalogue entry
/// (`ManifestValidator+Chapters.swift`). Every encoded file (variants and stems) and every
/// sidecar must exist with the recorded size and SHA-256; playlists must exist. Paths are relative to the manifest's folder and must stay
/// inside it: a path that leaves it (`..`, absolute) is reported and never opened. The schema
/// itself is checked by `ManifestSchemaCheck`; this checks what a schema cannot.
public enum ManifestValidator {
  /// One finding: the file it is about and what is wrong.
  public struct Problem: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var message: String
    public var description: String { "\(file): \(message)" }
  }

  /// The problems found (empty when the manifest and its files are sound). `sha256` hashes a
  /// file (64 lowercase hex digits; nil if unreadable): AudioIO's `ContentHash.sha256(ofFile:)`,
  /// passed in because Manifest does not import AudioIO.
  public static func check(
    manifestAt path: String, sha256: (String) -> String?
  ) throws(ManifestError)
    -> [Problem]
  {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .unreadable(file: path, reason: "no such file")
    }
    struct Header: Decodable {
      var kind: String
      var schemaVersion: Int
    }
    let decoder = JSONDecoder()
    do {
      let header = try decoder.decode(Header.self, from: data)
      if ManifestSchema.version(ofKind: header.kind) != nil {
        try checkVersion(header.schemaVersion, kind: header.kind, file: path)
      }
      switch header.kind {
      case "catalogue": return try check(try decoder.decode(Catalogue.self, from: data), at: path, sha256: sha256)
      case "chapter": return try check(try decoder.decode(ChapterFile.self, from: data), at: path, sha256: sha256)
      case "variant": return try check(try decoder.decode(VariantRecord.self, from: data), at: path, sha256: sha256)
      default: throw ManifestError.unreadable(file: path, reason: "unknown kind \"\(header.kind)\"")
      }
    } catch let error as ManifestError {
      throw error
    } catch {
      throw .unreadable(file: path, reason: "\(error)")
    }
  }

  /// The same for a catalogue already read (from the manifest at `path`).
  public static func check(
    _ catalogue: Catalogue, at path: String, sha256: (String) -> String?
  )
    throws(ManifestError) -> [Problem]
  {
    try checkVersion(catalogue.schemaVersion, kind: "catalogue", file: path)
    let folder = folder(of: path)
    let chapterFiles = catalogue.chapters.flatMap { chapter in
      chapter.narrators.map { narrator in
        var file = hashed(narrator.chapterFile)
        file.fix = "collect the records again"
        return file
      }
    }
    let followed = followChapterFiles(catalogue, folder: folder)
    return check(files: chapterFiles, others: catalogue.playlists.map(\.file), folder: folder, sha256: sha256)
      + followed.problems + check(files: followed.files, others: [], folder: folder, sha256: sha256)
  }

  /// The same for a chapter file already read (from `path`, inside `chapters/` of the catalogue's
  /// folder, which its paths are relative to).
  public static func check(
    _ file: ChapterFile, at path: String, sha256: (String) -> String?
  )
    throws(ManifestError) -> [Problem]
  {
    try checkVersion(file.schemaVersion, kind: "chapter", file: path)
    let files = file.variants.flatMap { hashedFiles(files: $0.files, stems: $0.stems, sidecars: $0.sidecars) }
    return check(files: files, others: [], folder: folder(of: path).deletingLastPathComponent(), sha256: sha256)
  }

  /// The same for a variant record already read (from `path`).
  public static func check(
    _ record: VariantRecord, at path: String, sha256: (String) -> String?
  )
    throws(ManifestError) -> [Problem]
  {
    try checkVersion(record.schemaVersion, kind: "variant", file: path)
    let v = record.variant
    return check(
      files: hashedFiles(files: v.files, stems: v.stems, sidecars: v.sidecars), others: [], folder: folder(of: path),
      sha256: sha256)
  }

  static func folder(of path: String) -> URL { URL(fileURLWithPath: path).deletingLastPathComponent() }

  static func checkVersion(_ version: Int, kind: String, file: String) throws(ManifestError) {
    let expected = ManifestSchema.version(ofKind: kind) ?? ManifestSchema.version
    guard version == expected else { throw .wrongVersion(file: file, found: version, expected: expected) }
  }

  /// A file a manifest names with its size and hash: an encoded file or a sidecar.
  struct HashedFile {
    var file: String
    var sizeBytes: Int
    var sha256: String
    /// What to do when it is missing.
    var fix = "render it again"
  }

  /// Each hashed file exists with its size and hash; each other file exists; none leaves the folder.
  static func check(files: [HashedFile], others: [String], folder: URL, sha256: (String) -> String?) -> [Problem] {
    var problems: [Problem] = []
    for file in files {
      guard staysInside(file.file) else {
        problems.append(Problem(file: file.file, message: outside))
        continue
      }
      let full = folder.appendingPathComponent(file.file).path
      guard let size = FileSize.of(full) else {
        problems.append(Problem(file: file.file, message: "missing; \(file.fix)"))
        continue
      }
      if size != file.sizeBytes {
        problems.append(Problem(file: file.file, message: "is \(size) bytes, the manifest says \(file.sizeBytes)"))
      } else if sha256(full) != file.sha256 {
        problems.append(Problem(file: file.file, message: "content changed since it was rendered (SHA-256 differs)"))
      }
    }
    for other in others {
      if !staysInside(other) {
        problems.append(Problem(file: other, message: outside))
      } else if !FileManager.default.fileExists(atPath: folder.appendingPathComponent(other).path) {
        problems.append(Problem(file: other, message: "missing; render it again"))
      }
    }
    return problems
  }

  static let outside =
    "is outside the manifest's folder (absolute, or `..`); a manifest may only name files in its folder or below. Collect the records again"

  /// A relative path with `/` separators and no empty, `.` or `..` segment (what the schema's
  /// `relativePath` allows).
  public static func staysInside(_ path: String) -> Bool {
    !path.isEmpty && !path.hasPrefix("/") && !path.contains("\\")
      && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !["", ".", ".."].contains($0) }
  }

  static func hashed(_ file: SidecarFile) -> HashedFile {
    HashedFile(file: file.file, sizeBytes: file.sizeBytes, sha256: file.sha256)
  }

  /// A variant's encoded files, stems and sidecars.
  static func hashedFiles(files: [EncodedFile], stems: Stems?, sidecars: Sidecars) -> [HashedFile] {
    let encoded = files + (stems.map { $0.voice.files + $0.bed.files } ?? [])
    return encoded.map { HashedFile(file: $0.file, sizeBytes: $0.sizeBytes, sha256: $0.sha256) }
      + sidecars.all.map(hashed)
  }
}

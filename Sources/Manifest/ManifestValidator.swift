import Files
import Foundation

/// `prep validate`: checks a manifest (catalogue or variant record) and the files it names.
///
/// Every encoded file (variants and stems) and every sidecar must exist with the recorded size
/// and SHA-256; playlists must exist. Paths are relative to the manifest's folder and must stay
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
  public static func check(manifestAt path: String, sha256: (String) -> String?) throws(ManifestError)
    -> [Problem]
  {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .unreadable(file: path, reason: "no such file")
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    let (files, others) = try references(in: data, file: path)
    return check(files: files, others: others, folder: folder, sha256: sha256)
  }

  /// The same for a catalogue already read (from the manifest at `path`).
  public static func check(_ catalogue: Catalogue, at path: String, sha256: (String) -> String?)
    throws(ManifestError) -> [Problem]
  {
    try checkVersion(catalogue.schemaVersion, file: path)
    let (files, others) = references(of: catalogue)
    return check(files: files, others: others, folder: folder(of: path), sha256: sha256)
  }

  /// The same for a variant record already read (from `path`).
  public static func check(_ record: VariantRecord, at path: String, sha256: (String) -> String?)
    throws(ManifestError) -> [Problem]
  {
    try checkVersion(record.schemaVersion, file: path)
    let (files, others) = references(of: record)
    return check(files: files, others: others, folder: folder(of: path), sha256: sha256)
  }

  static func folder(of path: String) -> URL { URL(fileURLWithPath: path).deletingLastPathComponent() }

  static func checkVersion(_ version: Int, file: String) throws(ManifestError) {
    guard version == ManifestSchema.version else {
      throw .wrongVersion(file: file, found: version, expected: ManifestSchema.version)
    }
  }

  /// A file a manifest names with its size and hash: an encoded file or a sidecar.
  struct HashedFile {
    var file: String
    var sizeBytes: Int
    var sha256: String
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
        problems.append(Problem(file: file.file, message: "missing; render it again"))
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

  /// Encoded files and sidecars (with size and hash) and other files (playlists) a manifest names.
  static func references(in data: Data, file: String) throws(ManifestError) -> ([HashedFile], [String]) {
    struct Header: Decodable {
      var kind: String
      var schemaVersion: Int
    }
    let decoder = JSONDecoder()
    do {
      let header = try decoder.decode(Header.self, from: data)
      try checkVersion(header.schemaVersion, file: file)
      switch header.kind {
      case "catalogue": return references(of: try decoder.decode(Catalogue.self, from: data))
      case "variant": return references(of: try decoder.decode(VariantRecord.self, from: data))
      default:
        throw ManifestError.unreadable(file: file, reason: "unknown kind \"\(header.kind)\"")
      }
    } catch let error as ManifestError {
      throw error
    } catch {
      throw .unreadable(file: file, reason: "\(error)")
    }
  }

  static func references(of catalogue: Catalogue) -> ([HashedFile], [String]) {
    let variants = catalogue.chapters.flatMap { $0.narrators.flatMap(\.variants) }
    return (variants.flatMap(hashedFiles), catalogue.playlists.map(\.file))
  }

  static func references(of record: VariantRecord) -> ([HashedFile], [String]) {
    (hashedFiles(record.variant), [])
  }

  static func hashedFiles(_ variant: VariantEntry) -> [HashedFile] {
    let encoded = variant.files + (variant.stems.map { $0.voice.files + $0.bed.files } ?? [])
    return encoded.map { HashedFile(file: $0.file, sizeBytes: $0.sizeBytes, sha256: $0.sha256) }
      + variant.sidecars.all.map { HashedFile(file: $0.file, sizeBytes: $0.sizeBytes, sha256: $0.sha256) }
  }
}

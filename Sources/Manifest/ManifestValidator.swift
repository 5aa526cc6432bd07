import Files
import Foundation

/// `prep validate`: checks a manifest (catalogue or variant record) and the files it names.
///
/// Every encoded file (variants and stems) must exist with the recorded size and SHA-256;
/// sidecars and playlists must exist. Paths are relative to the manifest's folder. JSON Schema
/// validation is done by the tests (python3-jsonschema); this checks what the schema cannot.
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

  /// Each encoded file exists with its size and hash; each other file exists.
  static func check(files: [EncodedFile], others: [String], folder: URL, sha256: (String) -> String?) -> [Problem] {
    var problems: [Problem] = []
    for file in files {
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
    for other in others where !FileManager.default.fileExists(atPath: folder.appendingPathComponent(other).path) {
      problems.append(Problem(file: other, message: "missing; render it again"))
    }
    return problems
  }

  /// Encoded files (with size and hash) and other files (sidecars, playlists) a manifest names.
  static func references(in data: Data, file: String) throws(ManifestError) -> ([EncodedFile], [String]) {
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

  static func references(of catalogue: Catalogue) -> ([EncodedFile], [String]) {
    let variants = catalogue.chapters.flatMap { $0.narrators.flatMap(\.variants) }
    return (variants.flatMap(encodedFiles), variants.flatMap(\.sidecars.all) + catalogue.playlists.map(\.file))
  }

  static func references(of record: VariantRecord) -> ([EncodedFile], [String]) {
    (encodedFiles(record.variant), record.variant.sidecars.all)
  }

  static func encodedFiles(_ variant: VariantEntry) -> [EncodedFile] {
    variant.files + (variant.stems.map { $0.voice.files + $0.bed.files } ?? [])
  }
}

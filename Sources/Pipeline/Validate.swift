import AudioIO
import Foundation
import Manifest

/// `prep validate`: a manifest (catalogue, chapter file or variant record) is sound, and so are
/// its files. A catalogue is followed to its chapter files, and they to their audio and sidecars.
///
/// In order: the document against the shipped JSON Schema (`ManifestSchemaCheck`: wrong types,
/// values out of range, missing and unknown keys, each with its JSON path); then, when it
/// passes, what the schema cannot say (`ManifestSanity`: timings in order, milliseconds that
/// agree with frames…) and every file it names (`ManifestValidator`: inside the manifest's
/// folder, present, with the recorded size and SHA-256, sidecars included).
public enum Validate {
  /// At most this many schema problems are listed (then a count of the rest).
  static let schemaProblemLimit = 20

  /// One line per problem (`file: what is wrong`); empty when all is well.
  public static func run(manifestPath path: String) throws(ManifestError) -> [String] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .unreadable(file: path, reason: "no such file")
    }
    guard let document = JSONValue.parse(data) else {
      throw .unreadable(file: path, reason: "not JSON")
    }
    guard case .string(let kind)? = document["kind"], let expected = ManifestSchema.version(ofKind: kind) else {
      let found = document["kind"].map { "its kind is \($0.shortDescription)" } ?? "it has no kind"
      throw .unreadable(file: path, reason: "\(found); prep manifests are \"catalogue\", \"chapter\" or \"variant\"")
    }
    if case .number(let version)? = document["schemaVersion"], version != Double(expected) {
      throw .wrongVersion(file: path, found: Int(exactly: version) ?? -1, expected: expected)
    }
    let schemaProblems = ManifestSchemaCheck.manifest.problems(in: document)
    guard schemaProblems.isEmpty else {
      var lines = schemaProblems.prefix(schemaProblemLimit).map { "\(path): \($0)" }
      if schemaProblems.count > schemaProblemLimit {
        lines.append("\(path): … and \(schemaProblems.count - schemaProblemLimit) more schema problems")
      }
      return lines
    }
    let hash = { (file: String) in ContentHash.sha256(ofFile: file) }
    let sanity: [String]
    let files: [ManifestValidator.Problem]
    do {
      if kind == "catalogue" {
        let catalogue = try JSONDecoder().decode(Catalogue.self, from: data)
        files = try ManifestValidator.check(catalogue, at: path, sha256: hash)
        sanity = ManifestSanity.check(catalogue)
      } else if kind == "chapter" {
        let file = try JSONDecoder().decode(ChapterFile.self, from: data)
        files = try ManifestValidator.check(file, at: path, sha256: hash)
        sanity = ManifestSanity.check(file)
      } else {
        let record = try JSONDecoder().decode(VariantRecord.self, from: data)
        files = try ManifestValidator.check(record, at: path, sha256: hash)
        sanity = ManifestSanity.check(record)
      }
    } catch let error as ManifestError {
      throw error
    } catch {
      throw .unreadable(file: path, reason: decodingReason(error))
    }
    // Files are named as the manifest names them: relative to its folder.
    return sanity.map { "\(path): \($0)" } + files.map(\.description)
  }

  /// A decoding error in a few words: which key, and what.
  static func decodingReason(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func location(_ path: [any CodingKey]) -> String {
      path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(in: ["."])
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "missing \(location(context.codingPath + [key]))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "wrong type at \(location(context.codingPath))"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty ? "not JSON" : "bad value at \(location(context.codingPath))"
    @unknown default:
      return "\(error)"
    }
  }
}

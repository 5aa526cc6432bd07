import AudioIO
import Foundation
import Manifest

/// `prep validate`: a manifest (catalogue or variant record) is sound, and so are its files.
public enum Validate {
  /// One line per problem (`file: what is wrong`); empty when all is well.
  public static func run(manifestPath path: String) throws(ManifestError) -> [String] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .unreadable(file: path, reason: "no such file")
    }
    let hash = { (file: String) in ContentHash.sha256(ofFile: file) }
    let sanity: [String]
    let files: [ManifestValidator.Problem]
    do {
      if let catalogue = try? JSONDecoder().decode(Catalogue.self, from: data), catalogue.kind == "catalogue" {
        files = try ManifestValidator.check(catalogue, at: path, sha256: hash)
        sanity = ManifestSanity.check(catalogue)
      } else {
        let record = try JSONDecoder().decode(VariantRecord.self, from: data)
        guard record.kind == "variant" else {
          throw ManifestError.unreadable(file: path, reason: "unknown kind \"\(record.kind)\"")
        }
        files = try ManifestValidator.check(record, at: path, sha256: hash)
        sanity = ManifestSanity.check(record)
      }
    } catch let error as ManifestError {
      throw error
    } catch {
      throw .unreadable(file: path, reason: decodingReason(error))
    }
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

import Files
import Foundation

/// The one way prep writes JSON: sorted keys, pretty-printed, no escaped slashes,
/// a trailing newline, written atomically. Same value → same bytes. What players download (the
/// catalogue and its chapter files) is written `compact`: no indentation, half the bytes.
public enum JSONOutput {
  public static func encode<T: Encodable>(_ value: T, compact: Bool = false) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      compact ? [.sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    var data = try encoder.encode(value)
    data.append(0x0A)
    return data
  }

  public static func write<T: Encodable>(_ value: T, to path: String, compact: Bool = false) throws {
    try AtomicOutput.write(try encode(value, compact: compact), to: path)
  }

  public static func read<T: Decodable>(_ type: T.Type, from path: String) throws(RecordError) -> T {
    guard let data = FileManager.default.contents(atPath: path) else { throw .missing(file: path) }
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch {
      throw .unreadable(file: path, reason: "\(error)")
    }
  }
}

extension Double {
  /// The value to `places` decimals (0…6), as records and manifests store numbers.
  public func rounded(places: Int) -> Double {
    let scale = [1, 10, 100, 1_000, 1e4, 1e5, 1e6][places]
    return (self * scale).rounded() / scale
  }
}

/// A stage's record with a schema version a reader must match (ingest, align).
public protocol VersionedRecord: Decodable {
  static var currentVersion: Int { get }
  var schemaVersion: Int { get }
}

extension JSONOutput {
  /// Reads a record and checks that this prep reads its version.
  public static func readRecord<T: VersionedRecord>(_ type: T.Type, from path: String) throws(RecordError) -> T {
    let record = try read(type, from: path)
    guard record.schemaVersion == T.currentVersion else {
      throw .wrongVersion(file: path, found: record.schemaVersion, expected: T.currentVersion)
    }
    return record
  }
}

/// Why a record (ingest, align) could not be read.
public enum RecordError: Error, CustomStringConvertible, Equatable {
  case missing(file: String)
  case unreadable(file: String, reason: String)
  case wrongVersion(file: String, found: Int, expected: Int)

  public var description: String {
    switch self {
    case .missing(let file): "\(file): no such record. Run the stage that writes it first."
    case .unreadable(let file, let reason):
      "\(file): not a valid prep record (\(reason)). Delete it and run the stage that writes it again."
    case .wrongVersion(let file, let found, let expected):
      "\(file): record version \(found), this prep reads version \(expected). Rebuild it (make clean; make)."
    }
  }
}

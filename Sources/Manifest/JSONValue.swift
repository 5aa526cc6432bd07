import Foundation

/// Any JSON document, as read, for checks that must see what a typed decoder would hide: the
/// wrong type, a key too many, a key missing (`ManifestSchemaCheck`).
public enum JSONValue: Sendable, Equatable, Codable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let value):
      if isInteger, let whole = Int(exactly: value) { try container.encode(whole) } else { try container.encode(value) }
    case .string(let value): try container.encode(value)
    case .array(let values): try container.encode(values)
    case .object(let members): try container.encode(members)
    }
  }

  /// Parses `data`; nil when it is not JSON.
  public static func parse(_ data: Data) -> JSONValue? {
    try? JSONDecoder().decode(JSONValue.self, from: data)
  }

  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  /// A whole number (JSON Schema's `integer`: `3` and `3.0` are both integers).
  var isInteger: Bool {
    if case .number(let value) = self { return value.isFinite && value.rounded() == value }
    return false
  }

  /// The value as a message shows it: strings quoted (cut at 40 characters), numbers without a
  /// needless `.0`, containers by kind.
  public var shortDescription: String {
    switch self {
    case .null: "null"
    case .bool(let value): "\(value)"
    case .number(let value): Self.format(value)
    case .string(let text): "\"\(text.count > 40 ? text.prefix(39) + "…" : text)\""
    case .array(let items): items.isEmpty ? "an empty array" : "an array"
    case .object: "an object"
    }
  }

  static func format(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}

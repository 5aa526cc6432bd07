import Foundation

/// Checks a manifest against the JSON Schema shipped with prep (`schema/manifest.schema.json`,
/// embedded as `ManifestSchema.text`), so `prep validate` is at least as strict as the schema:
/// a wrong type, a value out of range, a missing key or an unknown key is reported with its
/// JSON path (`chapters[3].narrators[0].variants[0].files[1].sizeBytes: expected a non-negative
/// integer, found -1`).
///
/// It interprets the keywords the schema uses: `$ref` (to `#/$defs/…`), `oneOf`, `anyOf`,
/// `allOf`, `not`, `type`, `const`, `enum`, `minimum`, `maximum`, `minLength`, `pattern`,
/// `minItems`, `items`, `required`, `properties`, `additionalProperties`. A keyword it does not
/// know makes `ManifestSchemaCheckTests` fail, not the check pass quietly.
public struct ManifestSchemaCheck: Sendable {
  /// One finding: where (a JSON path; empty for the whole document) and what.
  public struct Problem: Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
  }

  /// The keywords `check` understands; everything else in a schema must be an annotation.
  public static let keywords: Set<String> = [
    "$ref", "oneOf", "anyOf", "allOf", "not", "type", "const", "enum", "minimum", "maximum", "minLength",
    "pattern", "minItems", "items", "required", "properties", "additionalProperties",
  ]
  public static let annotations: Set<String> = ["$schema", "$id", "$defs", "title", "description"]

  let schema: JSONValue

  public init(schema: JSONValue) { self.schema = schema }

  /// The check against the embedded manifest schema.
  public static let manifest: ManifestSchemaCheck = {
    guard let schema = JSONValue.parse(Data(ManifestSchema.text.utf8)) else {
      preconditionFailure("ManifestSchema.text is not JSON; regenerate it with `make schema`")
    }
    return ManifestSchemaCheck(schema: schema)
  }()

  /// Every problem in `document`, in document order.
  public func problems(in document: JSONValue) -> [Problem] {
    var found: [Problem] = []
    check(document, against: schema, at: "", into: &found)
    return found
  }

  func resolve(_ reference: String) -> JSONValue {
    let prefix = "#/$defs/"
    guard reference.hasPrefix(prefix), let target = schema["$defs"]?[String(reference.dropFirst(prefix.count))] else {
      preconditionFailure("schema reference \(reference) is not under #/$defs/")
    }
    return target
  }

  func check(_ value: JSONValue, against schema: JSONValue, at path: String, into found: inout [Problem]) {
    guard case .object(let rules) = schema else { return }
    if case .string(let reference)? = rules["$ref"] {
      check(value, against: resolve(reference), at: path, into: &found)
    }
    if case .array(let parts)? = rules["allOf"] {
      for part in parts { check(value, against: part, at: path, into: &found) }
    }
    if case .array(let branches)? = rules["oneOf"] {
      checkOneOf(value, branches, at: path, into: &found)
    }
    if case .array(let branches)? = rules["anyOf"],
      !branches.contains(where: { problems(value, $0, path).isEmpty })
    {
      found.append(Problem(path: path, message: "expected \(expectation(rules)), found \(value.shortDescription)"))
    }
    if let negated = rules["not"], problems(value, negated, path).isEmpty {
      found.append(Problem(path: path, message: "expected \(expectation(rules)), found \(value.shortDescription)"))
      return
    }
    guard matchesScalarRules(value, rules) else {
      found.append(Problem(path: path, message: "expected \(expectation(rules)), found \(value.shortDescription)"))
      return
    }
    switch value {
    case .array(let items):
      if case .number(let least)? = rules["minItems"], Double(items.count) < least {
        found.append(Problem(path: path, message: "expected at least \(JSONValue.format(least)) item(s), found none"))
      }
      if let itemSchema = rules["items"] {
        for (index, item) in items.enumerated() {
          check(item, against: itemSchema, at: "\(path)[\(index)]", into: &found)
        }
      }
    case .object(let members):
      checkObject(members, rules, at: path, into: &found)
    default: break
    }
  }

  func problems(_ value: JSONValue, _ schema: JSONValue, _ path: String) -> [Problem] {
    var found: [Problem] = []
    check(value, against: schema, at: path, into: &found)
    return found
  }

  /// Exactly one branch must match; when none does, the closest one's problems are reported.
  func checkOneOf(_ value: JSONValue, _ branches: [JSONValue], at path: String, into found: inout [Problem]) {
    let results = branches.map { problems(value, $0, path) }
    let matching = results.filter(\.isEmpty).count
    if matching == 1 { return }
    if matching > 1 {
      found.append(Problem(path: path, message: "matches more than one of the schema's alternatives"))
      return
    }
    found += results.min { $0.count < $1.count } ?? []
  }

  func checkObject(
    _ members: [String: JSONValue], _ rules: [String: JSONValue], at path: String, into found: inout [Problem]
  ) {
    let properties: [String: JSONValue]
    if case .object(let declared)? = rules["properties"] { properties = declared } else { properties = [:] }
    func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
    if case .array(let required)? = rules["required"] {
      for case .string(let key) in required where members[key] == nil {
        found.append(Problem(path: child(key), message: "missing; the schema requires it"))
      }
    }
    for key in members.keys.sorted() {
      guard let value = members[key] else { continue }
      if let rule = properties[key] {
        check(value, against: rule, at: child(key), into: &found)
      } else if case .bool(false)? = rules["additionalProperties"] {
        let allowed = properties.keys.sorted().joined(separator: ", ")
        let place = path.isEmpty ? "unknown top-level key" : "unknown key"
        found.append(Problem(path: child(key), message: "\(place); the schema allows only \(allowed)"))
      } else if let rule = rules["additionalProperties"], case .object = rule {
        check(value, against: rule, at: child(key), into: &found)
      }
    }
  }

  /// `type`, `const`, `enum`, `minimum`, `maximum`, `minLength`, `pattern`.
  func matchesScalarRules(_ value: JSONValue, _ rules: [String: JSONValue]) -> Bool {
    if let type = rules["type"] {
      let types: [String]
      switch type {
      case .string(let name): types = [name]
      case .array(let names): types = names.compactMap { if case .string(let name) = $0 { name } else { nil } }
      default: types = []
      }
      guard types.contains(where: { Self.hasType(value, $0) }) else { return false }
    }
    if let constant = rules["const"], constant != value { return false }
    if case .array(let options)? = rules["enum"], !options.contains(value) { return false }
    if case .number(let number) = value {
      if case .number(let least)? = rules["minimum"], number < least { return false }
      if case .number(let most)? = rules["maximum"], number > most { return false }
    }
    if case .string(let text) = value {
      if case .number(let least)? = rules["minLength"], Double(text.unicodeScalars.count) < least { return false }
      if case .string(let pattern)? = rules["pattern"], !Self.matches(text, pattern) { return false }
    }
    return true
  }

  static func hasType(_ value: JSONValue, _ type: String) -> Bool {
    switch (type, value) {
    case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
      ("object", .object):
      true
    case ("integer", _): value.isInteger
    default: false
    }
  }

  static func matches(_ text: String, _ pattern: String) -> Bool {
    guard let expression = try? NSRegularExpression(pattern: pattern) else {
      preconditionFailure("schema pattern \(pattern) is not a regular expression")
    }
    return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
  }
}

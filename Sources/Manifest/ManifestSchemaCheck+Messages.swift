/// What a schema expects, in words: `a non-negative integer`, `a number from 0.5 to 3`,
/// `a non-empty string`, `"catalogue"`.
extension ManifestSchemaCheck {
  func expectation(_ rules: [String: JSONValue]) -> String {
    if case .string(let reference)? = rules["$ref"], case .object(let target) = resolve(reference) {
      return expectation(target)
    }
    if let constant = rules["const"] { return constant.shortDescription }
    if case .array(let options)? = rules["enum"] {
      return "one of " + options.map(\.shortDescription).joined(separator: ", ")
    }
    if case .string(let text)? = rules["description"], rules["not"] != nil {
      return Self.phrase(text)
    }
    let least = rules["minimum"].flatMap { if case .number(let n) = $0 { n } else { nil } }
    let most = rules["maximum"].flatMap { if case .number(let n) = $0 { n } else { nil } }
    switch rules["type"] {
    case .string("integer")?, .string("number")?:
      let noun = rules["type"] == .string("integer") ? "integer" : "number"
      switch (least, most) {
      case (let low?, let high?):
        return "\(Self.article(noun)) \(noun) from \(JSONValue.format(low)) to \(JSONValue.format(high))"
      case (0?, nil): return "a non-negative \(noun)"
      case (let low?, nil): return "\(Self.article(noun)) \(noun) ≥ \(JSONValue.format(low))"
      case (nil, let high?): return "\(Self.article(noun)) \(noun) ≤ \(JSONValue.format(high))"
      case (nil, nil): return "\(Self.article(noun)) \(noun)"
      }
    case .string("string")?:
      if case .string(let pattern)? = rules["pattern"] { return "a string matching \(pattern)" }
      return rules["minLength"] != nil ? "a non-empty string" : "a string"
    case .string("array")?: return rules["minItems"] != nil ? "a non-empty array" : "an array"
    case .string("object")?: return "an object"
    case .string("boolean")?: return "true or false"
    default:
      if case .string(let pattern)? = rules["pattern"] { return "a string matching \(pattern)" }
      if case .string(let text)? = rules["description"] { return Self.phrase(text) }
      return "a value the schema allows"
    }
  }

  static func article(_ noun: String) -> String { noun == "integer" ? "an" : "a" }

  /// A schema description as part of a sentence: first letter lowercased, no final full stop.
  static func phrase(_ description: String) -> String {
    var text = description.hasSuffix(".") ? String(description.dropLast()) : description
    if let first = text.first { text = first.lowercased() + text.dropFirst() }
    return text
  }
}

import Foundation
import Manifest
import TestSupport
import Testing

/// `ManifestSchemaCheck` (what `prep validate` runs first) against the shipped JSON Schema.
@Suite struct ManifestSchemaCheckTests {
  static func document<T: Encodable>(_ value: T) throws -> JSONValue {
    try #require(JSONValue.parse(try JSONOutput.encode(value)))
  }

  /// `document` with the value at `path` (`variant.files.0.sizeBytes`: keys, and numbers for
  /// array indices) replaced by `value` (nil: removed).
  static func changing(_ document: JSONValue, _ path: String, to value: JSONValue?) -> JSONValue {
    changing(document, path.split(separator: ".").map(String.init), to: value)
  }

  static func changing(_ document: JSONValue, _ path: [String], to value: JSONValue?) -> JSONValue {
    guard let first = path.first else { return value ?? .null }
    let rest = Array(path.dropFirst())
    switch document {
    case .array(var items):
      guard let index = Int(first) else { preconditionFailure("\(first) is not an index") }
      items[index] = changing(items[index], rest, to: value)
      return .array(items)
    case .object(var members):
      if rest.isEmpty, value == nil {
        members[first] = nil
      } else {
        members[first] = changing(members[first] ?? .null, rest, to: value)
      }
      return .object(members)
    default:
      preconditionFailure("no \(first) in \(document)")
    }
  }

  static func messages(_ document: JSONValue) -> [String] {
    ManifestSchemaCheck.manifest.problems(in: document).map(\.description)
  }

  @Test func embeddedSchemaIsTheShippedOne() throws {
    let shipped = try String(
      contentsOf: PrepProcess.packageRoot.appendingPathComponent(ManifestSchema.path), encoding: .utf8)
    #expect(ManifestSchema.text == shipped.trimmingCharacters(in: .newlines), "run `make schema`")
  }

  /// Every keyword in the schema is one the check interprets (or a pure annotation).
  @Test func everyKeywordIsUnderstood() throws {
    var unknown: Set<String> = []
    func walk(_ schema: JSONValue) {
      guard case .object(let rules) = schema else { return }
      for (key, value) in rules {
        switch key {
        case "properties", "$defs":
          if case .object(let named) = value { named.values.forEach(walk) }
        case "items", "not", "additionalProperties": walk(value)
        case "oneOf", "anyOf", "allOf":
          if case .array(let parts) = value { parts.forEach(walk) }
        default:
          if !ManifestSchemaCheck.keywords.contains(key) && !ManifestSchemaCheck.annotations.contains(key) {
            unknown.insert(key)
          }
        }
      }
    }
    walk(try #require(JSONValue.parse(Data(ManifestSchema.text.utf8))))
    #expect(unknown.isEmpty, "keywords the check would ignore: \(unknown.sorted())")
  }

  @Test func soundManifestsPass() throws {
    #expect(Self.messages(try Self.document(try ManifestSchemaTests.catalogue())).isEmpty)
    #expect(Self.messages(try Self.document(try ManifestSchemaTests.chapterFile())).isEmpty)
    #expect(
      Self.messages(try Self.document(ManifestFixtures.record(speed: 1.5, bed: ManifestFixtures.morning))).isEmpty)
  }

  /// The example: one field of the wrong value is named by its path, not "missing chapter".
  @Test func negativeSizeIsNamedByItsPath() throws {
    let catalogue = try Self.document(try ManifestSchemaTests.catalogue())
    let bad = Self.changing(catalogue, "chapters.0.narrators.0.chapterFile.sizeBytes", to: .number(-1))
    #expect(
      Self.messages(bad) == [
        "chapters[0].narrators[0].chapterFile.sizeBytes: expected a non-negative integer, found -1"
      ])
    let chapter = try Self.document(try ManifestSchemaTests.chapterFile())
    let badFile = Self.changing(chapter, "variants.0.files.1.sizeBytes", to: .number(-1))
    #expect(Self.messages(badFile) == ["variants[0].files[1].sizeBytes: expected a non-negative integer, found -1"])
    let noVerses = Self.changing(chapter, "timings.0.verses", to: .array([]))
    #expect(Self.messages(noVerses) == ["timings[0].verses: expected at least 1 item(s), found none"])
  }

  @Test(
    arguments: [
      ("variant.rate", JSONValue.number(4), "variant.rate: expected a number from 0.5 to 3, found 4"),
      (
        "variant.files.0.sizeBytes", .string("12"),
        "variant.files[0].sizeBytes: expected a non-negative integer, found \"12\""
      ),
      (
        "variant.files.0.sizeBytes", .number(1.5),
        "variant.files[0].sizeBytes: expected a non-negative integer, found 1.5"
      ),
      (
        "variant.files.0.sha256", .string("XYZ"),
        "variant.files[0].sha256: expected a string matching ^[0-9a-f]{64}$, found \"XYZ\""
      ),
      ("chapter.title", .number(12), "chapter.title: expected a non-empty string, found 12"),
      ("chapter.title", .string(""), "chapter.title: expected a non-empty string, found \"\""),
      ("kind", .string("variant"), nil),
      ("schemaVersion", .number(1), "schemaVersion: expected 2, found 1"),
      (
        "variant.headingTimings.0.label", .null,
        "variant.headingTimings[0].label: expected a non-empty string, found null"
      ),
    ] as [(String, JSONValue, String?)])
  func wrongValueIsNamed(path: String, value: JSONValue, message: String?) throws {
    let record = try Self.document(ManifestFixtures.record(speed: 1.0, bed: ManifestFixtures.morning))
    #expect(Self.messages(Self.changing(record, path, to: value)) == (message.map { [$0] } ?? []))
  }

  @Test func missingAndUnknownKeysAreNamed() throws {
    let record = try Self.document(ManifestFixtures.record(speed: 1.0))
    #expect(
      Self.messages(Self.changing(record, "variant.files.1.sha256", to: nil)) == [
        "variant.files[1].sha256: missing; the schema requires it"
      ])
    let extra = Self.messages(Self.changing(record, "extra", to: .bool(true)))
    #expect(extra.count == 1 && extra[0].hasPrefix("extra: unknown top-level key; the schema allows only bed, chapter"))
    let nested = Self.messages(Self.changing(record, "variant.files.0.bitrate", to: .number(128)))
    #expect(nested.count == 1 && nested[0].hasPrefix("variant.files[0].bitrate: unknown key"))
  }

  /// Paths must stay inside the manifest's folder.
  @Test(arguments: [
    "../../../../etc/hostname", "/etc/hostname", "a/../../b.mp3", "./x.mp3", "a//b.mp3", "..", "a\\b.mp3",
  ])
  func escapingPathsAreRefused(path: String) throws {
    let record = try Self.document(ManifestFixtures.record(speed: 1.0))
    let messages = Self.messages(Self.changing(record, "variant.files.0.file", to: .string(path)))
    #expect(
      messages.count == 1
        && messages[0].hasPrefix(
          "variant.files[0].file: expected a path relative to the manifest's folder that stays inside it"),
      "\(messages)")
    #expect(!ManifestValidator.staysInside(path))
  }

  @Test(arguments: ["x.mp3", "PSA/023/a.b.mp3", "..x/y.mp3", "a/.hidden/b.vtt"])
  func insidePathsPass(path: String) throws {
    let record = try Self.document(ManifestFixtures.record(speed: 1.0))
    #expect(Self.messages(Self.changing(record, "variant.files.0.file", to: .string(path))).isEmpty)
    #expect(ManifestValidator.staysInside(path))
  }

  /// At least as strict as jsonschema: every mutation python3-jsonschema rejects, the check
  /// rejects too (and the sound documents pass both).
  @Test(.enabled(if: ManifestFixtures.hasPython, "python3 is not installed"))
  func atLeastAsStrictAsJSONSchema() throws {
    let temporary = try TemporaryFolder("schema-agree")
    defer { temporary.remove() }
    let record = try Self.document(ManifestFixtures.record(speed: 1.0, bed: ManifestFixtures.morning))
    let mutations: [(String, JSONValue?)] = [
      ("", nil), ("extra", .number(1)), ("variant.rate", .number(0.1)), ("variant.rate", .string("1")),
      ("variant.files.0.sizeBytes", .number(-1)), ("variant.files.0.channelCount", .number(9)),
      ("variant.files.0.format", .string("aac")), ("variant.sidecars.webVTT.sha256", nil),
      ("variant.sidecars.webVTT.file", .string("../x.vtt")), ("variant.timings.0.startFrame", .number(-5)),
      ("chapter.verses", .array([])), ("chapter.spoken.title", .string("Psalm 23:1")),
      ("variant.headingTimings.0.heading", .null), ("variant.headingTimings.0.heading", nil),
      ("variant.stems.bedGain.interpolation", .string("linear")), ("bed.frameCount", .number(0)),
      ("narrator.id", .string("")), ("kind", .string("catalogue")), ("variant.sampleRate", .number(7_999)),
      ("variant.files.0.loudness.targetLUFS", .number(-50)), ("generator", .bool(true)),
    ]
    var paths: [String] = []
    for (index, (path, value)) in mutations.enumerated() {
      let document = path.isEmpty ? record : Self.changing(record, path, to: value)
      let file = temporary.path("m\(index).json")
      try JSONEncoder().encode(document).write(to: URL(fileURLWithPath: file))
      paths.append(file)
    }
    let result = try ManifestFixtures.runScript("validate.py", paths)
    for (index, path) in paths.enumerated() {
      let pythonRejects = result.stdout.contains(path + ":")
      let document = try #require(JSONValue.parse(try Data(contentsOf: URL(fileURLWithPath: path))))
      let swiftRejects = !Self.messages(document).isEmpty
      #expect(!pythonRejects || swiftRejects, "jsonschema rejects mutation \(mutations[index].0), the check passes it")
      #expect(
        pythonRejects == swiftRejects,
        "mutation \(mutations[index].0): jsonschema \(pythonRejects), check \(swiftRejects)")
    }
  }
}

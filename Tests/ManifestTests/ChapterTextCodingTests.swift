import Foundation
import Manifest
import Testing

/// ChapterText is stored in ingest records: encode → decode → encode must be byte-identical.
@Suite struct ChapterTextCodingTests {
  static let psalm = #"""
    \id PSA
    \c 23
    \d A Psalm by David.
    \q1
    \v 1 \w Yahweh|strong="H3068"\w* is my shepherd;
    \q2 I shall lack nothing.
    \v 2-3 \vp 2b-3\vp* \va 3\va* Bridged “quoted” text~here.
    """#

  static func roundTrip(_ chapter: ChapterText) throws {
    let first = try JSONOutput.encode(chapter)
    let decoded = try JSONDecoder().decode(ChapterText.self, from: first)
    let second = try JSONOutput.encode(decoded)
    #expect(decoded == chapter)
    #expect(first == second)
  }

  @Test func usfmChapterRoundTrips() throws { try Self.roundTrip(try USFMFixture.read(Self.psalm)) }

  @Test func plainChapterRoundTrips() throws {
    try Self.roundTrip(try PlainTextReader.parse("1\tOne.\n2-3\tTwo and three.\n", file: "t.txt"))
  }

  @Test func absentOptionalFieldsAreLeftOut() throws {
    let json = String(
      decoding: try JSONOutput.encode(try USFMFixture.read(Self.psalm)), as: UTF8.self)
    // Headings have no verse numbers, plain verses no alternate label: no `null`s in records.
    #expect(!json.contains("null"))
    #expect(json.contains(#""alternateLabel" : "3""#))
    #expect(json.contains(#""label" : "2b-3""#))
  }
}

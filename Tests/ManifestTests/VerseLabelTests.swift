import Manifest
import Testing

@Suite struct VerseLabelTests {
  static let labels: [(String, (Int, Int)?)] = [
    ("1", (1, 1)), ("176", (176, 176)), ("3-4", (3, 4)), ("2a", (2, 2)), ("2b-3", (2, 3)),
    ("5a-5c", (5, 5)), ("3-3", (3, 3)), ("", nil), ("a", nil), ("4-2", nil), ("1-2-3", nil),
    ("1,2", nil), ("1.", nil), ("-3", nil), ("99999999999999999999", nil),
  ]

  @Test(arguments: labels) func parse(label: String, expected: (Int, Int)?) {
    let parsed = VerseLabel.parse(label)
    #expect(parsed?.0 == expected?.0)
    #expect(parsed?.1 == expected?.1)
  }
}

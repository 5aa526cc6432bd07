/// Gathers the readable text of one segment from USFM text runs.
///
/// Rules, applied byte by byte as runs arrive:
/// - any run of whitespace (and USFM's optional break `//`) becomes one space; none at the ends;
/// - `~` (USFM's no-break space) becomes U+00A0;
/// - a space left between a stripped note and closing punctuation (`word \f …\f* .`) is dropped;
/// - a phrase break (`\q2`, `\p`) becomes a space in `text` and a cut in `phrases`.
struct TextCollector {
  private var bytes: [UInt8] = []
  /// Byte offsets where the second, third, … phrase start; each is preceded by a space.
  private var phraseStarts: [Int] = []
  private var spacePending = false
  private var breakPending = false
  private var afterNote = false

  var isEmpty: Bool { bytes.isEmpty }

  /// Appends `source[range]`.
  mutating func append(_ source: [UInt8], _ range: Range<Int>) {
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = source[index]
      if USFMTokenizer.isSpace(byte) {
        spacePending = true
        index += 1
        continue
      }
      if byte == 0x2F && index + 1 < range.upperBound && source[index + 1] == 0x2F {  // //
        spacePending = true
        index += 2
        continue
      }
      if !bytes.isEmpty {
        if breakPending {
          bytes.append(0x20)
          phraseStarts.append(bytes.count)
        } else if spacePending && !(afterNote && Self.isClosingPunctuation(byte)) {
          bytes.append(0x20)
        }
      }
      spacePending = false
      breakPending = false
      afterNote = false
      if byte == 0x7E {  // ~
        bytes.append(0xC2)
        bytes.append(0xA0)
      } else {
        bytes.append(byte)
      }
      index += 1
    }
  }

  /// The next text starts a new phrase (a poetry line or paragraph began).
  mutating func breakPhrase() { if !bytes.isEmpty { breakPending = true } }

  /// A note or other unread span was just removed here.
  mutating func noteRemoved() { afterNote = true }

  private static func isClosingPunctuation(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x2E, 0x2C, 0x3B, 0x3A, 0x21, 0x3F, 0x29, 0x5D: true  // . , ; : ! ? ) ]
    default: false
    }
  }

  /// The collected text, and the same text cut into phrases.
  func finish() -> (text: String, phrases: [String]) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard !phraseStarts.isEmpty else { return (text, text.isEmpty ? [] : [text]) }
    var phrases: [String] = []
    phrases.reserveCapacity(phraseStarts.count + 1)
    var start = 0
    for next in phraseStarts {
      phrases.append(String(decoding: bytes[start..<(next - 1)], as: UTF8.self))
      start = next
    }
    phrases.append(String(decoding: bytes[start...], as: UTF8.self))
    return (text, phrases)
  }

  /// The collected text alone.
  var text: String { String(decoding: bytes, as: UTF8.self) }
}

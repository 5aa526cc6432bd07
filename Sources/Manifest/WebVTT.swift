import Foundation

/// WebVTT captions for HTML `<track>`: one cue per verse, id = reference, text = verse text.
///
///     WEBVTT
///
///     PSA 23:1
///     00:00:01.250 --> 00:00:05.120
///     The LORD is my shepherd; I shall not want.
///
/// Times are `HH:MM:SS.mmm`. Cue text escapes `&`, `<` and `>` (W3C WebVTT §4.2.2: they would
/// start an entity or a tag) and has no line breaks; a cue id never holds `-->` or a line break.
/// A cue ends after it starts: a zero-length verse is given 1 ms.
public enum WebVTT {
  public static func render(_ verses: [TimedVerse]) -> String {
    var text = "WEBVTT\n"
    for verse in verses {
      let start = verse.startMilliseconds
      let end = max(verse.endMilliseconds, start + 1)
      text += "\n\(cueID(verse.reference))\n\(timestamp(start)) --> \(timestamp(end))\n\(escape(verse.text))\n"
    }
    return text
  }

  /// `HH:MM:SS.mmm`.
  public static func timestamp(_ milliseconds: Int) -> String {
    let ms = max(0, milliseconds)
    func pad(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(pad(ms / 3_600_000, 2)):\(pad(ms / 60_000 % 60, 2)):\(pad(ms / 1_000 % 60, 2)).\(pad(ms % 1_000, 3))"
  }

  static func escape(_ text: String) -> String {
    text.oneLine
      .replacingOccurrences(of: "&", with: "&amp;")
      .replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }

  static func cueID(_ reference: String) -> String {
    reference.oneLine.replacingOccurrences(of: "-->", with: "→")
  }
}

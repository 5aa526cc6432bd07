import Foundation

/// Verse timestamps shaped like the Digital Bible Platform v4 `timestamps` response, which
/// audio-Bible apps built on DBP already read:
///
///     {"data":[{"book":"PSA","chapter":23,"timestamp":1.25,"verse_start":1,"verse_start_alt":"1"}, …]}
///
/// `verse_start` is the first verse number (an integer sequence), `verse_start_alt` the label
/// as written (`1`, `3-4`, `7a`), `timestamp` the verse start in seconds (millisecond precision).
public enum DBPTimestamps {
  struct Document: Encodable {
    var data: [Entry]
  }

  struct Entry: Encodable {
    var book: String
    var chapter: Int
    var verseStart: Int
    var verseStartAlt: String
    var timestamp: Double

    enum CodingKeys: String, CodingKey {
      case book, chapter, timestamp
      case verseStart = "verse_start"
      case verseStartAlt = "verse_start_alt"
    }
  }

  public static func render(_ verses: [TimedVerse], book: String, chapter: Int) throws -> String {
    let entries = verses.enumerated().map { index, verse in
      Entry(
        book: book, chapter: chapter, verseStart: verse.firstVerse ?? index + 1, verseStartAlt: verse.label,
        timestamp: Double(verse.startMilliseconds) / 1000)
    }
    return String(decoding: try JSONOutput.encode(Document(data: entries)), as: UTF8.self)
  }
}

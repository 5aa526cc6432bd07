import Foundation

/// Verse timestamps shaped like the Digital Bible Platform v4 `timestamps` response
/// (`GET /timestamps/{fileset_id}/{book}/{chapter}`), which audio-Bible apps built on DBP
/// already read:
///
///     {"data":[{"book":"PSA","chapter":"23","timestamp":1.25,"verse_start":"1","verse_start_alt":"1"}, …]}
///
/// Field types are those of DBP's published OpenAPI schema `v4_audio_timestamps`: `book`,
/// `chapter` and `verse_start` are strings (`BibleFile.book_id`, `chapter_start` and
/// `verse_start` are `type: string` there), `timestamp` is a number of seconds
/// (`BibleFileTimestamp.timestamp`, `type: number`). `verse_start` holds the first verse's
/// number (`"3"` for the bridge `3-4`), `verse_start_alt` the label as written (`3-4`, `7a`);
/// `timestamp` has millisecond precision.
public enum DBPTimestamps {
  /// One response: what a typed DBP client decodes.
  public struct Document: Codable, Sendable, Equatable {
    public var data: [Entry]
  }

  public struct Entry: Codable, Sendable, Equatable {
    public var book: String
    public var chapter: String
    public var verseStart: String
    public var verseStartAlt: String
    public var timestamp: Double

    enum CodingKeys: String, CodingKey {
      case book, chapter, timestamp
      case verseStart = "verse_start"
      case verseStartAlt = "verse_start_alt"
    }
  }

  public static func document(_ verses: [TimedVerse], book: String, chapter: Int) -> Document {
    Document(
      data: verses.enumerated().map { index, verse in
        Entry(
          book: book, chapter: String(chapter), verseStart: String(verse.firstVerse ?? index + 1),
          verseStartAlt: verse.label, timestamp: Double(verse.startMilliseconds) / 1000)
      })
  }

  public static func render(_ verses: [TimedVerse], book: String, chapter: Int) throws -> String {
    String(decoding: try JSONOutput.encode(document(verses, book: book, chapter: chapter)), as: UTF8.self)
  }
}

import Foundation

/// Podcasting 2.0 JSON chapters (`application/json+chapters`, version 1.2.0): one chapter per
/// verse, times in seconds with millisecond precision.
///
///     {"chapters":[{"endTime":5.12,"startTime":1.25,"title":"Psalm 23:1 — The LORD …"}, …],
///      "title":"Psalm 23","author":"Narrator A","version":"1.2.0"}
public enum PodcastChapters {
  public static let version = "1.2.0"

  struct Document: Encodable {
    var version: String
    var title: String?
    var author: String?
    var chapters: [Chapter]
  }

  struct Chapter: Encodable {
    var startTime: Double
    var endTime: Double
    var title: String
  }

  public static func render(_ verses: [TimedVerse], chapterTitle: String, author: String?) throws -> String {
    let chapters = verses.map { verse in
      Chapter(
        startTime: seconds(verse.startMilliseconds), endTime: seconds(verse.endMilliseconds),
        title: verse.title(chapterTitle: chapterTitle))
    }
    let document = Document(version: version, title: chapterTitle, author: author, chapters: chapters)
    return String(decoding: try JSONOutput.encode(document), as: UTF8.self)
  }

  /// Whole milliseconds as seconds, so the JSON shows at most three decimals.
  static func seconds(_ milliseconds: Int) -> Double { Double(milliseconds) / 1000 }
}

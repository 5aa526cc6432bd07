import Foundation

/// ffprobe's view of a file: chapters and tags, parsed from `-of json`.
public struct ProbeResult: Sendable {
  public struct Chapter: Sendable {
    public var startSeconds: Double
    public var endSeconds: Double
    public var title: String?
  }

  public var chapters: [Chapter]
  /// Container and first-stream tags together, keys lower-cased (Ogg keeps its comments on the stream).
  public var tags: [String: String]
  public var durationSeconds: Double?

  /// Runs `ffprobe -show_chapters -show_format -show_streams -of json` on `path`.
  public static func probe(_ path: String) throws -> ProbeResult {
    let result = try PrepProcess.runTool(
      "ffprobe", ["-v", "error", "-show_chapters", "-show_format", "-show_streams", "-of", "json", path])
    guard result.status == 0,
      let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    else { throw ProbeError(message: "ffprobe failed on \(path): \(result.stderr)") }
    let chapters = (json["chapters"] as? [[String: Any]] ?? []).map { chapter in
      Chapter(
        startSeconds: Double(chapter["start_time"] as? String ?? "") ?? .nan,
        endSeconds: Double(chapter["end_time"] as? String ?? "") ?? .nan,
        title: (chapter["tags"] as? [String: String])?["title"])
    }
    let format = json["format"] as? [String: Any]
    let stream = (json["streams"] as? [[String: Any]])?.first
    var tags: [String: String] = [:]
    for source in [stream?["tags"], format?["tags"]] {
      for (key, value) in source as? [String: String] ?? [:] { tags[key.lowercased()] = value }
    }
    return ProbeResult(
      chapters: chapters, tags: tags, durationSeconds: Double(format?["duration"] as? String ?? ""))
  }
}

public struct ProbeError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}

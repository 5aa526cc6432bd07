import Foundation

/// Runs outside programs (ffprobe, python3) from tests, when they are installed.
public enum ExternalTool {
  /// The full path of `name` on PATH (or an absolute path that exists), or nil.
  public static func path(_ name: String) -> String? {
    if name.hasPrefix("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    for folder in folders {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  public struct Result: Sendable {
    public var status: Int32
    public var output: Data
    public var errorText: String
    public var outputText: String { String(decoding: output, as: UTF8.self) }
  }

  /// Runs `executable` (a name on PATH or a path) with `arguments` and waits for it.
  public static func run(_ executable: String, _ arguments: [String]) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path(executable) ?? executable)
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read before waiting, so a large output cannot fill the pipe and stall the child.
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: output, errorText: String(decoding: errors, as: UTF8.self))
  }

  /// A fresh empty folder under the system's temporary folder.
  public static func temporaryFolder(_ label: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("prep-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }
}

/// ffprobe's view of a file: chapters and format tags, parsed from `-of json`.
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
    let result = try ExternalTool.run(
      "ffprobe", ["-v", "error", "-show_chapters", "-show_format", "-show_streams", "-of", "json", path])
    guard result.status == 0,
      let json = try JSONSerialization.jsonObject(with: result.output) as? [String: Any]
    else { throw ProbeError(message: "ffprobe failed on \(path): \(result.errorText)") }
    let chapters = (json["chapters"] as? [[String: Any]] ?? []).map { chapter in
      Chapter(
        startSeconds: Double(chapter["start_time"] as? String ?? "") ?? .nan,
        endSeconds: Double(chapter["end_time"] as? String ?? "") ?? .nan,
        title: (chapter["tags"] as? [String: String])?["title"])
    }
    let format = json["format"] as? [String: Any]
    var tags: [String: String] = [:]
    let stream = (json["streams"] as? [[String: Any]])?.first
    for source in [stream?["tags"], format?["tags"]] {
      for (key, value) in source as? [String: String] ?? [:] { tags[key.lowercased()] = value }
    }
    return ProbeResult(
      chapters: chapters, tags: tags,
      durationSeconds: Double(format?["duration"] as? String ?? ""))
  }
}

public struct ProbeError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}

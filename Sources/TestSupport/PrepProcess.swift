import Foundation

/// Runs the built `prep` binary, as a user's script would.
public enum PrepProcess {
  public struct Result: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
  }

  /// The package root (found from this file's path).
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `PREP_BINARY` if set, else the debug build that `swift build --build-tests` made.
  public static var binary: String {
    if let path = ProcessInfo.processInfo.environment["PREP_BINARY"] { return path }
    return packageRoot.appendingPathComponent(".build/debug/prep").path
  }

  /// Runs `prep` with `arguments` in `folder`.
  public static func run(_ arguments: [String], in folder: URL? = nil) throws -> Result {
    try runTool(binary, arguments, in: folder)
  }

  /// Runs any tool (ffprobe, python3…) and captures its output.
  public static func runTool(_ tool: String, _ arguments: [String], in folder: URL? = nil) throws
    -> Result
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool.hasPrefix("/") ? tool : "/usr/bin/env")
    process.arguments = tool.hasPrefix("/") ? arguments : [tool] + arguments
    if let folder { process.currentDirectoryURL = folder }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes before waiting so a chatty tool cannot block on a full pipe.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// True if `tool` is on PATH.
  public static func has(_ tool: String) -> Bool {
    (try? runTool("sh", ["-c", "command -v \(tool)"]).status) == 0
  }
}

/// A fresh folder under the system temporary folder, removed by `remove()`.
public struct TemporaryFolder: Sendable {
  public let url: URL

  public init(_ name: String = "prep-test") throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  public func path(_ file: String) -> String { url.appendingPathComponent(file).path }

  /// Names of the files in the folder (hidden ones included), sorted.
  public func contents() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }

  public func remove() { try? FileManager.default.removeItem(at: url) }
}

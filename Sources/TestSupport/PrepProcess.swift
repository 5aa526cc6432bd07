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
  public static func runTool(
    _ tool: String, _ arguments: [String], in folder: URL? = nil
  ) throws
    -> Result
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool.hasPrefix("/") ? tool : "/usr/bin/env")
    process.arguments = tool.hasPrefix("/") ? arguments : [tool] + arguments
    if let folder { process.currentDirectoryURL = folder }
    // Output goes to temporary files, not pipes: nothing can block on a full pipe, and no read
    // can be interrupted by a signal (corelibs Foundation's pipe reads trap on EINTR).
    let capture = try TemporaryFolder("prep-run")
    defer { capture.remove() }
    let outURL = capture.url.appendingPathComponent("stdout")
    let errURL = capture.url.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    defer {
      try? out.close()
      try? err.close()
    }
    process.standardOutput = out
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
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

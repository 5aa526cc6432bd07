import Foundation

/// A file that appears under its final name only when it is complete.
///
/// Writers write to a hidden temporary name in the same folder (so the final
/// `rename(2)` is atomic on one file system) and call `commit()`; anything
/// that fails calls `discard()` (or lets `deinit`-free callers use
/// `AtomicOutput.write`), so a failed run leaves nothing half-written.
public struct AtomicOutput: Sendable {
  /// Where the file will be when committed.
  public let finalPath: String
  /// Where it is written meanwhile.
  public let temporaryPath: String

  /// Reserves a temporary name beside `path`; fails if the folder is missing or not writable.
  public init(path: String) throws(FileOutputError) {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
      throw .missingFolder(path: path, folder: folder)
    }
    guard isFolder.boolValue else { throw .notAFolder(path: path, folder: folder) }
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      throw .isAFolder(path: path)
    }
    StaleFiles.sweepTemporary(of: path)
    finalPath = path
    temporaryPath =
      url.deletingLastPathComponent().appendingPathComponent(
        ".\(url.lastPathComponent).\(StaleFiles.owner).tmp"
      ).path
    // Probe by creating the temporary file: permission bits alone say nothing for root,
    // read-only mounts or special file systems.
    let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw .notWritable(path: path, folder: folder) }
    close(descriptor)
    unlink(temporaryPath)
  }

  /// Moves the finished temporary file to its final name.
  public func commit() throws(FileOutputError) {
    if rename(temporaryPath, finalPath) != 0 {
      let reason = String(cString: strerror(errno))
      discard()
      throw .commitFailed(path: finalPath, reason: reason)
    }
  }

  /// Removes the temporary file, if any.
  public func discard() {
    unlink(temporaryPath)
  }

  /// Writes `data` atomically to `path`.
  public static func write(_ data: Data, to path: String) throws(FileOutputError) {
    let output = try AtomicOutput(path: path)
    do {
      try data.write(to: URL(fileURLWithPath: output.temporaryPath))
    } catch {
      output.discard()
      throw .writeFailed(path: path, reason: "\(error.localizedDescription)")
    }
    try output.commit()
  }

  /// Writes UTF-8 text atomically to `path`.
  public static func write(_ text: String, to path: String) throws(FileOutputError) {
    try write(Data(text.utf8), to: path)
  }
}

/// Why an output file could not be written. Each case names the file and the fix.
public enum FileOutputError: Error, CustomStringConvertible, Equatable {
  case missingFolder(path: String, folder: String)
  case notWritable(path: String, folder: String)
  case writeFailed(path: String, reason: String)
  case commitFailed(path: String, reason: String)
  case notAFolder(path: String, folder: String)
  case isAFolder(path: String)
  case outputIsInput(output: String, outputRole: String, input: String, inputRole: String)
  case sameOutputTwice(path: String, firstRole: String, secondRole: String)
  case inputInOutputNames(input: String, inputRole: String, folder: String, prefix: String, option: String)

  public var description: String {
    switch self {
    case .missingFolder(let path, let folder):
      "\(path): the folder \(folder) does not exist. Create it first (mkdir -p \(folder))."
    case .notWritable(let path, let folder):
      "\(path): the folder \(folder) is not writable. Choose another output folder or fix its permissions."
    case .writeFailed(let path, let reason):
      "\(path): could not write the file (\(reason)). Check free disk space and permissions."
    case .commitFailed(let path, let reason):
      "\(path): could not move the finished file into place (\(reason)). Check permissions of the folder."
    case .notAFolder(let path, let folder):
      path == folder
        ? "\(folder): this is a file, not a folder. Give a folder for the output (e.g. --output-dir out/)."
        : "\(path): \(folder) is a file, not a folder. Give a path inside a folder for the output."
    case .isAFolder(let path):
      "\(path): this is a folder, and the output is one file. Give a file path, e.g. \(path)/out.json."
    case .outputIsInput(let output, let outputRole, let input, let inputRole):
      "\(output): \(outputRole) is the same file as \(inputRole) \(input), and prep never overwrites an input. "
        + "Give \(outputRole) another path."
    case .sameOutputTwice(let path, let firstRole, let secondRole):
      "\(path): \(firstRole) and \(secondRole) name the same file, so one would overwrite the other. "
        + "Give each its own path."
    case .inputInOutputNames(let input, let inputRole, let folder, let prefix, let option):
      "\(input): \(inputRole) lies in the output folder \(folder) under a name the render writes (\(prefix)…), "
        + "and prep never overwrites an input. Choose another \(option) or --output-dir."
    }
  }
}

import Foundation

/// A file a command reads or writes, with the name the user knows it by (`--text`, `the recording`).
public struct FileRole: Sendable, Equatable {
  public var role: String
  public var path: String

  public init(_ role: String, _ path: String) {
    self.role = role
    self.path = path
  }
}

/// The one check every command makes before it reads anything: no output may be one of its
/// inputs (prep never overwrites what a user gave it), and no two outputs may be one file.
///
/// Two paths are one file when their real paths (symbolic links and `..` resolved, and for a
/// file not yet there, its folder's real path) are equal, or when both exist and share a device
/// and inode (hard links, bind mounts).
public enum InputOutputGuard {
  /// Throws `.outputIsInput` for the first output that is an input, `.sameOutputTwice` for
  /// two outputs that are one file.
  public static func check(inputs: [FileRole], outputs: [FileRole]) throws(FileOutputError) {
    let inputIDs = inputs.filter { !$0.path.isEmpty }.map { ($0, FileIdentity($0.path)) }
    var seen: [(FileRole, FileIdentity)] = []
    for output in outputs where !output.path.isEmpty {
      let id = FileIdentity(output.path)
      if let (input, _) = inputIDs.first(where: { $0.1 == id }) {
        throw .outputIsInput(output: output.path, outputRole: output.role, input: input.path, inputRole: input.role)
      }
      if let (earlier, _) = seen.first(where: { $0.1 == id }) {
        throw .sameOutputTwice(path: output.path, firstRole: earlier.role, secondRole: output.role)
      }
      seen.append((output, id))
    }
  }

  /// For commands that write many files named `<prefix>…` into `folder` (a full render): throws
  /// when an input lies in that folder under a name that starts with one of `prefixes`.
  public static func check(
    inputs: [FileRole], folder: String, prefixes: [String], option: String
  ) throws(FileOutputError) {
    let folderID = FileIdentity(folder)
    for input in inputs where !input.path.isEmpty {
      let url = URL(fileURLWithPath: input.path)
      let name = url.lastPathComponent
      guard FileIdentity(url.deletingLastPathComponent().path) == folderID,
        let prefix = prefixes.first(where: { name.hasPrefix($0) })
      else { continue }
      throw .inputInOutputNames(
        input: input.path, inputRole: input.role, folder: folder, prefix: prefix, option: option)
    }
  }
}

/// Where a path really points: its resolved path, and its device and inode when it exists.
struct FileIdentity: Equatable {
  let path: String
  let device: UInt64?
  let inode: UInt64?

  init(_ path: String) {
    var info = stat()
    if stat(path, &info) == 0 {
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
    } else {
      device = nil
      inode = nil
    }
    self.path = FileIdentity.resolved(path)
  }

  /// realpath(3) of the path, or of its folder plus its name when the file is not there yet.
  static func resolved(_ path: String) -> String {
    if let real = realpath(path, nil) {
      defer { free(real) }
      return String(cString: real)
    }
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    guard folder != path, !url.lastPathComponent.isEmpty else { return url.standardizedFileURL.path }
    return resolved(folder) + "/" + url.lastPathComponent
  }

  static func == (a: FileIdentity, b: FileIdentity) -> Bool {
    if a.path == b.path { return true }
    guard let deviceA = a.device, let inodeA = a.inode else { return false }
    return deviceA == b.device && inodeA == b.inode
  }
}

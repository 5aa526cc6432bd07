import Foundation

/// Leftovers of a prep run that was killed (SIGKILL, power cut) before it could clean up:
/// staging folders `.prep-staging-OWNER/` (OutputBatch) and temporary files `.NAME.OWNER.tmp`
/// (AtomicOutput), OWNER = `PID@HOST`. The next run in the same folder removes those whose
/// process is gone — only prep's own names, only from this host (on a shared file system a
/// process id of another node says nothing here), and never one of a process still running.
/// Names from before the host was added (`PID` alone) are judged as this host's.
enum StaleFiles {
  static let stagingPrefix = ".prep-staging-"

  /// This process as an owner tag: `PID@HOST`.
  static let owner: String = {
    var name = [CChar](repeating: 0, count: 256)
    let host = gethostname(&name, name.count) == 0 ? String(cString: name) : "localhost"
    return "\(getpid())@\(host)"
  }()

  /// The process id of an owner tag made on this host (or without a host), else nil.
  static func localProcess(_ tag: Substring) -> Int32? {
    let parts = tag.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
    if parts.count == 2, parts[1] != owner.split(separator: "@", maxSplits: 1)[1] { return nil }
    return Int32(parts[0])
  }

  /// Removes `.prep-staging-OWNER` folders in `folder` whose process is no longer running.
  static func sweepStaging(in folder: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where name.hasPrefix(stagingPrefix) {
      guard let pid = localProcess(name.dropFirst(stagingPrefix.count)), isGone(pid) else { continue }
      let path = folder + "/" + name
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
        try? FileManager.default.removeItem(atPath: path)
      }
    }
  }

  /// Removes `.NAME.OWNER.tmp` beside `path` (NAME its file name) whose process is no longer running.
  static func sweepTemporary(of path: String) {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    let prefix = "." + url.lastPathComponent + "."
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
      let middle = name.dropFirst(prefix.count).dropLast(4)
      guard let pid = localProcess(middle), isGone(pid) else { continue }
      unlink(folder + "/" + name)
    }
  }

  /// True when no process has this id (kill(2) with signal 0 answers ESRCH).
  static func isGone(_ pid: Int32) -> Bool {
    guard pid > 0, pid != getpid() else { return false }
    return kill(pid, 0) != 0 && errno == ESRCH
  }
}

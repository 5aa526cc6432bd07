import Foundation

/// Leftovers of a prep run that was killed (SIGKILL, power cut) before it could clean up:
/// staging folders `.prep-staging-PID/` (OutputBatch) and temporary files `.NAME.PID.tmp`
/// (AtomicOutput). The next run in the same folder removes those whose process is gone —
/// only prep's own names, and never one of a process that is still running.
enum StaleFiles {
  static let stagingPrefix = ".prep-staging-"

  /// Removes `.prep-staging-PID` folders in `folder` whose PID is no longer running.
  static func sweepStaging(in folder: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where name.hasPrefix(stagingPrefix) {
      guard let pid = Int32(name.dropFirst(stagingPrefix.count)), isGone(pid) else { continue }
      let path = folder + "/" + name
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
        try? FileManager.default.removeItem(atPath: path)
      }
    }
  }

  /// Removes `.NAME.PID.tmp` beside `path` (NAME its file name) whose PID is no longer running.
  static func sweepTemporary(of path: String) {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    let prefix = "." + url.lastPathComponent + "."
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
      let middle = name.dropFirst(prefix.count).dropLast(4)
      guard let pid = Int32(middle), isGone(pid) else { continue }
      unlink(folder + "/" + name)
    }
  }

  /// True when no process has this id (kill(2) with signal 0 answers ESRCH).
  static func isGone(_ pid: Int32) -> Bool {
    guard pid > 0, pid != getpid() else { return false }
    return kill(pid, 0) != 0 && errno == ESRCH
  }
}

import Foundation

/// One file per harness process that each input is written to, for readers that take a path
/// (label files, WAV headers). Removed when the process exits normally.
public enum ScratchFile {
  nonisolated(unsafe) private static var path: String?

  /// Writes `bytes` to the process's scratch file (name ending in `suffix`) and returns its path.
  public static func store(_ bytes: [UInt8], suffix: String) -> String {
    let path =
      ScratchFile.path
      ?? {
        let made = NSTemporaryDirectory() + "prep-fuzz-\(getpid())\(suffix)"
        ScratchFile.path = made
        atexit { if let path = ScratchFile.path { unlink(path) } }
        return made
      }()
    // Plain open/write: FileManager.createFile writes atomically and syncs, 100× slower.
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard descriptor >= 0, written == bytes.count, close(descriptor) == 0 else {
      fatalError("cannot write the fuzz scratch file \(path)")
    }
    return path
  }
}

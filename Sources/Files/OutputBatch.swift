import Foundation

/// Many output files that appear together or not at all: a command that writes a dozen files
/// (audio, sidecars, records) stages them in a hidden folder beside their final place and moves
/// them in only when every one is complete.
///
/// `stagingPath(for:)` names where a file is written meanwhile; `commit()` renames every staged
/// file into the output folder, in the order they were staged (so a record written last appears
/// last, and a Makefile that waits for it sees every file it names); `discard()` removes the
/// staging folder. Renames within one file system are atomic per file.
public final class OutputBatch {
  /// The folder the files end up in.
  public let folder: String
  /// The hidden folder they are written to first.
  public let stagingFolder: String
  private var names: [String] = []
  private var isClosed = false

  /// Fails unless `folder` is an existing folder; returns its URL.
  public static func checkFolder(_ folder: String) throws(FileOutputError) -> URL {
    let url = URL(fileURLWithPath: folder)
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
      throw .missingFolder(path: url.appendingPathComponent("probe").path, folder: url.path)
    }
    guard isFolder.boolValue else { throw .notAFolder(path: url.path, folder: url.path) }
    return url
  }

  /// Creates the staging folder (removing stale ones of killed runs); fails if `folder` is
  /// missing, a file, or not writable.
  public init(folder: String) throws(FileOutputError) {
    let url = try OutputBatch.checkFolder(folder)
    let probe = url.appendingPathComponent("probe").path
    StaleFiles.sweepStaging(in: url.path)
    self.folder = url.path
    stagingFolder = url.appendingPathComponent(StaleFiles.stagingPrefix + StaleFiles.owner).path
    try? FileManager.default.removeItem(atPath: stagingFolder)  // a stale one from a killed run with our pid
    guard mkdir(stagingFolder, 0o755) == 0 else { throw .notWritable(path: probe, folder: url.path) }
  }

  deinit {
    if !isClosed { discard() }
  }

  /// Where to write the file that will be `name` in the output folder (a plain file name).
  public func stagingPath(for name: String) -> String {
    precondition(!name.contains("/"), "staged names are plain file names")
    precondition(!isClosed, "the batch is already committed or discarded")
    if !names.contains(name) { names.append(name) }
    return stagingFolder + "/" + name
  }

  /// The final path of `name`.
  public func finalPath(for name: String) -> String { folder + "/" + name }

  /// Staged names, in staging order.
  public var stagedNames: [String] { names }

  /// Writes `data` as `name` into the staging folder.
  public func write(_ data: Data, as name: String) throws(FileOutputError) {
    let path = stagingPath(for: name)
    do { try data.write(to: URL(fileURLWithPath: path)) } catch {
      throw .writeFailed(path: finalPath(for: name), reason: error.localizedDescription)
    }
  }

  /// Moves every staged file into the output folder and removes the staging folder.
  public func commit() throws(FileOutputError) {
    precondition(!isClosed, "the batch is already committed or discarded")
    for name in names {
      let staged = stagingFolder + "/" + name
      guard FileManager.default.fileExists(atPath: staged) else {
        discard()
        throw .commitFailed(path: finalPath(for: name), reason: "it was never written")
      }
    }
    for name in names where rename(stagingFolder + "/" + name, finalPath(for: name)) != 0 {
      let reason = String(cString: strerror(errno))
      discard()
      throw .commitFailed(path: finalPath(for: name), reason: reason)
    }
    isClosed = true
    try? FileManager.default.removeItem(atPath: stagingFolder)
  }

  /// Removes the staging folder and everything in it; the output folder is left as it was.
  public func discard() {
    isClosed = true
    try? FileManager.default.removeItem(atPath: stagingFolder)
  }
}

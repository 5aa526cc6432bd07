import Foundation

/// Golden text files: reviewed text beside the test, under `Snapshots/`.
///
/// `check` compares a value with `Snapshots/<name>` in the folder of the calling test file.
/// With `RECORD_SNAPSHOTS=1` it writes the file instead and still reports a failure, so that
/// someone reviews the diff (`git diff`) and runs the tests again without the variable.
public enum Snapshot {
  /// nil when `text` matches the snapshot; otherwise what went wrong, for `#expect(… == nil)`.
  public static func check(_ text: String, named name: String, testFile: String = #filePath) -> String? {
    let folder = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let file = folder.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
      } catch {
        return "could not record \(file.path): \(error)"
      }
      return "recorded \(file.path); review it (git diff) and run again without RECORD_SNAPSHOTS"
    }
    guard let data = FileManager.default.contents(atPath: file.path) else {
      return "no snapshot \(file.path); record it with RECORD_SNAPSHOTS=1 (make record) and review it"
    }
    let expected = String(decoding: data, as: UTF8.self)
    if expected == text { return nil }
    return "\(name) differs from its snapshot at line \(firstDifference(expected, text)); "
      + "if the change is intended, re-record with RECORD_SNAPSHOTS=1 and review the diff"
  }

  /// 1-based line number of the first differing line.
  static func firstDifference(_ a: String, _ b: String) -> Int {
    let left = a.split(separator: "\n", omittingEmptySubsequences: false)
    let right = b.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(left.count, right.count) {
      if index >= left.count || index >= right.count || left[index] != right[index] { return index + 1 }
    }
    return 0
  }
}

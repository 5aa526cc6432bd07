import Files
import Foundation
import TestSupport
import Testing

/// The guard every command calls before reading anything: an output is refused when it is an
/// input by real path or by inode, whatever spelling reaches it; distinct files pass.
@Suite struct InputOutputGuardTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder("io-guard")
    try "audio".write(toFile: folder.path("a.wav"), atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(atPath: folder.path("sub"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: folder.path("link.wav"), withDestinationPath: "a.wav")
    try FileManager.default.createSymbolicLink(atPath: folder.path("here"), withDestinationPath: ".")
    try FileManager.default.linkItem(atPath: folder.path("a.wav"), toPath: folder.path("hard.wav"))
  }

  func refused(_ output: String) -> Bool {
    do {
      try InputOutputGuard.check(
        inputs: [FileRole("the recording", folder.path("a.wav"))], outputs: [FileRole("--output", output)])
      return false
    } catch {
      return error.description.contains("never overwrites an input") && error.description.contains("a.wav")
    }
  }

  @Test func everySpellingOfTheInputIsRefused() {
    defer { folder.remove() }
    for spelling in ["a.wav", "sub/../a.wav", "link.wav", "hard.wav", "here/a.wav", "here/here/a.wav"] {
      #expect(refused(folder.path(spelling)), "\(spelling)")
    }
  }

  @Test func otherFilesPass() {
    defer { folder.remove() }
    for spelling in ["b.wav", "sub/a.wav", "here/b.wav", "a.wav.json"] {
      #expect(!refused(folder.path(spelling)), "\(spelling)")
    }
  }

  @Test func twoOutputsOfOneFileAreRefused() {
    defer { folder.remove() }
    #expect(throws: FileOutputError.self) {
      try InputOutputGuard.check(
        inputs: [],
        outputs: [FileRole("--labels", folder.path("x.txt")), FileRole("--json", folder.path("here/x.txt"))])
    }
  }

  @Test func renderNamesInTheOutputFolderAreRefused() throws {
    defer { folder.remove() }
    let inputs = [FileRole("--text", folder.path("here/x.1x-none.vtt"))]
    #expect(throws: FileOutputError.self) {
      try InputOutputGuard.check(inputs: inputs, folder: folder.url.path, prefixes: ["x.1x-none."], option: "--base")
    }
    try InputOutputGuard.check(inputs: inputs, folder: folder.path("sub"), prefixes: ["x.1x-none."], option: "--base")
    try InputOutputGuard.check(inputs: inputs, folder: folder.url.path, prefixes: ["x.1.5x-none."], option: "--base")
  }

  /// A staging folder of a dead process is removed by the next batch in that folder; one of a
  /// live process, and names that are not prep's, stay.
  @Test func staleStagingFoldersOfDeadProcessesAreSwept() throws {
    defer { folder.remove() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    let dead = folder.path(".prep-staging-\(process.processIdentifier)")
    let live = folder.path(".prep-staging-1")  // init: always running
    let foreign = folder.path(".prep-staging-mine")
    for path in [dead, live, foreign] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    let batch = try OutputBatch(folder: folder.url.path)
    batch.discard()
    #expect(!FileManager.default.fileExists(atPath: dead))
    #expect(FileManager.default.fileExists(atPath: live))
    #expect(FileManager.default.fileExists(atPath: foreign))
  }
}

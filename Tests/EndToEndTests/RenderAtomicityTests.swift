import DSP
import Files
import Foundation
import Manifest
import Pipeline
import Render
import TestSupport
import Testing

/// A render writes all of its files or none, and the same inputs give the same bytes.
@Suite struct RenderAtomicityTests {
  struct Boom: Error {}

  /// A failure after the first rate was already encoded leaves the output folder as it was.
  @Test func failureHalfwayLeavesNothing() throws {
    let folder = try TemporaryFolder("render-fail")
    defer { folder.remove() }
    try "keep me".write(toFile: folder.path("existing.txt"), atomically: true, encoding: .utf8)
    var job = try RenderPipelineTests.job(folder: folder.url.path, speeds: [1.0, 1.5], beds: [])
    job.plan.formats = ["mp3"]
    job.stretch = { speed in
      guard speed == 1 else { throw Boom() }
      return IdentityStretch()
    }
    #expect(throws: Boom.self) { try FullRender.run(job) }
    #expect(folder.contents() == ["existing.txt"])
  }

  /// Two renders of the same inputs are byte-identical, file by file.
  @Test func sameInputsGiveSameBytes() throws {
    var outputs: [[String: Data]] = []
    for run in 0..<2 {
      let folder = try TemporaryFolder("render-twice-\(run)")
      defer { folder.remove() }
      var job = try RenderPipelineTests.job(folder: folder.url.path, beds: [])
      job.plan.formats = ["mp3", "opus"]
      try FullRender.run(job)
      var files: [String: Data] = [:]
      for name in folder.contents() { files[name] = try Data(contentsOf: folder.url.appendingPathComponent(name)) }
      outputs.append(files)
    }
    #expect(outputs[0].keys.sorted() == outputs[1].keys.sorted())
    #expect(outputs[0].count == 7)  // mp3, opus, vtt, chapters.json, labels.txt, dbp.json, record
    for (name, data) in outputs[0] { #expect(outputs[1][name] == data, "\(name) differs between runs") }
  }

  @Test func batchCommitsInOrderAndDiscardsOnRequest() throws {
    let folder = try TemporaryFolder("batch")
    defer { folder.remove() }
    let batch = try OutputBatch(folder: folder.url.path)
    try batch.write(Data("a".utf8), as: "a.txt")
    try batch.write(Data("b".utf8), as: "b.json")
    #expect(folder.contents().count == 1 && folder.contents()[0].hasPrefix(".prep-staging-"))
    try batch.commit()
    #expect(folder.contents() == ["a.txt", "b.json"])
    let second = try OutputBatch(folder: folder.url.path)
    try second.write(Data("c".utf8), as: "c.txt")
    second.discard()
    #expect(folder.contents() == ["a.txt", "b.json"])
    #expect(throws: FileOutputError.self) { _ = try OutputBatch(folder: folder.path("missing")) }
  }
}

import AudioIO
import DSP
import Foundation
import Manifest
import Pipeline
import Render
import TestSupport

/// One render of a short sample, shared by the render tests (rendering takes a few seconds):
/// Psalm 117 (kal, 22.05 kHz mono, 18.5 s) at two rates, without a bed and with `bed_pad`
/// (44.1 kHz stereo: resampled and mixed down), in MP3 and Opus, with stems and sidecars.
struct RenderedSample: Sendable {
  let folder: String
  let records: [VariantRecord]
  let truth: SampleTruth
  let speeds: [Double]
  /// Per rate, the stretcher's time map of the narration (the same stretcher prep runs).
  let maps: [Double: TimeMap]

  static let recording = "psalm117_kal"
  static let speeds = [1.0, 1.5]

  /// The render, made once; the folder is removed when the test process ends.
  static let shared: Result<RenderedSample, MeasureError> = {
    do { return .success(try render()) } catch { return .failure(MeasureError(description: "\(error)")) }
  }()

  /// Renders through the built binary, from the raw files (so align runs inside render).
  static func render() throws -> RenderedSample {
    let folder = try TemporaryFolder("render-e2e")
    RenderFixtureCleanup.register(folder.url.path)
    let result = try PrepProcess.run([
      "render", SampleTruth.path(recording + ".wav"), "--text", SampleTruth.path("psalm117.usfm"),
      "--rate", speeds.map { RenderPlan.rateName($0) }.joined(separator: ","), "--bed",
      SampleTruth.path("bed_pad.flac"),
      "--format", "mp3,opus", "--narrator", "Kal", "--output-dir", folder.url.path, "--quiet",
    ])
    guard result.status == 0 else { throw MeasureError(description: "prep render failed: \(result.stderr)") }
    let records = try speeds.flatMap { speed in
      try ["none", "bed_pad"].map { bed in
        let name = "\(recording).\(RenderPlan.rateName(speed))x-\(bed).json"
        return try JSONDecoder().decode(
          VariantRecord.self, from: Data(contentsOf: folder.url.appendingPathComponent(name)))
      }
    }
    let narration = try AudioDecoder.readAll(SampleTruth.path(recording + ".wav"))
    var maps: [Double: TimeMap] = [:]
    for speed in speeds {
      var stretcher = Stretcher(speed: speed, sampleRate: narration.sampleRate, channelCount: narration.channelCount)
      _ = stretcher.processAll(narration, chunkFrames: 65_536)
      maps[speed] = stretcher.timeMap
    }
    return RenderedSample(
      folder: folder.url.path, records: records, truth: try SampleTruth.load(recording), speeds: speeds, maps: maps)
  }

  func path(_ file: String) -> String { folder + "/" + file }

  /// Every variant's encoded files (premixes and narration-only), with their record.
  var files: [(VariantRecord, EncodedFile)] {
    records.flatMap { record in record.variant.files.map { (record, $0) } }
  }
}

/// Removes fixture folders when the test process exits.
enum RenderFixtureCleanup {
  nonisolated(unsafe) static var folders: [String] = []
  static let installed: Void = {
    guard ProcessInfo.processInfo.environment["KEEP_RENDER"] == nil else { return }
    atexit { for folder in RenderFixtureCleanup.folders { try? FileManager.default.removeItem(atPath: folder) } }
  }()

  static func register(_ folder: String) {
    _ = installed
    folders.append(folder)
  }
}

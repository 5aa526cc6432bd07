import Files
import Foundation
import Manifest
import Render

extension RenderSetup {
  /// Refuses a full render that would overwrite one of its inputs, before anything is decoded:
  /// every file it writes is `<base>.<rate>x-<bed>.…` in the output folder, so no input may lie
  /// there under such a name. Reads only the ingest record (for the recording and text it names).
  public func checkInputs(audioPath: String?, textPath: String?, ingestPath: String?, alignPath: String?) throws {
    var inputs = [
      FileRole("the recording", audioPath ?? ""), FileRole("--text", textPath ?? ""),
      FileRole("--ingest", ingestPath ?? ""), FileRole("--align", alignPath ?? ""),
    ]
    inputs += bedPaths.map { FileRole("--bed", $0) }
    var recording = audioPath ?? ""
    if audioPath == nil, let ingestPath, let record = try? JSONOutput.readRecord(IngestRecord.self, from: ingestPath) {
      recording = record.source.path
      inputs.append(FileRole("the recording the ingest record names", record.source.path))
      inputs.append(FileRole("the text the ingest record names", record.text?.path ?? ""))
    }
    let base = baseName ?? URL(fileURLWithPath: recording).deletingPathExtension().lastPathComponent
    let beds = [RenderPlan.Bed.none.name] + bedPaths.map(RenderSetup.bedID)
    let prefixes = speeds.flatMap { speed in
      beds.map { "\(base).\(RenderPlan.variantID(speed: speed, bedName: $0))." }
    }
    try InputOutputGuard.check(inputs: inputs, folder: outputFolder, prefixes: prefixes, option: "--base")
    _ = try OutputBatch.checkFolder(outputFolder)  // a missing folder or a file fails now, not after the decode
  }
}

import Foundation
import FuzzSupport
import Manifest

@testable import Pipeline

/// `prep align --record` when the recording is gone: the ingest record's text and envelope
/// alone go through the aligner. Inputs whose recording path exists are skipped (that path
/// decodes audio, which the other harnesses cover).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAlignFromRecord(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let bytes = FuzzInput(data, size).bytes
  guard let record = try? JSONDecoder().decode(IngestRecord.self, from: Data(bytes)),
    !record.source.path.isEmpty, !FileManager.default.fileExists(atPath: record.source.path)
  else { return 0 }
  var options = Align.Options(labelsPath: "unused.labels.txt")
  options.recordPath = ScratchFile.store(bytes, suffix: ".ingest.json")
  _ = try? Align.align(options)
  return 0
}

runFuzzer(fuzzAlignFromRecord)

import Foundation
import FuzzSupport

@testable import Manifest

/// The JSON records prep reads back: ingest and align records (`align --record`, `render`),
/// variant records (`collect`, `validate`) and catalogues (`validate`). Every input is decoded
/// as each type; what decodes goes through the checks the commands run on it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecords(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let json = Data(FuzzInput(data, size).bytes)
  let decoder = JSONDecoder()
  if let ingest = try? decoder.decode(IngestRecord.self, from: json) {
    _ = ingest.envelope.envelope(sampleRate: ingest.audio.sampleRate)
  }
  _ = try? decoder.decode(AlignRecord.self, from: json)
  if let record = try? decoder.decode(VariantRecord.self, from: json) {
    _ = ManifestSanity.check(record)
    _ = ManifestValidator.references(of: record)
  }
  if let catalogue = try? decoder.decode(Catalogue.self, from: json) {
    _ = ManifestSanity.check(catalogue)
    _ = ManifestValidator.references(of: catalogue)
  }
  _ = try? ManifestValidator.references(in: json, file: "fuzz.json")
  return 0
}

runFuzzer(fuzzRecords)

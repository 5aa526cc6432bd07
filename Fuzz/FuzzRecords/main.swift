import Foundation
import FuzzSupport

@testable import Manifest

/// The JSON records prep reads back: ingest and align records (`align --record`, `render`),
/// variant records (`collect`, `validate`), catalogues and chapter files (`validate`). Every input is decoded
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
    let v = record.variant
    _ = ManifestValidator.hashedFiles(files: v.files, stems: v.stems, sidecars: v.sidecars)
  }
  if let catalogue = try? decoder.decode(Catalogue.self, from: json) {
    _ = ManifestSanity.check(catalogue)
  }
  if let file = try? decoder.decode(ChapterFile.self, from: json) {
    _ = ManifestSanity.check(file)
    _ = file.variants.map { file.timings(of: $0) }
  }
  // What validate does with a chapter file a catalogue names: schema, decode, sanity.
  _ = ManifestValidator.read(json, file: "fuzz.json")
  return 0
}

runFuzzer(fuzzRecords)

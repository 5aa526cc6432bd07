import FuzzSupport
import Manifest

/// Audacity label files (`align --labels`, `--override`), read from a file as the CLI reads
/// them, at the sample rates recordings come in.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLabels(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let path = ScratchFile.store(FuzzInput(data, size).bytes, suffix: ".labels.txt")
  for sampleRate in [8_000, 44_100, 48_000] {
    _ = try? AudacityLabels.read(path: path, sampleRate: sampleRate)
  }
  return 0
}

runFuzzer(fuzzLabels)

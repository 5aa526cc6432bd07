import FuzzSupport

@testable import AudioIO

/// The RIFF/WAVE chunk walk that catches truncated WAV files (`WAVHeader.declaredFrames`),
/// then the whole open as ingest does it (libsndfile, then that check).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWAVHeader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let path = ScratchFile.store(FuzzInput(data, size).bytes, suffix: ".wav")
  _ = WAVHeader.declaredFrames(path: path)
  if let reader = try? SoundFileReader(path: path) {
    _ = try? reader.read(maxFrames: 256)
  }
  return 0
}

runFuzzer(fuzzWAVHeader)

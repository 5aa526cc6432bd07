import FuzzSupport
import Manifest

/// USFM chapters, as `VerseText.read` reads a `.usfm` file: without a chapter, then with one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUSFM(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, let text = FuzzInput(data, size).utf8Text else { return 0 }
  _ = try? USFMReader.parse(text, file: "fuzz.usfm", chapter: nil)
  _ = try? USFMReader.parse(text, file: "fuzz.usfm", chapter: 1)
  return 0
}

runFuzzer(fuzzUSFM)

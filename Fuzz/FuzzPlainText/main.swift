import FuzzSupport
import Manifest

/// Plain-text verse files (`NUMBER TEXT` per line), as `VerseText.read` reads a `.txt` file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlainText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, let text = FuzzInput(data, size).utf8Text else { return 0 }
  _ = try? PlainTextReader.parse(text, file: "fuzz.txt")
  return 0
}

runFuzzer(fuzzPlainText)

import FuzzSupport

@testable import AudioIO

/// The byte-level tag writers run on a finished file: Ogg page walking and serial numbers
/// (`OggPages`), and Vorbis comments put into FLAC metadata or Ogg Opus/Vorbis headers
/// (`VorbisComments.insert`, `FLACMetadata`, `OggHeaderRewrite`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOggFLACTags(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let input = FuzzInput(data, size).bytes
  var serial = input
  OggPages.setSerialNumber(&serial, to: OggPages.fixedSerial)
  let comments = VorbisComments(
    title: "Psalm 23", artist: "Narrator",
    chapters: [
      ChapterMark(startMilliseconds: 0, endMilliseconds: 1_500, title: "Heading"),
      ChapterMark(startMilliseconds: 1_500, endMilliseconds: 4_000, title: "Psalm 23:1"),
    ])
  var tagged = input
  if (try? comments.insert(into: &tagged, path: "fuzz")) != nil {
    // A tagged file must tag again: what we write we can read.
    var again = tagged
    do { try comments.insert(into: &again, path: "fuzz") } catch {
      fatalError("a file prep tagged cannot be tagged again: \(error)")
    }
  }
  return 0
}

runFuzzer(fuzzOggFLACTags)

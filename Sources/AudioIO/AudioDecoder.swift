import DSP
import Foundation

/// Opens any supported recording and says what it is.
public enum AudioDecoder {
  /// A reader for `path`: libmpg123 for MPEG audio, libsndfile for everything else (each
  /// reader first checks that the file exists and is not empty).
  public static func open(_ path: String) throws(AudioFileError) -> any DecodedSource {
    if isMPEG(path) { return try MP3Reader(path: path) }
    return try SoundFileReader(path: path)
  }

  /// MPEG audio by name, or by an ID3v2 tag / frame sync at the start.
  static func isMPEG(_ path: String) -> Bool {
    let lower = path.lowercased()
    if lower.hasSuffix(".mp3") || lower.hasSuffix(".mp2") { return true }
    guard let handle = FileHandle(forReadingAtPath: path),
      let head = try? handle.read(upToCount: 3), head.count == 3
    else { return false }
    try? handle.close()
    if head == Data("ID3".utf8) { return true }
    // A frame sync (11 set bits) with layer III; RIFF/fLaC/OggS never start so.
    return head[0] == 0xFF && (head[1] & 0xE6) == 0xE2
  }
}

/// A source that came from a file: it can say which file and which format.
public protocol DecodedSource: FrameSource {
  var path: String { get }
  var formatName: String { get }
}

extension SoundFileReader: DecodedSource {}
extension MP3Reader: DecodedSource {}

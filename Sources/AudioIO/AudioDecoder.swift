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

  /// MPEG audio by content (an ID3v2 tag or a frame sync at the start); by name only when
  /// the content says nothing. A FLAC, WAV or Ogg file named `.mp3` is read as what it is.
  static func isMPEG(_ path: String) -> Bool {
    let lower = path.lowercased()
    let named = lower.hasSuffix(".mp3") || lower.hasSuffix(".mp2")
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
      let handle = FileHandle(forReadingAtPath: path)
    else { return named }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: 4), head.count == 4 else { return named }
    if head.prefix(3) == Data("ID3".utf8) { return true }
    // A frame sync (11 set bits) with layer III; RIFF/fLaC/OggS never start so.
    if head[0] == 0xFF && (head[1] & 0xE6) == 0xE2 { return true }
    let containers = ["RIFF", "RF64", "fLaC", "OggS", "FORM", "caff", "wvpk"].map { Data($0.utf8) }
    return containers.contains(head) ? false : named
  }
}

/// A source that came from a file: it can say which file and which format.
public protocol DecodedSource: FrameSource {
  var path: String { get }
  var formatName: String { get }
}

extension SoundFileReader: DecodedSource {}
extension MP3Reader: DecodedSource {}

import DSP
import Foundation

/// Opens any supported recording and says what it is.
public enum AudioDecoder {
  /// A reader for `path`: libmpg123 for MPEG audio, libsndfile for everything else (each
  /// reader first checks that the file exists and is not empty).
  public static func open(_ path: String) throws(AudioFileError) -> any DecodedSource {
    if isMPEG(path) { return try MP3Reader(path: path) }
    do {
      return try SoundFileReader(path: path)
    } catch {
      // A format prep has no decoder for says so by name, with the conversion that fixes it.
      if case .unrecognised = error, let format = undecodedFormat(path) {
        throw .undecodedFormat(path: path, format: format)
      }
      throw error
    }
  }

  /// What a file prep cannot decode is, by its first bytes: the containers phones, recorders
  /// and editors write audio into that neither libsndfile nor libmpg123 reads.
  static func undecodedFormat(_ path: String) -> String? {
    guard let head = firstBytes(path, count: 12), head.count >= 4 else { return nil }
    if head.count >= 8 && head[4..<8].elementsEqual("ftyp".utf8) {
      return "an MP4/M4A file (usually AAC audio, as phones and many recorders write)"
    }
    if head.starts(with: "#!AMR".utf8) { return "an AMR file (phone voice audio)" }
    if head.starts(with: [0x30, 0x26, 0xB2, 0x75]) { return "a WMA/ASF file" }
    if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return "a WebM/Matroska file" }
    // ADTS: a 12-bit sync with layer 00 (MPEG audio layers are 01–11).
    if head[0] == 0xFF && head[1] & 0xF6 == 0xF0 { return "a raw AAC (ADTS) file" }
    return nil
  }

  /// MPEG audio by content (an ID3v2 tag or a frame sync at the start); by name only when
  /// the content says nothing. A FLAC, WAV or Ogg file named `.mp3` is read as what it is.
  static func isMPEG(_ path: String) -> Bool {
    let lower = path.lowercased()
    let named = lower.hasSuffix(".mp3") || lower.hasSuffix(".mp2")
    guard let head = firstBytes(path, count: 4), head.count == 4 else { return named }
    if head.starts(with: "ID3".utf8) { return true }
    // A frame sync (11 set bits) with layer III; RIFF/fLaC/OggS never start so.
    if head[0] == 0xFF && (head[1] & 0xE6) == 0xE2 { return true }
    let containers = ["RIFF", "RF64", "fLaC", "OggS", "FORM", "caff", "wvpk"]
    return containers.contains { head.elementsEqual($0.utf8) } ? false : named
  }

  /// The first `count` bytes of a regular file (fewer when it is shorter); nil when it is no
  /// regular file or cannot be read.
  static func firstBytes(_ path: String, count: Int) -> [UInt8]? {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let handle = FileHandle(forReadingAtPath: path)
    else { return nil }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: count) else { return [] }
    return [UInt8](head)
  }
}

/// A source that came from a file: it can say which file and which format.
public protocol DecodedSource: FrameSource {
  var path: String { get }
  var formatName: String { get }
}

extension SoundFileReader: DecodedSource {}
extension MP3Reader: DecodedSource {}

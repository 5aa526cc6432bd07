import CSndfile
import DSP
import Files
import Foundation

/// Decodes WAV, FLAC, Ogg Vorbis/Opus (and anything else libsndfile reads) in chunks.
///
/// Memory stays flat: one chunk of floats at a time. libsndfile converts every
/// integer format to floats in [−1, 1).
public final class SoundFileReader: FrameSource {
  public let path: String
  public let sampleRate: Int
  public let channelCount: Int
  public let frameCount: Int?
  /// A short name of the container and encoding, e.g. `wav/pcm16`, `flac/pcm24`, `ogg/opus`.
  public let formatName: String

  private var file: OpaquePointer?

  public init(path: String) throws(AudioFileError) {
    self.path = path
    try AudioFileCheck.existsAndNotEmpty(path)
    var info = SF_INFO()
    guard let handle = sf_open(path, Int32(SFM_READ), &info) else {
      throw .unrecognised(path: path, reason: String(cString: sf_strerror(nil)))
    }
    file = handle
    sampleRate = Int(info.samplerate)
    channelCount = Int(info.channels)
    frameCount = Int(info.frames)
    formatName = SoundFileFormatName.describe(info.format)
    if let declared = WAVHeader.declaredFrames(path: path), declared > Int(info.frames) {
      sf_close(handle)
      file = nil
      throw .truncated(
        path: path, declaredFrames: declared, presentFrames: Int(info.frames), sampleRate: sampleRate)
    }
  }

  deinit { if let file { sf_close(file) } }

  public func read(maxFrames: Int) throws -> AudioBuffer {
    guard let file, maxFrames > 0 else {
      return AudioBuffer(channelCount: channelCount, sampleRate: sampleRate)
    }
    // Decoded straight into the chunk's own storage: no scratch buffer to copy out of.
    let samples = [Float](unsafeUninitializedCapacity: maxFrames * channelCount) { pointer, count in
      count = Int(sf_readf_float(file, pointer.baseAddress, sf_count_t(maxFrames))) * channelCount
    }
    if samples.isEmpty, sf_error(file) != 0 {
      throw AudioFileError.corrupt(path: path, reason: String(cString: sf_strerror(file)))
    }
    return AudioBuffer(samples: samples, channelCount: channelCount, sampleRate: sampleRate)
  }
}

/// Checks every reader does before opening a file.
enum AudioFileCheck {
  static func existsAndNotEmpty(_ path: String) throws(AudioFileError) {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .missing(path: path) }
    if isFolder.boolValue { throw .notAFile(path: path) }
    var info = stat()
    if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG { throw .notAFile(path: path) }
    let size = FileSize.of(path) ?? 0
    if size == 0 { throw .empty(path: path) }
  }
}

/// Human names for libsndfile's format codes.
enum SoundFileFormatName {
  static func describe(_ format: Int32) -> String {
    let major: String =
      switch format & Int32(SF_FORMAT_TYPEMASK) {
      case Int32(SF_FORMAT_WAV): "wav"
      case Int32(SF_FORMAT_WAVEX): "wav"
      case Int32(SF_FORMAT_RF64): "rf64"
      case Int32(SF_FORMAT_W64): "w64"
      case Int32(SF_FORMAT_AIFF): "aiff"
      case Int32(SF_FORMAT_FLAC): "flac"
      case Int32(SF_FORMAT_OGG): "ogg"
      case Int32(SF_FORMAT_MPEG): "mpeg"
      default: "other"
      }
    let minor: String =
      switch format & Int32(SF_FORMAT_SUBMASK) {
      case Int32(SF_FORMAT_PCM_U8), Int32(SF_FORMAT_PCM_S8): "pcm8"
      case Int32(SF_FORMAT_PCM_16): "pcm16"
      case Int32(SF_FORMAT_PCM_24): "pcm24"
      case Int32(SF_FORMAT_PCM_32): "pcm32"
      case Int32(SF_FORMAT_FLOAT): "float32"
      case Int32(SF_FORMAT_DOUBLE): "float64"
      case Int32(SF_FORMAT_VORBIS): "vorbis"
      case Int32(SF_FORMAT_OPUS): "opus"
      case Int32(SF_FORMAT_MPEG_LAYER_III): "mp3"
      default: "other"
      }
    return "\(major)/\(minor)"
  }
}

import CSndfile
import DSP
import Files
import Foundation

/// Encodes frames to WAV, FLAC or Ogg Vorbis through libsndfile. Not Opus or MP3: prep writes
/// those with libopus and LAME itself (`OpusFileWriter`, `MP3FileWriter`, behind
/// `EncodedFileWriter`, the one writer the pipeline uses), for the encoders' speed settings and
/// streaming tags.
///
/// The file is written under a temporary name and appears under its real name
/// only in `finish()`. Encoder settings are applied before the first frame, as
/// libsndfile requires. Ogg files get a fixed stream serial number so that the
/// same input gives byte-identical files.
public final class SoundFileWriter: FrameSink {
  public let path: String
  public let format: EncodedFormat
  public let sampleRate: Int
  public let channelCount: Int
  /// Rewrites the finished file's bytes before it is committed (e.g. to add
  /// Vorbis-comment chapters); runs after the Ogg serial is fixed.
  public var postProcess: (@Sendable (inout [UInt8]) throws -> Void)?
  public private(set) var framesWritten = 0

  private var file: OpaquePointer?
  private let output: AtomicOutput

  public init(
    path: String, format: EncodedFormat, sampleRate: Int, channelCount: Int
  )
    throws(AudioFileError)
  {
    self.path = path
    self.format = format
    self.sampleRate = sampleRate
    self.channelCount = channelCount
    switch format {
    case .opus, .mp3:
      throw .unsupportedFormat(
        path: path, reason: "\(format) is written by OpusFileWriter or MP3FileWriter (EncodedFileWriter), not here")
    case .wav, .flac, .vorbis: break
    }
    if let rates = format.supportedSampleRates, !rates.contains(sampleRate) {
      throw .unsupportedFormat(
        path: path,
        reason: "\(format) cannot be written at \(sampleRate) Hz; resample to "
          + "\(format.outputSampleRate(for: sampleRate)) Hz first")
    }
    do { output = try AtomicOutput(path: path) } catch {
      throw .cannotCreate(path: path, reason: error.description)
    }
    var info = SF_INFO()
    info.samplerate = Int32(sampleRate)
    info.channels = Int32(channelCount)
    info.format = SoundFileWriter.code(for: format)
    guard sf_format_check(&info) != 0 else {
      throw .unsupportedFormat(
        path: path, reason: "libsndfile cannot write \(format) with \(channelCount) channels at \(sampleRate) Hz")
    }
    guard let handle = sf_open(output.temporaryPath, Int32(SFM_WRITE), &info) else {
      throw .cannotCreate(path: path, reason: String(cString: sf_strerror(nil)))
    }
    file = handle
    configure(handle)
  }

  deinit {
    if let file {
      sf_close(file)
      output.discard()
    }
  }

  public func write(_ buffer: AudioBuffer) throws {
    guard let file else { preconditionFailure("write after finish") }
    precondition(buffer.channelCount == channelCount, "writer expects \(channelCount) channels")
    precondition(buffer.sampleRate == sampleRate, "writer expects \(sampleRate) Hz")
    let frames = buffer.frameCount
    let written = buffer.samples.withUnsafeBufferPointer { pointer in
      Int(sf_writef_float(file, pointer.baseAddress, sf_count_t(frames)))
    }
    guard written == frames else {
      let reason = String(cString: sf_strerror(file))
      abandon()
      throw AudioFileError.writeFailed(path: path, reason: reason)
    }
    framesWritten += frames
  }

  public func finish() throws {
    guard let file else { return }
    self.file = nil
    guard sf_close(file) == 0 else {
      output.discard()
      throw AudioFileError.writeFailed(path: path, reason: "could not close the encoder")
    }
    do {
      try rewrite()
      try output.commit()
    } catch let error as AudioFileError {
      output.discard()
      throw error
    } catch {
      output.discard()
      throw AudioFileError.writeFailed(path: path, reason: "\(error)")
    }
  }

  /// Stops writing and removes the temporary file.
  public func abandon() {
    if let file { sf_close(file) }
    file = nil
    output.discard()
  }

  /// The changes made after the encoder closed, in one read and one write of the file: a fixed
  /// Ogg serial (so the bytes are reproducible), then `postProcess`.
  private func rewrite() throws {
    let ogg = if case .vorbis = format { true } else { false }
    guard ogg || postProcess != nil else { return }
    let url = URL(fileURLWithPath: output.temporaryPath)
    var bytes = [UInt8](try Data(contentsOf: url))
    if ogg { OggPages.setSerialNumber(&bytes, to: OggPages.fixedSerial) }
    try postProcess?(&bytes)
    try Data(bytes).write(to: url)
  }

  private func configure(_ handle: OpaquePointer) {
    switch format {
    case .wav(let pcm), .flac(let pcm):
      if pcm != .float32 { _ = prep_sf_set_int(handle, Int32(SFC_SET_CLIPPING), 1) }
    case .opus, .mp3:
      break  // refused in init
    case .vorbis(let quality):
      _ = prep_sf_set_double(handle, Int32(SFC_SET_VBR_ENCODING_QUALITY), quality)
    }
  }

  static func code(for format: EncodedFormat) -> Int32 {
    func pcm(_ pcm: EncodedFormat.PCM) -> Int32 {
      switch pcm {
      case .int16: Int32(SF_FORMAT_PCM_16)
      case .int24: Int32(SF_FORMAT_PCM_24)
      case .float32: Int32(SF_FORMAT_FLOAT)
      }
    }
    switch format {
    case .wav(let p): return Int32(SF_FORMAT_WAV) | pcm(p)
    case .flac(let p): return Int32(SF_FORMAT_FLAC) | pcm(p == .float32 ? .int24 : p)
    case .mp3: return Int32(SF_FORMAT_MPEG) | Int32(SF_FORMAT_MPEG_LAYER_III)
    case .opus: return Int32(SF_FORMAT_OGG) | Int32(SF_FORMAT_OPUS)
    case .vorbis: return Int32(SF_FORMAT_OGG) | Int32(SF_FORMAT_VORBIS)
    }
  }
}

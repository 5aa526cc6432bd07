import CSndfile
import DSP
import Files
import Foundation

/// Encodes frames to WAV, FLAC, MP3 (LAME) or Ogg Vorbis through libsndfile. Not Opus: prep
/// writes Opus with libopus itself (`OpusFileWriter`, behind `EncodedFileWriter`, the one
/// writer the pipeline uses), for the complexity setting and streaming tags.
///
/// The file is written under a temporary name and appears under its real name
/// only in `finish()`. Encoder settings are applied before the first frame, as
/// libsndfile requires. Ogg files get a fixed stream serial number so that the
/// same input gives byte-identical files. An MP3 may be given an ID3v2 tag
/// (`id3Tag`), which is put in front of the audio at `finish()`.
public final class SoundFileWriter: FrameSink {
  public let path: String
  public let format: EncodedFormat
  public let sampleRate: Int
  public let channelCount: Int
  /// Bytes to put before the MP3 stream (a complete ID3v2 tag); MP3 only.
  public var id3Tag: [UInt8]?
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
    if case .opus = format {
      throw .unsupportedFormat(path: path, reason: "Opus is written by OpusFileWriter (EncodedFileWriter), not here")
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
  /// Ogg serial (so the bytes are reproducible), the ID3 tag of an MP3, then `postProcess`.
  private func rewrite() throws {
    var ogg = false
    var tag: [UInt8]?
    switch format {
    case .vorbis: ogg = true
    case .mp3: tag = id3Tag
    case .wav, .flac, .opus: break
    }
    guard ogg || tag != nil || postProcess != nil else { return }
    if !ogg, postProcess == nil, let tag { return try prepend(tag) }
    let url = URL(fileURLWithPath: output.temporaryPath)
    var bytes = [UInt8](try Data(contentsOf: url))
    if ogg { OggPages.setSerialNumber(&bytes, to: OggPages.fixedSerial) }
    if let tag { bytes.insert(contentsOf: tag, at: 0) }
    try postProcess?(&bytes)
    try Data(bytes).write(to: url)
  }

  /// Puts `tag` before the encoded bytes, copying them in 1 MB pieces (a long file is never
  /// held whole): the tag and the copy go to a second temporary file, renamed over the first.
  private func prepend(_ tag: [UInt8]) throws {
    let source = output.temporaryPath
    let target = source + ".tagged"
    guard FileManager.default.createFile(atPath: target, contents: Data(tag)) else {
      throw AudioFileError.writeFailed(path: path, reason: "could not write the tag")
    }
    do {
      let input = try FileHandle(forReadingFrom: URL(fileURLWithPath: source))
      defer { try? input.close() }
      let out = try FileHandle(forWritingTo: URL(fileURLWithPath: target))
      defer { try? out.close() }
      try out.seekToEnd()
      while let piece = try input.read(upToCount: 1 << 20), !piece.isEmpty { try out.write(contentsOf: piece) }
    } catch {
      unlink(target)
      throw AudioFileError.writeFailed(path: path, reason: "\(error)")
    }
    guard rename(target, source) == 0 else {
      unlink(target)
      throw AudioFileError.writeFailed(path: path, reason: String(cString: strerror(errno)))
    }
  }

  private func configure(_ handle: OpaquePointer) {
    switch format {
    case .wav(let pcm), .flac(let pcm):
      if pcm != .float32 { _ = prep_sf_set_int(handle, Int32(SFC_SET_CLIPPING), 1) }
    case .mp3(let mode):
      // libsndfile maps compression c to LAME: CBR bitrate = top − c·(top − bottom),
      // truncated to an integer; VBR quality = 10·c (mpeg_l3_encode.c).
      switch mode {
      case .constant(let kbps):
        let (top, bottom): (Double, Double) =
          sampleRate >= 32_000 ? (320, 32) : sampleRate >= 16_000 ? (160, 8) : (64, 8)
        let level = (top - Double(kbps) - 0.5) / (top - bottom)
        _ = prep_sf_set_int(handle, Int32(SFC_SET_BITRATE_MODE), Int32(SF_BITRATE_MODE_CONSTANT))
        _ = prep_sf_set_double(handle, Int32(SFC_SET_COMPRESSION_LEVEL), min(max(level, 0), 1))
      case .variable(let quality):
        _ = prep_sf_set_int(handle, Int32(SFC_SET_BITRATE_MODE), Int32(SF_BITRATE_MODE_VARIABLE))
        _ = prep_sf_set_double(handle, Int32(SFC_SET_COMPRESSION_LEVEL), Double(quality) / 10 + 0.001)
      }
    case .opus:
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

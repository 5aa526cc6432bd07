import CLame
import DSP
import Files
import Foundation

/// Encodes frames to MP3 with LAME, as a stream: `write` takes blocks of any size and frames go
/// to disk as LAME makes them.
///
/// The settings are libsndfile's (which wrote prep's MP3s before, and still is the test's
/// reference: at `quality` 3, LAME's default, the bytes are the same): input and output at the
/// audio's rate, constant bitrate or LAME's VBR at a quality 0…9, LAME's own channel mode, no
/// ID3 tag from LAME, and the LAME/Info tag (frame count, encoder delay and padding, which
/// gapless decoders trim) written over the first frame at the end. What libsndfile does not
/// offer is LAME's algorithm quality (`lame -q`): 0 (slowest) … 9 (fastest). Its cost and what it
/// does to quality are in bench/render/README.md; the render's default is `Defaults.mp3Quality`.
///
/// An ID3v2 tag (`id3Tag`, may be set until `finish()`) goes in front of the audio. The file is
/// written under a temporary name and appears under its own only in `finish()`.
public final class MP3FileWriter: FrameSink {
  public let path: String
  public let sampleRate: Int
  public let channelCount: Int
  /// Bytes to put before the MP3 stream (a complete ID3v2 tag).
  public var id3Tag: [UInt8]?
  public private(set) var framesWritten = 0

  public static let qualityRange = 0...9

  private var lame: OpaquePointer?
  private var file: UnsafeMutablePointer<FILE>?
  private let output: AtomicOutput
  private var encoded: [UInt8]

  public init(
    path: String, sampleRate: Int, channelCount: Int, mode: EncodedFormat.MP3Mode, quality: Int
  ) throws(AudioFileError) {
    self.path = path
    self.sampleRate = sampleRate
    self.channelCount = channelCount
    guard (1...2).contains(channelCount) else {
      throw .unsupportedFormat(path: path, reason: "MP3 is written mono or stereo, not \(channelCount) channels")
    }
    guard EncodedFormat.mpegSampleRates.contains(sampleRate) else {
      throw .unsupportedFormat(
        path: path,
        reason: "MP3 cannot be written at \(sampleRate) Hz; resample to "
          + "\(EncodedFormat.mp3(mode).outputSampleRate(for: sampleRate)) Hz first")
    }
    guard MP3FileWriter.qualityRange.contains(quality) else {
      throw .unsupportedFormat(
        path: path, reason: "MP3 quality \(quality) is outside 0…9; give 0 (slowest) … 9 (fastest)")
    }
    // LAME's advice for the output of one call: 1.25 × samples + 7,200 bytes.
    encoded = [UInt8](repeating: 0, count: 7_200)
    do { output = try AtomicOutput(path: path) } catch {
      throw .cannotCreate(path: path, reason: error.description)
    }
    guard let file = fopen(output.temporaryPath, "wb") else {
      throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
    self.file = file
    guard
      let lame = MP3FileWriter.encoder(sampleRate: sampleRate, channelCount: channelCount, mode: mode, quality: quality)
    else {
      abandon()
      throw .unsupportedFormat(path: path, reason: "LAME refused \(EncodedFormat.mp3(mode)) at \(sampleRate) Hz")
    }
    self.lame = lame
  }

  /// A LAME encoder with these settings (libsndfile's, and `quality`); nil if LAME refuses them.
  private static func encoder(
    sampleRate: Int, channelCount: Int, mode: EncodedFormat.MP3Mode, quality: Int
  ) -> OpaquePointer? {
    guard let lame = lame_init() else { return nil }
    _ = lame_set_in_samplerate(lame, Int32(sampleRate))
    _ = lame_set_out_samplerate(lame, Int32(sampleRate))
    _ = lame_set_num_channels(lame, Int32(channelCount))
    lame_set_write_id3tag_automatic(lame, 0)
    _ = lame_set_quality(lame, Int32(quality))
    switch mode {
    case .constant(let kbps):
      _ = lame_set_VBR(lame, vbr_off)
      _ = lame_set_brate(lame, Int32(kbps))
    case .variable(let vbrQuality):
      _ = lame_set_VBR(lame, vbr_default)
      _ = lame_set_VBR_quality(lame, Float(vbrQuality))
    }
    guard lame_init_params(lame) >= 0 else {
      lame_close(lame)
      return nil
    }
    return lame
  }

  deinit { abandon() }

  public func write(_ buffer: AudioBuffer) throws {
    guard let lame else { preconditionFailure("write after finish") }
    precondition(buffer.channelCount == channelCount, "writer expects \(channelCount) channels")
    precondition(buffer.sampleRate == sampleRate, "writer expects \(sampleRate) Hz")
    let frames = buffer.frameCount
    guard frames > 0 else { return }
    let needed = frames + frames / 4 + 7_200
    if encoded.count < needed { encoded = [UInt8](repeating: 0, count: needed) }
    let channels = channelCount
    let count = buffer.samples.withUnsafeBufferPointer { pcm in
      encoded.withUnsafeMutableBufferPointer { out in
        channels == 1
          ? lame_encode_buffer_ieee_float(lame, pcm.baseAddress, nil, Int32(frames), out.baseAddress, Int32(out.count))
          : lame_encode_buffer_interleaved_ieee_float(
            lame, pcm.baseAddress, Int32(frames), out.baseAddress, Int32(out.count))
      }
    }
    guard count >= 0 else { throw fail("LAME failed (\(count))") }
    try put(Int(count))
    framesWritten += frames
  }

  /// Flushes LAME, writes the LAME/Info tag over the first frame, puts the ID3 tag in front and
  /// shows the file.
  public func finish() throws {
    guard let lame else { return }
    let rest = encoded.withUnsafeMutableBufferPointer { lame_encode_flush(lame, $0.baseAddress, Int32($0.count)) }
    guard rest >= 0 else { throw fail("LAME failed to flush (\(rest))") }
    try put(Int(rest))
    let tagSize = lame_get_lametag_frame(lame, nil, 0)
    if tagSize > 0 {
      var tag = [UInt8](repeating: 0, count: tagSize)
      _ = lame_get_lametag_frame(lame, &tag, tagSize)
      guard fseek(file, 0, SEEK_SET) == 0, fwrite(tag, 1, tagSize, file) == tagSize else {
        throw fail("could not write the LAME tag: " + String(cString: strerror(errno)))
      }
    }
    lame_close(lame)
    self.lame = nil
    let closed = fclose(file) == 0
    file = nil
    guard closed else {
      output.discard()
      throw AudioFileError.writeFailed(
        path: path, reason: "could not close the file: " + String(cString: strerror(errno)))
    }
    do {
      if let id3Tag { try FilePrefix.put(id3Tag, before: output.temporaryPath, reportingAs: path) }
      try output.commit()
    } catch {
      output.discard()
      throw error as? AudioFileError ?? AudioFileError.writeFailed(path: path, reason: "\(error)")
    }
  }

  /// Stops writing and removes the temporary file.
  public func abandon() {
    if let lame { lame_close(lame) }
    lame = nil
    if let file {
      fclose(file)
      output.discard()
    }
    file = nil
  }

  /// Writes the first `count` bytes of `encoded`.
  private func put(_ count: Int) throws {
    guard count > 0 else { return }
    let written = encoded.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, count, file) }
    guard written == count else { throw fail(String(cString: strerror(errno))) }
  }

  /// Abandons the file and says why.
  private func fail(_ reason: String) -> AudioFileError {
    abandon()
    return .writeFailed(path: path, reason: reason)
  }
}

/// Puts bytes in front of a file, copying it in 1 MB pieces (a long file is never held whole):
/// the bytes and the copy go to a second temporary file, renamed over the first.
enum FilePrefix {
  static func put(_ prefix: [UInt8], before source: String, reportingAs path: String) throws {
    let target = source + ".tagged"
    guard FileManager.default.createFile(atPath: target, contents: Data(prefix)) else {
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
}

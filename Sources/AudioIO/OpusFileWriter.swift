import COpus
import DSP
import Files
import Foundation

/// Encodes frames to Ogg Opus with libopus, as a stream: `write` takes blocks of any size,
/// pages go to disk as they fill, and memory stays flat however long the audio.
///
/// 20 ms packets, `kbpsPerChannel` × channels bit/s in libopus's (constrained) VBR, 24-bit
/// input depth, and the given complexity 0…10 (encode speed against quality; the render's
/// default and its measured cost are in bench/render/README.md). Pre-skip is the encoder's
/// lookahead (OPUS_GET_LOOKAHEAD); the stream is padded with silence until the encoder has
/// seen pre-skip + frames samples and the last page's granule position trims the padding, so
/// a decoder returns exactly the frames written. Audio at another rate than 48 kHz is
/// resampled (libsamplerate) on the way in: a decoder then returns round(frames · 48000 / rate)
/// frames. Pages carry `OggPages.fixedSerial`, so the same input gives the same bytes. The
/// file is written under a temporary name and appears under its own only in `finish()`.
///
/// The tags (`comments`) go into the OpusTags header at the start; changed before `finish()`,
/// the header pages are written again in front of the audio pages (`OpusHeaderSwap`), so the
/// file is the one it would have been with those tags from the start.
public final class OpusFileWriter: FrameSink {
  public let path: String
  public let sampleRate: Int
  public let channelCount: Int
  /// Frames given to `write`, at `sampleRate`.
  public private(set) var framesWritten = 0
  /// The file's tags; may be changed until `finish()`.
  public var comments: VorbisComments

  /// Samples per channel in one 20 ms packet at 48 kHz.
  public static let packetFrames = 960
  public static let complexityRange = 0...10
  /// Opus codes nothing above 20 kHz (its fullband ends there): a resampler feeding it need
  /// not keep the band above clean.
  public static let codedBelowHz = 20_000.0

  private var encoder: OpaquePointer?
  private var file: UnsafeMutablePointer<FILE>?
  private let output: AtomicOutput
  private var pages = OpusPages()
  private var resampler: Resampler?
  private let preSkip: Int
  private let head: [UInt8]
  private let vendor = String(cString: opus_get_version_string())
  /// The comments in the header pages written at the start, those pages' count and bytes.
  private let headerComments: VorbisComments
  private var headerPages = 0
  private var headerBytes = 0
  /// One packet's input, interleaved; `filled` frames of it are set.
  private var frame: [Float]
  private var filled = 0
  /// Frames at 48 kHz handed to the encoder, padding excluded.
  private var encoderFrames = 0
  private var packet = [UInt8](repeating: 0, count: 4_000)

  public init(
    path: String, sampleRate: Int, channelCount: Int, kbpsPerChannel: Int, complexity: Int,
    comments: VorbisComments
  ) throws(AudioFileError) {
    self.path = path
    self.sampleRate = sampleRate
    self.channelCount = channelCount
    self.comments = comments
    headerComments = comments
    guard (1...2).contains(channelCount) else {
      throw .unsupportedFormat(path: path, reason: "Opus is written mono or stereo, not \(channelCount) channels")
    }
    guard OpusFileWriter.complexityRange.contains(complexity) else {
      throw .unsupportedFormat(
        path: path, reason: "Opus complexity \(complexity) is outside 0…10; give 0 (fastest) … 10 (best)")
    }
    frame = [Float](repeating: 0, count: OpusFileWriter.packetFrames * channelCount)
    if sampleRate != 48_000 {
      resampler = Resampler(
        from: sampleRate, to: 48_000, channelCount: channelCount, keptBelowHz: OpusFileWriter.codedBelowHz)
    }
    var error: Int32 = 0
    guard let encoder = opus_encoder_create(48_000, Int32(channelCount), OPUS_APPLICATION_AUDIO, &error),
      error == OPUS_OK
    else { throw .cannotCreate(path: path, reason: "libopus: " + String(cString: opus_strerror(error))) }
    self.encoder = encoder
    var lookahead: Int32 = 0
    let settings = [
      prep_opus_set_bitrate(encoder, Int32(kbpsPerChannel * 1_000 * channelCount)),
      prep_opus_set_vbr(encoder, 1, 1), prep_opus_set_complexity(encoder, Int32(complexity)),
      prep_opus_set_lsb_depth(encoder, 24), prep_opus_get_lookahead(encoder, &lookahead),
    ]
    preSkip = Int(lookahead)
    head = OpusHeaders.head(channelCount: channelCount, preSkip: preSkip, inputSampleRate: sampleRate)
    if let failed = settings.first(where: { $0 != OPUS_OK }) {
      opus_encoder_destroy(encoder)
      self.encoder = nil
      throw .unsupportedFormat(
        path: path, reason: "libopus refused a setting: " + String(cString: opus_strerror(failed)))
    }
    do { output = try AtomicOutput(path: path) } catch {
      opus_encoder_destroy(encoder)
      self.encoder = nil
      throw .cannotCreate(path: path, reason: error.description)
    }
    guard let file = fopen(output.temporaryPath, "wb") else {
      opus_encoder_destroy(encoder)
      self.encoder = nil
      throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
    self.file = file
    let header = pages.headers(head: head, tags: OpusHeaders.tags(vendor: vendor, comments: comments))
    (headerPages, headerBytes) = (pages.pageCount, header.count)
    try put(header)
  }

  deinit { abandon() }

  public func write(_ buffer: AudioBuffer) throws {
    guard encoder != nil else { preconditionFailure("write after finish") }
    precondition(buffer.channelCount == channelCount, "writer expects \(channelCount) channels")
    precondition(buffer.sampleRate == sampleRate, "writer expects \(sampleRate) Hz")
    framesWritten += buffer.frameCount
    if var resampler {
      var resampled = AudioBuffer(channelCount: channelCount, sampleRate: 48_000)
      resampler.process(buffer, into: &resampled)
      self.resampler = resampler
      try feed(resampled.samples)
    } else {
      try feed(buffer.samples)
    }
  }

  /// Encodes what is left, pads to pre-skip + frames, writes the last page and shows the file.
  public func finish() throws {
    guard encoder != nil else { return }
    if var resampler {
      var rest = AudioBuffer(channelCount: channelCount, sampleRate: 48_000)
      resampler.flush(into: &rest)
      self.resampler = nil
      try feed(rest.samples)
    }
    let end = preSkip + encoderFrames
    repeat {
      for i in (filled * channelCount)..<frame.count { frame[i] = 0 }
      try encodeFrame()
    } while pages.granule < end
    try put(pages.finish(finalGranule: end))
    if let encoder { opus_encoder_destroy(encoder) }
    encoder = nil
    let closed = fclose(file) == 0
    file = nil
    guard closed else {
      output.discard()
      throw fail("could not close the file: " + String(cString: strerror(errno)))
    }
    do {
      if comments != headerComments {
        var fresh = OpusPages()
        let header = fresh.headers(head: head, tags: OpusHeaders.tags(vendor: vendor, comments: comments))
        try OpusHeaderSwap.replace(
          headerOf: output.temporaryPath, oldHeaderBytes: headerBytes, pageShift: fresh.pageCount - headerPages,
          with: header, reportingAs: path)
      }
      try output.commit()
    } catch {
      output.discard()
      throw error as? AudioFileError ?? fail("\(error)")
    }
  }

  /// Stops writing and removes the temporary file.
  public func abandon() {
    if let encoder { opus_encoder_destroy(encoder) }
    encoder = nil
    if let file {
      fclose(file)
      output.discard()
    }
    file = nil
  }

  /// Interleaved 48 kHz samples into packets.
  private func feed(_ samples: [Float]) throws {
    encoderFrames += samples.count / channelCount
    var offset = 0
    while offset < samples.count {
      let take = min(samples.count - offset, (OpusFileWriter.packetFrames - filled) * channelCount)
      let start = filled * channelCount
      frame.replaceSubrange(start..<(start + take), with: samples[offset..<(offset + take)])
      filled += take / channelCount
      offset += take
      if filled == OpusFileWriter.packetFrames { try encodeFrame() }
    }
  }

  private func encodeFrame() throws {
    guard let encoder else { preconditionFailure("encode after finish") }
    let count = frame.withUnsafeBufferPointer { pcm in
      packet.withUnsafeMutableBufferPointer { out in
        guard let input = pcm.baseAddress, let output = out.baseAddress else { return Int32(OPUS_BAD_ARG) }
        return opus_encode_float(encoder, input, Int32(OpusFileWriter.packetFrames), output, Int32(out.count))
      }
    }
    guard count > 0 else { throw fail("libopus: " + String(cString: opus_strerror(count))) }
    filled = 0
    try put(pages.append(Array(packet[0..<Int(count)]), samples: OpusFileWriter.packetFrames))
  }

  private func put(_ bytes: [UInt8]) throws(AudioFileError) {
    guard !bytes.isEmpty else { return }
    let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    guard written == bytes.count else { throw fail(String(cString: strerror(errno))) }
  }

  /// Abandons the file and says why.
  private func fail(_ reason: String) -> AudioFileError {
    abandon()
    return .writeFailed(path: path, reason: reason)
  }
}

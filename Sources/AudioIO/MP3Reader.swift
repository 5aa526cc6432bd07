import CMpg123
import DSP
import Files

/// Decodes MP3 with libmpg123, gapless and sample-exact.
///
/// `mpg123_scan` walks the whole file once so the length is exact even without
/// a LAME/Xing info frame; with one, encoder delay and padding are removed
/// (MPG123_GAPLESS, on by default). Resync after damage is turned off so that
/// garbage in the middle is reported, not silently skipped.
public final class MP3Reader: FrameSource {
  public let path: String
  public private(set) var sampleRate: Int = 0
  public private(set) var channelCount: Int = 0
  public let frameCount: Int?
  public let formatName = "mpeg/mp3"

  private var handle: OpaquePointer?
  private var framesRead = 0

  public init(path: String) throws(AudioFileError) {
    self.path = path
    try AudioFileCheck.existsAndNotEmpty(path)
    var error: Int32 = 0
    guard let handle = mpg123_new(nil, &error) else {
      throw .unrecognised(path: path, reason: "libmpg123 could not start")
    }
    self.handle = handle
    prep_mpg123_flag(handle, Int(MPG123_QUIET.rawValue) | Int(MPG123_NO_RESYNC.rawValue))
    mpg123_format_none(handle)
    for rate in EncodedFormat.mpegSampleRates {
      mpg123_format(
        handle, rate, Int32(MPG123_MONO.rawValue | MPG123_STEREO.rawValue),
        Int32(MPG123_ENC_FLOAT_32.rawValue))
    }
    guard prep_mpg123_open_buffered(handle, path) == MPG123_OK.rawValue else {
      let reason = String(cString: mpg123_strerror(handle))
      mpg123_delete(handle)
      self.handle = nil
      throw .unrecognised(path: path, reason: reason)
    }
    var rate = 0
    var channels: Int32 = 0
    var encoding: Int32 = 0
    let scanned = mpg123_scan(handle)
    guard scanned == MPG123_OK.rawValue,
      mpg123_getformat(handle, &rate, &channels, &encoding) == MPG123_OK.rawValue
    else {
      let reason = String(cString: mpg123_strerror(handle))
      mpg123_delete(handle)
      self.handle = nil
      throw .unrecognised(path: path, reason: "no MPEG audio frames found: \(reason)")
    }
    sampleRate = rate
    channelCount = Int(channels)
    let length = Int(mpg123_length(handle))
    frameCount = length >= 0 ? length : nil
    // Encoder delay and padding are under two MPEG frames; a shorter stream in a file smaller
    // than the tag says was cut (one of full size with fewer frames is damaged: reported on decoding).
    if let declared = MP3InfoTag.declared(path: path), length >= 0, length + 2 * 1_152 + 1_105 < declared.frames,
      (FileSize.of(path) ?? 0) < (declared.bytes ?? .max)
    {
      mpg123_close(handle)
      mpg123_delete(handle)
      self.handle = nil
      throw .truncated(path: path, declaredFrames: declared.frames, presentFrames: length, sampleRate: rate)
    }
  }

  deinit {
    if let handle {
      mpg123_close(handle)
      mpg123_delete(handle)
    }
  }

  public func read(maxFrames: Int) throws -> AudioBuffer {
    guard let handle, maxFrames > 0 else { return empty }
    let wanted = maxFrames * channelCount
    var broken: Int32?
    // Decoded straight into the chunk's own storage: no scratch buffer to copy out of.
    var samples = [Float](unsafeUninitializedCapacity: wanted) { pointer, count in
      var filled = 0
      guard let base = pointer.baseAddress else {
        count = 0
        return
      }
      while filled < wanted {
        var done = 0
        let status = mpg123_read(
          handle, UnsafeMutableRawPointer(base + filled),
          (wanted - filled) * MemoryLayout<Float>.size, &done)
        filled += done / MemoryLayout<Float>.size
        if status == MPG123_DONE.rawValue { break }
        if status == MPG123_NEW_FORMAT.rawValue || status == MPG123_OK.rawValue { continue }
        broken = status
        break
      }
      count = filled
    }
    if broken != nil {
      let seconds = Double(framesRead + samples.count / max(channelCount, 1)) / Double(max(sampleRate, 1))
      throw AudioFileError.corrupt(
        path: path,
        reason: "MP3 stream broken near \(Int(seconds)) s: \(String(cString: mpg123_strerror(handle)))")
    }
    let frames = samples.count / channelCount
    samples.removeLast(samples.count - frames * channelCount)
    framesRead += frames
    return AudioBuffer(samples: samples, channelCount: channelCount, sampleRate: sampleRate)
  }

  private var empty: AudioBuffer {
    AudioBuffer(channelCount: max(channelCount, 1), sampleRate: max(sampleRate, 1))
  }
}

import DSP

/// The one writer of encoded files: Ogg Opus through libopus (`OpusFileWriter`: streaming,
/// `opusComplexity`, any input rate resampled to 48 kHz), MP3 through LAME (`MP3FileWriter`:
/// `mp3Quality`), WAV, FLAC and Vorbis through libsndfile (`SoundFileWriter`), with the same
/// tags for all: ID3v2.4 for MP3, Vorbis comments for FLAC, Opus and Vorbis, none for WAV
/// (`FileTags`).
///
/// `tags` may be set or changed until `finish()`, so a writer whose chapter marks are known
/// only once the audio has gone through (the narration-only render maps its labels through
/// the stretch) tags the file the same way as one that knew them from the start. The file
/// appears under `path` only in `finish()`; `abandon()` leaves nothing.
public final class EncodedFileWriter: FrameSink {
  public let path: String
  public let format: EncodedFormat
  public let sampleRate: Int
  public let channelCount: Int
  public var tags: FileTags?

  private enum Backend {
    case opus(OpusFileWriter)
    case mp3(MP3FileWriter)
    case sndfile(SoundFileWriter)
  }
  private let backend: Backend

  public init(
    path: String, format: EncodedFormat, sampleRate: Int, channelCount: Int, tags: FileTags? = nil,
    opusComplexity: Int, mp3Quality: Int
  ) throws(AudioFileError) {
    self.path = path
    self.format = format
    self.sampleRate = sampleRate
    self.channelCount = channelCount
    self.tags = tags
    if case .opus(let kbps) = format {
      backend = .opus(
        try OpusFileWriter(
          path: path, sampleRate: sampleRate, channelCount: channelCount, kbpsPerChannel: kbps,
          complexity: opusComplexity, comments: tags?.vorbisComments ?? VorbisComments()))
    } else if case .mp3(let mode) = format {
      backend = .mp3(
        try MP3FileWriter(
          path: path, sampleRate: sampleRate, channelCount: channelCount, mode: mode, quality: mp3Quality))
    } else {
      backend = .sndfile(
        try SoundFileWriter(path: path, format: format, sampleRate: sampleRate, channelCount: channelCount))
    }
  }

  /// Writes one whole file: `feed` writes the audio, then the file appears with `tags`; if
  /// anything throws, nothing is left under `path`.
  public static func write(
    path: String, format: EncodedFormat, sampleRate: Int, channelCount: Int, tags: FileTags? = nil,
    opusComplexity: Int, mp3Quality: Int, feed: (EncodedFileWriter) throws -> Void
  ) throws {
    let writer = try EncodedFileWriter(
      path: path, format: format, sampleRate: sampleRate, channelCount: channelCount, tags: tags,
      opusComplexity: opusComplexity, mp3Quality: mp3Quality)
    do {
      try feed(writer)
      try writer.finish()
    } catch {
      writer.abandon()
      throw error
    }
  }

  /// Whether `format` can be written from audio at `sampleRate` (Opus: any rate, resampled).
  public static func accepts(_ format: EncodedFormat, sampleRate: Int) -> Bool {
    if case .opus = format { return true }
    return format.supportedSampleRates?.contains(sampleRate) ?? true
  }

  public func write(_ buffer: AudioBuffer) throws {
    switch backend {
    case .opus(let writer): try writer.write(buffer)
    case .mp3(let writer): try writer.write(buffer)
    case .sndfile(let writer): try writer.write(buffer)
    }
  }

  /// Applies the tags and makes the file appear.
  public func finish() throws {
    switch backend {
    case .opus(let writer):
      writer.comments = tags?.vorbisComments ?? VorbisComments()
      try writer.finish()
    case .mp3(let writer):
      writer.id3Tag = tags?.id3Tag.bytes
      try writer.finish()
    case .sndfile(let writer):
      if let tags {
        switch format {
        case .flac, .vorbis:
          let comments = tags.vorbisComments
          let path = path
          writer.postProcess = { bytes in try comments.insert(into: &bytes, path: path) }
        case .wav, .opus, .mp3: break
        }
      }
      try writer.finish()
    }
  }

  /// Stops writing and removes the temporary file.
  public func abandon() {
    switch backend {
    case .opus(let writer): writer.abandon()
    case .mp3(let writer): writer.abandon()
    case .sndfile(let writer): writer.abandon()
    }
  }
}

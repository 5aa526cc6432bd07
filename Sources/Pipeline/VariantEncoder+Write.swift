import AudioIO
import DSP
import Foundation

/// Tags and chapter marks for one encoded file.
struct FileTags: Sendable {
  var title: String?
  var artist: String?
  var album: String?
  var track: String?
  /// Software and settings, for ID3 `TSSE`.
  var encoder: String?
  var chapters: [ChapterMark] = []
  /// The table of contents' title (ID3 `CTOC`), usually the chapter title.
  var tableOfContentsTitle: String?

  /// The tags as Vorbis comments (FLAC, Ogg Opus, Ogg Vorbis).
  var vorbisComments: VorbisComments {
    VorbisComments(title: title, artist: artist, album: album, trackNumber: track, chapters: chapters)
  }
}

extension VariantEncoder {
  /// Writes `audio` to `path` (replacing it) with tags: ID3v2.4 for MP3, Vorbis comments for
  /// FLAC/Opus/Vorbis, none for WAV. Returns the true peak of what was written (dBTP) when
  /// `measuringPeak`, else −∞.
  @discardableResult
  func write(
    _ audio: AudioStream, format: EncodedFormat, to path: String, tags: FileTags?, measuringPeak: Bool = false
  ) throws -> Double {
    var meter = measuringPeak ? TruePeakMeter(channelCount: audio.channelCount, sampleRate: audio.sampleRate) : nil
    if case .opus(let kbps) = format {  // libopus directly (OpusFileWriter): the complexity knob
      let comments = tags?.vorbisComments ?? VorbisComments()
      let writer = try OpusFileWriter(
        path: path, sampleRate: audio.sampleRate, channelCount: audio.channelCount, kbpsPerChannel: kbps,
        complexity: opusComplexity, comments: comments)
      return try Self.pump(audio, meter: &meter, write: writer.write, finish: writer.finish, abandon: writer.abandon)
    }
    let writer = try SoundFileWriter(
      path: path, format: format, sampleRate: audio.sampleRate, channelCount: audio.channelCount)
    if let tags {
      switch format {
      case .mp3:
        writer.id3Tag =
          ID3Tag(
            title: tags.title, artist: tags.artist, album: tags.album, track: tags.track,
            encoderSettings: tags.encoder, chapters: tags.chapters,
            tableOfContentsTitle: tags.tableOfContentsTitle
          ).bytes
      case .flac, .opus, .vorbis:
        let comments = tags.vorbisComments
        writer.postProcess = { bytes in try comments.insert(into: &bytes, path: path) }
      case .wav:
        break
      }
    }
    return try Self.pump(audio, meter: &meter, write: writer.write, finish: writer.finish, abandon: writer.abandon)
  }

  /// Feeds every chunk to a writer (and the meter), then finishes it; abandons it on failure.
  private static func pump(
    _ audio: AudioStream, meter: inout TruePeakMeter?, write: (AudioBuffer) throws -> Void,
    finish: () throws -> Void, abandon: () -> Void
  ) throws -> Double {
    do {
      try audio.forEachChunk { chunk in
        meter?.add(chunk)
        try write(chunk)
      }
      try finish()
      return meter?.peakDBTP ?? -.infinity
    } catch {
      abandon()
      throw error
    }
  }
}

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
}

extension VariantEncoder {
  /// Writes `audio` to `path` (replacing it) with tags: ID3v2.4 for MP3, Vorbis comments for
  /// FLAC/Opus/Vorbis, none for WAV.
  func write(_ audio: AudioBuffer, format: EncodedFormat, to path: String, tags: FileTags?) throws {
    if case .opus(let kbps) = format {  // libopus directly (OpusFileWriter): the complexity knob
      let comments = VorbisComments(
        title: tags?.title, artist: tags?.artist, album: tags?.album, trackNumber: tags?.track,
        chapters: tags?.chapters ?? [])
      try OpusFileWriter.write(audio, to: path, kbpsPerChannel: kbps, complexity: opusComplexity, comments: comments)
      return
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
        let comments = VorbisComments(
          title: tags.title, artist: tags.artist, album: tags.album, trackNumber: tags.track,
          chapters: tags.chapters)
        writer.postProcess = { bytes in try comments.insert(into: &bytes, path: path) }
      case .wav:
        break
      }
    }
    do {
      try audio.forEachChunk { try writer.write($0) }
      try writer.finish()
    } catch {
      writer.abandon()
      throw error
    }
  }
}

/// Tags and chapter marks for one encoded file, whatever its format: ID3v2.4 for MP3 (`id3Tag`),
/// Vorbis comments for FLAC, Ogg Opus and Ogg Vorbis (`vorbisComments`), none for WAV.
public struct FileTags: Sendable, Equatable {
  public var title: String?
  public var artist: String?
  public var album: String?
  public var track: String?
  /// Software and settings, for ID3 `TSSE`.
  public var encoder: String?
  public var chapters: [ChapterMark]
  /// The table of contents' title (ID3 `CTOC`), usually the chapter title.
  public var tableOfContentsTitle: String?

  public init(
    title: String? = nil, artist: String? = nil, album: String? = nil, track: String? = nil, encoder: String? = nil,
    chapters: [ChapterMark] = [], tableOfContentsTitle: String? = nil
  ) {
    self.title = title
    self.artist = artist
    self.album = album
    self.track = track
    self.encoder = encoder
    self.chapters = chapters
    self.tableOfContentsTitle = tableOfContentsTitle
  }

  /// The tags as Vorbis comments (FLAC, Ogg Opus, Ogg Vorbis).
  public var vorbisComments: VorbisComments {
    VorbisComments(title: title, artist: artist, album: album, trackNumber: track, chapters: chapters)
  }

  /// The tags as an ID3v2.4 tag (MP3), with chapter frames and their table of contents.
  public var id3Tag: ID3Tag {
    ID3Tag(
      title: title, artist: artist, album: album, track: track, encoderSettings: encoder, chapters: chapters,
      tableOfContentsTitle: tableOfContentsTitle)
  }
}

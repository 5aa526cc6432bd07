/// Extended M3U playlists in UTF-8, named `.m3u`: a queue of chapters for one narrator and rate,
/// as mpv, VLC and podcast tools read them. Not `.m3u8`: that name promises HLS (ffmpeg and
/// browsers then want `#EXT-X-TARGETDURATION`, `#EXT-X-ENDLIST` and media segments).
///
///     #EXTM3U
///     #PLAYLIST:Psalms, Narrator A, 1.5 times speed, no music, MP3
///     #EXTINF:123,Psalm 23
///     PSA/023/psalm-23.mp3
///
/// `#EXTINF` carries whole seconds (rounded; at least 1) and a one-line title; paths are
/// relative to the playlist, with `/`.
public enum M3U {
  /// The file extension, without the dot.
  public static let fileExtension = "m3u"

  public struct Entry: Sendable, Equatable {
    public var durationMilliseconds: Int
    public var title: String
    public var path: String
    public init(durationMilliseconds: Int, title: String, path: String) {
      self.durationMilliseconds = durationMilliseconds
      self.title = title
      self.path = path
    }
  }

  public static func render(title: String, entries: [Entry]) -> String {
    var text = "#EXTM3U\n#PLAYLIST:\(title.oneLine)\n"
    for entry in entries {
      let seconds = max(1, Int((Double(entry.durationMilliseconds) / 1000).rounded()))
      text += "#EXTINF:\(seconds),\(entry.title.oneLine)\n\(entry.path.oneLine)\n"
    }
    return text
  }
}

/// An ID3v2.4 tag with chapters, built by prep (libsndfile's own MP3 tags are ID3v1 or
/// mangle UTF-8), for `MP3FileWriter.id3Tag`.
///
/// Layout (ID3v2.4.0 main structure and the ID3v2 Chapter Frame Addendum 1.0):
///
///     header   "ID3" 04 00 flags=00 size(4, synchsafe: 7 bits per byte, excludes the header)
///     frame    id(4) size(4, synchsafe) flags(2)=0000 body
///     text     body = 03 (UTF-8) text
///     CHAP     body = elementID 00, start ms (4, big-endian), end ms (4), start offset FFFFFFFF,
///              end offset FFFFFFFF, sub-frames (TIT2)
///     CTOC     body = elementID 00, flags (02 top-level | 01 ordered), entry count (1 byte),
///              child element IDs (each 00-terminated), sub-frames (TIT2)
///
/// A CTOC holds at most 255 entries; longer chapter lists get a top-level CTOC whose children
/// are CTOCs of up to 255 chapters each.
public struct ID3Tag: Sendable, Equatable {
  public typealias Chapter = ChapterMark

  public var title: String?
  public var artist: String?
  public var album: String?
  /// `TRCK`: `3` or `3/150`.
  public var track: String?
  /// `TLAN`: ISO 639-2 code(s), e.g. `eng`.
  public var language: String?
  /// `TSSE`: the software and settings used to encode.
  public var encoderSettings: String?
  /// Chapters in playing order.
  public var chapters: [Chapter]
  /// Title of the table of contents (e.g. the chapter title), as a TIT2 sub-frame.
  public var tableOfContentsTitle: String?
  /// Zero bytes after the frames, so a tagger can grow the tag in place.
  public var paddingBytes: Int

  public init(
    title: String? = nil, artist: String? = nil, album: String? = nil, track: String? = nil,
    language: String? = nil, encoderSettings: String? = nil, chapters: [Chapter] = [],
    tableOfContentsTitle: String? = nil, paddingBytes: Int = 0
  ) {
    self.title = title
    self.artist = artist
    self.album = album
    self.track = track
    self.language = language
    self.encoderSettings = encoderSettings
    self.chapters = chapters
    self.tableOfContentsTitle = tableOfContentsTitle
    self.paddingBytes = paddingBytes
  }

  static let maxEntriesPerTOC = 255

  /// The complete tag, header included.
  public var bytes: [UInt8] {
    var frames: [UInt8] = []
    for (id, value) in [
      ("TIT2", title), ("TPE1", artist), ("TALB", album), ("TRCK", track), ("TLAN", language),
      ("TSSE", encoderSettings),
    ] {
      if let value { frames += ID3Tag.textFrame(id, value) }
    }
    if !chapters.isEmpty { frames += tableOfContents() }
    for (index, chapter) in chapters.enumerated() {
      var body = ID3Tag.elementID("chp\(index + 1)")
      for value in [chapter.startMilliseconds, chapter.endMilliseconds] { body += ID3Tag.bigEndian(UInt32(value)) }
      body += [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
      body += ID3Tag.textFrame("TIT2", ID3Tag.subframeText(chapter.title))
      frames += ID3Tag.frame("CHAP", body)
    }
    frames += [UInt8](repeating: 0, count: paddingBytes)
    return [0x49, 0x44, 0x33, 0x04, 0x00, 0x00] + ID3Tag.synchsafe(frames.count) + frames
  }

  /// CTOC frames: one top-level, ordered; nested CTOCs when there are more than 255 chapters.
  private func tableOfContents() -> [UInt8] {
    let ids = chapters.indices.map { "chp\($0 + 1)" }
    let limit = ID3Tag.maxEntriesPerTOC
    let titleFrame = tableOfContentsTitle.map { ID3Tag.textFrame("TIT2", $0) } ?? []
    if ids.count <= limit { return ID3Tag.toc("toc", flags: 0x03, children: ids, subframes: titleFrame) }
    let groups = stride(from: 0, to: ids.count, by: limit).map { Array(ids[$0..<min($0 + limit, ids.count)]) }
    var frames = ID3Tag.toc(
      "toc", flags: 0x03, children: groups.indices.map { "toc\($0 + 1)" }, subframes: titleFrame)
    for (index, group) in groups.enumerated() {
      frames += ID3Tag.toc("toc\(index + 1)", flags: 0x01, children: group, subframes: [])
    }
    return frames
  }

  static func toc(_ id: String, flags: UInt8, children: [String], subframes: [UInt8]) -> [UInt8] {
    precondition(children.count <= maxEntriesPerTOC, "a CTOC holds at most 255 entries")
    var body = elementID(id) + [flags, UInt8(children.count)]
    for child in children { body += elementID(child) }
    return frame("CTOC", body + subframes)
  }

  /// Longest text of a sub-frame (CHAP's TIT2), in UTF-8 bytes: the frame body (encoding byte +
  /// text) stays under 128 bytes, where a synchsafe size and a plain 32-bit size are the same
  /// bytes. ffmpeg 5.1 (and so mpv, ffprobe) reads sub-frame sizes as plain integers and drops a
  /// chapter whose title frame is longer; the full verse text is in the sidecars anyway.
  static let maxSubframeTextBytes = 126

  /// `text`, or its longest prefix that fits `maxSubframeTextBytes` with "…" after it, cut
  /// between whole characters (never inside a UTF-8 sequence).
  static func subframeText(_ text: String) -> String {
    guard text.utf8.count > maxSubframeTextBytes else { return text }
    let ellipsis = "…"
    var kept = ""
    var bytes = ellipsis.utf8.count
    for character in text {
      bytes += character.utf8.count
      if bytes > maxSubframeTextBytes { break }
      kept.append(character)
    }
    return kept.trimmingSuffixSpaces() + ellipsis
  }

  /// A text frame: encoding 03 (UTF-8), then the text.
  static func textFrame(_ id: String, _ text: String) -> [UInt8] {
    frame(id, [0x03] + Array(text.utf8))
  }

  static func frame(_ id: String, _ body: [UInt8]) -> [UInt8] {
    precondition(id.utf8.count == 4, "ID3 frame ids have four characters")
    return Array(id.utf8) + synchsafe(body.count) + [0x00, 0x00] + body
  }

  static func elementID(_ id: String) -> [UInt8] { Array(id.utf8) + [0x00] }

  /// 28 bits in four bytes of 7 bits each (bit 7 always clear), most significant first.
  static func synchsafe(_ value: Int) -> [UInt8] {
    precondition(value >= 0 && value < 1 << 28, "ID3 sizes are limited to 256 MB")
    return [21, 14, 7, 0].map { UInt8((value >> $0) & 0x7F) }
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8((value >> UInt32($0)) & 0xFF) }
  }
}

extension String {
  /// Without trailing spaces.
  fileprivate func trimmingSuffixSpaces() -> String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }
}

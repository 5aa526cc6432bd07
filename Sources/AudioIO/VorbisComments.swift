/// Vorbis comments (TITLE, ARTIST, …, CHAPTERnnn=HH:MM:SS.mmm, CHAPTERnnnNAME=…) put into a
/// finished FLAC, Ogg Opus or Ogg Vorbis file, for `SoundFileWriter.postProcess`.
///
/// The comment structure (Vorbis I §5, also in FLAC and Opus) is little-endian:
///
///     vendor length (4), vendor (UTF-8), count (4), count × { length (4), "KEY=value" (UTF-8) }
///
/// FLAC keeps it in a VORBIS_COMMENT metadata block (type 4, right after STREAMINFO here);
/// Ogg Opus in the `OpusTags` packet, Ogg Vorbis in the `\u{3}vorbis` packet plus a framing
/// bit (see `OggHeaderRewrite`). Keys set here replace existing ones of the same name; other
/// comments (the encoder's) are kept; old CHAPTER keys are dropped when chapters are given.
public struct VorbisComments: Sendable, Equatable {
  public struct Field: Sendable, Equatable {
    public var key: String
    public var value: String
    public init(_ key: String, _ value: String) {
      self.key = key
      self.value = value
    }
  }

  public var fields: [Field]
  public var replacesChapters: Bool

  public init(fields: [Field], replacesChapters: Bool = false) {
    self.fields = fields
    self.replacesChapters = replacesChapters
  }

  /// The usual fields and one CHAPTERnnn / CHAPTERnnnNAME pair per chapter (numbered from 001).
  public init(
    title: String? = nil, artist: String? = nil, album: String? = nil, trackNumber: String? = nil,
    chapters: [ChapterMark] = []
  ) {
    var fields: [Field] = []
    for (key, value) in [("TITLE", title), ("ARTIST", artist), ("ALBUM", album), ("TRACKNUMBER", trackNumber)] {
      if let value { fields.append(Field(key, value)) }
    }
    for (index, chapter) in chapters.enumerated() {
      let number = String(index + 1)
      let key = "CHAPTER" + String(repeating: "0", count: max(0, 3 - number.count)) + number
      fields.append(Field(key, ChapterMark.clock(milliseconds: chapter.startMilliseconds)))
      fields.append(Field(key + "NAME", chapter.title))
    }
    self.init(fields: fields, replacesChapters: !chapters.isEmpty)
  }

  /// Puts the comments into a finished file's bytes (FLAC or Ogg Opus/Vorbis).
  public func insert(into bytes: inout [UInt8], path: String) throws(AudioFileError) {
    if bytes.starts(with: Array("fLaC".utf8)) {
      try FLACMetadata.replaceComments(in: &bytes, path: path) { merged(with: $0) }
    } else if bytes.starts(with: Array("OggS".utf8)) {
      try OggHeaderRewrite.replaceComments(in: &bytes, path: path) { merged(with: $0) }
    } else {
      throw .cannotTag(path: path, reason: "not a FLAC or Ogg stream")
    }
  }

  /// The existing comment block with these fields applied.
  func merged(with existing: CommentBlock) -> CommentBlock {
    let ours = Set(fields.map { $0.key.uppercased() })
    let kept = existing.fields.filter { field in
      let key = field.key.uppercased()
      return !ours.contains(key) && !(replacesChapters && key.hasPrefix("CHAPTER"))
    }
    return CommentBlock(vendor: existing.vendor, fields: kept + fields)
  }
}

/// The vendor string and fields of one comment structure, with its byte coding.
struct CommentBlock: Equatable {
  var vendor: String
  var fields: [VorbisComments.Field]

  var bytes: [UInt8] {
    var out = CommentBlock.littleEndian(vendor.utf8.count) + Array(vendor.utf8)
    out += CommentBlock.littleEndian(fields.count)
    for field in fields {
      let entry = Array("\(field.key)=\(field.value)".utf8)
      out += CommentBlock.littleEndian(entry.count) + entry
    }
    return out
  }

  /// Parses a comment structure starting at `offset`; nil if it runs past the end.
  init?(parsing bytes: ArraySlice<UInt8>) {
    var reader = ByteReader(bytes: bytes)
    guard let vendorLength = reader.uint32(), let vendor = reader.string(vendorLength),
      let count = reader.uint32()
    else { return nil }
    var fields: [VorbisComments.Field] = []
    for _ in 0..<count {
      guard let length = reader.uint32(), let entry = reader.string(length) else { return nil }
      let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      fields.append(.init(String(parts[0]), parts.count > 1 ? String(parts[1]) : ""))
    }
    self.init(vendor: vendor, fields: fields)
  }

  init(vendor: String, fields: [VorbisComments.Field]) {
    self.vendor = vendor
    self.fields = fields
  }

  static func littleEndian(_ value: Int) -> [UInt8] { LittleEndian.bytes(UInt32(truncatingIfNeeded: value)) }
}

/// Reads little-endian fields from a byte slice.
struct ByteReader {
  let bytes: ArraySlice<UInt8>
  var position: Int

  init(bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    position = bytes.startIndex
  }

  mutating func uint32() -> Int? {
    guard position + 4 <= bytes.endIndex else { return nil }
    defer { position += 4 }
    return Int(LittleEndian.uint32(bytes, at: position))
  }

  mutating func string(_ length: Int) -> String? {
    guard length >= 0, position + length <= bytes.endIndex else { return nil }
    defer { position += length }
    return String(decoding: bytes[position..<(position + length)], as: UTF8.self)
  }
}

import AudioIO
import Foundation
import Manifest

/// Moves a variant's file paths from one folder's point of view to another's.
enum Rebase {
  static func variant(_ variant: VariantEntry, from source: URL, to target: URL) -> VariantEntry {
    let prefix = relativePath(from: target, to: source)
    guard !prefix.isEmpty else { return variant }
    func move(_ path: String) -> String { prefix + "/" + path }
    func move(_ files: [EncodedFile]) -> [EncodedFile] {
      files.map { file in
        var moved = file
        moved.file = move(file.file)
        return moved
      }
    }
    var result = variant
    result.files = move(variant.files)
    result.sidecars = variant.sidecars.moved(move)
    if var stems = variant.stems {
      stems.voice.files = move(stems.voice.files)
      stems.bed.files = move(stems.bed.files)
      result.stems = stems
    }
    return result
  }

  /// True when `folder` is `root` or below it.
  static func isInside(_ folder: URL, _ root: URL) -> Bool {
    let a = folder.standardizedFileURL.resolvingSymlinksInPath().pathComponents
    let b = root.standardizedFileURL.resolvingSymlinksInPath().pathComponents
    return a.count >= b.count && Array(a.prefix(b.count)) == b
  }

  /// `to` as seen from `from` (both folders): `""` when equal, else `a/b`, `../x`.
  static func relativePath(from: URL, to: URL) -> String {
    let a = from.standardizedFileURL.resolvingSymlinksInPath().pathComponents
    let b = to.standardizedFileURL.resolvingSymlinksInPath().pathComponents
    var common = 0
    while common < min(a.count, b.count) && a[common] == b[common] { common += 1 }
    let parts = Array(repeating: "..", count: a.count - common) + b[common...]
    return parts.joined(separator: "/")
  }
}

/// One M3U playlist per narrator × rate × bed × format, with its catalogue entry.
enum Playlists {
  struct Playlist {
    var entry: PlaylistEntry
    var text: String
  }

  struct Key: Hashable {
    var narrator: String
    var variant: String
    var format: String
  }

  static func make(_ records: [VariantRecord], title: String, folderName: String) -> [Playlist] {
    var order: [Key] = []
    var groups: [Key: [(VariantRecord, EncodedFile)]] = [:]
    for record in records {
      for file in record.variant.files {
        let key = Key(narrator: record.narrator.id, variant: record.variant.id, format: file.format)
        if groups[key] == nil { order.append(key) }
        groups[key, default: []].append((record, file))
      }
    }
    // Narrator, rate, then bed (none first), then format: the catalogue's own order.
    func sortKey(_ key: Key) -> (String, Double, String, String) {
      let variant = groups[key]?.first?.0.variant
      return (key.narrator, variant?.rate ?? 0, variant?.bed ?? "", key.format)
    }
    order.sort { sortKey($0) < sortKey($1) }
    return order.compactMap { key in
      guard let members = groups[key], let (first, file) = members.first else { return nil }
      let name = "\(folderName)/\(key.narrator).\(key.variant).\(key.format).\(M3U.fileExtension)"
      let spoken = SpokenLabels.playlist(
        title: title, narrator: first.narrator.name, speed: first.variant.rate,
        bedName: first.bed?.name, format: formatName(file.format))
      let entries = members.map { record, file in
        M3U.Entry(
          durationMilliseconds: file.durationMilliseconds, title: record.chapter.title, path: "../" + file.file)
      }
      return Playlist(
        entry: PlaylistEntry(
          narrator: key.narrator, rate: first.variant.rate, bed: first.variant.bed, format: key.format, file: name,
          spoken: spoken),
        text: M3U.render(title: spoken, entries: entries))
    }
  }

  /// What a listener calls the format: `MP3`, `Opus`, `FLAC`.
  static func formatName(_ format: String) -> String {
    EncodedFormat(name: format).map { format in
      switch format {
      case .mp3: "MP3"
      case .opus: "Opus"
      case .flac: "FLAC"
      case .wav: "WAV"
      case .vorbis: "Ogg Vorbis"
      }
    } ?? format
  }
}

/// What the schema cannot say about a catalogue and its chapter files.
extension ManifestSanity {
  /// Unique ids; every narrator and variant a chapter names is declared once at the top; chapter
  /// files and playlists inside the catalogue's folder; spoken labels readable.
  public static func check(_ catalogue: Catalogue) -> [String] {
    var problems: [String] = []
    let narrators = Set(catalogue.narrators.map(\.id))
    let variants = Set(catalogue.variants.map(\.id))
    if narrators.count != catalogue.narrators.count { problems.append("narrators: an id is listed twice") }
    if variants.count != catalogue.variants.count { problems.append("variants: an id is listed twice") }
    for (v, kind) in catalogue.variants.enumerated() {
      problems += spoken(kind.spoken.rate, at: "variants[\(v)].spoken.rate")
      problems += spoken(kind.spoken.bed, at: "variants[\(v)].spoken.bed")
    }
    var chapterIDs = Set<String>()
    for (c, chapter) in catalogue.chapters.enumerated() {
      let at = "chapters[\(c)]"
      if !chapterIDs.insert(chapter.id).inserted { problems.append("\(at): chapter \(chapter.id) twice") }
      problems += spoken(chapter.spoken.title, at: "\(at).spoken.title")
      var readers = Set<String>()
      for (n, narrator) in chapter.narrators.enumerated() {
        let here = "\(at).narrators[\(n)]"
        if !readers.insert(narrator.id).inserted { problems.append("\(here): narrator \(narrator.id) twice") }
        if !narrators.contains(narrator.id) { problems.append("\(here): narrator \(narrator.id) is not in narrators") }
        problems += path(narrator.chapterFile.file, at: "\(here).chapterFile.file")
        if Set(narrator.variants).count != narrator.variants.count {
          problems.append("\(here).variants: an id is listed twice")
        }
        for id in narrator.variants where !variants.contains(id) {
          problems.append("\(here).variants: \(id) is not in variants")
        }
      }
    }
    for (p, playlist) in catalogue.playlists.enumerated() {
      problems +=
        path(playlist.file, at: "playlists[\(p)].file") + spoken(playlist.spoken, at: "playlists[\(p)].spoken")
    }
    return problems
  }

  /// Each rate's timings fit the chapter's verses (same references, in order); every variant has
  /// its rate's timings, the same sample rate, and its timings (moved by its offset) inside it.
  public static func check(_ file: ChapterFile) -> [String] {
    var problems = check(file.chapter, at: "chapter")
    let references = file.chapter.verses.map(\.reference)
    var rates = Set<Double>()
    for (r, rate) in file.timings.enumerated() {
      let at = "timings[\(r)]"
      if !rates.insert(rate.rate).inserted { problems.append("\(at): rate \(rate.rate) twice") }
      problems += sampleRate(rate.sampleRate, at: "\(at).sampleRate")
      problems += check(
        timings: rate.verses, verses: references.count, sampleRate: rate.sampleRate, frameCount: nil,
        at: "\(at).verses")
      if rate.verses.count == references.count, rate.verses.map(\.reference) != references {
        problems.append("\(at).verses: the verse references differ from the chapter's")
      }
    }
    var ids = Set<String>()
    for (v, variant) in file.variants.enumerated() {
      let at = "variants[\(v)]"
      if !ids.insert(variant.id).inserted { problems.append("\(at): variant \(variant.id) twice") }
      for (key, text) in [("label", variant.spoken.label), ("rate", variant.spoken.rate), ("bed", variant.spoken.bed)] {
        problems += spoken(text, at: "\(at).spoken.\(key)")
      }
      problems += check(files: variant.files, stems: variant.stems, sidecars: variant.sidecars, at: at)
      guard let rate = file.timings.first(where: { $0.rate == variant.rate }) else {
        problems.append("\(at): no timings for rate \(variant.rate)")
        continue
      }
      if rate.sampleRate != variant.sampleRate {
        problems.append("\(at).sampleRate: \(variant.sampleRate) Hz, its rate's timings are at \(rate.sampleRate) Hz")
      }
      if let last = rate.verses.last, last.endFrame + variant.timingOffsetFrames > variant.frameCount {
        problems.append(
          "\(at): its last verse ends after the variant (timingOffsetFrames \(variant.timingOffsetFrames))")
      }
    }
    return problems
  }
}

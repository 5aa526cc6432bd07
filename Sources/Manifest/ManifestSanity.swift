import DSP

/// What the JSON Schema says, and what it cannot say, checked on a decoded manifest.
///
/// Schema-level (also checked by `ManifestSchemaCheck`, which reads the schema itself): sample
/// rates 8–384 kHz, known format names, 64-hex SHA-256, relative paths that stay inside the
/// manifest's folder, spoken labels without clock strings (`2:03`) or numbers run together
/// (`1 6`). Beyond the schema: one timing per verse, verse starts in order, start ≤
/// onset ≤ end ≤ the variant's length, milliseconds that agree with the frames, unique variant ids,
/// gain-track points in increasing frame order. Each finding names where it is (a JSON path).
public enum ManifestSanity {
  public static func check(_ record: VariantRecord) -> [String] {
    check(record.chapter, at: "chapter")
      + check(record.variant, verses: record.chapter.verses.count, at: "variant")
  }

  static func check(_ chapter: ChapterEntry, at: String) -> [String] {
    var problems = spoken(chapter.spoken.title, at: "\(at).spoken.title")
    for (index, verse) in chapter.verses.enumerated() {
      problems += spoken(verse.spoken, at: "\(at).verses[\(index)].spoken")
    }
    if chapter.verses.isEmpty { problems.append("\(at).verses: no verses") }
    return problems
  }

  static func check(_ variant: VariantEntry, verses: Int, at: String) -> [String] {
    var problems: [String] = []
    problems += sampleRate(variant.sampleRate, at: "\(at).sampleRate")
    for (key, text) in [("label", variant.spoken.label), ("rate", variant.spoken.rate), ("bed", variant.spoken.bed)] {
      problems += spoken(text, at: "\(at).spoken.\(key)")
    }
    problems += check(
      timings: variant.timings, verses: verses, sampleRate: variant.sampleRate, frameCount: variant.frameCount,
      at: "\(at).timings")
    problems += check(files: variant.files, stems: variant.stems, sidecars: variant.sidecars, at: at)
    return problems
  }

  /// One timing per verse, starts in order, start ≤ onset ≤ end ≤ `frameCount` (after `shift`),
  /// milliseconds that agree with the frames.
  static func check(
    timings: [VerseTiming], verses: Int, sampleRate: Int, frameCount: Int?, shift: Int = 0, at: String
  ) -> [String] {
    var problems: [String] = []
    if timings.count != verses {
      problems.append("\(at): \(timings.count) timings for \(verses) verses")
    }
    var previousStart = 0
    for (index, timing) in timings.enumerated() {
      let here = "\(at)[\(index)]"
      if timing.startFrame < previousStart { problems.append("\(here): starts before the previous verse") }
      if !(timing.startFrame <= timing.onsetFrame && timing.onsetFrame <= timing.endFrame) {
        problems.append("\(here): onset is not between start and end")
      }
      if let frameCount, timing.endFrame + shift > frameCount { problems.append("\(here): ends after the variant") }
      for (name, frame, ms) in [
        ("start", timing.startFrame, timing.startMilliseconds), ("end", timing.endFrame, timing.endMilliseconds),
        ("onset", timing.onsetFrame, timing.onsetMilliseconds),
      ] where abs(FrameTime.milliseconds(frame, sampleRate: sampleRate) - ms) > 1 {
        problems.append("\(here): \(name)Milliseconds disagrees with \(name)Frame")
      }
      previousStart = timing.startFrame
    }
    return problems
  }

  /// Encoded files, stems and sidecars of one variant.
  static func check(files encoded: [EncodedFile], stems: Stems?, sidecars: Sidecars, at: String) -> [String] {
    var problems: [String] = []
    let files =
      encoded.map { ($0, "files") }
      + (stems.map {
        $0.voice.files.map { ($0, "stems.voice.files") } + $0.bed.files.map { ($0, "stems.bed.files") }
      } ?? [])
    for (index, (file, key)) in files.enumerated() { problems += check(file, at: "\(at).\(key)[\(index)]") }
    for sidecar in sidecars.all { problems += path(sidecar.file, at: "\(at).sidecars") }
    if let points = stems?.bedGain.points,
      !zip(points, points.dropFirst()).allSatisfy({ $0.frame < $1.frame })
    {
      problems.append("\(at).stems.bedGain.points: frames are not in increasing order")
    }
    return problems
  }

  static func check(_ file: EncodedFile, at: String) -> [String] {
    var problems = path(file.file, at: "\(at).file") + sampleRate(file.sampleRate, at: "\(at).sampleRate")
    if !isFormatName(file.format) { problems.append("\(at).format: unknown format \"\(file.format)\"") }
    if file.sha256.count != 64 || !file.sha256.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) {
      problems.append("\(at).sha256: not 64 lowercase hex digits")
    }
    if !(1...8).contains(file.channelCount) { problems.append("\(at).channelCount: \(file.channelCount)") }
    return problems
  }

  /// A format name as `EncodedFormat.description` writes it (`mp3-cbr-128`, `opus-48`, `flac`).
  public static func isFormatName(_ name: String) -> Bool {
    if ["wav", "wav24", "wavf", "flac", "flac24", "vorbis"].contains(name) { return true }
    for prefix in ["mp3-cbr-", "mp3-vbr-", "opus-"] where name.hasPrefix(prefix) {
      let number = name.dropFirst(prefix.count)
      return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
        && (prefix != "mp3-vbr-" || number.count == 1)
    }
    return false
  }

  static func sampleRate(_ rate: Int, at: String) -> [String] {
    (8_000...384_000).contains(rate) ? [] : ["\(at): \(rate) Hz is outside 8000–384000 Hz"]
  }

  static func path(_ path: String, at: String) -> [String] {
    ManifestValidator.staysInside(path)
      ? [] : ["\(at): \"\(path)\" is not a relative path inside the manifest's folder"]
  }

  /// A screen-reader label: not empty, no `2:03`, no `1 6`.
  static func spoken(_ text: String, at: String) -> [String] {
    let characters = Array(text)
    var problems: [String] = []
    if text.isEmpty { problems.append("\(at): empty spoken label") }
    for (index, character) in characters.enumerated() where character.isNumber {
      var next = index + 1
      if next < characters.count, characters[next] == ":", next + 1 < characters.count, characters[next + 1].isNumber {
        problems.append("\(at): \"\(text)\" holds a clock string")
        break
      }
      while next < characters.count, characters[next] == " " { next += 1 }
      if next > index + 1, next < characters.count, characters[next].isNumber {
        problems.append("\(at): \"\(text)\" runs two numbers together")
        break
      }
    }
    return problems
  }
}

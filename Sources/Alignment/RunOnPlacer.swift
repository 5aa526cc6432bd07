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
/// - The verse's onset is the cheapest frame; its start (the jump point) is too, unless the
///   path's dip lies within the lead before it (then the dip's jump point).
/// - Its dip (the pause the path gives the break, for the phrases around) is the one whose
///   frames (`dipFramesBefore` … `dipFramesAfter` around it) hold the cheapest C, when that
///   is cheaper than the path's dip by `margin` nats or more. (Prototype on seeds 1–10: where
///   the search was a word off, its dip cost 89–504 nats more; where it was right and the
///   letters preferred another dip, at most 64 more.)
/// - Nothing changes when the letters sound alike (`minimumContrast`).
///
/// On seeds 1–10 (49 verses run on): starts a word or more off 10 → 4, the run-on conditions'
/// onset p90 from up to 166 ms to at most 17 ms.
enum RunOnPlacer {
  static let margin: Float = 75
  /// The letter model is used only when its letters sound this different (`LetterModel.contrast`).
  static let minimumContrast: Float = 0.45
  /// A word may begin this many shape frames before a dip's quietest point and after it.
  static let dipFramesBefore = 1
  static let dipFramesAfter = 3

  struct Placement {
    var path: BoundaryChooser.Solution
    /// Per verse-start break read through: the frame its words begin at.
    var onsets: [Int: Int] = [:]
  }

  static func place(_ path: BoundaryChooser.Solution, plan: PassPlan) -> Placement {
    let map = plan.map
    let count = plan.pauseCount
    let isWeak = { (m: Int) in m >= 1 && m <= count && map.pauses[m - 1].isWeak }
    let targets = plan.text.segmentStartBreak.dropFirst().filter { path.pauseOfBreak[$0].map(isWeak) ?? false }
    guard !targets.isEmpty, var model = LetterModel(map), let perFrame = map.features.framesPerShapeFrame
    else { return Placement(path: path) }
    let shapeFrame = { (frame: Int) in min(model.frameCount, frame / perFrame) }
    let anchors: [(j: Int, m: Int)] = path.pauseOfBreak.enumerated().compactMap { j, m in
      guard let m, m >= 1, m <= count, !isWeak(m) else { return nil }
      return (j, m)
    }
    let words = { (breaks: Range<Int>) in plan.text.units[breaks].map(\.text).joined(separator: " ") }
    let stretch = { (a: (j: Int, m: Int), b: (j: Int, m: Int)) in
      shapeFrame(
        map.pauseFrames(a.m).end)..<max(shapeFrame(map.pauseFrames(a.m).end), shapeFrame(map.pauseFrames(b.m).start))
    }
    var training: [(frames: Range<Int>, chain: LetterModel.Chain)] = []
    var trainingFrames = 0
    for (a, b) in zip(anchors, anchors.dropFirst()) where trainingFrames < LetterModel.mostTrainingFrames {
      let frames = stretch(a, b)
      guard frames.count <= LetterModel.longestStretch,
        !path.interludes.contains(where: { (a.j...b.j).contains($0.breakIndex) })
      else { continue }
      training.append((frames, model.chain(words(a.j..<b.j))))
      trainingFrames += frames.count
    }
    model.learn(training)
    // Letters that sound alike (reverb smearing them, a synthetic tone) say nothing of words.
    guard model.contrast >= minimumContrast else { return Placement(path: path) }

    var placed = Placement(path: path)
    for j in targets {
      guard let m = path.pauseOfBreak[j], let a = anchors.last(where: { $0.j < j }),
        let b = anchors.first(where: { $0.j > j })
      else { continue }
      let low = ((a.j + 1)..<j).compactMap { path.pauseOfBreak[$0] }.max() ?? a.m
      let high = ((j + 1)..<b.j).compactMap { path.pauseOfBreak[$0] }.min() ?? b.m
      let frames = stretch(a, b)
      var before = model.chain(words(a.j..<j))
      before.states.append(LetterModel.gap)
      before.skippable.append(true)
      let after = model.chain(words(j..<b.j))
      guard frames.count > before.states.count + after.states.count else { continue }
      let ends = model.viterbi(Array(frames), before, trace: false).ends
      let reversed = LetterModel.Chain(states: after.states.reversed(), skippable: after.skippable.reversed())
      let startsReversed = model.viterbi(frames.reversed(), reversed, trace: false).ends
      // cost[t]: the text after the break begins at frame t, between the pauses around it.
      let earliest = max(frames.lowerBound + 1, shapeFrame(map.pauseFrames(low).end) + 1)
      let latest = min(frames.upperBound - 1, shapeFrame(map.pauseFrames(high).start) - 1)
      guard earliest <= latest else { continue }
      let cost = (earliest...latest).map { t in
        ends[t - 1 - frames.lowerBound] + startsReversed[frames.upperBound - 1 - t]
      }
      let best = { (window: ClosedRange<Int>) -> (frame: Int, cost: Float)? in
        let t = window.clamped(to: earliest...latest)
        guard window.overlaps(earliest...latest) else { return nil }
        return t.map { ($0, cost[$0 - earliest]) }.min { $0.cost < $1.cost }
      }
      let window = { (dip: Int) -> ClosedRange<Int> in
        let range = map.pauseFrames(dip)
        return (shapeFrame(range.start) - dipFramesBefore)...(shapeFrame(range.end) + dipFramesAfter)
      }
      let dips = ((low + 1)..<high).filter(isWeak).compactMap { d in best(window(d)).map { (d, $0) } }
      guard var chosen = dips.first(where: { $0.0 == m }), let free = best(earliest...latest) else { continue }
      if let cheapest = dips.min(by: { $0.1.cost < $1.1.cost }), chosen.1.cost - cheapest.1.cost >= margin {
        chosen = cheapest
        placed.path.pauseOfBreak[j] = cheapest.0
      }
      placed.onsets[j] = free.frame * perFrame
    }
    return placed
  }
}

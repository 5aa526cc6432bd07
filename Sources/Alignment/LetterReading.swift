/// A chapter read along a path with its own letter model (`LetterModel`): the stretches of
/// speech between the path's real pauses, learnt from, and what a break costs at each frame.
struct LetterReading {
  /// A break at a real pause: the break and its pause.
  typealias Anchor = (j: Int, m: Int)

  let plan: PassPlan
  /// The path read along (one with the same anchors may take its place: `LetterReadings`).
  var path: BoundaryChooser.Solution
  var model: LetterModel
  let perFrame: Int
  /// The breaks at real pauses, in order.
  let anchors: [Anchor]
  /// Per pause, where the words after it begin when not at its end (`LetterOnsets`).
  let heardFrom: [Int: Int]
  /// The pause ending the last stretch learnt from (0: none): a reading leaving out only pauses
  /// after it learns the same model (`HeldOutStarts`).
  private(set) var learntThrough = 0

  /// Learns the model from every stretch between two anchors (at most
  /// `LetterModel.mostTrainingFrames` frames; none longer than `LetterModel.longestStretch`,
  /// none holding an interlude), `backwards`: with each stretch's words in reverse order;
  /// `contexts`: letters in context (`LetterModel.contexts`); `leavingOut`: pauses between which
  /// no stretch is learnt from (`HeldOutStarts`). Nil without a spectral shape.
  init?(
    path: BoundaryChooser.Solution, plan: PassPlan, backwards: Bool = false, heardFrom: [Int: Int] = [:],
    contexts: Bool = false, leavingOut heldOut: Range<Int>? = nil
  ) {
    guard let model = LetterModel(plan.map, contexts: contexts), let perFrame = plan.map.features.framesPerShapeFrame
    else { return nil }
    self.heardFrom = heardFrom
    self.plan = plan
    self.path = path
    self.model = model
    self.perFrame = perFrame
    anchors = Self.anchors(of: path, map: plan.map)
    var training: [(frames: Range<Int>, chain: LetterModel.Chain)] = []
    var trainingFrames = 0
    for (a, b) in zip(anchors, anchors.dropFirst()) where trainingFrames < LetterModel.mostTrainingFrames {
      let frames = stretch(from: a.m, to: b.m)
      guard frames.count <= LetterModel.longestStretch, !(heldOut.map { $0.overlaps(a.m..<b.m) } ?? false),
        !path.interludes.contains(where: { (a.j...b.j).contains($0.breakIndex) })
      else { continue }
      let text = words(a.j..<b.j)
      let read = backwards ? text.split(separator: " ").reversed().joined(separator: " ") : text
      training.append((frames, self.model.chain(read)))
      trainingFrames += frames.count
      self.learntThrough = b.m
    }
    self.model.learn(training)
  }

  /// A path's breaks at real pauses.
  static func anchors(of path: BoundaryChooser.Solution, map: SpeechMap) -> [Anchor] {
    path.pauseOfBreak.enumerated().compactMap { j, m in m.flatMap { map.isRealPause($0) ? (j, $0) : nil } }
  }

  /// The shape frame holding recording frame `frame`.
  func shapeFrame(_ frame: Int) -> Int { min(model.frameCount, frame / perFrame) }

  func words(_ breaks: Range<Int>) -> String { plan.text.units[breaks].map(\.text).joined(separator: " ") }

  /// The shape frames from the one holding recording frame `from` up to the one holding `to`
  /// (none when `to` comes first).
  func shapeFrames(from: Int, to: Int) -> Range<Int> {
    let first = shapeFrame(from)
    return first..<max(first, shapeFrame(to))
  }

  /// The shape frames from pause `from`'s end (or where its words were heard to begin) to
  /// pause `to`'s start.
  func stretch(from: Int, to: Int) -> Range<Int> {
    shapeFrames(from: heardFrom[from] ?? plan.map.pauseFrames(from).end, to: plan.map.pauseFrames(to).start)
  }

  /// C(t) = L(t − 1) + R(t) for break j over the stretch from anchor a to anchor b, for t in
  /// `earliest...latest` (clamped inside the stretch): L the least cost of the text before
  /// the break (from a) ending at frame t − 1, a last gap allowed; R that of the text after it
  /// (to b) starting at t. Nil when the stretch cannot hold the letters.
  mutating func costs(
    ofBreak j: Int, from a: Anchor, to b: Anchor, frames wanted: ClosedRange<Int>
  ) -> (frames: ClosedRange<Int>, cost: [Float])? {
    let frames = stretch(from: a.m, to: b.m)
    var before = model.chain(words(a.j..<j))
    before.states.append(LetterModel.gap)
    before.skippable.append(true)
    let after = model.chain(words(j..<b.j))
    let earliest = max(frames.lowerBound + 1, wanted.lowerBound)
    let latest = min(frames.upperBound - 1, wanted.upperBound)
    guard frames.count > before.states.count + after.states.count, earliest <= latest else { return nil }
    let ends = model.viterbi(Array(frames), before, trace: false).ends
    let reversed = LetterModel.Chain(states: after.states.reversed(), skippable: after.skippable.reversed())
    let starts = model.viterbi(frames.reversed(), reversed, trace: false).ends
    let cost = (earliest...latest).map { t in ends[t - 1 - frames.lowerBound] + starts[frames.upperBound - 1 - t] }
    return (earliest...latest, cost)
  }

  /// The least cost of the text of `units` read over the speech from pause `from`'s end to pause
  /// `to`'s start (nil when it cannot hold the letters).
  mutating func cost(of units: Range<Int>, from: Int, to: Int) -> Float? {
    cost(of: words(units), from: from, to: to)
  }

  /// The text of `units` read over the speech from pause `from`'s end to pause `to`'s start,
  /// alone and followed (after a gap) by the text of `then`: the two least costs, and the
  /// speech's shape frames (nil when the speech cannot hold the letters).
  mutating func costs(
    of units: Range<Int>, followedBy then: Range<Int>, from: Int, to: Int
  ) -> (alone: Float, followed: Float, frames: Int)? {
    let frames = stretch(from: from, to: to)
    let followed = chain(units, followedBy: then).chain
    guard frames.count > followed.states.count, let alone = cost(of: units, from: from, to: to),
      let cost = model.viterbi(Array(frames), followed, trace: false).ends.last
    else { return nil }
    return (alone, cost, frames.count)
  }

  /// The shape frame where `then`'s text begins when the speech from pause `from`'s end to
  /// pause `to`'s start is read as the text of `units` followed by it (traced: asked only once
  /// `costs(of:followedBy:from:to:)` has said so).
  mutating func start(of then: Range<Int>, after units: Range<Int>, from: Int, to: Int) -> Int? {
    let frames = stretch(from: from, to: to)
    let (followed, before) = chain(units, followedBy: then)
    guard frames.count > followed.states.count, let path = model.viterbi(Array(frames), followed).path,
      let i = path.firstIndex(where: { $0 > before })
    else { return nil }
    return frames.lowerBound + i
  }

  /// The chain of the text of `units`, a gap, then the text of `then`; and how many states
  /// `units`' text holds.
  private mutating func chain(
    _ units: Range<Int>, followedBy then: Range<Int>
  ) -> (chain: LetterModel.Chain, before: Int) {
    let first = model.chain(words(units))
    let after = model.chain(words(then))
    let chain = LetterModel.Chain(
      states: first.states + [LetterModel.gap] + after.states, skippable: first.skippable + [true] + after.skippable)
    return (chain, first.states.count)
  }

  /// The least cost of `text` read over the speech from pause `from`'s end to pause `to`'s
  /// start (nil when it cannot hold the letters).
  mutating func cost(of text: String, from: Int, to: Int) -> Float? {
    let frames = stretch(from: from, to: to)
    let chain = model.chain(text)
    guard frames.count > chain.states.count else { return nil }
    return model.viterbi(Array(frames), chain, trace: false).ends.last
  }
}

/// One alignment's letter model, learnt once for each set of stretches it is asked about: the
/// placers (`RunOnPlacer`, `SkipPlacer`, `SpokenTitle`) and `LetterOrderCheck` read paths that
/// mostly keep the same breaks at real pauses, and so the same stretches and model.
struct LetterReadings {
  let plan: PassPlan
  private var learnt: (anchors: [LetterReading.Anchor], interludes: [Int], reading: LetterReading?)?
  /// Readings along the same anchors, each learnt without the stretches between two pauses
  /// (`HeldOutSkips` and `HeldOutStarts` ask of the same doubted starts).
  private var heldOut: [Range<Int>: LetterReading?] = [:]

  init(plan: PassPlan) { self.plan = plan }

  /// The reading along `path`: learnt anew only when its anchors or interludes differ from the
  /// last one's.
  mutating func reading(along path: BoundaryChooser.Solution) -> LetterReading? {
    let anchors = LetterReading.anchors(of: path, map: plan.map)
    let interludes = path.interludes.map(\.breakIndex)
    if let learnt, learnt.interludes == interludes, learnt.anchors.elementsEqual(anchors, by: { $0 == $1 }) {
      var reading = learnt.reading
      reading?.path = path
      return reading
    }
    let reading = LetterReading(path: path, plan: plan)
    learnt = (anchors, interludes, reading)
    heldOut = [:]
    return reading
  }

  /// The reading along `path` learnt without the stretches between `pauses`
  /// (`LetterReading(leavingOut:)`): the path's own when it never learnt from them (a long
  /// chapter's letters are learnt from its first minutes), else learnt once for each such range
  /// along the same anchors.
  mutating func reading(along path: BoundaryChooser.Solution, leavingOut pauses: Range<Int>) -> LetterReading? {
    let along = reading(along: path)
    if pauses.lowerBound >= (along?.learntThrough ?? 0) { return along }
    if let kept = heldOut[pauses] {
      var reading = kept
      reading?.path = path
      return reading
    }
    let reading = LetterReading(path: path, plan: plan, leavingOut: pauses)
    heldOut[pauses] = .some(reading)
    return reading
  }
}

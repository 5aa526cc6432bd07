/// The stretch of speech around a verse break that `RunOnPlacer` reads, and its candidates.
extension RunOnPlacer {
  /// Break j's neighbourhood on the path: the anchors either side, and the pauses of the breaks
  /// assigned between them nearest j (`low` before, `high` after; the anchors' own when none).
  typealias Around = (a: LetterReading.Anchor, b: LetterReading.Anchor, low: Int, high: Int)

  static func around(_ j: Int, _ reading: LetterReading) -> Around? {
    let path = reading.path
    guard let a = reading.anchors.last(where: { $0.j < j }), let b = reading.anchors.first(where: { $0.j > j })
    else { return nil }
    let low = ((a.j + 1)..<j).compactMap { path.pauseOfBreak[$0] }.max() ?? a.m
    let high = ((j + 1)..<b.j).compactMap { path.pauseOfBreak[$0] }.min() ?? b.m
    return (a, b, low, high)
  }

  /// C(t) for break j (`LetterReading.costs`) over the frames from `low`'s end to `high`'s start.
  static func costs(
    ofBreak j: Int, _ around: Around, _ reading: inout LetterReading
  ) -> (frames: ClosedRange<Int>, cost: [Float])? {
    let map = reading.plan.map
    let first = reading.shapeFrame(map.pauseFrames(around.low).end) + 1
    let last = max(0, reading.shapeFrame(map.pauseFrames(around.high).start) - 1)
    guard first <= last else { return nil }
    return reading.costs(ofBreak: j, from: around.a, to: around.b, frames: first...last)
  }

  /// Each pause or dip between `low` and `high` that `keep` keeps, with its cheapest frame.
  static func pauseCosts(
    _ around: Around, _ frames: ClosedRange<Int>, _ cost: [Float], _ reading: LetterReading, keep: (Int) -> Bool
  ) -> [(Int, (frame: Int, cost: Float))] {
    ((around.low + 1)..<around.high).filter(keep).compactMap { d in
      cheapest(frames, cost, in: window(d, reading)).map { (d, $0) }
    }
  }

  /// The frames a word after pause or dip d may begin at.
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

  /// A verse whose first phrase is this short ("Yea,", "Nay,", "And God said,": letters,
  /// `TextModel.Unit.length`), and read through into the next, is weighed against the dips
  /// before its pause at any verse break (`opensShort`, `placeAtPause`).
  static let shortOpeningLetters = 12.0
  /// Whether break j starts a verse whose first phrase is at most `shortOpeningLetters` long
  /// and ends at a break inside the verse: the pause after it lies within the clock's reach of
  /// the verse's own, and a reader who ran into the verse paused there instead.
  static func opensShort(_ j: Int, _ text: TextModel) -> Bool {
    j + 1 < text.unitCount && text.units[j].length <= shortOpeningLetters
      && text.units[j + 1].segment == text.units[j].segment
  }
}

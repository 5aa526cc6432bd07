extension RunOnPlacer {
  /// A verse start the path put at a dip: the words' start, and maybe another dip. Where the
  /// chapter's letters would leave it at the path's dip, the letters in context (`contextual`,
  /// learnt along the same path on first need: `LetterModel+Contexts`) weigh the dips again, and
  /// their word is taken (to move the verse, or where in its dip its words begin).
  static func placeAtDip(
    _ j: Int, _ placed: inout Placement, _ reading: inout LetterReading, contextual: inout LetterReading?
  ) {
    guard let m = reading.path.pauseOfBreak[j], let around = around(j, reading),
      var weighed = weigh(j, at: m, around, &reading)
    else { return }
    if !weighed.moved {
      if contextual == nil { contextual = LetterReading(path: reading.path, plan: reading.plan, contexts: true) }
      if var second = contextual.take() {
        if let again = weigh(j, at: m, around, &second) { weighed = again }
        contextual = second
      }
    }
    let chosen = weighed.chosen
    if weighed.moved {
      placed.path.pauseOfBreak[j] = chosen.pause
      if reading.plan.map.isRealPause(chosen.pause) {
        // A pause: its end is the first sound, and the jump point goes before it as at any pause.
        placed.path.confidence[j] = min(placed.path.confidence[j], SkipPlacer.confidenceCap)
        return
      }
    }
    // The dip's own words' start when the letters find it about as likely as their cheapest.
    let (at, within) =
      chosen.at.cost - weighed.free.cost <= dipAsLikely
      ? (chosen.at, window(chosen.pause, reading).clamped(to: weighed.frames)) : (weighed.free, weighed.frames)
    placed.onsets[j] = wordStart(at, within: within, weighed.frames, weighed.cost, perFrame: reading.perFrame)
  }

  /// One letter model's word on a verse start the path put at dip m: C over the stretch
  /// (`costs`), its cheapest frame, and the dip the verse begins at with its cheapest frame: the
  /// path's, or one `margin` nats cheaper (`moved`).
  struct Weighing {
    let frames: ClosedRange<Int>
    let cost: [Float]
    let free: (frame: Int, cost: Float)
    let chosen: (pause: Int, at: (frame: Int, cost: Float))
    let moved: Bool
  }

  static func weigh(_ j: Int, at m: Int, _ around: Around, _ reading: inout LetterReading) -> Weighing? {
    guard let (frames, cost) = costs(ofBreak: j, around, &reading), let free = cheapest(frames, cost, in: frames)
    else { return nil }
    // Every pause between the nearest ones the path gave other breaks: the dips, the verse's own
    // (maybe a short real pause priced as a dip), and real pauses no break took.
    let dips = pauseCosts(around, frames, cost, reading) { _ in true }
    guard let own = dips.first(where: { $0.0 == m }) else { return nil }
    if let other = dips.min(by: { $0.1.cost < $1.1.cost }), own.1.cost - other.1.cost >= margin {
      return Weighing(frames: frames, cost: cost, free: free, chosen: other, moved: true)
    }
    return Weighing(frames: frames, cost: cost, free: free, chosen: own, moved: false)
  }
}

extension RunOnPlacer {
  /// A verse that runs on after the last phrase of the verse before, the reader having paused
  /// at that phrase's comma instead: "…praising God, | and saying, Glory to God…" (held-back
  /// seeds 39 and 40, Luke 2:14, a 0.5 s pause after "God," and 0.12 s before "Glory"). The
  /// path gave verse 14 the long pause, the phrase break before it the pause a phrase earlier,
  /// and left the short pause after "saying," unexplained; 14 began a phrase early, at
  /// confidence 0.93 on seed 39.
  ///
  /// So when a verse start inside a sentence sits at real pause m, the next pause is a real one
  /// no break holds (before the next anchor, no interlude near), and the phrase break before
  /// the verse is read through or sits at a real pause, the two breaks are read one pause later
  /// too (the phrase break at m, the verse at m + 1), each reading priced by the letters learnt
  /// along it (as `shift` does). The later one is taken when `slideMargin` nats cheaper; the
  /// verse is held at `SkipPlacer.confidenceCap`. (Seeds 1–40, every such verse start: the two
  /// true ones cost 120 and 558 nats more where the path had them; elsewhere the later reading
  /// cost 7 nats less at best, in a wrong-chapter pairing, and 89 more or worse otherwise. A
  /// synthetic reading with the phrase break read through, `RunOnAtPauseTests`: 1,461–2,122
  /// nats. Read one pause earlier instead, the same test would move seed 36's verse 13, read
  /// twice, onto its first take: a take dropped as read twice leaves its pauses unexplained,
  /// so only later is tried.) Returns whether it moved.
  @discardableResult
  static func slideLater(_ j: Int, _ around: Around, _ placed: inout Placement, _ reading: inout LetterReading) -> Bool
  {
    let path = reading.path
    let map = reading.plan.map
    let k = j - 1
    guard let m = path.pauseOfBreak[j], k > 0, !reading.plan.text.segmentStartBreak.contains(k),
      m + 1 < map.pauses.count, map.isRealPause(m + 1),
      !path.pauseOfBreak.contains(m + 1),
      let outer = reading.anchors.last(where: { $0.j < k }), case let inner = around.b, inner.m > m + 1,
      !path.interludes.contains(where: { (outer.m...inner.m).overlaps($0.fromPause...$0.toPause) })
    else { return false }
    var other = path
    other.pauseOfBreak[k] = m
    other.pauseOfBreak[j] = m + 1
    // The phrase break before the verse is an anchor now when it sits at a real pause.
    let before: [LetterReading.Anchor] = path.pauseOfBreak[k].flatMap { map.isRealPause($0) ? [(k, $0)] : nil } ?? []
    guard
      let (saved, _) = saving(
        [outer] + before + [(j, m), inner], &reading, other: other, [outer, (k, m), (j, m + 1), inner]),
      saved >= slideMargin
    else { return false }
    placed.path.pauseOfBreak[k] = m
    placed.path.pauseOfBreak[j] = m + 1
    placed.path.confidence[j] = min(placed.path.confidence[j], SkipPlacer.confidenceCap)
    return true
  }

  /// How many nats cheaper the later reading must be (`slideLater`): between the 7 of the best
  /// false case and the 120 of the least true one on seeds 1–40.
  static let slideMargin: Float = 50

  /// How many nats cheaper `other` reads than the path (`shift`, `slideLater`): the path's
  /// words between the anchors `now` priced by the letters learnt along it, `other`'s between
  /// `then` by the letters learnt along `other` (learnt along a path, the letters have learnt
  /// its words where it put them). With the reading along `other`; nil when either cannot be
  /// read.
  static func saving(
    _ now: [LetterReading.Anchor], _ reading: inout LetterReading, other: BoundaryChooser.Solution,
    _ then: [LetterReading.Anchor]
  ) -> (nats: Float, reading: LetterReading)? {
    guard var after = LetterReading(path: other, plan: reading.plan), let before = cost(now, &reading),
      let moved = cost(then, &after)
    else { return nil }
    return (before - moved, after)
  }
}

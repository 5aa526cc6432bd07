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
/// - Where they would leave it at the path's dip, the letters in context (`LetterModel+Contexts`,
///   `placeAtDip`) weigh the dips again, by the same rules, and theirs is the word taken: on the
///   real-room corpora 13 more run-on verses right (1,719 → 1,732 of 1,736).
/// - A short real pause between those breaks' pauses that no break took is a candidate too,
///   as the search may pass over a pause too short for its clock: held-back seed 100's
///   1 Corinthians 13:7, read on after a pause of 95 ms, was put at a dip a word early, and
///   the word "truth" between them was the verse's jump point, 169 ms early. Chosen, it is the
///   verse's pause (its onset the pause's end), held at `SkipPlacer.confidenceCap`.
/// - Nothing changes when the letters sound alike (`LetterModel.placingContrast`).
///
/// On seeds 1–10 (49 verses run on): starts a word or more off 10 → 4, the run-on conditions'
/// onset p90 from up to 166 ms to at most 17 ms.
///
/// A verse start inside a sentence that the path put at a real pause is read the same way when
/// a phrase break beside it is read through: the reader may have paused at that phrase break
/// ("and taught them, | saying, Blessed are…") and run into the verse. When a dip on that side
/// (after the pause for the break before, before it for the break after) is `pauseMargin` nats
/// or more cheaper than the pause, the verse begins at the dip and the pause is the phrase
/// break's; the verse's confidence is held at `SkipPlacer.confidenceCap`. This moves a verse
/// off a pause, and asks for letters as different as moving one does (`minimumContrast`): at
/// `LetterModel.placingContrast` a Psalm 1 read against Ecclesiastes 3's text (contrast 0.42)
/// had two verses moved onto "A time to" look-alikes, its openings then sounded alike enough
/// (share 0.89) to lift the other verses' confidences to 0.92–0.98. (Prototype on seeds
/// 1–17: 39 such verse starts with a dip on the free side; the one the path had a word early,
/// seed 4's MAT 5:3, cost 34 nats more at its pause; where the pause was right, the best dip
/// cost 5 nats or more than it.) When the phrase breaks beside it hold real pauses too, the
/// phrases may be shifted by one pause (`shift`).
///
/// A reader who hurries over verse breaks (`QuickReader`, `quickVerses`) runs into verses at
/// sentence ends as well, so in such an alignment every verse start at a real pause is read
/// so. The generated `hurried` chapters (seeds 1–48) had Genesis 1:6 ("…the first day. | And
/// God said, Let there be…", 90 ms before "And", 345 ms after "said,") begin at the pause
/// after "said,", at 0.67; it and John 1's verse 8 move to their own pauses (two more of the
/// 712 verses right). On the real-room corpora (seeds 1–9, 41–46, 97–112) nothing changes.
///
/// Any reader may run into a verse that opens with a short phrase ("Yea, | though I walk…")
/// and pause after that phrase instead: the clock cannot tell the two pauses apart. So a verse
/// start at a real pause whose first phrase is short and read through (`opensShort`) is read
/// so too, against the dips before it only; when one is `pauseMargin` nats cheaper, the verse
/// stays where it is but is held at `SkipPlacer.confidenceCap`. Moving it was tried: held-back
/// seed 113's hurried Psalm 23:4, put after "Yea," at 0.97, was 124 nats cheaper at its own
/// pause; seed 7's Psalm 23:4 read at an ordinary pace, right at its pause, had a dip inside
/// verse 3's last words 57 nats cheaper, and a synthetic Psalm 121 under a bright plucked
/// note (`MusicBedAlignmentTests`) moved "Behold," 1.3 s early. On seeds 1–9, 41–46, 97–116
/// it holds two verse starts (seed 7's, right, and seed 113's), and none of the hurried corpora's.
///
/// The verse starts at real pauses are read first, each along the path as the ones before it
/// left it; then the verse starts at dips, along the path the pauses left.
enum RunOnPlacer {
  static let margin: Float = 75
  /// A verse at a real pause moves to a dip this many nats cheaper (`placeAtPause`).
  static let pauseMargin: Float = 20
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
  /// A verse start at a dip whose words' start costs at most this many nats more than the
  /// cheapest frame of the stretch keeps its onset and jump point inside the dip (the words
  /// there, as early as `nearlyAsLikely` allows within it), not the stretch's cheapest and
  /// earliest frames: the sound has a dip there and the letters hardly object. On the
  /// generated real-room corpora (seeds 1–34, 148 verse starts read through at a dip), where
  /// exactly one of the two jump points lay within 150 ms of the truth: the dip's in 8 of the
  /// 9 at 20 nats or less (the stretch's earliest frame a word early, 151–361 ms), the
  /// stretch's in the one (195 ms late) and in 16 of the 17 above 20 nats (dips a word off).
  static let dipAsLikely: Float = 20

  struct Placement {
    var path: BoundaryChooser.Solution
    /// Per verse-start break read through: the frame its words begin at, and the earliest
    /// frame they may begin at (`nearlyAsLikely`): its jump point.
    var onsets: [Int: (onset: Int, earliest: Int)] = [:]
  }

  /// `pricedAsDip`: whether the search priced break j at real pause m as a dip
  /// (`BoundaryChooser.Problem.pricedAsDip`); such a verse start is placed as one at a dip, the
  /// pause one of the candidates. `quickVerses`: the path was found expecting a reader who
  /// hurries over verse breaks (every verse start at a real pause is read as one inside a
  /// sentence).
  static func place(
    _ path: BoundaryChooser.Solution, plan: PassPlan, letters: inout LetterReadings,
    pricedAsDip: (Int, Int) -> Bool, quickVerses: Bool = false
  ) -> Placement {
    // A verse the path has the reader skip keeps its place: its start is the next verse's.
    let skipped = Set(path.skippedSegments(text: plan.text).map { plan.text.segmentStartBreak[$0] })
    let starts = plan.text.segmentStartBreak.dropFirst().filter { !skipped.contains($0) }
    let gaps = Set(starts.filter { j in path.pauseOfBreak[j].map { pricedAsDip(j, $0) } ?? false })
    let atDips = starts.filter { gaps.contains($0) || (path.pauseOfBreak[$0].map(plan.map.isDip) ?? false) }
    // A verse start at a real pause the letters may move: inside a sentence, or any read quickly.
    let mayMove = { (j: Int) in plan.text.midSentence[j] || quickVerses }
    let atPauses = starts.filter {
      !gaps.contains($0) && (mayMove($0) || opensShort($0, plan.text))
        && (path.pauseOfBreak[$0].map(plan.map.isRealPause) ?? false)
    }
    guard !atDips.isEmpty || !atPauses.isEmpty, var reading = letters.reading(along: path),
      reading.model.contrast >= LetterModel.placingContrast
    else { return Placement(path: path) }
    var placed = Placement(path: path)
    for j in atPauses {
      let before = placed.path.pauseOfBreak
      placeAtPause(j, &placed, &reading, mayMove: mayMove(j))
      // A verse moved off a pause gives that pause to a phrase break: the stretches between
      // real pauses hold other words now, and the next verse is read along the new path.
      guard placed.path.pauseOfBreak != before else { continue }
      guard let moved = letters.reading(along: placed.path), moved.model.contrast >= LetterModel.placingContrast
      else { return placed }
      reading = moved
    }
    var contextual: LetterReading?
    for j in atDips where placed.onsets[j] == nil { placeAtDip(j, &placed, &reading, contextual: &contextual) }
    return placed
  }

  /// Where the words after a break begin: `at`, the cheapest frame, and as the jump point the
  /// earliest frame of `within` nearly as likely (`nearlyAsLikely`). Two word starts nearly as
  /// likely (a word apart) flip with ±1 LSB of noise; the jump point takes the earlier, which
  /// replays a word rather than skips one. In recording frames; `cost` lists `frames`' costs.
  static func wordStart(
    _ at: (frame: Int, cost: Float), within: ClosedRange<Int>, _ frames: ClosedRange<Int>, _ cost: [Float],
    perFrame: Int
  ) -> (onset: Int, earliest: Int) {
    let earliest = within.first { cost[$0 - frames.lowerBound] <= at.cost + nearlyAsLikely } ?? at.frame
    return (at.frame * perFrame, earliest * perFrame)
  }

  /// A verse start inside a sentence (or any, read quickly) the path put at a real pause: maybe
  /// a dip beside it, the pause going to the phrase break read through on that side. Unless it
  /// `mayMove` (a verse that opens short, `opensShort`): only the dips before it are weighed,
  /// and a cheaper one only doubts the pause.
  static func placeAtPause(_ j: Int, _ placed: inout Placement, _ reading: inout LetterReading, mayMove: Bool) {
    let path = reading.path
    let plan = reading.plan
    guard reading.model.contrast >= minimumContrast, let m = path.pauseOfBreak[j], plan.map.isRealPause(m),
      plan.fixed.pauseOfSegment[plan.text.units[j].segment] == nil, let around = around(j, reading)
    else { return }
    if mayMove, slideLater(j, around, &placed, &reading) { return }
    let starts = Set(plan.text.segmentStartBreak)
    let isFree = { (k: Int) in around.a.j < k && k < around.b.j && path.pauseOfBreak[k] == nil && !starts.contains(k) }
    let (freeBefore, freeAfter) = (mayMove && isFree(j - 1), isFree(j + 1))
    guard freeBefore || freeAfter else {
      if mayMove, !shift(j, by: -1, around, &placed, &reading) { shift(j, by: 1, around, &placed, &reading) }
      return
    }
    guard let (frames, cost) = costs(ofBreak: j, around, &reading),
      let atPause = cheapest(frames, cost, in: window(m, reading))
    else { return }
    let dips = pauseCosts(around, frames, cost, reading) { plan.map.isDip($0) && ($0 > m ? freeBefore : freeAfter) }
    guard let (d, atDip) = dips.min(by: { $0.1.cost < $1.1.cost }), atPause.cost - atDip.cost >= pauseMargin
    else { return }
    guard mayMove else {
      // A verse that opens short: the letters doubt its pause, and it is not vouched for.
      placed.path.confidence[j] = min(placed.path.confidence[j], SkipPlacer.confidenceCap)
      return
    }
    placed.path.pauseOfBreak[j] = d
    placed.path.pauseOfBreak[d > m ? j - 1 : j + 1] = m
    placed.path.confidence[j] = min(placed.path.confidence[j], SkipPlacer.confidenceCap)
    placed.onsets[j] = wordStart(
      atDip, within: window(d, reading).clamped(to: frames), frames, cost, perFrame: reading.perFrame)
  }

  /// At most this many phrase breaks at real pauses between a verse start and the free break
  /// `shift` shifts them towards.
  static let longestShift = 3

  /// A verse start inside a sentence at a real pause m, whose phrase breaks on side `step` (−1
  /// before it, +1 after) hold real pauses up to one k the reader read through (or put at a
  /// dip): the path may have put each of those breaks one pause away from its own. Held-back
  /// seed 23's Matthew 5, read "his mouth, | and taught them, | saying, Blessed are…" with no
  /// pause before "Blessed": the path gave "mouth," no pause, "them," the pause after "mouth,"
  /// and verse 3 the pause after "them,", a word early; verse 2, run on too, began 430 ms early
  /// because its stretch then held "saying," as well.
  ///
  /// Both readings use the same real pauses, with other words between them. Each is priced by
  /// the letters learnt along it (learnt along the path, the letters have learnt its words where
  /// it put them): the sum over its stretches of `LetterReading.cost`. The shifted one is taken
  /// when `pauseMargin` nats cheaper; the verse begins at the cheapest dip of the stretch it now
  /// shares with its phrase break, or at a pause the path left unexplained there. (Prototype on
  /// seeds 1–23: 23 such verse starts; the shifted reading cost 386 nats or more than the path's
  /// at the 22 the path had right, 490 nats less at seed 23's verse 3.) Returns whether it moved.
  @discardableResult
  static func shift(
    _ j: Int, by step: Int, _ around: Around, _ placed: inout Placement, _ reading: inout LetterReading
  ) -> Bool {
    let path = reading.path
    let map = reading.plan.map
    let starts = Set(reading.plan.text.segmentStartBreak)
    // The anchors from j (with m) along the chain, now and shifted one break towards k.
    guard let m = path.pauseOfBreak[j] else { return false }
    var moved: [LetterReading.Anchor] = [(j, m)]
    var k = j + step
    while moved.count <= longestShift, k > 0, k < path.pauseOfBreak.count, !starts.contains(k),
      let p = path.pauseOfBreak[k], map.isRealPause(p)
    {
      moved.append((k, p))
      k += step
    }
    guard moved.count > 1, k > 0, k < path.pauseOfBreak.count, !starts.contains(k),
      path.pauseOfBreak[k].map(map.isDip) ?? true,
      let outer = step < 0
        ? reading.anchors.last(where: { $0.j < k }) : reading.anchors.first(where: { $0.j > k })
    else { return false }
    let shifted = moved.map { (j: $0.j + step, m: $0.m) }
    let inner = step < 0 ? around.b : around.a
    let ordered = { (anchors: [LetterReading.Anchor]) in
      step < 0 ? [outer] + anchors.reversed() + [inner] : [inner] + anchors + [outer]
    }
    var other = reading.path
    for anchor in shifted { other.pauseOfBreak[anchor.j] = anchor.m }
    other.pauseOfBreak[j] = nil
    guard let (saved, shiftedReading) = saving(ordered(moved), &reading, other: other, ordered(shifted)),
      saved >= pauseMargin
    else { return false }
    var after = shiftedReading
    // The verse's place in the stretch it shares with the pause m gave away: a dip, or a pause
    // the path left unexplained.
    let side: Around =
      step < 0
      ? (a: shifted[0], b: inner, low: shifted[0].m, high: around.high)
      : (a: inner, b: shifted[0], low: around.low, high: shifted[0].m)
    guard let (frames, cost) = costs(ofBreak: j, side, &after),
      let (d, at) = ((side.low + 1)..<side.high).compactMap({ d in
        cheapest(frames, cost, in: window(d, after)).map { (d, $0) }
      }).min(by: { $0.1.cost < $1.1.cost })
    else { return false }
    for anchor in shifted { placed.path.pauseOfBreak[anchor.j] = anchor.m }
    placed.path.pauseOfBreak[j] = d
    placed.path.confidence[j] = min(placed.path.confidence[j], SkipPlacer.confidenceCap)
    if map.isDip(d) {
      placed.onsets[j] = wordStart(
        at, within: window(d, after).clamped(to: frames), frames, cost, perFrame: after.perFrame)
    }
    return true
  }

  /// The letters' cost of the words between consecutive anchors (nil when a stretch cannot
  /// hold its letters).
  static func cost(_ anchors: [LetterReading.Anchor], _ reading: inout LetterReading) -> Float? {
    var total: Float = 0
    for (a, b) in zip(anchors, anchors.dropFirst()) {
      guard a.j < b.j, let c = reading.cost(of: a.j..<b.j, from: a.m, to: b.m) else { return nil }
      total += c
    }
    return total
  }
}

import DSP

/// Speech read twice: a false start ("Surely goodness… Surely goodness and mercy") or a
/// retake of a whole verse. The reader keeps the later reading, so the earlier one is speech
/// the text does not hold.
///
/// The same words read by the same voice have the same spectral shape over time, whatever the
/// language. Each speech frame of `SpectralShape` (16 mel bands, 20 ms) has the recording's mean
/// speech shape taken off; two stretches are compared by dynamic time warping (steps (1,1) at
/// twice the cost, (1,0) and (0,1); the cost is the RMS over bands of the dB difference; total
/// divided by the two lengths). Stretch A = the speech of islands a..<b and B = the speech from
/// island b on are a repeat when
///
/// - the pauses before a and before b are real pauses (not dips inside speech) of at least
///   `repeatShortestPauseSeconds`, and A lasts at most `repeatLongestSeconds` from its first
///   sound to its last;
/// - their first `repeatHeadFrames` frames are close (`repeatHeadShare` of the recording's
///   median head distance over every pair tried, or more: `repeatAlikeRatio`): a quick test;
/// - A's first `repeatPrefixFrames` against B's beginning cost at most `repeatPrefixShare` of
///   that scale, and so do A's first 2, 4, 8… times as many (up to half of A), and all of A against B's beginning (B's end free, between
///   `repeatShortestShare` and `repeatLongestShare` of A's length) at most `repeatWholeShare`.
///
/// (On the four generated real-room corpora the 8 true false starts and retakes measured: head
/// 0.11–0.38, whole 0.19–0.35.) A head up to `repeatLooseHeadShare` passes when the whole is
/// as close as `repeatLooseWholeShare`: held-back seed 37's Genesis 1:10, read twice whole,
/// measured a head of 0.50002 and a whole of 0.38 ("And God…" opens most verses there, so the
/// heads lie near the median) and went unnamed, verses 10–11 wrong. With the head bound alone
/// at 0.6, a synthetic Psalm 121 (`ReadTwiceTests`, seed 5) took a false repeat of 1.5 s at a
/// head of 0.56 and a whole of 0.44, and put verse 5 out of its pause.
///
/// A head up to the scale itself (`repeatHeadlessHeadShare`) passes when the whole is as close
/// as `repeatHeadlessWholeShare`: a take may open otherwise than the other and then go on alike.
/// Held-back seed 156's Psalm 23:4 read twice whole (slt: "Yea," alone before a pause in the
/// first take, read on in the second) measured a head of 0.90, prefixes of 0.41 and 0.37 and a
/// whole of 0.33, every other pair there a whole of 0.70 or more; verse 3 had been taken for an
/// earlier take and labelled at verse 4's first one. Over seeds 1–9, 41–46, 97–156 no other
/// alignment changed. (Synthetic retakes measure wholes of 0.40–0.48 of their own scale: they
/// cannot show it.)
///
/// A take of at least `repeatLongTakeSeconds` of speech is held to looser bounds: its
/// prefixes to `repeatLongPrefixShare`, its whole to `repeatLongWholeShare` whatever its head
/// (up to `repeatHeadlessHeadShare`). A person who reads a verse again reads it at another pace
/// and pitch, and the bounds above were set on takes by the same voice at the same pace. Over
/// the 196 `retake_human` chapters of the 98 seeds (the earlier take 8–15 % faster or slower,
/// espeak's 8–15 pitch units off), 44 true takes measured wholes of 0.40–0.63 and went unnamed,
/// with heads up to 0.89 and prefixes over 0.55; in the same chapters other pairs measured
/// 0.6–1.1, over most of a verse 0.8 and more. Short stretches of other words match closer (a
/// 1.5–3 s phrase of 1 Corinthians 13 or Psalm 121 at 0.36–0.45, where the text repeats
/// itself), so the looser bounds ask for a whole verse's length, and a take that opens or is
/// read again after a pause at least as long as the recording's median real pause (between
/// verses, not at a comma): in a synthetic Psalm 150 (`ReadTwiceTests`, every "praise him"
/// the same sound) the end of a verse's earlier take and the start of its later one, from one
/// colon to the next, matched the later take's end and the next verse's start at 0.47 and
/// was taken out, the verse then labelled at its earlier take. Of the 192 true takes found in
/// the `retake_human` chapters, one opens and is read again after shorter pauses (0.64 s and
/// 0.45 s, the median 0.64 s), at a whole of 0.36 that the first bounds pass. What passes is a
/// candidate only: `ReadTwice` keeps it where the text fits better without it. With these
/// bounds no alignment of 1,144 other chapters of 26 seeds changed, but over all 98 seeds two
/// did: in a reverberant Matthew 5 (seed 224, "Blessed are…: for they…" every verse) verse 7
/// matched verse 8 and was taken out as its take, and Psalm 23 read against Psalm 121's text
/// (seed 214) was accepted without its verse 5. So a repeat within these bounds only (`loose`)
/// must match its later reading clearly closer than the long stretches around the two match
/// others (`repeatDistinctRatio`; in that Matthew 5 one next to them matched within 1/0.8 of
/// them), and `ReadTwice` keeps it only where the text without it fits its pauses and its
/// words, told apart, explain what is heard better than read backwards.
///
/// For each b the closest a wins; of repeats that overlap, the closer (lower share). Until the
/// thirty-fifth session the earlier one won: in a `retake_human` Matthew 5 (seed 16; "Blessed
/// are…: for they shall…" every verse) verse 7's earlier take, read faster and lower, matched
/// its later one at 0.25, but a phrase of verse 6 had matched the take's second phrase at
/// 0.448 first; the pair kept instead was the take's second phrase with the verse's first
/// (0.36), and taken out with it, verse 7 was labelled at the earlier take at 0.995. But a
/// repeat shifted by a word on both sides (the earlier reading from the take's second word into
/// the later take's first, the later from its second) matches about as closely as the repeat
/// itself: when the closer one's earlier reading runs into the other's later reading and is not
/// closer by `repeatShiftedRatio`, the other is kept. In a `retake_human` Luke 2 (seed 228),
/// verse 9's two takes measured 0.359, and shifted by "And" 0.355; taken out shifted, the
/// take's first word was left alone and labelled verse 9, 8 s early, at 0.991.
extension SpeechMap {
  struct Repeat: Sendable, Equatable {
    /// Islands of the earlier reading.
    var islands: Range<Int>
    /// Its DTW distance to the later reading, as a share of the recording's scale (`repeatAlikeRatio`).
    var share: Double
    /// Whether it passed a long take's looser bounds only (`repeatLongWholeShare`).
    var loose = false

    /// Whether one of the two repeats' earlier reading is the other's later reading.
    func chains(with other: Repeat) -> Bool {
      islands.upperBound == other.islands.lowerBound || other.islands.upperBound == islands.lowerBound
    }
  }

  static let repeatHeadFrames = 20
  static let repeatLongestSeconds = 20.0
  static let repeatShortestPauseSeconds = 0.3
  static let repeatShortestSpeechSeconds = 0.3
  static let repeatHeadShare = 0.5
  static let repeatPrefixFrames = 50
  static let repeatPrefixShare = 0.55
  static let repeatWholeShare = 0.45
  static let repeatLooseHeadShare = 0.6
  static let repeatLooseWholeShare = 0.4
  static let repeatHeadlessHeadShare = 1.0
  static let repeatHeadlessWholeShare = 0.36
  static let repeatLongTakeSeconds = 3.5
  static let repeatLongPrefixShare = 0.7
  static let repeatLongWholeShare = 0.65
  static let repeatShiftedRatio = 0.9
  static let repeatDistinctRatio = 0.8
  static let repeatShortestShare = 0.7
  static let repeatLongestShare = 1.5
  /// The scale is the median head distance, or the 90th percentile's over this, if more: where
  /// most verses open with the same words (Psalm 150's "Praise him…", Ecclesiastes 3's "A time
  /// to…") the median pair sounds alike. Over the real-room corpora, seeds 1–13 (375 chapters),
  /// the 90th percentile lies 1.14–1.44 times the median in 9 chapters of 10 (median 1.21);
  /// in Psalm 150 and Ecclesiastes 3 up to 3.3. There a whole verse read twice (held-back seed
  /// 13) measured 0.74 / 0.67 / 0.76 of the median (head, prefix, whole), and was kept as
  /// one reading; of this scale, 0.35 / 0.32 / 0.36.
  static let repeatAlikeRatio = 1.45
  /// The scale is also at least the median distance from a head to the 20 frames that follow
  /// the next head (b's words against the closest opening a before it), over this. Those are
  /// different words wherever the openings are alike, so the median measures how far apart
  /// this recording's different speech lies. Over seeds 2–25 (912 chapters) it is 0.96–1.45
  /// times the scale above in 9 chapters of 10 (median 1.05), and up to 2.1 in Ecclesiastes 3,
  /// Psalm 150 and Genesis 1. There, held-back seeds 70 and 75's Psalm 150, each with a verse
  /// read twice whole (slt, the takes 3 % apart in rate), measured 0.78 and 0.86 of the scale
  /// above as a whole, and went unnamed; of this one, 0.42 and 0.45, as whole retakes
  /// elsewhere measure (0.19–0.42).
  static let repeatUnlikeRatio = 1.5
  /// Frames a warping path may stray from slopes 1/2…2.
  static let warpSlack = 10

  /// With `longTakes`, long takes are held to their looser bounds too: for a text of a
  /// chapter's length (`ReadTwice.removed`). On the 68-minute speed file (540 segments) they
  /// cost a second of 3.6 (`bench/align/speed.sh`: 1,100–1,145× real time, not 1,540–1,590×)
  /// and changed no label.
  func repeats(longTakes: Bool = true) -> [Repeat] {
    guard let shape = features.shape, let perFrame = features.framesPerShapeFrame, islands.count >= 2 else { return [] }
    // Speech frames of every island, one after another; each frame's own level (its mean over
    // bands) is taken off, so a reading louder or softer than the other still matches; then
    // the mean speech shape. islandStart[i]: island i's first frame in `vectors`.
    var vectors: [Shape] = []
    var islandStart: [Int] = []
    var mean = Shape()
    for i in islands.indices {
      islandStart.append(vectors.count)
      let first = min(shape.frameCount, onsetFrame(island: i) / perFrame)
      let last = min(shape.frameCount, max(first, offsetFrame(island: i) / perFrame))
      for j in first..<last {
        let levels = Self.shapeFrame(shape, j).shape
        vectors.append(levels)
        mean += levels
      }
    }
    islandStart.append(vectors.count)
    guard !vectors.isEmpty else { return [] }
    mean /= Shape(repeating: Float(vectors.count))
    for k in vectors.indices { vectors[k] -= mean }
    /// The speech frames of islands `range`, at most `limit` of them.
    let frames = { (range: Range<Int>, limit: Int) -> ArraySlice<Shape> in
      let first = islandStart[range.lowerBound]
      let end = islandStart[range.upperBound]
      return vectors[first..<(first + min(limit, end - first))]
    }
    let rate = Double(sampleRate)
    // A reading starts after a real pause of some length (or at the first sound).
    let opens = { (i: Int) in
      i == 0 || (!pauses[i - 1].isWeak && pauses[i - 1].seconds >= Self.repeatShortestPauseSeconds)
    }
    let before = speechBefore  // before[i]: net speech seconds before island i
    // Candidate pairs and their head distances.
    var pairs: [(a: Int, b: Int, head: Double, speech: Double)] = []
    var unlike: [Double] = []
    let head = { (i: Int) in frames(i..<islands.count, Self.repeatHeadFrames) }
    for b in 1..<islands.count where opens(b) {
      let end = offsetFrame(island: b - 1)
      // b's head and the words after it. The words are measured against the closest opening
      // before b only: one more distance per b, not per pair (a hot path on long recordings).
      var y = frames(b..<islands.count, 2 * Self.repeatHeadFrames)
      guard y.count >= Self.repeatHeadFrames else { continue }
      var a = b - 1
      while a >= 0, Double(end - onsetFrame(island: a)) / rate <= Self.repeatLongestSeconds {
        defer { a -= 1 }
        guard opens(a) else { continue }
        let speech = before[b] - before[a]
        guard speech >= Self.repeatShortestSpeechSeconds else { continue }
        let x = head(a)
        guard x.count == Self.repeatHeadFrames else { continue }
        let distances = Self.headDistances(x, y)
        pairs.append((a, b, distances.head, speech))
        if let words = distances.words { unlike.append(words) }
        y = y.prefix(Self.repeatHeadFrames)
      }
    }
    guard !pairs.isEmpty else { return [] }
    let heads = pairs.map(\.head).sorted()
    let unlikeMedian = unlike.upperMedian ?? 0
    let scale = max(
      heads[pairs.count / 2], heads[pairs.count * 9 / 10] / Self.repeatAlikeRatio, unlikeMedian / Self.repeatUnlikeRatio
    )
    guard scale > 0 else { return [] }
    // A long take opens or is read again after a pause as long as most of this recording's.
    let typicalPause = pauses.filter { !$0.isWeak }.map(\.seconds).upperMedian ?? 0
    let afterLongPause = { (i: Int) in i == 0 || pauses[i - 1].seconds >= typicalPause }
    var best: [Int: Repeat] = [:]
    // Long stretches' closest other long stretch, before them (as the later reading) and after
    // them (as the earlier), known only within the long bound (farther ones are abandoned);
    // and the repeats that passed a long take's bounds only.
    var closestBefore: [Int: Double] = [:]
    var closestAfter: [Int: Double] = [:]
    var loose: Set<Int> = []
    for pair in pairs {
      let long =
        longTakes && pair.speech >= Self.repeatLongTakeSeconds && (afterLongPause(pair.a) || afterLongPause(pair.b))
      guard let wholeBound = Self.wholeBound(head: pair.head, scale: scale, long: long) else { continue }
      let x = frames(pair.a..<pair.b, Int.max)
      let n = x.count
      let y = frames(pair.b..<islands.count, Int(Self.repeatLongestShare * Double(n)))
      guard n > 0, Double(y.count) >= Self.repeatShortestShare * Double(n) else { continue }
      // Every beginning of a repeat matches too: its first second, then 2, 4, 8… (cheap).
      // (strict: within the first bounds too.)
      var length = Self.repeatPrefixFrames
      var matches = true
      var strict = true
      while matches && 2 * length <= n {
        let limit = (long ? Self.repeatLongPrefixShare : Self.repeatPrefixShare) * scale
        let start = y.prefix(Int(Self.repeatLongestShare * Double(length)))
        let distance = Self.warpDistance(x.prefix(length), start, freeEnd: true, abandonAbove: limit)
        matches = distance <= limit
        strict = strict && distance <= Self.repeatPrefixShare * scale
        length *= 2
      }
      guard matches else { continue }
      let share = Self.warpDistance(x, y, freeEnd: true, abandonAbove: wholeBound * scale) / scale
      guard share <= wholeBound else { continue }
      if long {
        closestBefore[pair.b] = min(share, closestBefore[pair.b] ?? .infinity)
        closestAfter[pair.a] = min(share, closestAfter[pair.a] ?? .infinity)
      }
      guard share < best[pair.b]?.share ?? .infinity else { continue }
      best[pair.b] = Repeat(islands: pair.a..<pair.b, share: share)
      let first = Self.wholeBound(head: pair.head, scale: scale).map { share <= $0 } ?? false
      if strict && first { loose.remove(pair.b) } else { loose.insert(pair.b) }
    }
    // A long take within the looser bounds only must match its later reading clearly closer
    // than the long stretches around the two match others (`repeatDistinctRatio`).
    let distinct = best.values.compactMap { r -> Repeat? in
      guard loose.contains(r.islands.upperBound) else { return r }
      let around = min(
        closestBefore[r.islands.lowerBound] ?? .infinity, closestAfter[r.islands.upperBound] ?? .infinity)
      guard r.share <= Self.repeatDistinctRatio * around else { return nil }
      return Repeat(islands: r.islands, share: r.share, loose: true)
    }
    return Self.kept(distinct)
  }

  /// Of repeats that overlap, the closer (lower share), unless its earlier reading runs into
  /// the other's later reading and it is not closer by `repeatShiftedRatio` (the other shifted
  /// by a word or more); in time order.
  static func kept(_ candidates: [Repeat]) -> [Repeat] {
    var found: [Repeat] = []
    for candidate in candidates.sorted(by: { ($0.share, $0.islands.lowerBound) < ($1.share, $1.islands.lowerBound) }) {
      guard let k = found.firstIndex(where: { $0.islands.overlaps(candidate.islands) }) else {
        found.append(candidate)
        continue
      }
      let closer = found[k]
      if closer.islands.contains(candidate.islands.upperBound), closer.share >= repeatShiftedRatio * candidate.share,
        !found.indices.contains(where: { $0 != k && found[$0].islands.overlaps(candidate.islands) })
      {
        found[k] = candidate
      }
    }
    return found.sorted { $0.islands.lowerBound < $1.islands.lowerBound }
  }

  /// The bound on a pair's whole distance (a share of `scale`) for heads `head` apart: the
  /// farther the heads, the closer the wholes must be (for a `long` take, one bound); nil past
  /// `repeatHeadlessHeadShare`.
  static func wholeBound(head: Double, scale: Double, long: Bool = false) -> Double? {
    if long { return head <= repeatHeadlessHeadShare * scale ? repeatLongWholeShare : nil }
    if head <= repeatHeadShare * scale { return repeatWholeShare }
    if head <= repeatLooseHeadShare * scale { return repeatLooseWholeShare }
    return head <= repeatHeadlessHeadShare * scale ? repeatHeadlessWholeShare : nil
  }

  /// How far head `x` lies from the first `x.count` frames of `y` (another opening), and from
  /// the `x.count` frames after those (other words) when `y` holds them.
  static func headDistances(_ x: ArraySlice<Shape>, _ y: ArraySlice<Shape>) -> (head: Double, words: Double?) {
    let head = warpDistance(x, y.prefix(x.count), freeEnd: false)
    let after = y.dropFirst(x.count).prefix(x.count)
    return (head, after.count == x.count ? warpDistance(x, after, freeEnd: false) : nil)
  }
}

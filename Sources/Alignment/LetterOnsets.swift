import DSP

/// Where a verse's words begin after a real pause, read by the letters (`LetterModel`), where
/// the pause is too loud for its end to be the first sound.
///
/// A verse's onset is its pause's end: the first sound the level rules (`SpeechMap`) hear. Under
/// a bed of notes the pause may end on a strike or a swell up to 700 ms before the voice, and
/// under loud room tone or a bed a soft first consonant may hide, the onset 100–200 ms late.
/// The letters know the difference: a strike does not sound like the verse's first letters.
///
/// For each verse start at a real pause, with the stretch of speech after it up to the next
/// real pause on the path, the frames from the pause's start to the stretch's end are read as
/// pause, then the text: with P(t) the cost of frames before t as pause (each frame the cheapest
/// of `pauseSounds` Gaussians learnt by k-means from the path's real pauses and the sounds the
/// map discarded that stand `apartMilliseconds` or more before the next speech — breaths,
/// notes — so that a bed's strikes and swells are pause too; not a pause holding an earlier take
/// taken out, nor that take's sounds: learnt as pause, the take "A time to love…" put held-back
/// seed 175's Ecclesiastes 3:3, 4, 5 and 7 after their first word "A", 111–131 ms late at
/// confidence 0.98–1; nothing else moved on seeds 1–9, 41–46, 97–176) and R(t) the least cost of the
/// stretch's text starting at t, the words begin at the cheapest t of C(t) = P(t) + R(t), up
/// to `latestFrames` after the pause's end. The onset moves there when
///
/// - it is `shortestMoveMilliseconds` or more from the pause's end,
/// - C there is `margin` nats or more cheaper than at the pause's end,
/// - the pause's floor is at most `deepestFloorDB` under the speech: a quiet pause's end is
///   the first sound, and a verse read twice or a soft word after a quiet pause moved the words
///   by 160–1,400 ms (real-room seeds 1, 3, 5 and 9: floors 43–49 dB down; the onsets moved
///   right lay under floors 16–32 dB down),
/// - the pause holds no earlier take taken out (`SpeechMap.holdsTake`): it is loud by that
///   speech, not by its floor, and its end is the later take's first sound (held-back seed
///   124's Ecclesiastes 3, verse 3 read twice whole: the letters put verse 3's onset 149 ms into
///   its first word, "A", and with ±1 LSB of noise they did not, `stability.py`),
/// - and the letters sound different enough (`LetterModel.placingContrast`; a bed of notes
///   blurs them to 0.33–0.45: below it, onsets move only later, `laterOnlyContrast`).
///
/// The first verse after the lead-in is read the same way when the first real pause is loud
/// (the lead-in itself may be silent until the bed's first note), and moves only later: its
/// reading starts at the first sound (from the recording's start, the letters put the words
/// in the silence before the bed, and two verses stayed on a pluck 205–211 ms early, seeds 4
/// and 13; now 25 ms late and 13 ms early; nothing else moved on seeds 1–13). The
/// last verse's words run to the end of the speech (until 2026-11-26 it was never read: held-back
/// seed 13's Genesis 1:13 began 449 ms early, on a pluck's ring; now 24 ms; nothing else moved
/// on seeds 1–13).
///
/// On the real-room corpora (seeds 1–11, 3,027 verses), 10 onsets moved, each nearer the truth
/// (101–714 ms off → at most 46 ms), none further. With the discarded sounds as pause, 4 more
/// (41–633 ms → 4–164 ms; seed 11's plucks ended pauses up to 633 ms before the voice); taking
/// heads cut from a word too lost the first sound of words the map had cut with a ring
/// (`LetterOnsetsTests`: 22–54 ms late). With the lead-in, 1 more (seed 11: a pluck 363 ms
/// before Psalm 1:1, −369 → +17 ms). Read a second time when many onsets moved later, with
/// the letters learnt from the words' corrected beginnings and the sound before them as pause:
/// 2 more (seed 11's plucks, −243 and −227 → +18 and +12 ms). A verse start whose pause ends
/// where a struck note's decay was cut (`SpeechMap.decays`) began on something else too, and
/// counts towards the second reading: with the cut and without the count, seed 11's PSA 1:4 was
/// read once and stayed on its pluck, 243 ms early.
///
/// The numbers, from a prototype printing its verse starts on seeds 1–11 (with duplicates
/// across the alignment's depths). On the bed_notes chapters, with 1 pause Gaussian, 15 onsets
/// put right and 8 wrong; with 3, 16 and 4; with 5 or 8, 17 and 1; with 12, 14 and 1. The
/// letters' own onsets under bed_notes, 90th percentile: 139 ms with a window of 25 frames
/// after the pause's end, 91 ms with 50. On every chapter (floor bound and contrast as above),
/// moves of 40 ms and more at 10 nats: 32 right, 8 wrong; of 60 ms and more at 40 nats: 20
/// right, 0 wrong.
enum LetterOnsets {
  static let pauseSounds = 8
  static let latestFrames = 50
  static let shortestMoveMilliseconds = 60
  static let margin: Float = 40
  static let deepestFloorDB: Float = 36
  /// An earlier onset may land in a still run's last two hops (10 ms): where the ring ends and
  /// the word begins.
  static let ringEndHops = 2
  static let apartMilliseconds = 100
  /// A later onset passes over sound (a strike, a swell) that stays this far under the speech
  /// level (`LevelModel.speechVoiceDB`) in every hop; sound as loud as the speech is the words.
  /// On the real-room corpora, seeds 1–20, the letters moved 46 onsets later (each depth an
  /// alignment tried counted): the 38 that came nearer the truth passed over sound 4.4 dB or
  /// more under the speech level (notes, pads, breaths), 2 went 70 ms late over a breath 18–20 dB
  /// under it, and the 6 that went 223–816 ms into the words (a slt "Yea," whose rising glide
  /// the letters took for pause, a verse read twice, two Spanish openings) passed over the
  /// words, from 0.4 dB under the level to 7.1 dB over it (seed 19's PSA 23:4 at confidence
  /// 0.996).
  static let passedBelowSpeechDB: Float = 2.5
  /// The letters read a second time when this share of the verse starts or more moved later
  /// (seed 11's plucks: 3 of 6; a 68-minute clean file: 8 of 435, where a second reading cost
  /// 9 % of the alignment).
  static let secondReadingShare = 0.25
  /// Letters that sound alike down to this (`LetterModel.contrast`) still move onsets, but
  /// only later, when they sound less different than `LetterModel.placingContrast`: under a
  /// bed of notes a verse's onset went to a note struck 80–540 ms before the words, and in
  /// 3 of the 4 such chapters of held-back seeds 35–36 the letters' contrast was 0.35–0.38.
  /// On the generated real-room corpora, seeds 1–36, at 0.33 with moves either way: 17 onsets
  /// moved, all under note beds (contrasts 0.335–0.395), 15 nearer the truth (52–542 ms early
  /// → within 50 ms), one 30 ms early → 91 ms late, one 86 ms late → 363 ms early (an earlier
  /// move). Later only, the 16 others moved: bed_notes onsets p90 66.7 → 54.8 ms; no
  /// boundary changed.
  static let laterOnlyContrast: Float = 0.33

  /// Per verse-start break at a real pause whose words the letters put elsewhere: their onset.
  /// Breaks read through (`RunOnPlacer`) are left alone, and stretches holding an interlude.
  static func place(
    _ path: BoundaryChooser.Solution, plan: PassPlan, letters: inout LetterReadings,
    readThrough: [Int: (onset: Int, earliest: Int)]
  ) -> [Int: Int] {
    let map = plan.map
    let starts = Set(plan.text.segmentStartBreak)
    let anchors = LetterReading.anchors(of: path, map: map)
    // Verse starts at loud pauses, first: a recording whose pauses are quiet needs no letters.
    // The first verse after the lead-in too (no heading before it), when the chapter's pauses
    // are loud: the lead-in may be silence until the bed's first note.
    let leadIn: [LetterReading.Anchor] = (path.pauseOfBreak[0] ?? 0) == 0 ? [(j: 0, m: 0)] : []
    // The last verse's words run to the end of the speech.
    let end: LetterReading.Anchor = (j: plan.text.unitCount, m: map.pauses.count + 1)
    let from = leadIn + anchors + [end]
    let asked = zip(from, from.dropFirst()).filter { a, b in
      starts.contains(a.j) && readThrough[a.j] == nil
        && !path.interludes.contains(where: { (a.j...b.j).contains($0.breakIndex) })
        && isLoud(map.pauseFrames(a.m == 0 ? b.m : a.m), map: map) && !map.holdsTake(pause: a.m)
    }
    guard !asked.isEmpty, var reading = letters.reading(along: path),
      reading.model.contrast >= laterOnlyContrast
    else { return [:] }
    // Letters blurred by the bed move onsets only later: off a note struck before the words.
    let laterOnly = reading.model.contrast < LetterModel.placingContrast
    // What the map heard as not speech (a breath, a note) is pause too, where it stands apart
    // from the speech after it (a head cut from a word may hold the word's first sound).
    let apart = apartMilliseconds * map.sampleRate / 1000 / map.hopFrames
    // Not an earlier take taken out (`SpeechMap.setAside` holds none): that is speech.
    let heardAsPause = map.setAside.filter { island in
      !map.islands.contains { ($0.startHop - apart..<$0.startHop + 1).contains(island.endHop) }
    }.flatMap { reading.shapeFrames(from: $0.startHop * map.hopFrames, to: $0.endHop * map.hopFrames) }
    let onsets = read(asked, anchors: anchors, heardAsPause: heardAsPause, laterOnly: laterOnly, &reading)
    // Once more with the letters learnt from where the words were found to begin, and what lay
    // before them as pause, when many began on something else (a bed's strikes): the first
    // letters no longer hold the strikes they began on.
    let byPause = Dictionary(uniqueKeysWithValues: asked.compactMap { a, _ in onsets[a.j].map { (a.m, $0) } })
    // A pause ending where a struck note's decay was cut (`SpeechMap.decays`) began on a strike too.
    let struck = Set(map.decays.map(\.upperBound))
    let later = asked.filter { a, _ in
      (onsets[a.j] ?? 0) > map.pauseFrames(a.m).end || struck.contains(map.pauseFrames(a.m).end / map.hopFrames)
    }.count
    guard Double(later) >= secondReadingShare * Double(asked.count), !byPause.isEmpty,
      var again = LetterReading(path: path, plan: plan, heardFrom: byPause)
    else { return onsets }
    return read(asked, anchors: anchors, heardAsPause: heardAsPause, laterOnly: laterOnly, &again)
  }

  /// One reading of the asked verse starts: the pause sounds learnt (from the anchors' pauses,
  /// up to where their words were heard to begin, and `heardAsPause`), each start's words placed.
  static func read(
    _ asked: [(LetterReading.Anchor, LetterReading.Anchor)], anchors: [LetterReading.Anchor], heardAsPause: [Int],
    laterOnly: Bool = false, _ reading: inout LetterReading
  ) -> [Int: Int] {
    let map = reading.plan.map
    let pauseFrames = anchors.filter { !map.holdsTake(pause: $0.m) }.flatMap { a -> Range<Int> in
      let pause = map.pauseFrames(a.m)
      return reading.shapeFrames(from: pause.start, to: max(pause.end, reading.heardFrom[a.m] ?? 0)).dropFirst()
    }
    let sounds = clusters(pauseFrames + heardAsPause, model: &reading.model)
    guard !sounds.isEmpty else { return [:] }
    var onsets: [Int: Int] = [:]
    for (a, b) in asked {
      var pause = map.pauseFrames(a.m)
      // After the lead-in only later: moved earlier, three voices' first words went 300–700 ms
      // into a pad's fade-in. So the reading starts at the first sound.
      if a.m == 0 { pause.start = max(pause.start, pause.end - map.hopFrames) }
      if let onset = wordsBegin(after: pause, through: a.j..<b.j, to: b.m, sounds: sounds, &reading),
        onset > pause.end
          ? !passesSpeech(from: pause.end, to: onset, map: map) : !laterOnly && a.m > 0 && !ringsAt(onset, map: map)
      {
        onsets[a.j] = onset
      }
    }
    return onsets
  }

  /// Where the text of `units` begins after `pause` (up to pause `end`), when the letters put
  /// it far enough from the pause's end and cheaper by the margin; nil otherwise.
  static func wordsBegin(
    after pause: FrameRange, through units: Range<Int>, to end: Int, sounds: [Int], _ reading: inout LetterReading
  ) -> Int? {
    let first = reading.shapeFrame(pause.start)
    let last = reading.shapeFrame(reading.plan.map.pauseFrames(end).start)
    let chain = reading.model.chain(reading.words(units))
    let latest = min(last - chain.states.count - 1, reading.shapeFrame(pause.end) + latestFrames)
    guard latest > first + 1 else { return nil }
    let frames = Array(first..<last)
    let emission = reading.model.emissions(frames, symbols: sounds)
    var asPause = [Float](repeating: 0, count: frames.count)
    var sum: Float = 0
    for i in frames.indices {
      var cheapest = Float.infinity
      for k in sounds.indices { cheapest = min(cheapest, emission[i * sounds.count + k]) }
      sum += cheapest
      asPause[i] = sum
    }
    let reversed = LetterModel.Chain(states: chain.states.reversed(), skippable: chain.skippable.reversed())
    let asWords = reading.model.viterbi(frames.reversed(), reversed, trace: false).ends
    let cost = { (t: Int) in asPause[t - 1 - first] + asWords[last - 1 - t] }
    let candidates = (first + 1)...latest
    guard let best = candidates.min(by: { cost($0) < cost($1) }) else { return nil }
    let heard = min(latest, max(first + 1, reading.shapeFrame(pause.end)))
    let onset = best * reading.perFrame
    let map = reading.plan.map
    guard cost(heard) - cost(best) >= margin,
      abs(onset - pause.end) >= shortestMoveMilliseconds * map.sampleRate / 1000
    else { return nil }
    return onset
  }

  /// A pause whose floor (the median voice-band level of its hops) lies no more than
  /// `deepestFloorDB` under the speech.
  static func isLoud(_ pause: FrameRange, map: SpeechMap) -> Bool {
    let f = map.features
    let first = min(f.hopCount - 1, pause.start / f.hopFrames)
    let hops = first..<max(first + 1, min(f.hopCount, pause.end / f.hopFrames))
    let floor = SpeechMap.localFloor(f, hops, map.levels).voice
    return map.levels.at(first).speechVoiceDB - floor <= deepestFloorDB
  }

  /// Whether any hop from frame `from` up to frame `to` is as loud as the speech there, or
  /// within `passedBelowSpeechDB` of it.
  static func passesSpeech(from: Int, to: Int, map: SpeechMap) -> Bool {
    let f = map.features
    return (from / f.hopFrames..<min(f.hopCount, to / f.hopFrames)).contains {
      f.voiceDBFS[$0] >= map.levels.at($0).speechVoiceDB - passedBelowSpeechDB
    }
  }

  /// Whether frame `frame` lies inside a still run (`StillRuns.anyLevel`: a note's ring or a
  /// pad) or a struck note's decay (`SpeechMap.decays`), short of its last `ringEndHops` hops:
  /// no word begins there.
  static func ringsAt(_ frame: Int, map: SpeechMap) -> Bool {
    let hop = frame / map.hopFrames
    let holds = { (run: Range<Int>) in run.lowerBound < hop && hop < run.upperBound - ringEndHops }
    return map.stillRuns.anyLevel.contains(where: holds) || map.decays.contains(where: holds)
  }

  /// `pauseSounds` symbols for the pause frames: k-means from the level's quantiles (fewer
  /// when a cluster holds under `LetterModel.fewestFrames`).
  static func clusters(_ frames: [Int], model: inout LetterModel) -> [Int] {
    let d = LetterModel.dimension
    let x = model.features
    let level = SpectralShape.bandCount
    let count = pauseSounds
    guard frames.count >= count * LetterModel.fewestFrames else { return [] }
    let sorted = frames.sorted { x[$0 * d + level] < x[$1 * d + level] }
    // Centre c's features at c·d …
    var centres = [Float](repeating: 0, count: count * d)
    for c in 0..<count {
      let f = sorted[(2 * c + 1) * sorted.count / (2 * count)]
      for k in 0..<d { centres[c * d + k] = x[f * d + k] }
    }
    var members = [[Int]](repeating: [], count: count)
    for _ in 0..<kMeansIterations {
      members = [[Int]](repeating: [], count: count)
      x.withUnsafeBufferPointer { x in
        centres.withUnsafeBufferPointer { centre in
          for f in frames {
            var nearest = 0
            var least = Float.infinity
            for c in 0..<count {
              var distance: Float = 0
              for k in 0..<d {
                let e = x[f * d + k] - centre[c * d + k]
                distance += e * e
              }
              if distance < least {
                least = distance
                nearest = c
              }
            }
            members[nearest].append(f)
          }
        }
      }
      for c in 0..<count where !members[c].isEmpty {
        let mean = LetterModel.moments(x, frames: members[c]).mean
        for k in 0..<d { centres[c * d + k] = mean[k] }
      }
    }
    return members.filter { $0.count >= LetterModel.fewestFrames }.map { model.symbol(of: $0.map { $0..<$0 + 1 }) }
  }

  static let kMeansIterations = 6
}

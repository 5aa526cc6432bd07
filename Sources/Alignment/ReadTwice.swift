/// Speech read twice (`SpeechMap.repeats`) taken out of the text's clock: the earlier
/// reading becomes part of the pause before the later one, which gets the label.
///
/// A text may repeat itself ("y el Verbo era con Dios, y el Verbo era Dios"), and then the
/// two readings match as well as a retake does (on the generated real-room corpora: the 8 true
/// false starts and retakes at 0.19–0.35 of the recording's median distance, a repeated
/// phrase of a Spanish John 1 at 0.29). So the text decides. First locally: the segments
/// around the two readings (`windowMargin` more on each side, `window`) are aligned on their
/// own, with and without the earlier reading; a repeat is kept when the text explains the
/// window better without it (a lower `FitCheck` score). Repeats are tried one at a time,
/// closest first (at most `mostTried`); one whose earlier reading is the later reading of a
/// repeat already taken out (or the other way round) is not tried. Then the whole chapter is
/// aligned without the kept ones, and that alignment replaces the first only when its score is
/// lower too. A long recording's many repetitions in the text cost a few short window
/// alignments each, not a whole one.
enum ReadTwice {
  static let mostTried = 8
  /// Segments taken into the window beyond those the two readings touch. The first alignment
  /// may have labelled the earlier reading as the verse before, and slid that verse onto the
  /// reading of the one before it (held-back seed 23: Psalm 121's verse 8 read twice after
  /// verse 7, both opening "The LORD shall preserve th…"; verses 6 and 7 a verse late, 7 at
  /// confidence 0.95). With one segment more, the window began at verse 6's wrong start, held
  /// one reading fewer than its text, and the alignment with the earlier take fitted it better.
  /// With two: no other boundary moved on seeds 1–23.
  ///
  /// But the first alignment may have slid any number of its boundaries, and then a window
  /// that begins where it placed a segment holds one reading fewer than its text. So for a text
  /// no longer than a chapter (`QuickReader.mostSegments`, `wholeUpTo`) the window is the whole
  /// chapter. Held-back seed 256's Genesis 1:3–9 with verse 7 read twice whole (8.9 s) had verse
  /// 3 taken for a heading and verses 4–6 a verse late (fit 0.13, refused as another chapter's):
  /// the window from two segments before the repeat fitted worse without the earlier take
  /// (−0.12 against −0.16); the whole chapter without it fits at 1.0. Until the thirty-sixth
  /// session this was done only at a poor fit (`FitCheck.lowFit`); but in `retake_human`
  /// chapters whose verses open alike (Psalm 150, Ecclesiastes 3) the first alignment fits
  /// well with three verses a take late (seed 110: verses 3–5 4.9–6.4 s late, two at 0.99), and
  /// the window from verse 3's late start again fitted better with the take (−0.56 against
  /// +0.21). Each repeat tried costs two whole alignments: cheap for a chapter, not for a long
  /// recording of many (the 68-minute speed file: 540 segments, about 0.65 s each), which keeps
  /// the window of `windowMargin`.
  static let windowMargin = 2

  typealias Attempt = (SpeechMap, [VerseInput], AlignmentOptions) -> Aligner.Attempt?

  /// The better of `best` and the alignment without repeated readings.
  static func removed(
    from best: Aligner.Attempt, segments: [VerseInput], options: AlignmentOptions, attempt: Attempt
  ) -> Aligner.Attempt {
    var taken: [SpeechMap.Repeat] = []
    let chapter = segments.count <= QuickReader.mostSegments
    for candidate in best.map.repeats(longTakes: chapter).sorted(by: { $0.share < $1.share }).prefix(mostTried) {
      // The later reading of a repeat taken out is the verse as read: it is not itself an
      // earlier reading of what follows (held-back seed 75: "The Lord is… The Lord is thy
      // keeper: the Lord is thy shade…", the false start out, then the verse's first phrase).
      guard !taken.contains(where: { $0.chains(with: candidate) }) else { continue }
      guard let window = window(around: candidate, result: best.result, map: best.map, segments: segments)
      else { continue }
      var local = options
      local.fixedStarts = [:]
      local.heading = window.segments.lowerBound == 0 ? options.heading : .absent
      let text = Array(segments[window.segments])
      var without = window.map
      without.dropIslands(
        (candidate.islands.lowerBound - window.firstIsland)..<(candidate.islands.upperBound - window.firstIsland))
      guard let before = attempt(window.map, text, local), var after = attempt(without, text, local),
        after.score < before.score
      else { continue }
      // A long take heard only within the looser bounds: where the text then fits its pauses
      // (`FitCheck.lowFit`) and its words, told apart, explain what is heard better than read
      // backwards (`SpeechMap.repeatLongWholeShare`).
      if candidate.loose {
        guard after.result.fit >= FitCheck.lowFit, let (gain, contrast) = after.letters.gain(), gain > 0,
          contrast >= Double(LetterModel.placingContrast)
        else { continue }
      }
      taken.append(candidate)
    }
    guard !taken.isEmpty,
      let better = without(taken, from: best, options: options, attempt: { attempt($0, segments, options) })
    else { return best }
    return better
  }

  /// The alignment of `best`'s recording without the earlier readings `taken`, each named
  /// (`note`), when its score is lower than `best`'s; nil if not.
  static func without(
    _ taken: [SpeechMap.Repeat], from best: Aligner.Attempt, options: AlignmentOptions,
    attempt: (SpeechMap) -> Aligner.Attempt?
  ) -> Aligner.Attempt? {
    var map = best.map
    for r in taken.sorted(by: { $0.islands.lowerBound > $1.islands.lowerBound }) { map.dropIslands(r.islands) }
    guard var better = attempt(map), better.score < best.score else { return nil }
    for r in taken { note(r, in: &better.result, map: best.map, file: options.file) }
    better.result.listLowConfidence(threshold: options.lowConfidence)
    return better
  }

  /// `best`, or when the letters say its spoken heading is the first segment and its first
  /// segment a first take of the second (`SpokenTitle.firstReadsAsSecond`: verses that all
  /// open alike, where no repeat is heard), the alignment without that take and without a
  /// heading (`headingless`), if its score is lower, with the second segment named as read
  /// twice; if not, `best` with both segments named and held under 0.9.
  static func firstTakeOfSecond(
    in best: Aligner.Attempt, segments: [VerseInput], options: AlignmentOptions,
    headingless: (SpeechMap) -> Aligner.Attempt?
  ) -> Aligner.Attempt {
    var source = best.letters
    let starts = source.plan.text.segmentStartBreak
    guard options.fixedStarts.isEmpty, best.result.segments.first?.kind == .detectedHeading, starts.count >= 3,
      let m = source.path.pauseOfBreak[0], let second = source.path.pauseOfBreak[starts[1]], m < second,
      SpokenTitle.firstReadsAsSecond(source.path, plan: source.plan, letters: &source.letters)
    else { return best }
    let take = SpeechMap.Repeat(islands: m..<second, share: 0)
    if let better = without([take], from: best, options: options, attempt: headingless) { return better }
    var doubted = best
    doubted.result.warnings.append(SpokenTitle.readsAsSecondWarning(file: options.file, result: best.result))
    for s in 0..<3 { doubted.result.hold(s, at: FalseStarts.confidenceCap) }
    doubted.result.listLowConfidence(threshold: options.lowConfidence)
    return doubted
  }

  /// `best`, with every earlier take of a segment that its first alignment left inside the
  /// segment before named, and taken out when the text then fits better. The sound may not
  /// single out a take where verses open alike ("A time to…": held-back seeds 10, 41 and 54
  /// left whole retakes unnamed, labels right, the take in the verse before). The letters do:
  /// the speech of segment s, between two real pauses, read as its text, and as its text, a
  /// gap, then segment s + 1's; when the second is cheaper by `SpokenTitle.margin` nats and
  /// `SpokenTitle.secondPerFrame` per frame, the speech from the real pause nearest to where
  /// s + 1's text begins is an earlier take of it. On seeds 1–92 of the real-room corpora
  /// those three takes measured 1,233–2,461 nats (1.9–4.0 a frame); of the 17,693 other
  /// segments read so, none was cheaper followed (at most −104 nats, −0.23 a frame).
  ///
  /// Such a segment may rather hold a later take of the segment before, then its own words: the
  /// first alignment gave the earlier take the segment before's label and the later take this
  /// one's. Held-back seed 124's Ecclesiastes 3 with verse 3 read twice whole had verses 3 and 4
  /// one take early at 0.95 and 0.98, and verse 4 then taken for an earlier take of verse 5. So
  /// the speech is read as the segment before's text, a gap, then its own too; when that is
  /// `SpokenTitle.margin` nats cheaper than its own and the next one's (there: 2,709 nats), the
  /// segment before's speech is the earlier take. On seeds 1–9, 41–46, 97–124 no other
  /// alignment changed.
  ///
  /// Or it holds its own words twice. Held-back seed 142's Ecclesiastes 3 with verse 6 read
  /// twice whole had verse 6 labelled at its first take (confidence 0.995) and the second named
  /// as an earlier take of verse 7 ("A time to get…" and "A time to rend…" alike in shape). So the
  /// speech is also read as its own text, a gap, then its own text again; when that is
  /// `SpokenTitle.margin` nats cheaper than its own and the next one's (there 358 nats), the
  /// earlier take is its own, up to the real pause nearest to where the letters begin the second.
  static func takesLeftInTheVerseBefore(
    in best: Aligner.Attempt, segments: [VerseInput], options: AlignmentOptions, attempt: Attempt
  ) -> Aligner.Attempt {
    var source = best.letters
    let plan = source.plan
    let map = plan.map
    let starts = plan.text.segmentStartBreak + [plan.text.unitCount]
    // (Island indices are the given map's: no person's fixed starts split its islands.)
    guard options.fixedStarts.isEmpty, starts.count >= 3, var reading = source.letters.reading(along: source.path),
      reading.model.contrast >= RunOnPlacer.minimumContrast
    else { return best }
    var takes: [SpeechMap.Repeat] = []
    for s in 0..<(starts.count - 2) {
      guard let a = source.path.pauseOfBreak[starts[s]], let b = source.path.pauseOfBreak[starts[s + 1]],
        map.isRealPause(a), map.isRealPause(b),
        let read = reading.costs(
          of: starts[s]..<starts[s + 1], followedBy: starts[s + 1]..<starts[s + 2], from: a, to: b)
      else { continue }
      guard SpokenTitle.readsClearly(gain: read.alone - read.followed, frames: read.frames) else { continue }
      // Or the verse before read again, then this one: the earlier take is that verse's.
      if s >= 1, let p = source.path.pauseOfBreak[starts[s - 1]], map.isRealPause(p),
        let again = reading.costs(of: starts[s - 1]..<starts[s], followedBy: starts[s]..<starts[s + 1], from: a, to: b),
        read.followed - again.followed >= SpokenTitle.margin
      {
        takes.append(SpeechMap.Repeat(islands: p..<a, share: 0))
        continue
      }
      // Or this verse read twice whole: the earlier take is its own, the later one has its label.
      let own = starts[s]..<starts[s + 1]
      let twice = reading.costs(of: own, followedBy: own, from: a, to: b)
      let again = twice.map { read.followed - $0.followed >= SpokenTitle.margin } ?? false
      let then = again ? own : starts[s + 1]..<starts[s + 2]
      guard let start = reading.start(of: then, after: own, from: a, to: b) else { continue }
      // The take opens after the real pause inside the verse nearest to where the letters begin it.
      let frame = start * reading.perFrame
      guard
        let p = ((a + 1)..<b).filter(map.isRealPause).min(by: {
          abs(map.pauseFrames($0).end - frame) < abs(map.pauseFrames($1).end - frame)
        })
      else { continue }
      takes.append(SpeechMap.Repeat(islands: again ? a..<p : p..<b, share: 0))
    }
    guard !takes.isEmpty else { return best }
    if let better = without(takes, from: best, options: options, attempt: { attempt($0, segments, options) }) {
      return better
    }
    // The labels stand (the later takes have them): the takes are named all the same.
    var kept = best
    for take in takes { note(take, in: &kept.result, map: best.map, file: options.file) }
    kept.result.listLowConfidence(threshold: options.lowConfidence)
    return kept
  }

  /// `best`, without the false starts it read as their verses' first phrases
  /// (`FalseStarts.readAsFirstPhrase`) when the text then fits better, each verse named. Only
  /// where the words vouch for the text (`LetterOrderCheck.vouchGain`): read over a whole verse,
  /// letters that follow the text loosely hear first words twice where there are none (a
  /// synthetic Psalm 121 read against Psalm 23's text, and a matching reading with a pause after
  /// every third word, gain 0.12, had a verse's first phrase taken out; held-back seeds 145 and
  /// 148 gained 5.9 and 5.2).
  static func falseStartsReadAsPhrases(
    in best: Aligner.Attempt, segments: [VerseInput], options: AlignmentOptions, attempt: Attempt
  ) -> Aligner.Attempt {
    var best = best
    guard options.fixedStarts.isEmpty, let gain = best.letters.gain()?.gain, gain >= LetterOrderCheck.vouchGain
    else { return best }
    var source = best.letters
    let takes = FalseStarts.readAsFirstPhrase(source.path, plan: source.plan, letters: &source.letters)
      .map { SpeechMap.Repeat(islands: $0, share: 0) }
    guard !takes.isEmpty else { return best }
    return without(takes, from: best, options: options) { attempt($0, segments, options) } ?? best
  }

  /// The segments touched by the two readings (the earlier, and as much of the later) and
  /// `windowMargin` more on each side (all, for texts of at most `wholeUpTo` segments), as
  /// input indices; the map of their islands alone.
  static func window(
    around repeated: SpeechMap.Repeat, result: AlignmentResult, map: SpeechMap, segments: [VerseInput],
    wholeUpTo: Int = QuickReader.mostSegments
  ) -> (segments: ClosedRange<Int>, map: SpeechMap, firstIsland: Int)? {
    let offset = result.segments.count - segments.count
    let first = map.onsetFrame(island: repeated.islands.lowerBound)
    let again = map.onsetFrame(island: repeated.islands.upperBound)
    let last = again + (again - first)
    guard let a = result.segments.lastIndex(where: { $0.start <= first }) ?? result.segments.indices.first,
      let b = result.segments.lastIndex(where: { $0.start <= last })
    else { return nil }
    let margin = segments.count <= wholeUpTo ? segments.count : windowMargin
    let low = max(0, a - offset - margin)
    let high = min(segments.count - 1, b - offset + margin)
    let from = low == 0 ? 0 : result.segments[low + offset].start
    let to = result.segments[high + offset].end
    guard let firstIsland = map.islands.indices.first(where: { map.onsetFrame(island: $0) >= from }),
      let lastIsland = map.islands.indices.last(where: { map.offsetFrame(island: $0) <= to }),
      firstIsland <= repeated.islands.lowerBound, lastIsland >= repeated.islands.upperBound
    else { return nil }
    var window = map
    window.keepIslands(firstIsland..<(lastIsland + 1))
    return (low...high, window, firstIsland)
  }

  /// Names the verse read again after `repeated` and holds its confidence under 0.9.
  static func note(_ repeated: SpeechMap.Repeat, in result: inout AlignmentResult, map: SpeechMap, file: String) {
    let first = map.onsetFrame(island: repeated.islands.lowerBound)
    let last = map.offsetFrame(island: repeated.islands.upperBound - 1)
    guard let s = result.segments.firstIndex(where: { $0.onset >= last }) else { return }
    let rate = Double(map.sampleRate)
    let seconds = Double(last - first) / rate
    result.warnings.append(
      "\(file): verse \(result.segments[s].label) is read twice: \(FitCheck.format(seconds)) s of speech at "
        + "\(FitCheck.format(Double(first) / rate)) s is heard again at "
        + "\(FitCheck.format(Double(result.segments[s].onset) / rate)) s "
        + "(a false start, a retake, or a title that repeats the verse's first words); its label is at the later "
        + "reading. Check it.")
    result.hold(s, at: FalseStarts.confidenceCap)
  }
}

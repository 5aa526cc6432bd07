import DSP

/// Turns a chosen path (break → pause) into frames: pauses, onsets, jump points, phrases.
///
/// For segment s starting at pause m (m = 0: the start of speech):
///
///     onset  = first sound after pause m
///     offset = last sound before the pause the next segment starts at
///     start  = max(pause start, onset − max(lead, soft lead))   the jump point, in the pause
///              (earlier, before a voiced sound set aside just before the onset: `soundsBefore`)
///     end    = the next segment's start (the recording's end for the last)
struct ResultBuilder {
  let map: SpeechMap
  let text: TextModel
  let segments: [VerseInput]
  let fixed: FixedStarts
  let options: AlignmentOptions
  /// Per verse-start break read through: where its words begin (`RunOnPlacer`).
  var wordOnsets: [Int: (onset: Int, earliest: Int)] = [:]
  /// Per verse-start break at a real pause: where its words begin, when the letters put them
  /// elsewhere than the pause's end (`LetterOnsets`).
  var pauseOnsets: [Int: Int] = [:]

  /// A start at a dip inside speech is a guess, however the search rates it.
  static let runOnConfidence = 0.4
  /// A segment the reader seems to have skipped.
  static let missingConfidence = 0.1

  var leadFrames: Int { options.leadMilliseconds * map.sampleRate / 1000 }
  var pauseCount: Int { map.pauses.count }

  /// The jump point in a pause: `lead` before the onset, or before faint sound leading into it;
  /// `openingLeadMilliseconds` more where the pause may hide the first sound (`hidesOpening`).
  func jumpPoint(_ pause: FrameRange, island: Int, text: String = "") -> Int {
    let soft = island < map.islands.count ? map.softLeadFrames(island: island) : 0
    let opening =
      hidesOpening(onset: pause.end, text: text) ? ResultBuilder.openingLeadMilliseconds * map.sampleRate / 1000 : 0
    let before = soundsBefore(pause)
    return max(pause.start, min(pause.end - max(leadFrames + opening, soft), before - leadFrames))
  }

  /// A voiced sound the map set aside (short and steady, so judged a note or a click) ending
  /// within `setAsideMilliseconds` of the onset, in a quiet pause, is the reader's, made on the
  /// way into the words: the jump point goes before it (and before one just before that, and
  /// so on), so a player jumping to the verse plays it. The onset stays where the words were
  /// heard. Breaths and noise-like sounds are left out (the jump point after a breath was
  /// right before), and so are loud pauses (`LetterOnsets.isLoud`), where the sounds set
  /// aside are a bed's notes.
  ///
  /// One voice (festival's kal) hums the /g/ of "Glory" and the /w/ of "What" for 110–200 ms,
  /// then stops for 50–130 ms before the word: a steady 110 Hz tone, set aside like a note.
  /// On held-back seed 13 (slow reader, quiet room) that put Luke 2:14's jump point 216 ms
  /// after the murmur began, inside what the truth counts as the verse, at confidence 0.97.
  /// With this rule it lies 16 ms after. On seeds 1–13 (4,011 verses) three other jump
  /// points moved (10–124 ms earlier, each still in its pause), no onset.
  static let setAsideMilliseconds = 150

  /// The first frame of the sounds set aside just before `pause`'s end (see above), or the
  /// pause's end when there are none.
  func soundsBefore(_ pause: FrameRange) -> Int {
    let near = ResultBuilder.setAsideMilliseconds * map.sampleRate / 1000
    var first = pause.end
    let aside = map.setAside
    // The sounds set aside starting before the pause's end: aside[..<lower].
    var lower = 0
    var upper = aside.count
    while lower < upper {
      let middle = (lower + upper) / 2
      if aside[middle].startHop * map.hopFrames < pause.end { lower = middle + 1 } else { upper = middle }
    }
    for island in aside[..<lower].reversed() {
      let start = island.startHop * map.hopFrames
      let end = island.endHop * map.hopFrames
      guard start >= pause.start else { break }
      guard end <= first, !island.isBreath, island.voicingDB >= SpeechMap.noiseLikeVoicingDB else { continue }
      guard first - end <= near else { break }
      first = start
    }
    // Only now the pause's floor (a median over its hops): most jump points have no sound set
    // aside near them.
    return first < pause.end && !LetterOnsets.isLoud(pause, map: map) ? first : pause.end
  }

  /// A word opening with a consonant may start with a sound far under its vowel: a voiced
  /// stop's closure (only a low voice bar), a weak fricative (/f/, /θ/, /ð/, /h/), a glide.
  /// Where the pause before is loud — its floor over the `openingLeadMilliseconds` before the
  /// onset less than a mask under the speech level: `closureMaskDB` for b, d, g and j (English
  /// j is /dʒ/: a /d/ closure first), `consonantMaskDB` for other consonants — that sound is
  /// under it, and the first sound found is the burst or the vowel. Then the jump point leads
  /// by `openingLeadMilliseconds` more. Only the jump point moves, never out of its pause; the
  /// onset stays the first sound heard.
  ///
  /// On the generated real-room corpora (seeds 1–7, 1,881 verses not run on):
  /// - the /g/ of "Glory" lay 150–180 ms before its burst under a bed;
  /// - with the lead for b, d and g only, 61 jump points still fell after the true onset
  ///   (t 14, f 14, h 13, w 6; "For the Lord is good;" under room tone 20 dB down, its /f/
  ///   below the floor);
  /// - with every consonant at 25 dB, 27 (28 with the later soft-lead ramp); the 90th
  ///   percentile of |jump point − onset| grows from 30 to 97 ms (104), all of it silence
  ///   before the verse. At 30 dB, 19, but the synthetic
  ///   corpus's noisier chapters (floors 20–30 dB down, fricatives that show) led by 125 ms
  ///   where 25 were right (start p90 27 → 103 ms); at 25 dB it is 29 ms.
  /// - 100 ms left a glide too long: the kal voice's /w/ under a piano (seed 7,
  ///   "When I was a child", 1 Cor 13:11) was heard 231 ms late and its jump point fell 106 ms
  ///   inside the word. At 150 ms it is right; on seeds 1–11 nothing else changed but the
  ///   pooled start error's 90th percentile per seed (75–117 → 86–164 ms, all of it silence
  ///   before the verse); the clean corpus is unchanged (its pauses are quiet).
  /// - j joined b, d and g on 2026-11-26: the kal voice's "John" (John 1:15) holds a 140 ms
  ///   closure before its burst; under a piano (seed 10, floor 30.3 dB under the speech) its
  ///   jump point fell 135 ms inside the verse at confidence 0.999, now 15 ms before it;
  ///   nothing else moved on seeds 1–14. After a breath in a quieter room (held-back seed 14,
  ///   30.5 dB) it still falls 136 ms inside: no mask separates that room from the clean
  ///   corpus's, where a 35 dB mask put starts 173 ms early (p90).
  static let openingLeadMilliseconds = 150
  static let closureMaskDB: Float = 30
  static let consonantMaskDB: Float = 25

  func hidesOpening(onset: Int, text: String) -> Bool {
    guard let first = text.first(where: \.isLetter)?.lowercased().first, !"aeiou".contains(first) else { return false }
    let hop = min(map.features.hopCount, onset / map.hopFrames)
    let before = max(0, hop - ResultBuilder.openingLeadMilliseconds * map.sampleRate / 1000 / map.hopFrames)
    guard before < hop else { return false }
    let floor = SpeechMap.localFloor(map.features, before..<hop, map.levels).voice
    let mask = "bdgj".contains(first) ? ResultBuilder.closureMaskDB : ResultBuilder.consonantMaskDB
    return map.levels.at(hop).speechVoiceDB - floor < mask
  }

  func build(
    _ path: BoundaryChooser.Solution, predicted: [Double], lettersPerSecond: Double
  )
    -> AlignmentResult
  {
    var timings: [SegmentTiming] = []
    var warnings: [String] = []
    let speechBefore = map.speechBefore
    let headingPause = path.pauseOfBreak[0] ?? 0
    // Told there is no heading: speech found before the first segment is part of it.
    let mergeHeading = headingPause > 0 && options.heading == .absent && fixed.headingFrame == nil
    if headingPause > 0 && !mergeHeading {
      let onset = map.onsetFrame(island: 0)
      let pause = FrameRange(start: 0, end: onset)
      let start = fixed.headingFrame ?? jumpPoint(pause, island: 0)
      timings.append(
        SegmentTiming(
          label: "h", kind: .detectedHeading, pause: pause, onset: onset,
          offset: map.pauseFrames(headingPause).start, start: start, end: 0,
          confidence: fixed.headingFrame != nil ? 1 : path.confidence[0], isFixed: fixed.headingFrame != nil,
          durationRatio: 1,
          phrases: [
            PhraseTiming(label: "h", text: "", onset: onset, offset: map.pauseFrames(headingPause).start, start: start)
          ]))
    }
    let lastBreak = text.breaks.count - 1
    for (s, segment) in segments.enumerated() {
      let first = text.segmentStartBreak[s]
      let next = s + 1 < segments.count ? text.segmentStartBreak[s + 1] : lastBreak
      let m = s == 0 && mergeHeading ? 0 : path.pauseOfBreak[first] ?? 0
      let mNext = path.endPause(ofBreak: next) ?? (pauseCount + 1)
      var pause = map.pauseFrames(m)
      if let heard = pauseOnsets[first] { pause = FrameRange(start: pause.start, end: max(pause.start, heard)) }
      var onset = pause.end
      let offset = map.pauseFrames(mNext).start
      var start = fixed.frameOfSegment[s] ?? jumpPoint(pause, island: m, text: segment.text)
      if fixed.frameOfSegment[s] == nil, let word = wordOnsets[first] {
        // Read through: the words' start is the onset; the jump point is the earliest they may
        // start at, or the dip's if just before that. (A dip a lead or more before the words is
        // inside the word before.)
        if !(word.earliest - leadFrames...word.earliest).contains(start) { start = word.earliest }
        onset = word.onset
      }
      let spoken = speechBefore[mNext] - speechBefore[m]
      let expected = predicted[next] - predicted[first]
      var phrases: [PhraseTiming] = []
      var phraseStart = first
      for j in (first + 1)...next where j == next || path.pauseOfBreak[j] != nil {
        let opening = map.pauseFrames(phraseStart == first ? m : path.pauseOfBreak[phraseStart] ?? m)
        let closing = map.pauseFrames(path.pauseOfBreak[j] ?? mNext)
        let words = text.units[phraseStart..<j].map(\.text).joined(separator: " ")
        phrases.append(
          PhraseTiming(
            label: "", text: words, onset: phraseStart == first ? onset : opening.end,
            offset: closing.start,
            start: phraseStart == first
              ? start : jumpPoint(opening, island: path.pauseOfBreak[phraseStart] ?? m, text: words)))
        phraseStart = j
      }
      if phrases.count > 1 {
        for i in phrases.indices { phrases[i].label = segment.label + Self.letter(i) }
      } else if !phrases.isEmpty {
        phrases[0].label = segment.label
      }
      let runOn = fixed.frameOfSegment[s] == nil && map.isDip(m)
      if runOn {
        warnings.append(
          "\(options.file): \(segment.kind == .verse ? "verse" : "heading") \(segment.label) follows on with no pause; "
            + "its start is at the quietest point between the words. Check it.")
      }
      let missing = fixed.frameOfSegment[s] == nil && s + 1 < segments.count && m == mNext
      if missing {
        warnings.append(
          "\(options.file): \(segment.kind == .verse ? "verse" : "heading") \(segment.label) seems not to be read: "
            + "the speech goes on from \(s > 0 ? segments[s - 1].label : "the start") to \(segments[s + 1].label); "
            + "its label is placed at \(segments[s + 1].label)'s start. Check it.")
      }
      let confidence = missing ? Self.missingConfidence : fixed.frameOfSegment[s] != nil ? 1 : path.confidence[first]
      timings.append(
        SegmentTiming(
          label: segment.label, kind: segment.kind == .heading ? .heading : .verse, pause: pause,
          onset: onset, offset: max(onset, offset), start: start, end: 0,
          confidence: runOn ? min(confidence, Self.runOnConfidence) : confidence,
          isFixed: fixed.frameOfSegment[s] != nil,
          durationRatio: expected > 0 ? spoken / expected : 1, phrases: phrases))
    }
    // Segments sharing a pause (one the reader skipped) may want different jump points (an
    // opening's lead): none starts after the next.
    for i in timings.indices.dropLast().reversed() where !timings[i].isFixed && timings[i].start > timings[i + 1].start
    {
      timings[i].start = timings[i + 1].start
      if !timings[i].phrases.isEmpty { timings[i].phrases[0].start = timings[i].start }
    }
    for i in timings.indices {
      timings[i].end = i + 1 < timings.count ? timings[i + 1].start : map.frameCount
      // A verse read into the next ends where the next one's words begin.
      if i + 1 < timings.count, timings[i + 1].onset < timings[i].offset {
        timings[i].offset = max(timings[i].onset, timings[i + 1].onset)
        if let last = timings[i].phrases.indices.last {
          timings[i].phrases[last].offset = max(timings[i].phrases[last].onset, timings[i].offset)
        }
      }
    }
    return AlignmentResult(
      sampleRate: map.sampleRate, frameCount: map.frameCount, segments: timings,
      lettersPerSecond: lettersPerSecond, noiseFloorDBFS: Double(map.levels.typical.floorDB),
      speechLevelDBFS: Double(map.levels.typical.speechDB), pauseCount: pauseCount,
      lowConfidence: timings.filter { $0.confidence < options.lowConfidence }.map(\.label),
      fit: 1, fitDetails: [:], warnings: warnings)
  }

  /// a, b, …, z, aa, ab, … (HearThis / SAB phrase suffixes).
  static func letter(_ index: Int) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    return index < 26 ? String(letters[index]) : letter(index / 26 - 1) + String(letters[index % 26])
  }
}

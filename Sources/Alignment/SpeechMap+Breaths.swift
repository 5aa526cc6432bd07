import DSP

/// Splits a breath off the start of the speech it runs into.
///
/// A reader breathes in 50–300 ms before a verse; when the gap is shorter than the minimum
/// pause, the breath and the verse's first word form one sound run, and the verse would start
/// at the breath. In an island [a, e) with peak P, let v be its first voiced hop,
///
///     voiced[k] = voice[k] ≥ P − 20 dB  and  low[k] − voice[k] ≥ −3 dB   (first formant present)
///
/// The lead [a, v) is a breath when it lasts ≥ 200 ms, stays ≥ 8 dB under P, is noise-like
/// (its mean low − voice < −3.5 dB) and not a sibilant (mean high − voice < −3 dB). It is cut at the quietest hop s of its second half
/// (3-hop power mean), if s is a dip — ≥ 6 dB under the lead's peak before it, ≥ 3 dB under the
/// level 20–60 ms after it. An unvoiced first consonant (/s/, /f/, /h/) runs straight into its
/// vowel without such a dip, and is kept.
extension SpeechMap {
  static let breathLeadMilliseconds = 200
  /// Sibilants (/s/, /ʃ/) hold most of their power above 3 kHz; a breath far less.
  static let breathBrightnessDB: Float = -3
  static let breathUnderPeakDB: Float = 8
  static let breathDipDB: Float = 6
  static let voicedUnderPeakDB: Float = 20
  static let voicedLowMinusVoiceDB: Float = -3

  static func splitBreaths(_ islands: [Island], _ f: SpeechFeatures, _ levels: LevelModel) -> [Island] {
    let hopMilliseconds = Double(f.hopFrames) * 1000 / Double(f.sampleRate)
    let minimumLead = Int((Double(breathLeadMilliseconds) / hopMilliseconds).rounded(.up))
    let after = (Int((20 / hopMilliseconds).rounded()), Int((60 / hopMilliseconds).rounded()))
    var out: [Island] = []
    for island in islands {
      let a = island.startHop
      let e = island.endHop
      let peak = island.peakVoiceDB
      guard
        let v = (a..<e).first(where: {
          f.voiceDBFS[$0] >= peak - voicedUnderPeakDB && f.lowDBFS[$0] - f.voiceDBFS[$0] >= voicedLowMinusVoiceDB
        }), v - a >= minimumLead
      else {
        out.append(island)
        continue
      }
      var leadPeak: Float = -200
      var tilt: Float = 0
      var brightness: Float = 0
      for k in a..<v {
        leadPeak = max(leadPeak, f.voiceDBFS[k])
        tilt += f.lowDBFS[k] - f.voiceDBFS[k]
        brightness += f.highDBFS[k] - f.voiceDBFS[k]
      }
      tilt /= Float(v - a)
      brightness /= Float(v - a)
      guard leadPeak <= peak - breathUnderPeakDB, tilt < noiseLikeVoicingDB, brightness < breathBrightnessDB else {
        out.append(island)
        continue
      }
      var split = -1
      var lowest: Float = .infinity
      for k in (a + (v - a) / 2)..<v {
        let level = smoothed(f, k, a, e)
        if level < lowest {
          lowest = level
          split = k
        }
      }
      guard split > a else {
        out.append(island)
        continue
      }
      let before = (a..<split).map { f.voiceDBFS[$0] }.max() ?? -200
      let later = (min(e - 1, split + after.0)...min(e - 1, split + after.1)).map { smoothed(f, $0, a, e) }.max() ?? -200
      // A real breath ends in a gap of room tone; a first consonant only dips a little into its vowel.
      guard lowest <= before - breathDipDB, lowest <= later - 3 else {
        out.append(island)
        continue
      }
      out.append(measure(a..<split, f))
      out.append(measure(split..<e, f))
    }
    return out
  }

  /// Power mean of the voice band over hops k−1…k+1 (clamped to [a, e)), dB.
  static func smoothed(_ f: SpeechFeatures, _ k: Int, _ a: Int, _ e: Int) -> Float {
    var sum: Float = 0
    var n: Float = 0
    for j in max(a, k - 1)...min(e - 1, k + 1) {
      sum += Decibels.power(f.voiceDBFS[j])
      n += 1
    }
    return Decibels.fromMeanSquare(sum / n)
  }
}

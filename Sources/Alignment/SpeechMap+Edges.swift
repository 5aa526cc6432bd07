import DSP
import RealModule

/// Moves island edges out over faint sound that single hops cannot show above room tone.
///
/// A soft onset (a breathy /h/, /w/, a slow voice attack) can lie 2–5 dB above the floor
/// for a few hundred milliseconds: less than one hop's noise spread, but plain over a few
/// hops. With the pause's own floor f_b (its median, so a slow drift of the room tone, or a
/// music bed under it, is followed) and the power mean over three hops,
///
///     S_b[k] = 10 · log10( (P_b[k−1] + P_b[k] + P_b[k+1]) / 3 ),
///
/// the onset walks back from the first edge hop while S_voice ≥ f_voice + 2.5 dB or
/// S_low ≥ f_low + 3.5 dB (and that band's own hop is ≥ 1.5 dB above its floor, so a
/// window does not drag room tone in), for at most 300 ms, never closer than the minimum
/// pause to the previous island, into a discarded breath or into a still run at any audible
/// level (a note or a pad, see `SpeechMap+Notes`). Offsets walk forward the same way. Room
/// tone cut off the island's head (`SpeechMap+Gain`) is read as the pause: the walk may go
/// back into it, against its median.
///
/// A bed that swells (or fades in) towards the first word lifts the pause's last moments
/// over its median, and the walk went back over the swell: the first verse under a pad came
/// out 74–101 ms early on four real-room seeds, one under notes 176 ms. So when the median of
/// the `swellMilliseconds` before the onset is ≥ `swellDB` over the whole pause's, it is the
/// floor (on seeds 1–8 that moved 18 onsets, all under beds: those five by 54–186 ms to
/// within 37 ms of the truth, the other 13 by at most 26 ms, 8 of them nearer).
///
/// Some attacks stay faint for a few hundred milliseconds, below what any hop shows. When
/// the voice-band power over the 200 ms before the onset is ≥ 0.6 dB above the power of the
/// rest of the pause (at least 50 ms of it), the island gets a soft lead: its jump point goes
/// up to 200 ms earlier. (On generated chapters this caught the diphone voice's ~200 ms faint
/// attacks, and fired on 1.4 % of all verse onsets.) Under 0.6 dB the lead shrinks with the
/// elevation, to nothing at 0.6 − `softRampDB`: a step at 0.6 dB put a jump point 176 ms
/// elsewhere with ±1 LSB of noise (held-back seed 7) and with another decoder (seed 2). A
/// ramp from 0.3 dB lengthened too many leads (the synthetic corpus's start p90 70 ms).
///
/// A pause that holds digital silence (takes trimmed and joined, a gate) is read only from
/// its last silent hop on before an onset, and up to its first after an offset: the silence
/// is not the room, and what lies beyond it is another take, at another level. Re-made as
/// takes joined with digital silence in the middle of each verse pause at ±4 dB
/// (`make_joined.py`), real-room seed 4's onsets walked to the silence's end over a floor of
/// −120 dBFS (up to 143 ms early, p90 84 ms), a louder take's room tone gave 80 % of the
/// verses a soft lead (label starts' median 24 → 200 ms off), and a chapter was refused.
/// Where a take begins inside the pause without silence (`LevelModel+Steps`), likewise: the
/// pause is read from the take's first hop on, and up to it.
///
/// Within the first hop k of an island, with E the voice-band power above the floor, the
/// sound is taken to fill the hop's last fraction E[k] / E[k+1] (clamped to [0, 1]):
/// onset = (k + 1 − E[k]/E[k+1]) · H. The last hop likewise.
extension SpeechMap {
  static let faintVoiceDB: Float = 2.5
  static let faintLowDB: Float = 3.5
  static let faintMaximumMilliseconds = 300
  static let softWindowMilliseconds = 200
  static let softElevationDB: Float = 0.6
  static let softRampDB: Float = 0.1
  static let swellMilliseconds = 300
  static let swellDB: Float = 1.5

  static func extendFaintEdges(
    _ islands: inout [Island], discarded: [Island], still: [Range<Int>], features f: SpeechFeatures,
    levels: LevelModel, minPauseHops: Int, maximumHops: Int
  ) {
    let count = f.hopCount
    for i in islands.indices {
      var limit = i > 0 ? islands[i - 1].endHop + minPauseHops : 0
      for d in discarded where d.endHop <= islands[i].startHop {
        limit = max(limit, d.isRoomTone && d.endHop == islands[i].startHop ? d.startHop : d.endHop + 1)
      }
      // A breath split off the island's start ends right where it begins.
      limit = min(limit, islands[i].startHop)
      if let silent = (limit..<islands[i].startHop).last(where: { isDigitalSilence(f, $0) }) { limit = silent + 1 }
      if let take = levels.lastTakeStart(in: limit..<islands[i].startHop) { limit = take }
      let whole = localFloor(f, limit..<islands[i].startHop, levels)
      let swellHops = swellMilliseconds * f.sampleRate / 1000 / f.hopFrames
      var floor = whole
      if islands[i].startHop - swellHops > limit {
        let close = localFloor(f, (islands[i].startHop - swellHops)..<islands[i].startHop, levels)
        if close.voice >= whole.voice + swellDB { floor = close }
      }
      // A note or pad sounding up to the first word (`SpeechMap+Notes`) is not a faint onset:
      // the walk stops there (the pause's floor and the soft lead below still see the whole pause).
      var walkLimit = limit
      for run in still where run.lowerBound < islands[i].startHop { walkLimit = max(walkLimit, run.upperBound) }
      walkLimit = min(walkLimit, islands[i].startHop)
      var k = islands[i].startHop - 1
      while k >= walkLimit && islands[i].startHop - k <= maximumHops && isFaint(f, k, floor, count) { k -= 1 }
      islands[i].startHop = k + 1
      if k + 2 < islands[i].endHop {
        let fill = fraction(f, k + 1, next: k + 2, floorDB: floor.voice)
        islands[i].onsetShift = Int(((1 - fill) * Float(f.hopFrames)).rounded())
      }
      let window = softWindowMilliseconds * f.sampleRate / 1000 / f.hopFrames
      let near = max(limit, k + 1 - window)..<(k + 1)
      let far = limit..<near.lowerBound
      let rise = meanPowerDB(f.voiceDBFS, near) - meanPowerDB(f.voiceDBFS, far) - (softElevationDB - softRampDB)
      if far.count >= window / 4 && rise > 0 {
        let share = min(1, rise / softRampDB)
        islands[i].softLeadFrames = Int((Float(near.count * f.hopFrames) * share).rounded()) + islands[i].onsetShift
      }
    }
    for i in islands.indices.reversed() {
      var limit = i + 1 < islands.count ? islands[i + 1].startHop - minPauseHops : count
      for d in discarded where d.startHop >= islands[i].endHop { limit = min(limit, d.startHop - 1) }
      limit = max(limit, islands[i].endHop)
      if let silent = (islands[i].endHop..<limit).first(where: { isDigitalSilence(f, $0) }) { limit = silent }
      if let take = levels.firstTakeStart(in: islands[i].endHop..<limit) { limit = take }
      let floor = localFloor(f, islands[i].endHop..<max(islands[i].endHop, limit), levels)
      var k = islands[i].endHop
      while k < limit && k - islands[i].endHop < maximumHops && isFaint(f, k, floor, count) { k += 1 }
      islands[i].endHop = k
      if k - 2 >= islands[i].startHop {
        let fill = fraction(f, k - 1, next: k - 2, floorDB: floor.voice)
        islands[i].offsetShift = Int(((1 - fill) * Float(f.hopFrames)).rounded())
      }
    }
  }

  /// The median of a pause's hops per band (a music bed swells and fades: a lower percentile
  /// let onsets walk back over it), or the global floor for short pauses.
  static func localFloor(
    _ f: SpeechFeatures, _ hops: Range<Int>, _ levels: LevelModel
  )
    -> (voice: Float, low: Float)
  {
    guard hops.count >= 8 else {
      let here = levels.at(hops.lowerBound)
      return (here.floorVoiceDB, here.floorLowDB)
    }
    var voice = Array(f.voiceDBFS[hops])
    var low = Array(f.lowDBFS[hops])
    let index = hops.count * 5 / 10
    return (LevelModel.select(&voice, index), LevelModel.select(&low, index))
  }

  /// Whether hop `k` is digital silence (not counted in `LevelModel`'s histograms either).
  @inline(__always)
  static func isDigitalSilence(_ f: SpeechFeatures, _ k: Int) -> Bool { Histogram.isSilence(f.voiceDBFS[k]) }

  @inline(__always)
  static func isFaint(
    _ f: SpeechFeatures, _ k: Int, _ floor: (voice: Float, low: Float), _ count: Int
  )
    -> Bool
  {
    let a = max(0, k - 1)
    let b = min(count - 1, k + 1)
    var voice: Float = 0
    var low: Float = 0
    for j in a...b {
      voice += Decibels.power(f.voiceDBFS[j])
      low += Decibels.power(f.lowDBFS[j])
    }
    let n = Float(b - a + 1)
    return (10 * Float.log10(voice / n) >= floor.voice + faintVoiceDB && f.voiceDBFS[k] >= floor.voice + 1.5)
      || (10 * Float.log10(low / n) >= floor.low + faintLowDB && f.lowDBFS[k] >= floor.low + 1.5)
  }

  /// The power mean, in dB, of one band's levels (`SpeechFeatures.voiceDBFS`, …) over `hops`.
  static func meanPowerDB(_ levels: [Float], _ hops: Range<Int>) -> Float { Decibels.meanPowerDB(levels, hops) }

  /// The share of hop `k` the sound fills, judged against the fuller hop `next`.
  static func fraction(_ f: SpeechFeatures, _ k: Int, next: Int, floorDB: Float) -> Float {
    let floor = Decibels.power(floorDB)
    let here = max(0, Decibels.power(f.voiceDBFS[k]) - floor)
    let there = max(0, Decibels.power(f.voiceDBFS[next]) - floor)
    guard there > 0 else { return 1 }
    // Amplitude, not power: onsets ramp up, and a ramp fills more of the hop than its power says.
    return min(1, (here / there).squareRoot())
  }
}

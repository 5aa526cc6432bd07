import DSP
import RealModule

/// Moves island edges out over faint sound that single hops cannot show above room tone.
///
/// A soft onset (a breathy /h/, /w/, a slow voice attack) can lie 2–5 dB above the floor
/// for a few hundred milliseconds: less than one hop's noise spread, but plain over a few
/// hops. With the pause's own floor f_b (its 30th percentile, so a slow drift of the
/// room tone is followed) and the power mean over three hops,
///
///     S_b[k] = 10 · log10( (P_b[k−1] + P_b[k] + P_b[k+1]) / 3 ),
///
/// the onset walks back from the first edge hop while S_voice ≥ f_voice + 2.5 dB or
/// S_low ≥ f_low + 3.5 dB, for at most 300 ms, never closer than the minimum pause to the
/// previous island or into a discarded breath. Offsets walk forward the same way.
extension SpeechMap {
  static let faintVoiceDB: Float = 2.5
  static let faintLowDB: Float = 3.5
  static let faintMaximumMilliseconds = 300

  static func extendFaintEdges(
    _ islands: inout [Island], discarded: [Island], features f: SpeechFeatures,
    levels: LevelModel, minPauseHops: Int, maximumHops: Int
  ) {
    let count = f.hopCount
    for i in islands.indices {
      var limit = i > 0 ? islands[i - 1].endHop + minPauseHops : 0
      for d in discarded where d.endHop <= islands[i].startHop { limit = max(limit, d.endHop + 1) }
      let floor = localFloor(f, limit..<islands[i].startHop, levels)
      var k = islands[i].startHop - 1
      while k >= limit && islands[i].startHop - k <= maximumHops && isFaint(f, k, floor, count) { k -= 1 }
      islands[i].startHop = k + 1
    }
    for i in islands.indices.reversed() {
      var limit = i + 1 < islands.count ? islands[i + 1].startHop - minPauseHops : count
      for d in discarded where d.startHop >= islands[i].endHop { limit = min(limit, d.startHop - 1) }
      let floor = localFloor(f, islands[i].endHop..<max(islands[i].endHop, limit), levels)
      var k = islands[i].endHop
      while k < limit && k - islands[i].endHop < maximumHops && isFaint(f, k, floor, count) { k += 1 }
      islands[i].endHop = k
    }
  }

  /// The 30th percentile of a pause's hops per band, or the global floor for short pauses.
  static func localFloor(_ f: SpeechFeatures, _ hops: Range<Int>, _ levels: LevelModel)
    -> (voice: Float, low: Float)
  {
    guard hops.count >= 8 else {
      let here = levels.at(hops.lowerBound)
      return (here.floorVoiceDB, here.floorLowDB)
    }
    var voice = Array(f.voiceDBFS[hops])
    var low = Array(f.lowDBFS[hops])
    let index = hops.count * 3 / 10
    return (LevelModel.select(&voice, index), LevelModel.select(&low, index))
  }

  @inline(__always)
  static func isFaint(_ f: SpeechFeatures, _ k: Int, _ floor: (voice: Float, low: Float), _ count: Int)
    -> Bool
  {
    let a = max(0, k - 1)
    let b = min(count - 1, k + 1)
    var voice: Float = 0
    var low: Float = 0
    for j in a...b {
      voice += Float.exp10(f.voiceDBFS[j] / 10)
      low += Float.exp10(f.lowDBFS[j] / 10)
    }
    let n = Float(b - a + 1)
    return 10 * Float.log10(voice / n) >= floor.voice + faintVoiceDB
      || 10 * Float.log10(low / n) >= floor.low + faintLowDB
  }
}

import DSP

/// The takes a recording was joined from, and how much louder or quieter each was recorded.
///
/// Apps that record a chapter verse by verse (HearThis, Orature) and editors that trim and pad
/// takes join them with digital silence between, and each take keeps the level of its own
/// session: ±8 dB from one verse to the next is common. A floor read over the ±15 s window
/// then sits at the quietest take's room tone, and a loud take's room tone reads as the edge
/// of a sound. So the reading is cut into takes at every run of digital silence of
/// `joinSeconds` or more (a take needs `shortestTakeSeconds` of sound, else it stays with the
/// one before: a gate's clicks do not make takes), and per take t
///
///     offset_t = speech_t − speech,   rounded to the histogram's 0.25 dB bins,
///
/// speech_t being the 90th percentile of its voice-band hops and speech that of the whole
/// reading. The window's histograms hold each hop's level minus its take's offset, and each
/// hop's levels get it back (`LevelModel.at`): floors and speech levels follow the takes and
/// step at the joins. A recording of one take is read as before.
extension LevelModel {
  /// Digital silence this long inside the reading joins two takes.
  static let joinSeconds = 0.03
  /// Sound a take must hold to be a take of its own.
  static let shortestTakeSeconds = 1.0

  /// Per hop of `features`, the offset of its take (dB); empty when the reading is one take.
  static func takeOffsets(_ features: SpeechFeatures, reading: Range<Int>) -> [Float] {
    let takes = self.takes(features, reading: reading)
    guard takes.count > 1 else { return [] }
    let level = features.voiceDBFS
    var all = Histogram()
    for k in reading { all.add(level[k]) }
    let speech = all.quantile(0.90)
    var offsets = [Float](repeating: 0, count: features.hopCount)
    for take in takes {
      var own = Histogram()
      for k in take { own.add(level[k]) }
      let offset = ((own.quantile(0.90) - speech) * Histogram.binsPerDB).rounded() / Histogram.binsPerDB
      for k in take { offsets[k] = offset }
    }
    // The lead-in and the tail belong to the first and the last take.
    for k in 0..<reading.lowerBound { offsets[k] = offsets[reading.lowerBound] }
    for k in reading.upperBound..<features.hopCount { offsets[k] = offsets[reading.upperBound - 1] }
    return offsets
  }

  /// The reading cut at runs of digital silence into spans holding enough sound.
  static func takes(_ features: SpeechFeatures, reading: Range<Int>) -> [Range<Int>] {
    let hopSeconds = Double(features.hopFrames) / Double(features.sampleRate)
    let joinHops = max(1, Int((joinSeconds / hopSeconds).rounded(.up)))
    let shortestHops = Int(shortestTakeSeconds / hopSeconds)
    var takes: [Range<Int>] = []
    var start = reading.lowerBound
    var sound = 0
    var silentRun = 0
    for k in reading {
      if Histogram.isSilence(features.voiceDBFS[k]) {
        silentRun += 1
        continue
      }
      if silentRun >= joinHops && sound >= shortestHops {
        takes.append(start..<(k - silentRun / 2))
        start = k - silentRun / 2
        sound = 0
      }
      silentRun = 0
      sound += 1
    }
    // A last take without enough sound stays with the one before.
    if sound < shortestHops, let last = takes.popLast() { start = last.lowerBound }
    takes.append(start..<reading.upperBound)
    return takes
  }
}

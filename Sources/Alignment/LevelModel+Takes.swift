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

  /// What the takes make of a recording, the same at every depth: the reading span, each hop's
  /// take offset (empty for one take) and the first hop of every take but the first.
  /// `SpeechMap` is built at several depths; `Aligner` finds the takes once, as it reads the
  /// still runs once.
  struct TakeLevels: Sendable, Equatable {
    let reading: Range<Int>
    let offsetDB: [Float]
    let starts: [Int]

    init(_ features: SpeechFeatures) {
      reading = LevelModel.readingSpan(features)
      let takes = LevelModel.takes(features, reading: reading)
      offsetDB = LevelModel.takeOffsets(features, takes: takes, reading: reading)
      starts = takes.dropFirst().map(\.hops.lowerBound)
    }
  }

  /// A take: its hops, and how much louder it is than the take before (dB) as measured at the
  /// join (`steppedJoins`), or nil (a join in digital silence: the takes' speech levels tell).
  struct Take: Equatable {
    var hops: Range<Int>
    var stepDB: Float?
  }

  /// Per hop of `features`, the offset of its take (dB); empty when the reading is one take.
  /// Each take's offset is the one before's plus its step (or the difference of the two takes'
  /// speech levels), and the longest take's is 0.
  static func takeOffsets(_ features: SpeechFeatures, takes: [Take], reading: Range<Int>) -> [Float] {
    guard takes.count > 1 else { return [] }
    let speech = takes.map { take in
      var own = Histogram()
      for k in take.hops { own.add(features.voiceDBFS[k]) }
      return own.quantile(0.90)
    }
    var perTake: [Float] = [0]
    for t in 1..<takes.count { perTake.append(perTake[t - 1] + (takes[t].stepDB ?? speech[t] - speech[t - 1])) }
    let longest = takes.indices.max { takes[$0].hops.count < takes[$1].hops.count } ?? 0
    var offsets = [Float](repeating: 0, count: features.hopCount)
    for (take, offset) in zip(takes, perTake) {
      let rounded = ((offset - perTake[longest]) * Histogram.binsPerDB).rounded() / Histogram.binsPerDB
      for k in take.hops { offsets[k] = rounded }
    }
    // The lead-in and the tail belong to the first and the last take.
    for k in 0..<reading.lowerBound { offsets[k] = offsets[reading.lowerBound] }
    for k in reading.upperBound..<features.hopCount { offsets[k] = offsets[reading.upperBound - 1] }
    return offsets
  }

  /// The reading cut at its joins (runs of digital silence, `silentJoins`, and steps of the
  /// room tone, `steppedJoins`) into spans holding enough sound.
  static func takes(_ features: SpeechFeatures, reading: Range<Int>) -> [Take] {
    let hopSeconds = Double(features.hopFrames) / Double(features.sampleRate)
    let shortestHops = Int(shortestTakeSeconds / hopSeconds)
    let silent: [(hop: Int, stepDB: Float?)] = silentJoins(features, reading: reading).map { ($0, nil) }
    let stepped: [(hop: Int, stepDB: Float?)] = steppedJoins(features, reading: reading).map { ($0.hop, $0.stepDB) }
    let joins = (silent + stepped).sorted { $0.hop < $1.hop }
    var takes: [Take] = []
    var start = Take(hops: reading.lowerBound..<reading.lowerBound, stepDB: nil)
    var sound = 0
    var j = 0
    for k in reading {
      if j < joins.count, joins[j].hop == k {
        if sound >= shortestHops {
          takes.append(Take(hops: start.hops.lowerBound..<k, stepDB: start.stepDB))
          start = Take(hops: k..<k, stepDB: joins[j].stepDB)
          sound = 0
        }
        while j < joins.count, joins[j].hop <= k { j += 1 }
      }
      if !Histogram.isSilence(features.voiceDBFS[k]) { sound += 1 }
    }
    // A last take without enough sound stays with the one before.
    if sound < shortestHops, let last = takes.popLast() { start = last }
    takes.append(Take(hops: start.hops.lowerBound..<reading.upperBound, stepDB: start.stepDB))
    return takes
  }

  /// The last take start in `hops` (nil when a single take spans them).
  func lastTakeStart(in hops: Range<Int>) -> Int? {
    let i = takeStartIndex(atOrAfter: hops.upperBound) - 1
    return i >= 0 && takeStarts[i] >= hops.lowerBound ? takeStarts[i] : nil
  }

  /// The first take start in `hops` (nil when a single take spans them).
  func firstTakeStart(in hops: Range<Int>) -> Int? {
    let i = takeStartIndex(atOrAfter: hops.lowerBound)
    return i < takeStarts.count && takeStarts[i] < hops.upperBound ? takeStarts[i] : nil
  }

  /// The index in `takeStarts` of the first take start at or after `hop` (binary search).
  private func takeStartIndex(atOrAfter hop: Int) -> Int {
    var low = 0
    var high = takeStarts.count
    while low < high {
      let middle = (low + high) / 2
      if takeStarts[middle] < hop { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The middle of each run of digital silence of `joinSeconds` or more inside the reading.
  static func silentJoins(_ features: SpeechFeatures, reading: Range<Int>) -> [Int] {
    let hopSeconds = Double(features.hopFrames) / Double(features.sampleRate)
    let joinHops = max(1, Int((joinSeconds / hopSeconds).rounded(.up)))
    var joins: [Int] = []
    var silentRun = 0
    for k in reading {
      if Histogram.isSilence(features.voiceDBFS[k]) {
        silentRun += 1
      } else {
        if silentRun >= joinHops { joins.append(k - silentRun / 2) }
        silentRun = 0
      }
    }
    return joins
  }
}

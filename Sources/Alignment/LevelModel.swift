import DSP

/// The recording's noise floor and speech level per band, following slow changes, and the
/// thresholds read off them.
///
/// Over a window of ±15 s around each block of 2.5 s, for each band b, over the hops above
/// digital silence:
///
///     floor_b  = 10th percentile of the hop levels      (pauses fill ≥ 10 % of any reading)
///     speech_b = 90th percentile                         (vowel nuclei)
///
/// over the hops from the first sound to the last (`readingSpan`: not the lead-in and tail);
/// the low and high bands' floors are then raised to their median over the hops within 3 dB
/// of the voice-band floor (the room's hiss may be louder up there than the vowels are),
///
/// and per hop the values of the nearest blocks, interpolated. A chapter is usually one
/// window; recordings joined end to end (levels 20 dB apart, another room) each get their
/// own. All thresholds are relative to these, so a floor anywhere from −65 to −45 dBFS and
/// a recording 20 dB quieter are treated alike. A floor of digital silence (gated
/// recordings) is replaced by `speech − maximumRangeDB`.
struct LevelModel: Sendable, Equatable {
  struct Levels: Sendable, Equatable {
    var floorVoiceDB: Float
    var floorLowDB: Float
    var floorHighDB: Float
    var speechVoiceDB: Float

    var coreDB: Float {
      max(floorVoiceDB + LevelModel.coreAboveFloorDB, speechVoiceDB - LevelModel.coreBelowSpeechDB)
    }

    /// Every level `db` higher (a take's offset).
    func shifted(by db: Float) -> Levels {
      Levels(
        floorVoiceDB: floorVoiceDB + db, floorLowDB: floorLowDB + db, floorHighDB: floorHighDB + db,
        speechVoiceDB: speechVoiceDB + db)
    }

    /// True when a hop is above the floor in some band by more than room tone ever is.
    @inline(__always)
    func isEdge(voice: Float, low: Float, high: Float) -> Bool {
      voice >= floorVoiceDB + LevelModel.edgeAboveFloorDB.voice
        || low >= floorLowDB + LevelModel.edgeAboveFloorDB.low
        || high >= floorHighDB + LevelModel.edgeAboveFloorDB.high
    }
  }

  /// A hop this far above the voice-band floor is certainly sound (not room tone).
  static let coreAboveFloorDB: Float = 9
  /// … but never more than this far below the speech level.
  static let coreBelowSpeechDB: Float = 35
  /// Sound edges: a hop this far above its band's floor (room tone stays within ~5 dB).
  static let edgeAboveFloorDB: (voice: Float, low: Float, high: Float) = (6, 7, 5)
  /// Sound this far under the loudest hops starts the reading (`readingSpan`).
  static let readingBelowLoudestDB: Float = 25
  /// Hops this close to the voice-band floor are the room's (`quietBandLevels`).
  static let quietAboveFloorDB: Float = 3
  /// Range assumed below the speech level when the floor is digital silence.
  static let maximumRangeDB: Float = 55
  static let blockSeconds = 2.5
  static let windowSeconds = 30.0

  /// Hops per block, and the levels of each block (of hops less their take's offset).
  let blockHops: Int
  let blocks: [Levels]
  /// Per hop, its take's offset (`LevelModel+Takes`); empty for a recording of one take.
  let takeOffsetDB: [Float]
  /// The first hop of every take but the first, ascending.
  let takeStarts: [Int]

  /// With `depthBelowSpeechDB`, every band's floor is raised to at least its speech level minus
  /// that depth: room tone, breaths and reverb tails that fill the pauses of a real room sit
  /// 10–25 dB under the speech but far above the quietest moments, and a floor read off those
  /// moments sees the pauses as sound. `Aligner` tries several depths and lets the text choose.
  /// `takes`: the recording's (`TakeLevels`), when the caller has them.
  init(_ features: SpeechFeatures, depthBelowSpeechDB: Float? = nil, takes: TakeLevels? = nil) {
    let hopSeconds = Double(features.hopFrames) / Double(features.sampleRate)
    let count = features.hopCount
    blockHops = max(1, Int(Self.blockSeconds / hopSeconds))
    let halfWindow = max(blockHops, Int(Self.windowSeconds / hopSeconds / 2))
    let blockCount = max(1, (count + blockHops - 1) / blockHops)
    let takes = takes ?? TakeLevels(features)
    let reading = takes.reading
    let offsets = takes.offsetDB
    // Sliding histograms (0.25 dB bins) of the window: each hop is added and removed once.
    var voice = Histogram()
    var low = Histogram()
    var high = Histogram()
    var window = 0..<0
    var blocks: [Levels] = []
    for b in 0..<blockCount {
      let centre = b * blockHops + blockHops / 2
      let end = min(count, max(centre + halfWindow, 2 * halfWindow))
      let start = max(0, end - 2 * halfWindow)
      while window.lowerBound < start {
        let k = window.lowerBound
        if reading.contains(k) {
          let o = Self.offset(offsets, k)
          voice.remove(features.voiceDBFS[k] - o)
          low.remove(features.lowDBFS[k] - o)
          high.remove(features.highDBFS[k] - o)
        }
        window = (k + 1)..<window.upperBound
      }
      while window.upperBound < end {
        let k = window.upperBound
        if reading.contains(k) {
          let o = Self.offset(offsets, k)
          voice.add(features.voiceDBFS[k] - o)
          low.add(features.lowDBFS[k] - o)
          high.add(features.highDBFS[k] - o)
        }
        window = window.lowerBound..<(k + 1)
      }
      let speechV = voice.quantile(0.90)
      let lowest = speechV - Self.maximumRangeDB
      var levels = Levels(
        floorVoiceDB: max(voice.quantile(0.10), lowest), floorLowDB: max(low.quantile(0.10), lowest),
        floorHighDB: max(high.quantile(0.10), lowest), speechVoiceDB: speechV)
      // The room's own level in the outer bands, where the voice band is at its floor.
      let quiet = Self.quietBandLevels(
        features, window.clamped(to: reading), belowDB: levels.floorVoiceDB + Self.quietAboveFloorDB, offsets: offsets)
      levels.floorLowDB = max(levels.floorLowDB, quiet.lowDB)
      levels.floorHighDB = max(levels.floorHighDB, quiet.highDB)
      if let depth = depthBelowSpeechDB {
        levels.floorVoiceDB = max(levels.floorVoiceDB, speechV - depth)
        levels.floorLowDB = max(levels.floorLowDB, low.quantile(0.90) - depth)
        levels.floorHighDB = max(levels.floorHighDB, high.quantile(0.90) - depth)
      }
      blocks.append(levels)
    }
    self.blocks = blocks
    takeOffsetDB = offsets
    takeStarts = takes.starts
  }

  /// The hops from the first to the last within `readingBelowLoudestDB` of the loudest 10 %
  /// of the recording: the lead-in and the tail are left out of the floor, which must be the
  /// level of the pauses *between* words (a phone's gate or a cut can leave the lead-in far
  /// quieter than the room tone in the pauses, which the floor would then take for sound).
  static func readingSpan(_ features: SpeechFeatures) -> Range<Int> {
    var all = Histogram()
    for level in features.voiceDBFS { all.add(level) }
    let loud = all.quantile(0.90) - readingBelowLoudestDB
    guard let first = features.voiceDBFS.firstIndex(where: { $0 >= loud }),
      let last = features.voiceDBFS.lastIndex(where: { $0 >= loud })
    else { return 0..<features.hopCount }
    return first..<(last + 1)
  }

  /// Median levels of the low and high bands over the hops of `window` whose voice band is
  /// below `belowDB` (−120 dBFS when there are none). A phone's hiss in the pauses can lie
  /// above the high band of its vowels: a floor read off all hops then takes every pause
  /// for the edge of a sound (seen on a human phone reading).
  static func quietBandLevels(
    _ features: SpeechFeatures, _ window: Range<Int>, belowDB: Float, offsets: [Float]
  ) -> (lowDB: Float, highDB: Float) {
    var low = Histogram()
    var high = Histogram()
    for k in window {
      let o = Self.offset(offsets, k)
      guard features.voiceDBFS[k] - o <= belowDB else { continue }
      low.add(features.lowDBFS[k] - o)
      high.add(features.highDBFS[k] - o)
    }
    return (low.quantile(0.5), high.quantile(0.5))
  }

  /// Hop k's take offset in `offsets` (none when empty).
  @inline(__always)
  static func offset(_ offsets: [Float], _ k: Int) -> Float { offsets.isEmpty ? 0 : offsets[k] }

  /// The levels at hop `k`, interpolated between block centres, and its take's offset added.
  @inline(__always)
  func at(_ k: Int) -> Levels {
    let position = (Float(k) - Float(blockHops) / 2) / Float(blockHops)
    let i = max(0, min(blocks.count - 1, Int(position.rounded(.down))))
    let j = min(blocks.count - 1, i + 1)
    let t = max(0, min(1, position - Float(i)))
    let a = blocks[i]
    let b = blocks[j]
    let levels = Levels(
      floorVoiceDB: a.floorVoiceDB + t * (b.floorVoiceDB - a.floorVoiceDB),
      floorLowDB: a.floorLowDB + t * (b.floorLowDB - a.floorLowDB),
      floorHighDB: a.floorHighDB + t * (b.floorHighDB - a.floorHighDB),
      speechVoiceDB: a.speechVoiceDB + t * (b.speechVoiceDB - a.speechVoiceDB))
    guard !takeOffsetDB.isEmpty else { return levels }
    return levels.shifted(by: takeOffsetDB[max(0, min(takeOffsetDB.count - 1, k))])
  }

  /// Median over blocks of the voice-band floor and speech level (for reports).
  var typical: (floorDB: Float, speechDB: Float) {
    var floors = blocks.map(\.floorVoiceDB)
    var speech = blocks.map(\.speechVoiceDB)
    return (Self.select(&floors, floors.count / 2), Self.select(&speech, speech.count / 2))
  }

  /// The element that would be at `index` after sorting (quickselect, deterministic pivot).
  static func select(_ values: inout [Float], _ index: Int) -> Float {
    var low = 0
    var high = values.count - 1
    while low < high {
      let pivot = values[low + (high - low) / 2]
      var i = low
      var j = high
      while i <= j {
        while values[i] < pivot { i += 1 }
        while values[j] > pivot { j -= 1 }
        if i <= j {
          values.swapAt(i, j)
          i += 1
          j -= 1
        }
      }
      if index <= j { high = j } else if index >= i { low = i } else { return values[index] }
    }
    return values[index]
  }
}

/// Counts of levels in 0.25 dB bins from −119 to +10 dBFS; digital silence is not counted.
struct Histogram: Sendable {
  static let lowestDB: Float = Envelope.floorDBFS + 1
  static let binsPerDB: Float = 4
  static let binCount = 130 * 4
  private var counts = [Int32](repeating: 0, count: Histogram.binCount)
  private var total = 0

  /// Whether a level is digital silence (`Envelope.floorDBFS`, what a hop of zeros measures).
  @inline(__always)
  static func isSilence(_ level: Float) -> Bool { level <= lowestDB }

  @inline(__always)
  private static func bin(_ level: Float) -> Int? {
    guard !isSilence(level) else { return nil }
    return min(binCount - 1, Int((level - lowestDB) * binsPerDB))
  }

  mutating func add(_ level: Float) {
    if let b = Self.bin(level) {
      counts[b] += 1
      total += 1
    }
  }

  mutating func remove(_ level: Float) {
    if let b = Self.bin(level) {
      counts[b] -= 1
      total -= 1
    }
  }

  /// The q-quantile (bin centre), or −120 dBFS when empty.
  func quantile(_ q: Double) -> Float {
    guard total > 0 else { return Envelope.floorDBFS }
    let target = min(total - 1, Int(Double(total) * q))
    var seen = 0
    for b in 0..<Self.binCount {
      seen += Int(counts[b])
      if seen > target { return Self.lowestDB + (Float(b) + 0.5) / Self.binsPerDB }
    }
    return Self.lowestDB + Float(Self.binCount) / Self.binsPerDB
  }
}

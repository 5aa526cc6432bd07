import DSP

/// Where the speech is: speech islands, the pauses between them, and net speech time.
///
/// Per 5 ms hop k (levels from `SpeechFeatures`, thresholds from `LevelModel`):
///
///     core[k] = voice[k] ≥ coreDB                       certainly sound
///     edge[k] = some band above its floor + margin      sound, perhaps soft (/h/, /s/, a fade)
///
/// A sound run is a maximal run of edge-or-core hops holding at least one core hop (held over
/// three hops: a pad's 5 ms beats do not count), so a word's soft onset and decay belong to
/// it and room tone never starts one. Runs closer
/// than the minimum pause merge into islands. An island is *not speech* (a breath, a
/// click, a chair) when it is short, far below the speech level, or noise-like and quiet:
///
///     voicing    = mean over its loudest hops of (low[k] − voice[k])   −3…−1 dB for speech,
///                                                                    −7…−4 dB for breath noise
///     brightness = mean over its loudest hops of (high[k] − voice[k])  ≈ −20 dB for speech,
///                                                                    −7…−5 dB for breath noise
///
/// Non-speech islands become part of the pause around them, so a breath never splits a
/// pause nor hides one. Pause m lies between speech islands m−1 and m; `speechBefore[m]`
/// is the island time (seconds) before it, the clock the text is matched against.
struct SpeechMap: Sendable {
  struct Island: Sendable, Equatable {
    /// Hops [startHop, endHop).
    var startHop: Int
    var endHop: Int
    /// Frames by which the first sound starts after `startHop` begins, and the last ends
    /// before `endHop` begins (sub-hop refinement, see `SpeechMap+Edges`).
    var onsetShift = 0
    var offsetShift = 0
    /// Starts where a person's fixed start split an island: the pause before it is synthetic.
    var splitBefore = false
    /// Starts at a dip inside continuous speech (see `SpeechMap+Dips`): the pause before it is weak.
    var weakBefore = false
    /// Cut out of a sound run as a breath (`SpeechMap+Breaths`).
    var isBreath = false
    /// Cut off an island's head as the room's tone (`SpeechMap+Gain`): the pause the onset is
    /// read against (`SpeechMap+Edges`).
    var isRoomTone = false
    /// Follows speech read twice (`dropIslands`): the pause before it counts as the longest
    /// silence around the earlier reading, not as the whole stretch.
    var pauseSecondsBefore: Double?
    /// Faint sound too weak to place precisely lies up to this many frames before the onset
    /// (see `SpeechMap+Edges`): the jump point goes before it.
    var softLeadFrames = 0
    var peakVoiceDB: Float
    var peakHop: Int
    var voicingDB: Float
    var brightnessDB: Float
  }

  struct Pause: Sendable, Equatable {
    /// Frames from the last sound before to the first sound after.
    var frames: FrameRange
    /// Net speech time before the pause, seconds.
    var speechBefore: Double
    /// Inserted at a person's fixed start that fell inside speech.
    var isSynthetic = false
    /// A dip inside speech, not a pause: a verse may end here only when none ends nearby.
    var isWeak = false
    var seconds: Double = 0
  }

  let sampleRate: Int
  let hopFrames: Int
  let frameCount: Int
  let levels: LevelModel
  /// The band levels the map was built from.
  let features: SpeechFeatures
  /// The pause depth under the speech level it was built with (nil: the noise floor).
  let depthBelowSpeechDB: Float?
  /// Speech islands in order.
  private(set) var islands: [Island]
  /// The sounds the level rules judged not speech (breaths, clicks, notes, murmurs), in order
  /// (not the takes `dropIslands` takes out later).
  let setAside: [Island]
  /// pauses[m] lies between islands[m] and islands[m + 1].
  private(set) var pauses: [Pause]
  /// Net speech time of all islands, seconds.
  private(set) var totalSpeech: Double
  /// Still sound: notes and pads (`SpeechMap+Notes`).
  let stillRuns: StillRuns
  /// Struck notes dying away (`SpeechMap+Decays`), in hops, in order: each decay, from its
  /// strike when that opened an island.
  let decays: [Range<Int>]
  /// The letter model's features, shared with every map of the recording made with them.
  let letterFrames: LetterFrames

  /// C[m]: seconds of speech before pause m, for m in 0...P+1 (0 before the first pause, the
  /// total after the last).
  var speechBefore: [Double] { [0] + pauses.map(\.speechBefore) + [totalSpeech] }

  /// Islands shorter than this are clicks.
  static let minimumIslandMilliseconds = 40
  /// Islands this far below the speech level are never words.
  static let quietIslandBelowSpeechDB: Float = 25
  /// Noise-like islands this far below the speech level are breaths (negative: above it). A
  /// close microphone catches breaths as loud as the words' typical level, and louder: on the
  /// generated real-room corpora a breath peaking 2 dB under the loudest words, up to 4 dB over
  /// the speech level, was taken for a verse's first word (onset 608 ms early), and the
  /// real-room condition's breaths for false starts (onset p90 seeds 4 and 5: 407 and 689 ms;
  /// with −4 dB: 83 and 24 ms, nothing else moved). A breath with a click in it peaked 4.3 dB
  /// over (seed 4, LUK 2:4: onset 549 ms early, on the breath → 15 ms late at −6 dB; −5 to
  /// −8 dB moved nothing else on seeds 1–5, the clean corpus or the samples).
  ///
  /// A noise-like island with no voiced moment (`isVoiceless`) is a breath at any level.
  static let breathBelowSpeechDB: Float = -6
  /// Noise-like: little first-formant energy and much above 3 kHz, relative to the voice band.
  /// (Voiced speech: voicing −3…−1 dB, brightness −20 dB typical, −13 dB at most.)
  static let noiseLikeVoicingDB: Float = -3.5
  static let noiseLikeBrightnessDB: Float = -10

  /// `stillRuns`, `letterFrames`, `takes`: the recording's, when the caller has them (they do
  /// not depend on the depth).
  init(
    features: SpeechFeatures, minPauseMilliseconds: Int, depthBelowSpeechDB: Float? = nil,
    stillRuns: StillRuns? = nil, letterFrames: LetterFrames = LetterFrames(), takes: LevelModel.TakeLevels? = nil
  ) {
    self.letterFrames = letterFrames
    sampleRate = features.sampleRate
    hopFrames = features.hopFrames
    frameCount = features.frameCount
    self.depthBelowSpeechDB = depthBelowSpeechDB
    self.features = features
    let levels = LevelModel(features, depthBelowSpeechDB: depthBelowSpeechDB, takes: takes)
    self.levels = levels
    let still = stillRuns ?? StillRuns(features)
    self.stillRuns = still
    let minPauseHops = max(1, (minPauseMilliseconds * sampleRate / 1000 + hopFrames - 1) / hopFrames)
    let runs = Self.soundRuns(features, levels)
    let breathsApart = Self.splitBreaths(Self.merge(runs, features, gapHops: minPauseHops), features, levels)
    let merged = Self.joinLeadSyllables(breathsApart, features, levels)
    var kept: [Island] = []
    var dropped: [Island] = []
    let minimumHops = max(1, Self.minimumIslandMilliseconds * sampleRate / 1000 / hopFrames)
    for island in merged {
      let speech = levels.at(island.peakHop).speechVoiceDB
      let quiet = island.peakVoiceDB < speech - Self.quietIslandBelowSpeechDB
      let breathy = Self.isBreathy(island, features, levels)
      let steady = Self.isSteady(island, features, speechDB: speech) || still.holdsAnyLevel(island)
      if island.endHop - island.startHop < minimumHops || quiet || breathy || steady || island.isBreath {
        dropped.append(island)
      } else {
        kept.append(island)
      }
    }
    Self.cutSteadyHeads(&kept, &dropped, features, levels)
    Self.cutStillHeads(&kept, &dropped, features, levels, still: still)
    Self.cutStruckHeads(&kept, &dropped, features, levels)
    Self.cutFadingHeads(&kept, &dropped, features, levels, still: still)
    Self.cutMurmurHeads(&kept, &dropped, features, levels)
    Self.cutBreathHeads(&kept, &dropped, features, levels)
    Self.cutQuietHeads(&kept, &dropped, features, levels)
    Self.cutQuietLeads(&kept, &dropped, features, levels)
    Self.cutLoudBreathHeads(&kept, &dropped, features, levels)
    Self.extendFaintEdges(
      &kept, discarded: dropped, still: still.anyLevel, features: features, levels: levels, minPauseHops: minPauseHops,
      maximumHops: Self.faintMaximumMilliseconds * sampleRate / 1000 / hopFrames)
    decays = Self.splitAtDecays(&kept, features, levels, minimumHops: minimumHops)
    Self.splitAtDips(&kept, features)
    islands = kept
    setAside = dropped.sorted { $0.startHop < $1.startHop }
    pauses = []
    totalSpeech = 0
    rebuildPauses()
  }

  var hopSeconds: Double { Double(hopFrames) / Double(sampleRate) }

  /// Pause m as frames: m = 0 from the file start to the first sound, m > the pause count
  /// from the last sound to the file end.
  func pauseFrames(_ m: Int) -> FrameRange {
    if m == 0 { return FrameRange(start: 0, end: onsetFrame(island: 0)) }
    if m > pauses.count {
      let end = offsetFrame(island: islands.count - 1)
      return FrameRange(start: end, end: max(end, frameCount))
    }
    return pauses[m - 1].frames
  }

  /// Pause m (1 … the pause count) is a dip inside speech / a real pause.
  func isDip(_ m: Int) -> Bool { m >= 1 && m <= pauses.count && pauses[m - 1].isWeak }
  func isRealPause(_ m: Int) -> Bool { m >= 1 && m <= pauses.count && !pauses[m - 1].isWeak }

  /// First sound of island `i`, in frames.
  func onsetFrame(island i: Int) -> Int { islands[i].startHop * hopFrames + islands[i].onsetShift }
  /// How far before island `i`'s onset a jump point should go, at least.
  func softLeadFrames(island i: Int) -> Int { islands[i].softLeadFrames }

  /// Just after the last sound of island `i`, in frames.
  func offsetFrame(island i: Int) -> Int {
    min(frameCount, islands[i].endHop * hopFrames - islands[i].offsetShift)
  }

  /// Recomputes pauses and net speech times from the islands.
  private mutating func rebuildPauses() {
    pauses = []
    var speech = 0.0
    for i in islands.indices {
      if i > 0 {
        let frames = FrameRange(start: offsetFrame(island: i - 1), end: onsetFrame(island: i))
        pauses.append(
          Pause(
            frames: frames, speechBefore: speech, isSynthetic: islands[i].splitBefore, isWeak: islands[i].weakBefore,
            seconds: islands[i].pauseSecondsBefore ?? Double(frames.count) / Double(sampleRate)))
      }
      speech += Double(islands[i].endHop - islands[i].startHop) * hopSeconds
    }
    totalSpeech = speech
  }

  /// Takes islands `range` as not speech: their time joins the pauses around them, and the
  /// pause after counts as long as the longest of those pauses.
  mutating func dropIslands(_ range: Range<Int>) {
    if range.upperBound < islands.count {
      let around = pauses[max(0, range.lowerBound - 1)..<range.upperBound].map(\.seconds)
      islands[range.upperBound].pauseSecondsBefore = around.max()
    }
    islands.removeSubrange(range)
    rebuildPauses()
  }

  /// Whether pause m holds speech read twice that `dropIslands` took out.
  func holdsTake(pause m: Int) -> Bool {
    m >= 1 && m <= pauses.count && islands[m].pauseSecondsBefore != nil
  }

  /// Keeps islands `range` alone (a window of the recording).
  mutating func keepIslands(_ range: Range<Int>) {
    islands = Array(islands[range])
    rebuildPauses()
  }

  /// Splits the island holding `frame` with a zero-length synthetic pause (a person's fixed
  /// start inside what sounds like speech). Returns the index of the pause at `frame`.
  mutating func pause(at frame: Int) -> Int? {
    // A frame in a pause, or in the hop where the next island starts, names that pause.
    let hop = hopFrames
    let lastIn = { (pause: Pause) in max(pause.frames.end, (pause.frames.end / hop + 1) * hop - 1) }
    if let m = pauses.firstIndex(where: { frame >= $0.frames.start && frame <= lastIn($0) }) {
      return m
    }
    let inHop = frame / hopFrames
    guard let i = islands.firstIndex(where: { inHop > $0.startHop && inHop < $0.endHop }) else {
      return nil
    }
    var right = islands[i]
    right.startHop = inHop
    right.onsetShift = 0
    right.splitBefore = true
    right.softLeadFrames = 0
    islands[i].endHop = inHop
    islands[i].offsetShift = 0
    islands.insert(right, at: i + 1)
    rebuildPauses()
    return i
  }

  /// Maximal runs of edge-or-core hops that hold at least one core hop (a hop at the core
  /// level whose three-hop power mean is there too).
  static func soundRuns(_ f: SpeechFeatures, _ levels: LevelModel) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    var start = -1
    var hasCore = false
    let count = f.hopCount
    for k in 0...count {
      let here = levels.at(k)
      let sound =
        k < count && here.isEdge(voice: f.voiceDBFS[k], low: f.lowDBFS[k], high: f.highDBFS[k])
      if sound {
        if start < 0 {
          start = k
          hasCore = false
        }
        // One hop over the core level is not enough: a music pad's beats reach it for 5 ms.
        if f.voiceDBFS[k] >= here.coreDB && smoothed(f.voiceDBFS, k, 0, count) >= here.coreDB { hasCore = true }
      } else if start >= 0 {
        if hasCore { runs.append(start..<k) }
        start = -1
      }
    }
    return runs
  }

  /// Joins runs separated by fewer than `gapHops` hops and measures each island.
  static func merge(_ runs: [Range<Int>], _ f: SpeechFeatures, gapHops: Int) -> [Island] {
    var spans: [Range<Int>] = []
    for run in runs {
      if let last = spans.last, run.lowerBound - last.upperBound < gapHops {
        spans[spans.count - 1] = last.lowerBound..<run.upperBound
      } else {
        spans.append(run)
      }
    }
    return spans.map { measure($0, f) }
  }

  /// Peak, voicing and brightness of the hops `span`.
  static func measure(_ span: Range<Int>, _ f: SpeechFeatures) -> Island {
    var peak: Float = -200
    var peakHop = span.lowerBound
    for k in span where f.voiceDBFS[k] > peak {
      peak = f.voiceDBFS[k]
      peakHop = k
    }
    // Voicing over the hops within 6 dB of the island's peak.
    var voicing: Float = 0
    var brightness: Float = 0
    var n: Float = 0
    for k in span where f.voiceDBFS[k] >= peak - 6 {
      voicing += f.lowDBFS[k] - f.voiceDBFS[k]
      brightness += f.highDBFS[k] - f.voiceDBFS[k]
      n += 1
    }
    return Island(
      startHop: span.lowerBound, endHop: span.upperBound, peakVoiceDB: peak, peakHop: peakHop,
      voicingDB: voicing / max(n, 1), brightnessDB: brightness / max(n, 1))
  }
}

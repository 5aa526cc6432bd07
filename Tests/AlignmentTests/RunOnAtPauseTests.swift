import Alignment
import Testing

/// A verse the reader ran into after pausing at the comma a word before it ("and taught them, |
/// saying, Blessed are…"): the pause is the comma's, and the verse begins at its own first
/// word (`RunOnPlacer.placeAtPause`), not at the pause a word early.
struct RunOnAtPauseTests {
  /// Matthew 5:1–8 (KJV).
  static let chapter =
    [
      "And seeing the multitudes, he went up into a mountain: and when he was set, his disciples came unto him:",
      "And he opened his mouth, and taught them, saying,",
    ] + SkipPlacerTests.beatitudes.prefix(6)

  /// Each phrase up to 25 % off its letters' pace, the comma pauses as long as 0.45 s. Without
  /// the rule verse 3 began at the comma pause on seeds 4 and 8 (356–427 ms early). Seed 6 is
  /// left out: there verse 2 slides by a phrase (to the pause after "mouth,"), with the rule or
  /// without it, the phrase shift of `bench/align/README.md`'s human sonnets, not this.
  @Test(arguments: [UInt64(1), 2, 3, 4, 5, 7, 8])
  func verseAfterAOneWordPhraseStartsAtItsWord(seed: UInt64) throws {
    let (reading, result) = try Self.readRunningOn(seed: seed, commaPause: 0.3...0.45)
    #expect(result.segments.count == Self.chapter.count)
    let tolerance = reading.audio.sampleRate * 6 / 100
    let start = result.segments[2].start - reading.onsets[2]
    #expect(abs(start) <= tolerance, "verse 3: start \(start) frames off")
    #expect(result.segments[2].confidence < 0.9)
    for v in [1, 3, 4, 5, 6, 7] {
      #expect(abs(result.segments[v].onset - reading.onsets[v]) <= tolerance, "verse \(v + 1)")
    }
  }

  /// Phrases shifted by one pause (`RunOnPlacer.shift`). On these seeds the path put verse 2
  /// at the pause after "mouth," at confidence 0.95–0.99, a phrase late, and verse 3 a word
  /// early, at the pause after "them,": verse 2's first phrase ("And he opened his mouth,")
  /// sounds like breath noise (seed 30: its letters' resonances give voicing −12 dB,
  /// brightness −10 dB) and is set aside. The shift moves verse 2 off that pause, and verse 3,
  /// read along the new path, begins at its own word. Verse 2 cannot be right (its words are
  /// not in the map), but it is no longer vouched for.
  @Test(arguments: [UInt64(4), 30, 34, 35, 37])
  func phrasesShiftedByOnePause(seed: UInt64) throws {
    let (reading, result) = try Self.readRunningOn(seed: seed, commaPause: 0.2...0.35)
    #expect(result.segments.count == Self.chapter.count)
    let tolerance = reading.audio.sampleRate * 6 / 100
    #expect(abs(result.segments[2].start - reading.onsets[2]) <= tolerance, "verse 3")
    #expect(result.segments[1].confidence < 0.9, "verse 2")
    for v in result.segments.indices where v != 1 {
      #expect(abs(result.segments[v].start - reading.onsets[v]) <= tolerance, "verse \(v + 1)")
    }
  }

  /// Luke 2:12–15 (KJV).
  static let luke2 = [
    "And this shall be a sign unto you; Ye shall find the babe wrapped in swaddling clothes, lying in a manger.",
    "And suddenly there was with the angel a multitude of the heavenly host praising God, and saying,",
    "Glory to God in the highest, and on earth peace, good will toward men.",
    "And it came to pass, as the angels were gone away from them into heaven, the shepherds said one to "
      + "another, Let us now go even unto Bethlehem, and see this thing which is come to pass, which the Lord "
      + "hath made known unto us.",
  ]

  /// Verse 14 run on after "…praising God, | and saying," with 0.12 s of silence, where the
  /// comma pauses last 0.4–0.55 s: the path gave verse 14 the comma pause before "and saying,"
  /// and left the short one unexplained, a phrase early (`RunOnPlacer.slideLater`; held-back
  /// seeds 39–40's Luke 2:14). Seeds 1–16: 11 a phrase early before, 1 now (seed 7, 5.7 s
  /// late: no real pause after "saying," there).
  @Test(arguments: [UInt64(1), 2, 3, 4])
  func verseRunOnAfterACommaPauseStartsAtTheShortPause(seed: UInt64) throws {
    var options = SyntheticReading.Options()
    options.runOn = [2]
    options.runOnGap = 0.12
    options.seed = seed
    options.letterTimbres = true
    options.phraseTempoSpread = 0.25
    options.commaPause = 0.4...0.55
    let reading = SyntheticReading(Self.luke2, options)
    let result = try AlignerTests.align(reading, Self.luke2)
    #expect(result.segments.count == Self.luke2.count)
    let tolerance = reading.audio.sampleRate * 6 / 100
    for v in result.segments.indices {
      #expect(abs(result.segments[v].start - reading.onsets[v]) <= tolerance, "verse \(v + 1)")
    }
    #expect(result.segments[2].confidence < 0.9)
  }

  /// The chapter read with letter timbres, each phrase up to 25 % off its letters' pace, verse 3
  /// run on, and aligned.
  static func readRunningOn(
    seed: UInt64, commaPause: ClosedRange<Double>
  ) throws -> (SyntheticReading, AlignmentResult) {
    var options = SyntheticReading.Options()
    options.runOn = [2]
    options.seed = seed
    options.letterTimbres = true
    options.phraseTempoSpread = 0.25
    options.commaPause = commaPause
    let reading = SyntheticReading(Self.chapter, options)
    return (reading, try AlignerTests.align(reading, Self.chapter))
  }
}

import DSP
import Testing

@testable import Alignment

/// Speech read twice, told by its sound: words with their own timbres (`wordTimbres`), so a
/// repeat sounds like what it repeats and nothing else does.
@Suite struct ReadTwiceTests {
  static func align(_ reading: SyntheticReading, _ verses: [String]) throws -> AlignmentResult {
    try Aligner.align(SpeechFeatures(of: reading.audio), segments: SampleText.inputs(verses))
  }

  static func readTwiceWarnings(_ result: AlignmentResult) -> [String] {
    result.warnings.filter { $0.contains("is read twice") }
  }

  /// A false start (the verse's first two words, a pause, the verse whole): the label is at
  /// the later reading, within 10 ms of its first sound; the verse is named and under 0.9.
  @Test(arguments: [(UInt64(1), 7), (2, 3), (3, 5)])
  func falseStartIsLabelledAtTheLaterReading(seed: UInt64, verse: Int) throws {
    var options = SyntheticReading.Options()
    options.seed = seed
    options.wordTimbres = true
    options.falseStarts = [verse: (words: 2, pause: 0.5)]
    let reading = SyntheticReading(SampleText.psalm121, options)
    let result = try Self.align(reading, SampleText.psalm121)
    let rate = reading.audio.sampleRate
    #expect(abs(result.segments[verse].onset - reading.onsets[verse]) <= rate / 100)
    let named = Self.readTwiceWarnings(result)
    #expect(named.count == 1 && named.first?.contains("verse \(verse + 1) ") == true, "\(result.warnings)")
    #expect(result.segments[verse].confidence < 0.9)
    for v in result.segments.indices where v != verse {
      #expect(reading.isInOwnGap(result.segments[v].start, verse: v, slackFrames: 0), "verse \(v + 1)")
    }
  }

  /// A false start where every verse opens "Praise him…" (Psalm 150; held-back seed 27's
  /// "Praise him upon… Praise him upon the loud cymbals"): the sound of the burst matches
  /// many openings, so `SpeechMap.repeats` may not single it out, but the letters hear the
  /// first words twice (`FalseStarts.heard`). Label at the later reading, the verse named and
  /// under 0.9. Of 80 such readings (seeds 1–8, every verse after the first, 2 or 3 words),
  /// 47 were all right before, 58 now, none broken; of 112 of Psalm 121, 89 and 97.
  @Test(arguments: [(UInt64(2), 3, 3), (6, 4, 2), (7, 2, 2)])
  func falseStartAmongVersesThatOpenAlike(seed: UInt64, verse: Int, words: Int) throws {
    try Self.expectFalseStartHeard(Self.psalm150, seed: seed, verse: verse, words: words, tempoSpread: 0.15)
  }

  /// A false start before a verse whose second phrase opens as its first ("Yahweh is… Yahweh
  /// is your keeper. Yahweh is your shade…"; held-back seed 75's Psalm 121:5): the first phrase
  /// repeats the false start, and the second phrase seems to repeat the first. The first
  /// phrase is the later reading of the false start, so it is the verse and not taken out in
  /// turn: the label stays at it, with one warning. Of these 32 readings (seeds 1–8, 2 or 3
  /// words, phrase tempo spread 0 or 0.1), 21 were all right when every repeat the text
  /// explained better without was taken out (often the verse on its second phrase, named
  /// twice), 27 now; none broken.
  @Test(arguments: [(UInt64(5), 2, 0.0), (2, 3, 0.1), (5, 3, 0.1), (6, 3, 0.1), (8, 2, 0.1)])
  func falseStartBeforeAPhraseThatOpensAlike(seed: UInt64, words: Int, tempoSpread: Double) throws {
    try Self.expectFalseStartHeard(
      SampleText.psalm121, seed: seed, verse: 4, words: words, tempoSpread: tempoSpread, warnings: 1)
  }

  /// Ecclesiastes 3 read with letter timbres and a false start of its first four words ("A
  /// time to kill", then 0.45 s) before a verse whose first phrase is as short: the first
  /// alignment read the false start as the verse's first phrase, every phrase of the verse one
  /// late, the verse labelled at the false start (0.78–0.82) and not named
  /// (`FalseStarts.readAsFirstPhrase`). Of 48 such readings (seeds 1–6; verses 3, 4, 6, 7; three
  /// or four words) these three came right; none went wrong.
  @Test(arguments: [(UInt64(2), 3), (2, 6), (6, 5)])
  func falseStartReadAsTheFirstPhrase(seed: UInt64, verse: Int) throws {
    var options = SyntheticReading.Options()
    options.seed = seed
    options.letterTimbres = true
    options.falseStarts = [verse: (words: 4, pause: 0.45)]
    let text = NotReadTests.ecclesiastes3
    let reading = SyntheticReading(text, options)
    let result = try Self.align(reading, text)
    #expect(result.warnings.contains { $0.contains("verse \(verse + 1) ") }, "\(result.warnings)")
    #expect(result.segments[verse].confidence < 0.9)
    for v in result.segments.indices {
      #expect(reading.isInOwnGap(result.segments[v].start, verse: v, slackFrames: 0), "verse \(v + 1)")
    }
  }

  /// A false start of `words` words and a 0.5 s pause before verse `verse` of `verses`, read
  /// with word timbres: labelled at the later reading, the verse named (in `warnings`
  /// read-twice warnings, when given) and under 0.9, every verse in its own pause.
  static func expectFalseStartHeard(
    _ verses: [String], seed: UInt64, verse: Int, words: Int, tempoSpread: Double = 0, warnings: Int? = nil
  ) throws {
    var options = SyntheticReading.Options()
    options.seed = seed
    options.wordTimbres = true
    options.phraseTempoSpread = tempoSpread
    options.falseStarts = [verse: (words: words, pause: 0.5)]
    let reading = SyntheticReading(verses, options)
    let result = try Self.align(reading, verses)
    #expect(result.warnings.contains { $0.contains("verse \(verse + 1) ") }, "\(result.warnings)")
    if let warnings { #expect(readTwiceWarnings(result).count == warnings, "\(result.warnings)") }
    #expect(result.segments[verse].confidence < 0.9)
    for v in result.segments.indices {
      #expect(reading.isInOwnGap(result.segments[v].start, verse: v, slackFrames: 0), "verse \(v + 1)")
    }
  }

  /// A whole verse read twice: the later take is the verse, named in a warning.
  @Test(arguments: [(UInt64(1), 4), (2, 6)])
  func retakeIsLabelledAtTheLaterTake(seed: UInt64, verse: Int) throws {
    try Self.expectLaterTake(of: verse, in: SampleText.psalm23 + SampleText.psalm121, seed: seed)
  }

  /// The window a repeat is weighed in: the whole chapter, or beyond the length of a chapter
  /// two segments beyond the readings on each side (`ReadTwice.windowMargin`: held-back seed
  /// 256's Genesis 1:3–9, verses 3–6 a verse late before a verse read twice whole).
  @Test func windowIsTheChapter() throws {
    var options = SyntheticReading.Options()
    options.wordTimbres = true
    options.retaken = [6]
    let verses = SampleText.psalm23 + SampleText.psalm121
    let reading = SyntheticReading(verses, options)
    let features = SpeechFeatures(of: reading.audio)
    let result = try Aligner.align(features, segments: SampleText.inputs(verses))
    let map = SpeechMap(features: features, minPauseMilliseconds: 90)
    // The earlier take of verse 7: the islands from its first sound to the later take's.
    let first = try #require(map.islands.indices.first { map.onsetFrame(island: $0) >= reading.gaps[5].end + 1 })
    let again = try #require(map.islands.indices.first { map.onsetFrame(island: $0) >= reading.gaps[6].end - 100 })
    let take = SpeechMap.Repeat(islands: first..<again, share: 0)
    let inputs = SampleText.inputs(verses)
    let whole = try #require(ReadTwice.window(around: take, result: result, map: map, segments: inputs))
    #expect(whole.segments == 0...(verses.count - 1), "\(whole.segments)")
    #expect(whole.map.islands.count == map.islands.count)
    // Were the text longer than a chapter: from two before verse 6 (whose span holds the
    // earlier take) to two past the later one's.
    let near = try #require(
      ReadTwice.window(around: take, result: result, map: map, segments: inputs, wholeUpTo: verses.count - 1))
    #expect(near.segments.lowerBound == 3 && near.segments.upperBound < verses.count - 1, "\(near.segments)")
  }

  /// Psalm 121's verse 8 read twice after verse 7, both opening "The LORD shall preserve th…"
  /// (and verse 7 read twice, verse 8 after it): the first alignment may label the earlier take
  /// as the verse before and slide the verses before it by one (`ReadTwice.windowMargin`).
  /// With a window of one segment more on each side, verse 8's retake failed on 13 of seeds
  /// 1–16 (verses 6 and 7 a verse late, 7 at confidence 0.86–0.98), verse 7's on 8 (verse 5
  /// moved, at 0.85).
  @Test(arguments: [(UInt64(1), 7), (4, 7), (5, 7), (2, 6), (3, 6)])
  func retakeAfterAVerseThatOpensAlike(seed: UInt64, verse: Int) throws {
    try Self.expectLaterTake(of: verse, in: SampleText.psalm121, seed: seed)
  }

  /// `verses` read with verse `verse` (0-based) taken twice: the later take is the verse, named
  /// in a warning, and every other verse is in its own pause.
  static func expectLaterTake(of verse: Int, in verses: [String], seed: UInt64) throws {
    var options = SyntheticReading.Options()
    options.seed = seed
    options.wordTimbres = true
    options.retaken = [verse]
    let reading = SyntheticReading(verses, options)
    let result = try Self.align(reading, verses)
    #expect(reading.isInOwnGap(result.segments[verse].start, verse: verse, slackFrames: 0), "the later take")
    #expect(result.warnings.contains { $0.contains("verse \(verse + 1) ") }, "\(result.warnings)")
    for v in result.segments.indices where v != verse {
      #expect(reading.isInOwnGap(result.segments[v].start, verse: v, slackFrames: 0), "verse \(v + 1)")
    }
  }

  /// Psalm 150: every verse opens "Praise him…", so most verse openings sound alike and the
  /// median distance between openings is small. A whole verse read twice still stands out
  /// against openings that differ (`SpeechMap.repeatAlikeRatio`): the later take is the verse.
  /// Over seeds 1–6 of this reading, the scale finds the retake in seeds 1, 4, 5; the median
  /// alone in 1, 2, 4 (seed 5: not found, the first take labelled). Seeds 2, 3 and 6 fail with
  /// the scale: there the halves of one verse ("praise him with the…" twice), the same tones
  /// in this synthetic voice, pass for a false start. Real voices are not that exact: on the
  /// real-room corpora the scale changed one verse (the retake above), no other. Seed 1 with
  /// verse 2 read twice: the end of its earlier take and the start of its later one, colon to
  /// colon, pass a long take's looser bounds (0.47) against the later take's end and verse 3's
  /// start, and were taken out (verse 2 then labelled at its earlier take at 1.00, unnamed)
  /// until such a take had to open or be read again after a pause between verses
  /// (`SpeechMap.repeatLongTakeSeconds`).
  @Test(arguments: [(UInt64(1), 4), (4, 1), (5, 2), (1, 1)])
  func retakeAmongVersesThatOpenAlike(seed: UInt64, verse: Int) throws {
    try Self.expectLaterTake(of: verse, in: Self.psalm150, seed: seed)
  }

  /// A verse read twice whole, the earlier take as a person rereads: 12 % slower and 8 % lower,
  /// the same spectral envelope (`SyntheticReading.Options.retakePitch`), in Psalm 150 (every
  /// verse "Praise him…"), letters sounding by pairs. The takes pass a long take's bounds only
  /// (`SpeechMap.repeatLongWholeShare`), and the text, its words told apart, fits better
  /// without the earlier take. Of 84 such readings (Psalm 150 and Psalms 23 + 121, seeds 1–4,
  /// verses 2, 4, 6 and 8, three pace and pitch pairs), 68 were all right with the bounds set
  /// on takes by the same voice at the same pace, 72 now, none broken; 7 had a wrong start at
  /// 0.9 or more, 3 now. With words of one tone each (`wordTimbres`, letters that cannot be told
  /// apart) such a take is not taken out.
  @Test(arguments: [UInt64(1), 2, 3, 4])
  func retakeReadAtAnotherPaceAndPitch(seed: UInt64) throws {
    var options = SyntheticReading.Options()
    options.seed = seed
    options.letterTimbres = true
    options.pairTimbres = true
    options.retaken = [3]
    options.retakeTempo = 1.12
    options.retakePitch = 0.92
    try Self.expectEveryVerseRight(SyntheticReading(Self.psalm150, options), Self.psalm150, named: 3)
  }

  /// No heading, every verse in its own pause, verse `named` (0-based) named as read twice.
  static func expectEveryVerseRight(_ reading: SyntheticReading, _ verses: [String], named verse: Int) throws {
    let result = try Self.align(reading, verses)
    #expect(result.segments.count == verses.count, "no heading")
    for v in result.segments.indices {
      #expect(reading.isInOwnGap(result.segments[v].start, verse: v, slackFrames: 0), "verse \(v + 1)")
    }
    #expect(Self.readTwiceWarnings(result).contains { $0.contains("verse \(verse + 1) ") }, "\(result.warnings)")
  }

  /// Of two repeats that overlap the closer is kept (`SpeechMap.kept`), unless its earlier
  /// reading runs into the other's later reading and it is hardly closer: the same repeat
  /// shifted by a word (a `retake_human` Luke 2, seed 228: 0.359, shifted 0.355).
  @Test func aRepeatIsKeptOverItselfShifted() {
    typealias R = SpeechMap.Repeat
    let take = R(islands: 10..<20, share: 0.359)
    #expect(SpeechMap.kept([take, R(islands: 11..<21, share: 0.355)]) == [take])
    // Shifted and much closer: the shifted one.
    let shifted = R(islands: 11..<21, share: 0.3)
    #expect(SpeechMap.kept([take, shifted]) == [shifted])
    // A phrase before the take matching its second phrase (seed 16's Matthew 5): the take.
    let takes = R(islands: 12..<20, share: 0.25)
    #expect(SpeechMap.kept([R(islands: 8..<14, share: 0.448), takes]) == [takes])
    // Apart: both, in time order.
    let later = R(islands: 30..<35, share: 0.2)
    #expect(SpeechMap.kept([later, take]) == [take, later])
  }

  /// The Beatitudes (Matthew 5:3–10, every verse "Blessed are…: for…"), a verse read twice
  /// whole, phrases up to 10 % off their pace, letters sounding by pairs: phrases of other
  /// verses match the takes' phrases too. Where such a match overlapped the takes' own, the
  /// earlier was kept (`SpeechMap.repeats`) and the verse labelled at its earlier take at 1.00,
  /// unnamed, in 11 of 32 readings (verses 3–6, seeds 1–8); keeping the closer, in none (two
  /// readings still have the verse at its earlier take at 0.20, as before).
  @Test(arguments: [(UInt64(1), 4), (2, 4), (5, 4), (3, 5), (1, 2)])
  func retakeAmongVersesThatShareTheirPhrases(seed: UInt64, verse: Int) throws {
    var options = SyntheticReading.Options()
    options.seed = seed
    options.letterTimbres = true
    options.pairTimbres = true
    options.phraseTempoSpread = 0.1
    options.retaken = [verse]
    let verses = SkipPlacerTests.beatitudes
    try Self.expectEveryVerseRight(SyntheticReading(verses, options), verses, named: verse)
  }

  /// Ecclesiastes 3 with verse 2 read twice whole and no title read (held-back seed 86): the
  /// pauses may take verse 1 for a spoken heading and give verse 1's label to verse 2's first
  /// take, while no repeat is heard ("A time to…" everywhere). The letters read that speech as
  /// verse 2's text (`SpokenTitle.firstReadsAsSecond`), and without it the text fits better
  /// (`ReadTwice.firstTakeOfSecond`): every verse right, verse 2 named as read twice and under
  /// 0.9. Of 16 such readings with letter timbres (seeds 1–8, phrase tempo spread 0 and 0.1),
  /// seeds 2 and 5 (spread 0) took a heading, verse 1 wrong and no warning, before this rule.
  /// (With word timbres all 16 take one, but those letters are too alike to read, contrast under
  /// `RunOnPlacer.minimumContrast`: verse 1 wrong, no warning, still open.)
  @Test(arguments: [UInt64(2), 5])
  func retakeOfTheSecondVerseTakenForAHeading(seed: UInt64) throws {
    let result = try Self.expectRetakeOfEcclesiastes3(verse: 1, seed: seed)
    #expect(result.segments.count == NotReadTests.ecclesiastes3.count, "no heading")
  }

  /// Ecclesiastes 3 with a whole verse read twice, the first take left inside the verse before
  /// (held-back seeds 41 and 54: labels right, no warning): the letters read that verse's
  /// speech as its own text then the next verse's (`ReadTwice.takesLeftInTheVerseBefore`), so
  /// the verse is named as read twice, labelled at its later take, under 0.9. Of 112 such
  /// readings (letter timbres, seeds 1–8, verses 2–8, phrase tempo spread 0 and 0.1), 20 more
  /// are named so (before, a verse length warning named them at best); no label moved.
  @Test(arguments: [(UInt64(1), 5), (4, 3), (8, 7)])
  func retakeLeftInTheVerseBefore(seed: UInt64, verse: Int) throws {
    try Self.expectRetakeOfEcclesiastes3(verse: verse, seed: seed)
  }

  /// Ecclesiastes 3 with verse 5 read twice whole, phrases up to 10 % off their letters' pace:
  /// the first alignment gave verse 5's label to its later take and verse 6's to verse 6's
  /// first phrases, both at 0.9 or more, and named nothing. The letters read the speech labelled
  /// verse 6 as verse 5's text then verse 6's (`ReadTwice.takesLeftInTheVerseBefore`), as
  /// held-back seed 124's Ecclesiastes 3 (verse 3 read twice, slt). Of 96 such readings (seeds
  /// 1–16, verses 2–7) this one changed, every verse now right.
  @Test func retakeOfTheVerseBeforeLeftInThisOne() throws {
    try Self.expectRetakeOfEcclesiastes3(verse: 4, seed: 9, tempoSpread: 0.1)
  }

  /// Ecclesiastes 3 read with letter timbres and verse `verse` (0-based) taken twice whole:
  /// every verse in its own pause, the verse named as read twice and under 0.9.
  @discardableResult
  static func expectRetakeOfEcclesiastes3(verse: Int, seed: UInt64, tempoSpread: Double = 0) throws -> AlignmentResult {
    var options = SyntheticReading.Options()
    options.seed = seed
    options.letterTimbres = true
    options.phraseTempoSpread = tempoSpread
    options.retaken = [verse]
    let verses = NotReadTests.ecclesiastes3
    let reading = SyntheticReading(verses, options)
    let result = try Self.align(reading, verses)
    for v in result.segments.indices {
      #expect(reading.isInOwnGap(result.segments[v].start, verse: v, slackFrames: 0), "verse \(v + 1)")
    }
    #expect(readTwiceWarnings(result).contains { $0.contains("verse \(verse + 1) ") }, "\(result.warnings)")
    #expect(result.segments[verse].confidence < 0.9)
    return result
  }

  static let psalm150 = [
    "Praise ye the LORD. Praise God in his sanctuary: praise him in the firmament of his power.",
    "Praise him for his mighty acts: praise him according to his excellent greatness.",
    "Praise him with the sound of the trumpet: praise him with the psaltery and harp.",
    "Praise him with the timbrel and dance: praise him with stringed instruments and organs.",
    "Praise him upon the loud cymbals: praise him upon the high sounding cymbals.",
    "Let every thing that hath breath praise the LORD. Praise ye the LORD.",
  ]

  /// Words the text itself repeats ("Holy, holy, holy") sound alike too; they are the text,
  /// not a retake: nothing is named and every verse stays right.
  @Test(arguments: [UInt64(1), 2, 3])
  func aTextThatRepeatsItselfIsReadAsWritten(seed: UInt64) throws {
    let verses = [
      "Holy, holy, holy, is the Lord of hosts.",
      "The whole earth is full of his glory.",
      "Praise him, praise him, all his angels; praise him, all his hosts.",
      "Let them praise the name of the Lord, for he commanded, and they were created.",
      "Woe is me, for I am undone; I am a man of unclean lips.",
    ]
    var options = SyntheticReading.Options()
    options.seed = seed
    options.wordTimbres = true
    let reading = SyntheticReading(verses, options)
    let result = try Self.align(reading, verses)
    #expect(Self.readTwiceWarnings(result).isEmpty, "\(result.warnings)")
    for v in result.segments.indices {
      #expect(reading.isInOwnGap(result.segments[v].start, verse: v, slackFrames: 0), "verse \(v + 1)")
    }
  }
}

/// `OpeningCheck`: verses the text opens alike must sound alike where they were placed.
@Suite struct OpeningCheckTests {
  static let alike = [
    "Praise the Lord from the heavens; praise him in the heights.",
    "The sun and the moon shine over the waters.",
    "Praise the Lord from the earth, you sea monsters and all deeps.",
    "Fire and hail, snow and vapour, stormy wind fulfilling his word.",
    "Praise the Lord all you kings of the earth and all peoples.",
    "Young men and maidens together, old men and children.",
  ]

  static func share(audioText: [String], labelText: [String], seed: UInt64) throws -> Double? {
    var options = SyntheticReading.Options()
    options.seed = seed
    options.wordTimbres = true
    let reading = SyntheticReading(audioText, options)
    let features = SpeechFeatures(of: reading.audio)
    let segments = SampleText.inputs(labelText)
    let result = try Aligner.align(features, segments: segments)
    let map = SpeechMap(features: features, minPauseMilliseconds: 90)
    return ShapeFrames(map).flatMap { OpeningCheck.evidence(result: result, segments: segments, frames: $0) }
  }

  /// Read as written, the verses opening "Praise the Lord" sound alike: a share well under
  /// the mismatch level.
  @Test(arguments: [UInt64(1), 2])
  func openingsReadAlikeSoundAlike(seed: UInt64) throws {
    let share = try #require(try Self.share(audioText: Self.alike, labelText: Self.alike, seed: seed))
    #expect(share < 0.6, "\(share)")
  }

  /// A text whose verses open alike where the recording's do not (the same letter counts, so
  /// the alignment is as good): a share at the mismatch level or above.
  @Test(arguments: [UInt64(1), 2])
  func openingsTheRecordingDoesNotRepeat(seed: UInt64) throws {
    var unlike = Self.alike
    unlike[2] = "Shout to God from the earth, you sea monsters and all deeps."
    unlike[4] = "Sing to the King all you kings of the earth and all peoples."
    let share = try #require(try Self.share(audioText: unlike, labelText: Self.alike, seed: seed))
    #expect(share >= OpeningCheck.mismatchShare, "\(share)")
  }

  /// Ecclesiastes 3's verses open "A time to …" and their phrases "and a time to …": one word
  /// apart, so they sound alike although their first letters differ. They are not the unlike
  /// openings a pair is measured against (as they were, a real-room reading was refused):
  /// here every opening shares words with every other, so there is nothing to measure against.
  @Test(arguments: [UInt64(1), 2])
  func openingsAlikeOneWordApartAreNoReference(seed: UInt64) throws {
    #expect(OpeningCheck.shareAWord(ArraySlice("andatimetodie"), ArraySlice("atimetokill")))
    #expect(!OpeningCheck.shareAWord(ArraySlice("andgodsaidlet"), ArraySlice("blessedisthe")))
    let times = [
      "A time to be born, and a time to die; a time to plant, and a time to pluck up.",
      "A time to kill, and a time to heal; a time to break down, and a time to build up.",
      "A time to weep, and a time to laugh; a time to mourn, and a time to dance.",
      "A time to cast away stones, and a time to gather stones together.",
      "A time to get, and a time to lose; a time to keep, and a time to cast away.",
      "A time to rend, and a time to sew; a time to keep silence, and a time to speak.",
    ]
    #expect(try Self.share(audioText: times, labelText: times, seed: seed) == nil)
  }

  /// "A time to kill" and "a time of war" share no run of 6 letters, yet open with the same
  /// five letters: at 11 letters a second those fill a head (0.4 s), so the heads are the same
  /// words; at 15 letters a second they do not. "And God…" and "And the…" share three letters:
  /// unlike heads at either rate.
  @Test func openingsTheSameThroughAHeadAreNotUnlike() {
    let war = Array("atimeofwarand"), kill = Array("atimetokilland")
    #expect(!OpeningCheck.shareAWord(ArraySlice(war), ArraySlice(kill)))
    let letters = { (perSecond: Double) in OpeningCheck.headLetters(lettersPerSecond: perSecond) }
    #expect(OpeningCheck.openSameThroughHead(war, kill, headLetters: letters(11)))
    #expect(!OpeningCheck.openSameThroughHead(war, kill, headLetters: letters(15)))
    let god = Array("andgodsaid"), the = Array("andtheevening")
    #expect(!OpeningCheck.openSameThroughHead(god, the, headLetters: letters(11)))
    #expect(!OpeningCheck.openSameThroughHead(god, the, headLetters: letters(8)))
  }

  /// Psalm 150 read (every phrase but two opens "Praise…"), against its own text and against
  /// one whose phrases open with other words (held-back seed 74's Psalm 150 against Psalm 1's
  /// text: accepted with boundaries at 0.986 and no warning). The recording's openings sound
  /// alike where the other text's differ: far under `unlikeRefuseShare`, and refused; its own
  /// text's unlike openings ("Let every thing…") sound different.
  @Test(arguments: [UInt64(1), 2])
  func openingsAlikeTheTextDoesNotRepeat(seed: UInt64) throws {
    var options = SyntheticReading.Options()
    options.seed = seed
    options.wordTimbres = true
    let reading = SyntheticReading(ReadTwiceTests.psalm150, options)
    let features = SpeechFeatures(of: reading.audio)
    let map = SpeechMap(features: features, minPauseMilliseconds: 90)
    let unlike = { (text: [String]) throws -> Double? in
      let segments = SampleText.inputs(text)
      let result = try Aligner.align(features, segments: segments, options: AlignmentOptions(rejectMismatch: false))
      return ShapeFrames(map).flatMap { OpeningCheck.unlikeEvidence(result: result, segments: segments, frames: $0) }
    }
    let own = try #require(try unlike(ReadTwiceTests.psalm150))
    let other = try #require(try unlike(Self.otherOpenings))
    #expect(own > 2 * OpeningCheck.unlikeRefuseShare && other < OpeningCheck.unlikeRefuseShare, "\(own), \(other)")
    do {
      _ = try Aligner.align(features, segments: SampleText.inputs(Self.otherOpenings))
      Issue.record("accepted")
    } catch {
      #expect(error.description.contains("different words sound alike"), "\(error)")
    }
  }

  static let otherOpenings = [
    "Sing ye to the LORD. Shout aloud in his sanctuary: honour him in the firmament of his power.",
    "Thank him for his mighty acts: worship him according to his excellent greatness.",
    "Honour him with the sound of the trumpet: exalt him with the psaltery and harp.",
    "Bless ye him with the timbrel and dance: glorify him with stringed instruments and organs.",
    "Magnify him upon the loud cymbals: extol him upon the high sounding cymbals.",
    "Let every thing that hath breath praise the LORD. Praise ye the LORD.",
  ]

  /// No two verses open alike: no evidence either way.
  @Test func noLookAlikeOpenings() throws {
    #expect(try Self.share(audioText: SampleText.psalm23, labelText: SampleText.psalm23, seed: 1) == nil)
  }
}

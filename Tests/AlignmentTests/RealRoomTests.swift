import DSP
import TestSupport
import Testing

@testable import Alignment

/// What real rooms and real readers do to a chapter: pauses that are not silent, breaths that
/// run into the verse, verses read straight on, a verse skipped. Every label is still written.
@Suite struct RealRoomTests {
  static let chapter = SampleText.psalm23 + SampleText.psalm121

  /// Room tone at −45 dBFS in every pause, 25 dB under the speech level (the quietest
  /// moments at −60 dBFS), and a breath 60 ms before every verse: every start in its own
  /// pause, every onset after the breath (within 30 ms). (Room tone 18 dB under the speech is not yet
  /// handled on this synthetic voice: the onsets come out up to 0.4 s early.)
  @Test(arguments: [UInt64(1), 2])
  func filledPausesAndCloseBreaths(seed: UInt64) throws {
    var options = Self.roomTone(-45, seed: seed)
    options.closeBreaths = true
    try Self.expectStartsAndOnsets(SyntheticReading(Self.chapter, options), Self.chapter)
  }

  /// Room tone at −42 dBFS in every pause while the lead-in and tail sit at −75 dBFS (a phone's
  /// gate, a cut), breaths in the longer verse pauses, uneven pauses (commas up to 0.7 s,
  /// verse pauses from 0.6 s): the floor is the pauses', not the lead-in's, so every start is in
  /// its own pause. (With the floor read off the lead-in every pause was sound: 1 of 8 right.)
  @Test(arguments: [UInt64(1), 2, 3])
  func roomToneAboveTheLeadIn(seed: UInt64) throws {
    var options = SyntheticReading.Options()
    options.seed = seed
    options.versePause = 0.6...1.8
    options.sentencePause = 0.3...1.0
    options.commaPause = 0.1...0.7
    options.breaths = true
    options.pauseFillDBFS = -42
    try Self.expectStartsAndOnsets(SyntheticReading(SampleText.psalm121, options), SampleText.psalm121)
  }

  /// Verses opening with "He" begin with a weak fricative under room tone about 22 dB below
  /// the words (`ResultBuilder.hidesOpening`): no sound shows it, yet each jump point lies
  /// before it, so a player never cuts the verse's first sound. (With the lead for voiced
  /// stops only, every jump point fell inside the fricative.)
  @Test(arguments: [UInt64(1), 2])
  func hiddenFricativeOpenings(seed: UInt64) throws {
    var options = Self.roomTone(-42, seed: seed)
    options.hiddenOpenings = Set(Self.chapter.indices.filter { Self.chapter[$0].hasPrefix("He ") })
    let reading = SyntheticReading(Self.chapter, options)
    let result = try AlignerTests.align(reading, Self.chapter)
    #expect(result.segments.count == Self.chapter.count)
    for v in options.hiddenOpenings.sorted() {
      #expect(result.segments[v].start <= reading.onsets[v], "verse \(v + 1)")
      #expect(reading.isInOwnGap(result.segments[v].start, verse: v, slackFrames: 0), "verse \(v + 1)")
    }
  }

  /// A breath into the microphone in every verse pause, standing alone (it ends 250 ms before
  /// the verse) and about 9 dB over the speech level: a noise-like sound lasting a breath is
  /// not speech at any level (`SpeechMap.isVoiceless`), so every onset is the verse's first
  /// word. (With the level bound alone, seed 1 had 11 of 14 onsets on the breath, 585 ms early.)
  @Test(arguments: [UInt64(1), 2])
  func loudBreathsStandingAlone(seed: UInt64) throws {
    var options = Self.roomTone(-45, seed: seed)
    options.closeBreaths = true
    options.closeBreathGap = 0.25
    options.closeBreathGain = 1
    try Self.expectStartsAndOnsets(SyntheticReading(Self.chapter, options), Self.chapter)
  }

  /// A knock about 10 dB over the words in the middle of each verse but the last (300 ms of
  /// noise): a noise-like peak in an island with voiced hops, so the island is
  /// words and stays (`SpeechMap.isVoiceless`); every start and onset is still right. (Taking
  /// every noise-like island that lasts a breath for one, voiced hops or not, refused the
  /// chapter, as it did the French reading of bench/align/human.)
  @Test func loudNoiseInsideTheWords() throws {
    var options = Self.roomTone(-45, seed: 1)
    options.closeBreaths = true
    let reading = SyntheticReading(SampleText.psalm121, options)
    var samples = reading.audio.samples
    var rng = SplitMix64(seed: 9)
    let rate = reading.audio.sampleRate
    for (v, onset) in reading.onsets.enumerated().dropLast() {
      let from = (onset + reading.gaps[v + 1].start) / 2
      let knock = SyntheticReading.onePole(
        (0..<(rate * 3 / 10)).map { _ in rng.nextSignedUnit() }, hz: 900, high: true, times: 2, rate: Double(rate))
      for (i, x) in knock.enumerated() where from + i < samples.count { samples[from + i] += 1.5 * x }
    }
    let audio = AudioBuffer(samples: samples, channelCount: 1, sampleRate: rate)
    let result = try Aligner.align(SpeechFeatures(of: audio), segments: SampleText.inputs(SampleText.psalm121))
    Self.expectStartsAndOnsets(result, reading, count: SampleText.psalm121.count)
  }

  /// Room tone at `dBFS` in every pause, the quietest moments (lead-in, tail) at −60 dBFS.
  static func roomTone(_ dBFS: Double, seed: UInt64) -> SyntheticReading.Options {
    var options = SyntheticReading.Options()
    options.seed = seed
    options.noiseDBFS = -60
    options.pauseFillDBFS = dBFS
    return options
  }

  /// Every verse found, every start in its own pause and every onset within 30 ms.
  static func expectStartsAndOnsets(_ reading: SyntheticReading, _ verses: [String]) throws {
    expectStartsAndOnsets(try AlignerTests.align(reading, verses), reading, count: verses.count)
  }

  /// `result` (of `reading`'s audio, or of it with sounds added) has `count` segments, each
  /// starting in its own pause, its onset within 30 ms.
  static func expectStartsAndOnsets(_ result: AlignmentResult, _ reading: SyntheticReading, count: Int) {
    #expect(result.segments.count == count)
    for (v, segment) in result.segments.enumerated() {
      #expect(reading.isInOwnGap(segment.start, verse: v, slackFrames: 0), "verse \(v + 1)")
      #expect(abs(segment.onset - reading.onsets[v]) <= reading.audio.sampleRate * 3 / 100, "verse \(v + 1) onset")
    }
  }

  /// A bell-like note (523 Hz, as loud as the quieter words, decaying 15 dB/s) struck as each
  /// verse ends, ringing through the short verse pause (0.45–0.6 s) into the next verse: every
  /// start still in its own pause (`SpeechMap+Decays`; without it some verses took the wrong one).
  @Test func notesStruckInTheVersePauses() throws {
    var options = SyntheticReading.Options()
    options.versePause = 0.45...0.6
    let reading = SyntheticReading(SampleText.psalm121, options)
    var samples = reading.audio.samples
    let rate = Double(reading.audio.sampleRate)
    for gap in reading.gaps.dropFirst() {
      for n in gap.start..<min(samples.count, gap.start + Int(1.5 * rate)) {
        let t = Double(n - gap.start) / rate
        let amplitude = 0.2 * Double.exp10(-15 * t / 20)
        samples[n] += Float(amplitude * Double.sin(2 * Double.pi * 523 * t))
      }
    }
    let audio = AudioBuffer(samples: samples, channelCount: 1, sampleRate: reading.audio.sampleRate)
    let result = try Aligner.align(SpeechFeatures(of: audio), segments: SampleText.inputs(SampleText.psalm121))
    for (v, segment) in result.segments.enumerated() {
      #expect(reading.isInOwnGap(segment.start, verse: v, slackFrames: 0), "verse \(v + 1)")
    }
  }

  /// A false start: the first 0.6 s of verse 8 ("Yahweh will…"), 0.4 s of silence, then verse 8
  /// read whole. The letters hear the first words twice (`FalseStarts.heard`): verse 8 is
  /// labelled at the whole reading, within 10 ms of its first sound, the warning names it as a
  /// false start, and its confidence stays under 0.9. (Before, the label stayed at the false
  /// start, flagged by `FalseStarts.find`.)
  @Test func falseStartIsNamed() throws {
    let reading = SyntheticReading(SampleText.psalm121)
    let onset = reading.onsets[7]
    let rate = reading.audio.sampleRate
    let source = reading.audio.samples
    let samples =
      Array(source[..<onset]) + Array(source[onset..<(onset + rate * 6 / 10)])
      + Array(repeating: Float(0), count: rate * 4 / 10) + Array(source[onset...])
    let audio = AudioBuffer(samples: samples, channelCount: 1, sampleRate: rate)
    let result = try Aligner.align(SpeechFeatures(of: audio), segments: SampleText.inputs(SampleText.psalm121))
    let named = result.warnings.filter { $0.contains("false start") }
    #expect(named.count == 1 && named[0].contains("verse 8 "), "\(result.warnings)")
    #expect(abs(result.segments[7].onset - (onset + rate)) <= rate / 100, "verse 8 at the whole reading")
    #expect(result.segments[7].confidence < 0.9)
  }

  /// Verse 4's whole first phrase ("Behold,") read, 0.45 s of silence, then verse 4 read
  /// whole: the label goes to the second reading (the last complete take), and the warning
  /// names verse 4 as read twice (`FalseStarts.relabelRepeatedOpenings`).
  @Test func firstPhraseReadTwice() throws {
    var options = SyntheticReading.Options()
    options.commaPause = 0.3...0.35
    let reading = SyntheticReading(SampleText.psalm121, options)
    let v = 3
    let onset = reading.onsets[v]
    let rate = reading.audio.sampleRate
    let source = reading.audio.samples
    // The phrase ends where the first 100 ms of silence begins (words are 25 ms apart).
    var end = onset
    var quiet = 0
    while end < source.count && quiet < rate / 10 {
      quiet = abs(source[end]) < 0.002 ? quiet + 1 : 0
      end += 1
    }
    end -= quiet
    let silence = Array(repeating: Float(0), count: rate * 45 / 100)
    let samples = Array(source[..<onset]) + Array(source[onset..<end]) + silence + Array(source[onset...])
    let audio = AudioBuffer(samples: samples, channelCount: 1, sampleRate: rate)
    let result = try Aligner.align(SpeechFeatures(of: audio), segments: SampleText.inputs(SampleText.psalm121))
    let shift = end - onset + silence.count
    #expect(abs(result.segments[v].onset - (onset + shift)) <= rate / 100)
    #expect(result.warnings.contains { $0.contains("second reading of verse 4 ") }, "\(result.warnings)")
    for other in reading.onsets.indices where other != v {
      let truth = reading.onsets[other] + (other > v ? shift : 0)
      #expect(abs(result.segments[other].onset - truth) <= rate / 100, "verse \(other + 1)")
    }
  }

  /// Verse 4 follows verse 3 with no pause: its start lies within 150 ms of the true
  /// boundary, it is low-confidence and named in a warning, and the others stay right.
  @Test func verseReadStraightOn() throws {
    var options = SyntheticReading.Options()
    options.runOn = [3]
    let reading = SyntheticReading(Self.chapter, options)
    let result = try AlignerTests.align(reading, Self.chapter)
    #expect(result.segments.count == Self.chapter.count)
    let runOn = result.segments[3]
    #expect(abs(runOn.start - reading.onsets[3]) <= 22_050 * 15 / 100)
    #expect(runOn.confidence < 0.5)
    #expect(result.warnings.contains { $0.contains("verse 4 ") }, "\(result.warnings)")
    for v in result.segments.indices where v != 3 {
      #expect(reading.isInOwnGap(result.segments[v].start, verse: v, slackFrames: 0), "verse \(v + 1)")
    }
  }

  /// Verse 5 is not read: it is labelled at verse 6's start, low-confidence and named; the
  /// chapter is not refused and every other verse stays right.
  @Test func skippedVerse() throws {
    var options = SyntheticReading.Options()
    options.skipped = [4]
    let reading = SyntheticReading(Self.chapter, options)
    let result = try AlignerTests.align(reading, Self.chapter)
    #expect(result.segments.count == Self.chapter.count)
    #expect(result.segments[4].confidence < 0.5)
    #expect(result.warnings.contains { $0.contains("verse 5 ") }, "\(result.warnings)")
    for v in result.segments.indices where v != 4 {
      #expect(reading.isInOwnGap(result.segments[v].start, verse: v, slackFrames: 0), "verse \(v + 1)")
    }
  }

  /// The same under a held tone (a bed in every pause), where the verse after the skipped one
  /// opens with a voiced stop ("But"): its jump point leads by a closure the bed may hide
  /// (`ResultBuilder.hidesOpening`), the skipped verse's would not; both share the
  /// pause, so the skipped verse takes the earlier one (a start after its end crashed the
  /// label writer).
  @Test func skippedVerseBeforeAVoicedStopUnderABed() throws {
    var chapter = Self.chapter
    chapter[5] = chapter[5].replacingOccurrences(of: "Surely", with: "But")
    var options = SyntheticReading.Options()
    options.skipped = [4]
    let reading = SyntheticReading(chapter, options)
    let audio = MusicBedAlignmentTests.adding(reading, at: [0], span: reading.audio.frameCount) { t in
      0.02 * Double.sin(2 * Double.pi * 440 * t)
    }
    let result = try Aligner.align(SpeechFeatures(of: audio), segments: SampleText.inputs(chapter))
    let closure = ResultBuilder.openingLeadMilliseconds * audio.sampleRate / 1000
    #expect(result.segments[5].onset - result.segments[5].start >= closure)
    #expect(result.segments[4].start == result.segments[5].start)
    #expect(result.segments.allSatisfy { $0.start <= $0.end })
    #expect(reading.isInOwnGap(result.segments[5].start, verse: 5, slackFrames: 0))
  }

  /// A verse read twice: its start is the second reading (the one a reader keeps), it is
  /// low-confidence and named in a warning, and every other verse stays right. The cases are
  /// ones where the search alone labelled the first reading (seed, 0-based verse).
  @Test(arguments: [(UInt64(1), 8), (2, 2), (3, 6), (5, 2), (6, 8), (1, 4)])
  func verseReadTwice(seed: UInt64, verse: Int) throws {
    var options = SyntheticReading.Options()
    options.seed = seed
    options.retaken = [verse]
    let reading = SyntheticReading(Self.chapter, options)
    let result = try AlignerTests.align(reading, Self.chapter)
    #expect(result.segments.count == Self.chapter.count)
    #expect(reading.isInOwnGap(result.segments[verse].start, verse: verse, slackFrames: 0), "the second reading")
    #expect(result.segments[verse].confidence < 0.5)
    #expect(result.warnings.contains { $0.contains("verse \(verse + 1) ") }, "\(result.warnings)")
    for v in result.segments.indices where v != verse {
      #expect(reading.isInOwnGap(result.segments[v].start, verse: v, slackFrames: 0), "verse \(v + 1)")
    }
  }
}

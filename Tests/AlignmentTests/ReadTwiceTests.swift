import Alignment
import DSP
import Testing

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

  /// A whole verse read twice: the later take is the verse, named in a warning.
  @Test(arguments: [(UInt64(1), 4), (2, 6)])
  func retakeIsLabelledAtTheLaterTake(seed: UInt64, verse: Int) throws {
    var options = SyntheticReading.Options()
    options.seed = seed
    options.wordTimbres = true
    options.retaken = [verse]
    let reading = SyntheticReading(SampleText.psalm23 + SampleText.psalm121, options)
    let result = try Self.align(reading, SampleText.psalm23 + SampleText.psalm121)
    #expect(reading.isInOwnGap(result.segments[verse].start, verse: verse, slackFrames: 0), "the later take")
    #expect(result.warnings.contains { $0.contains("verse \(verse + 1) ") }, "\(result.warnings)")
    for v in result.segments.indices where v != verse {
      #expect(reading.isInOwnGap(result.segments[v].start, verse: v, slackFrames: 0), "verse \(v + 1)")
    }
  }

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

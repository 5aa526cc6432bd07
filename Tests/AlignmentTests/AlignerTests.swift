import Alignment
import DSP
import Testing

/// Known-answer chapters: every verse start must land in its own pause, near the onset.
@Suite struct AlignerTests {
  static func align(
    _ reading: SyntheticReading, _ verses: [String], _ options: AlignmentOptions = AlignmentOptions()
  ) throws -> AlignmentResult {
    try Aligner.align(SpeechFeatures(of: reading.audio), segments: SampleText.inputs(verses), options: options)
  }

  /// Clean reading: each onset is found within one analysis hop (10 ms, the envelope's) of
  /// the truth, half of them within 5 ms, and the jump point sits in the pause just before
  /// it, at every rate and channel count. (The 250 Hz high-pass delays a slow attack a little.)
  @Test(arguments: [22_050, 44_100, 48_000], [1, 2])
  func cleanChapterExactWithinOneHop(sampleRate: Int, channels: Int) throws {
    var options = SyntheticReading.Options()
    options.sampleRate = sampleRate
    options.channelCount = channels
    let reading = SyntheticReading(SampleText.psalm23, options)
    let result = try Self.align(reading, SampleText.psalm23)
    let hop = sampleRate / 100
    #expect(result.segments.map(\.label) == ["1", "2", "3", "4", "5", "6"])
    let errors = zip(result.segments, reading.onsets).map { abs($0.onset - $1) }.sorted()
    #expect(errors[errors.count / 2] <= sampleRate / 200)
    for (v, segment) in result.segments.enumerated() {
      #expect(abs(segment.onset - reading.onsets[v]) <= hop, "verse \(v + 1)")
      #expect(segment.start <= segment.onset && segment.start >= reading.gaps[v].start)
      #expect(segment.onset - segment.start <= sampleRate / 40)  // the 25 ms lead, or less
      #expect(segment.confidence > 0.9)
    }
    #expect(result.lowConfidence.isEmpty)
    #expect(result.fit > 0.5)
  }

  /// Noise at −45 dBFS, 60 Hz hum, breaths in verse pauses, sentence pauses as long as verse
  /// pauses, 20 dB down: still every start in its own pause.
  @Test(arguments: [UInt64(1), 2, 3])
  func hardReading(seed: UInt64) throws {
    var options = SyntheticReading.Options()
    options.noiseDBFS = -45
    options.hum = (60, -50)
    options.breaths = true
    options.sentencePause = 0.55...1.0
    options.versePause = 0.6...1.0
    options.gainDB = -12
    options.seed = seed
    let reading = SyntheticReading(SampleText.psalm121, options)
    let result = try Self.align(reading, SampleText.psalm121)
    let slack = options.sampleRate / 10
    #expect(result.segments.count == 8)
    for (v, segment) in result.segments.enumerated() {
      #expect(reading.isInOwnGap(segment.start, verse: v, slackFrames: slack), "verse \(v + 1)")
      #expect(abs(segment.onset - reading.onsets[v]) <= options.sampleRate * 3 / 100, "verse \(v + 1)")
    }
  }

  /// The same reading 20 dB quieter gives the same boundaries.
  @Test func levelIndependent() throws {
    var options = SyntheticReading.Options()
    options.noiseDBFS = -55
    let loud = try Self.align(SyntheticReading(SampleText.psalm23, options), SampleText.psalm23)
    options.gainDB = -20
    options.noiseDBFS = -75
    let quiet = try Self.align(SyntheticReading(SampleText.psalm23, options), SampleText.psalm23)
    for (a, b) in zip(loud.segments, quiet.segments) { #expect(abs(a.onset - b.onset) <= 220) }
  }

  /// Phrases: verse 1 ("…shepherd; I shall…") is two phrases, 1a and 1b.
  @Test func phraseLabels() throws {
    let reading = SyntheticReading(SampleText.psalm23)
    let result = try Self.align(reading, SampleText.psalm23)
    #expect(result.segments[0].phrases.map(\.label) == ["1a", "1b"])
    #expect(result.segments[0].phrases[1].onset > result.segments[0].phrases[0].offset)
    #expect(result.segments[3].phrases.count >= 4)
  }

  /// One verse: one segment from the first sound to the end.
  @Test func oneVerseChapter() throws {
    let verse = [SampleText.psalm23[3]]
    let reading = SyntheticReading(verse)
    let result = try Self.align(reading, verse)
    #expect(result.segments.count == 1)
    #expect(abs(result.segments[0].onset - reading.onsets[0]) <= 220)
    #expect(result.segments[0].end == reading.audio.frameCount)
  }
}

import Alignment
import DSP
import Testing

/// A heading ("Psalm 23") read before verse 1: found without being told, or as told.
@Suite struct HeadingTests {
  func reading(heading: Bool) -> SyntheticReading {
    var options = SyntheticReading.Options()
    options.heading = heading
    options.noiseDBFS = -60
    return SyntheticReading(SampleText.psalm121, options)
  }

  @Test func detectedWhenPresent() throws {
    let reading = reading(heading: true)
    let result = try AlignerTests.align(reading, SampleText.psalm121)
    #expect(result.segments.map(\.label) == ["h"] + (1...8).map(String.init))
    #expect(result.segments[0].kind == .detectedHeading)
    #expect(abs(result.segments[0].onset - reading.headingOnset!) <= 220)
    #expect(abs(result.segments[1].onset - reading.onsets[0]) <= 220)
    #expect(result.segments[0].end == result.segments[1].start)
  }

  /// A one-word title of 0.35 s ("Three") and a pause of 0.4 s: as short as a false start, too
  /// short for the pauses to call it a heading, and these letters too alike to tell
  /// (`SpokenTitle.place`). It is the heading, verse 1 is after it, and a warning names verse 1.
  /// (Without `SpokenTitle.burst` there, no heading: verse 1 was labelled at the title, 0.75 s
  /// early.)
  @Test(arguments: [UInt64(1), 2])
  func shortTitleBeforeAPause(seed: UInt64) throws {
    var options = SyntheticReading.Options()
    options.heading = true
    options.shortHeading = true
    options.headingPause = 0.4
    options.noiseDBFS = -60
    options.seed = seed
    let reading = SyntheticReading(SampleText.psalm121, options)
    let result = try AlignerTests.align(reading, SampleText.psalm121)
    #expect(result.segments.map(\.label) == ["h"] + (1...8).map(String.init))
    #expect(abs(result.segments[0].onset - reading.headingOnset!) <= 220)
    for v in 0..<8 { #expect(abs(result.segments[v + 1].onset - reading.onsets[v]) <= 220, "verse \(v + 1)") }
    #expect(result.segments[1].confidence <= 0.85)
    #expect(result.warnings.contains { $0.contains("verse 1 opens after") })
  }

  @Test func notInventedWhenAbsent() throws {
    let reading = reading(heading: false)
    let result = try AlignerTests.align(reading, SampleText.psalm121)
    #expect(result.segments.first?.label == "1")
    #expect(abs(result.segments[0].onset - reading.onsets[0]) <= 220)
  }

  /// `--no-heading` on a reading with one: verse 1 starts at the first sound (the heading
  /// is part of it) and no later boundary slides.
  @Test func absentWhenTold() throws {
    let reading = reading(heading: true)
    let result = try AlignerTests.align(reading, SampleText.psalm121, AlignmentOptions(heading: .absent))
    #expect(result.segments.map(\.label) == (1...8).map(String.init))
    #expect(abs(result.segments[0].onset - reading.headingOnset!) <= 220)
    for v in 1..<8 { #expect(abs(result.segments[v].onset - reading.onsets[v]) <= 220) }
  }

  /// A section heading read between verses 4 and 5, given as a segment (`--read-headings`).
  @Test func headingInsideTheChapter() throws {
    var options = SyntheticReading.Options()
    options.noiseDBFS = -60
    let verses = Array(SampleText.psalm121[0..<4]) + ["The keeper of Israel."] + Array(SampleText.psalm121[4...])
    let reading = SyntheticReading(verses, options)
    var segments = SampleText.inputs(SampleText.psalm121)
    segments.insert(VerseInput(label: "s1", text: "The keeper of Israel.", kind: .heading), at: 4)
    let result = try Aligner.align(SpeechFeatures(of: reading.audio), segments: segments)
    #expect(result.segments.map(\.label) == ["1", "2", "3", "4", "s1", "5", "6", "7", "8"])
    #expect(result.segments[4].kind == .heading)
    for (i, segment) in result.segments.enumerated() {
      #expect(abs(segment.onset - reading.onsets[i]) <= 220, "segment \(segment.label)")
    }
  }

  /// `--heading "Psalm 121"`: the heading is a segment with known text, labelled as given.
  @Test func givenText() throws {
    let reading = reading(heading: true)
    let segments =
      [VerseInput(label: "h", text: "Psalm 121", kind: .heading)] + SampleText.inputs(SampleText.psalm121)
    let result = try Aligner.align(
      SpeechFeatures(of: reading.audio), segments: segments, options: AlignmentOptions(heading: .absent))
    #expect(result.segments.map(\.label) == ["h"] + (1...8).map(String.init))
    #expect(result.segments[0].kind == .heading)
    for v in 0..<8 { #expect(abs(result.segments[v + 1].onset - reading.onsets[v]) <= 220) }
  }

  /// The same heading read, but not in the text: no boundary slides, and a warning names
  /// the place.
  @Test func unannouncedHeadingInsideTheChapter() throws {
    var options = SyntheticReading.Options()
    options.noiseDBFS = -60
    let verses = Array(SampleText.psalm121[0..<4]) + ["The keeper of Israel."] + Array(SampleText.psalm121[4...])
    let reading = SyntheticReading(verses, options)
    let result = try AlignerTests.align(reading, SampleText.psalm121)
    #expect(result.segments.map(\.label) == (1...8).map(String.init))
    for v in 0..<8 {
      let truth = reading.onsets[v < 4 ? v : v + 1]
      #expect(abs(result.segments[v].onset - truth) <= 220, "verse \(v + 1)")
    }
    #expect(
      result.warnings.contains { $0.contains("not in the text between verse 4 and verse 5") }, "\(result.warnings)")
  }
}

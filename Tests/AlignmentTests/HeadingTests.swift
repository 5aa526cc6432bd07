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

  @Test func notInventedWhenAbsent() throws {
    let reading = reading(heading: false)
    let result = try AlignerTests.align(reading, SampleText.psalm121)
    #expect(result.segments.first?.label == "1")
    #expect(abs(result.segments[0].onset - reading.onsets[0]) <= 220)
  }

  /// `--no-heading` on a reading with one: verse 1 is taken to start at the first sound.
  @Test func absentWhenTold() throws {
    let reading = reading(heading: true)
    let result = try AlignerTests.align(
      reading, SampleText.psalm121, AlignmentOptions(heading: .absent, rejectMismatch: false))
    #expect(result.segments.first?.label == "1")
    #expect(abs(result.segments[0].onset - reading.headingOnset!) <= 220)
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
}

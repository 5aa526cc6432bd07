import Alignment
import DSP
import Testing

/// A person's corrected starts are kept exactly; the rest are derived around them.
@Suite struct OverrideTests {
  @Test func fixedStartIsKeptOthersRederived() throws {
    let reading = SyntheticReading(SampleText.psalm121)
    // The person moved verse 4 to a frame inside its pause, 100 ms before the onset.
    let fixed = reading.onsets[3] - 2_205
    let result = try AlignerTests.align(
      reading, SampleText.psalm121, AlignmentOptions(fixedStarts: ["4": fixed]))
    #expect(result.segments[3].start == fixed)
    #expect(result.segments[3].isFixed)
    #expect(result.segments[3].confidence == 1)
    for v in [0, 1, 2, 4, 5, 6, 7] {
      #expect(abs(result.segments[v].onset - reading.onsets[v]) <= 220, "verse \(v + 1)")
    }
  }

  /// A start the person clicked 40 ms into the first word of verse 5: kept exactly (the
  /// island is split there), verse 4 ends there, the rest are re-derived.
  @Test func fixedStartInsideSpeech() throws {
    let reading = SyntheticReading(SampleText.psalm121)
    let fixed = reading.onsets[4] + 882
    let result = try AlignerTests.align(
      reading, SampleText.psalm121, AlignmentOptions(fixedStarts: ["5": fixed]))
    #expect(result.segments[4].start == fixed)
    #expect(result.segments[3].end == fixed)
    for v in [0, 1, 2, 3, 5, 6, 7] {
      #expect(abs(result.segments[v].onset - reading.onsets[v]) <= 220, "verse \(v + 1)")
    }
  }

  /// Every verse fixed: the output is the override.
  @Test func everyStartFixed() throws {
    let reading = SyntheticReading(SampleText.psalm121)
    var fixed: [String: Int] = [:]
    for v in 0..<8 { fixed[String(v + 1)] = reading.onsets[v] - 441 }
    let result = try AlignerTests.align(reading, SampleText.psalm121, AlignmentOptions(fixedStarts: fixed))
    let expected = (0..<8).map { reading.onsets[$0] - 441 }
    let starts = result.segments.map(\.start)
    let allFixed = result.segments.allSatisfy(\.isFixed)
    #expect(starts == expected)
    #expect(allFixed)
  }

  /// Verse 5 missing from the text (a long stretch the text does not explain); the person
  /// fixes verse 6 where it is heard. Verse 6 keeps that start; 7 and 8 follow it.
  @Test func fixedStartAfterMissingText() throws {
    let reading = SyntheticReading(SampleText.psalm121)
    var text = SampleText.inputs(SampleText.psalm121)
    text.remove(at: 4)
    let fixed = reading.onsets[5] - 441
    let result = try Aligner.align(
      SpeechFeatures(of: reading.audio), segments: text, options: AlignmentOptions(fixedStarts: ["6": fixed]))
    #expect(result.segments.map(\.label) == ["1", "2", "3", "4", "6", "7", "8"])
    #expect(result.segments[4].start == fixed)
    #expect(abs(result.segments[5].onset - reading.onsets[6]) <= 220)
    #expect(abs(result.segments[6].onset - reading.onsets[7]) <= 220)
  }

  @Test func unknownLabelIsAnError() {
    let reading = SyntheticReading(SampleText.psalm121)
    #expect(throws: AlignmentError.unknownOverrideLabel(file: "recording", label: "9")) {
      try AlignerTests.align(reading, SampleText.psalm121, AlignmentOptions(fixedStarts: ["9": 1_000]))
    }
  }
}

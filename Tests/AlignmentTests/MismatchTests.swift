import Alignment
import DSP
import Testing

/// The wrong text never gives plausible labels silently.
@Suite struct MismatchTests {
  /// A recording of Psalm 121 against the text of Psalm 23: an error naming the mismatch.
  @Test func wrongChapterIsRejected() throws {
    let reading = SyntheticReading(SampleText.psalm121)
    #expect {
      try AlignerTests.align(reading, SampleText.psalm23)
    } throws: { error in
      Self.isMismatch(error)
    }
  }

  /// Allowed through, every boundary is low-confidence.
  @Test func wrongChapterAllowedIsLowConfidence() throws {
    let reading = SyntheticReading(SampleText.psalm121)
    let result = try AlignerTests.align(
      reading, SampleText.psalm23, AlignmentOptions(rejectMismatch: false))
    #expect(result.fit < 0.5)
    #expect(result.lowConfidence.count == result.segments.count)
  }

  /// Verse 5 missing from the text: rejected, or reported on the verse that holds it.
  @Test func missingVerseIsReported() throws {
    let reading = SyntheticReading(SampleText.psalm121)
    var text = SampleText.inputs(SampleText.psalm121)
    text.remove(at: 4)
    let outcome = Result { try Aligner.align(SpeechFeatures(of: reading.audio), segments: text) }
    switch outcome {
    case .success(let result):
      #expect(
        result.warnings.contains {
          $0.contains("between 4 and 6") || $0.contains("verse 4 ") || $0.contains("verse 6 ")
        }, "\(result.warnings)")
      #expect(!result.lowConfidence.isEmpty)
    case .failure(let error):
      #expect(Self.isMismatch(error), "unexpected \(error)")
    }
  }

  static func isMismatch(_ error: any Error) -> Bool {
    if case .textMismatch? = error as? AlignmentError { return true }
    return false
  }

  @Test func silenceHasNoSpeech() {
    let silence = AudioBuffer(silenceFrames: 22_050 * 3, channelCount: 1, sampleRate: 22_050)
    #expect(throws: AlignmentError.noSpeech(file: "recording")) {
      try Aligner.align(SpeechFeatures(of: silence), segments: SampleText.inputs(["One verse."]))
    }
  }
}

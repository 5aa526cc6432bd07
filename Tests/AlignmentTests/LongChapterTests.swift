import Alignment
import DSP
import Testing
import Foundation

/// 150 verses (Psalm 119's length), ~15 minutes: every start in its own pause, quickly.
@Suite struct LongChapterTests {
  @Test func psalm119Length() throws {
    let pool = SampleText.psalm23 + SampleText.psalm121
    let verses = (0..<150).map { pool[$0 % pool.count] }
    var options = SyntheticReading.Options()
    options.noiseDBFS = -55
    options.breaths = true
    let reading = SyntheticReading(verses, options)
    let clock = ContinuousClock()
    var result: AlignmentResult?
    let elapsed = try clock.measure {
      result = try Aligner.align(SpeechFeatures(of: reading.audio), segments: SampleText.inputs(verses))
    }
    let segments = try #require(result).segments
    #expect(segments.count == 150)
    let misplaced = segments.indices.filter { !reading.isInOwnGap(segments[$0].start, verse: $0, slackFrames: 2_205) }
    #expect(misplaced.isEmpty, "verses \(misplaced.map { $0 + 1 })")
    let seconds = Double(reading.audio.frameCount) / 22_050
    // Features and both passes: far under a second for 15 minutes (≥ 1000× real time).
    #expect(elapsed < .seconds(seconds / 1_000), "\(elapsed) for \(Int(seconds)) s")
  }
}

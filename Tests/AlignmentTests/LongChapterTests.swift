import Alignment
import DSP
import Testing

/// 150 verses (Psalm 119's length), ~15 minutes: every start in its own pause. (Speed,
/// ≥ 1000× real time on one core, is checked by `bench/align/speed.sh` in `make bench`: a
/// wall-clock limit here fails whenever the machine is busy.)
@Suite struct LongChapterTests {
  @Test func psalm119Length() throws {
    let pool = SampleText.psalm23 + SampleText.psalm121
    let verses = (0..<150).map { pool[$0 % pool.count] }
    var options = SyntheticReading.Options()
    options.noiseDBFS = -55
    options.breaths = true
    let reading = SyntheticReading(verses, options)
    let result = try Aligner.align(SpeechFeatures(of: reading.audio), segments: SampleText.inputs(verses))
    let segments = result.segments
    #expect(segments.count == 150)
    let misplaced = segments.indices.filter { !reading.isInOwnGap(segments[$0].start, verse: $0, slackFrames: 2_205) }
    #expect(misplaced.isEmpty, "verses \(misplaced.map { $0 + 1 })")
  }
}

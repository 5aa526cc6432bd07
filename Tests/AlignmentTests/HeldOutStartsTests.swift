import DSP
import Testing

@testable import Alignment

/// Doubted verse starts weighed by letters learnt without them (`HeldOutStarts`).
struct HeldOutStartsTests {
  /// Ecclesiastes 3:1–8 read with letters that sound by their spelling, aligned right; then
  /// the path is spoilt as a pause search that guessed from lengths spoils it: verse `s` begun
  /// a phrase late, at its first comma's pause, with its doubt under 0.9. Letters learnt
  /// without verses s − 1 and s put its start back at its own pause; on the right path, every
  /// start doubted, they move none.
  @Test(arguments: [2, 4, 6]) func aStartAPhraseLateGoesBack(s: Int) throws {
    var options = SyntheticReading.Options()
    options.letterTimbres = true
    let chapter = RunOnReaderTests.chapter
    let reading = SyntheticReading(chapter, options)
    let map = SpeechMap(features: SpeechFeatures(of: reading.audio), minPauseMilliseconds: 90)
    let attempt = try Aligner.alignOnce(map, segments: SampleText.inputs(chapter), options: AlignmentOptions())
    let plan = attempt.letters.plan
    var path = attempt.letters.path
    let starts = plan.text.segmentStartBreak
    let rate = reading.audio.sampleRate
    for (v, j) in starts.enumerated() {
      let m = try #require(path.pauseOfBreak[j])
      #expect(reading.isInOwnGap(map.pauseFrames(m).end, verse: v, slackFrames: rate / 100), "verse \(v + 1)")
    }
    path.confidence = path.confidence.map { _ in 0.5 }
    var doubted = LetterOrderCheck.Source(path: path, plan: plan, letters: LetterReadings(plan: plan))
    #expect(HeldOutStarts.moves(&doubted).isEmpty)

    let j = starts[s]
    let own = try #require(path.pauseOfBreak[j])
    let comma = try #require(path.pauseOfBreak[j + 1])
    path.pauseOfBreak[j] = comma
    path.pauseOfBreak[j + 1] = nil
    var late = LetterOrderCheck.Source(path: path, plan: plan, letters: LetterReadings(plan: plan))
    #expect(HeldOutStarts.moves(&late) == [s: own])
  }
}

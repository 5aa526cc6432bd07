import DSP
import Testing

@testable import Alignment

/// `AlignmentResult.doubtSkip` and `Aligner.SkipsTried.rivals`: where the skip kept and another
/// that explains the recording as well differ.
@Suite struct RivalSkipTests {
  /// Six verses, verse 3 (index 2) skipped, every confidence 0.99 but the skipped verse's.
  static func result() -> AlignmentResult {
    var segments: [SegmentTiming] = []
    for i in 0..<6 {
      let base = i * 100
      let skipped = i == 2
      segments.append(
        SegmentTiming(
          label: String(i + 1), kind: .verse, pause: FrameRange(start: base, end: base + 10), onset: base + 10,
          offset: base + 90, start: base + 5, end: base + 100, confidence: skipped ? 0.1 : 0.99, isFixed: false,
          durationRatio: skipped ? 0 : 1, phrases: []))
    }
    return AlignmentResult(
      sampleRate: 1_000, frameCount: 600, segments: segments, lettersPerSecond: 14, noiseFloorDBFS: -60,
      speechLevelDBFS: -20, pauseCount: 5, lowConfidence: ["3"], fit: 1, fitDetails: [:], warnings: [])
  }

  /// Held-back seed 60: the reader skipped verse 5, the alignment kept skips verse 3. The
  /// verses from 3 to 5 are held under the low-confidence threshold and listed; 1, 2 and 6 keep
  /// theirs.
  @Test func versesBetweenTwoSkipsAreDoubted() {
    var result = Self.result()
    result.doubtSkip(against: [4], at: 0.45, threshold: 0.5)
    #expect(result.segments.map(\.confidence) == [0.99, 0.99, 0.1, 0.45, 0.45, 0.99])
    #expect(result.lowConfidence == ["3", "4", "5"])
  }

  /// The skips to doubt against: every other skip that scores better than the one kept or
  /// less than `Aligner.rivalSkipMargin` worse (seed 4's Psalm 150 without verse 5, re-made as
  /// joined takes: verse 3 skipped kept by 0.001 over verse 5; at ±8 dB verse 3 skipped kept,
  /// verses 4 and 5 skipped scoring 0.021 and 0.019 better). Tries that skip the same verses, or
  /// none, are not rivals.
  @Test func rivalsAreOtherSkipsScoringAboutAsWell() {
    let kept = [2]
    let score = -0.40
    let margin = Aligner.rivalSkipMargin
    var tried = Aligner.SkipsTried(skips: [
      (kept, score), ([], -0.9), ([4], score + 3 * margin), ([3], score + margin / 2),
    ])
    #expect(tried.rivals(of: kept, scoring: score) == [3])
    tried.skips[3].score = score + 2 * margin
    #expect(tried.rivals(of: kept, scoring: score).isEmpty)
    tried.skips.append(([5], score - margin))
    tried.skips.append(([3], score - margin / 2))
    #expect(tried.rivals(of: kept, scoring: score) == [5, 3])
    #expect(Aligner.SkipsTried(skips: [(kept, score - 1)]).rivals(of: kept, scoring: score).isEmpty)
  }

  /// Two rivals on either side of the skip kept: the verses from the first to the last are held.
  @Test func versesAcrossEveryRivalAreDoubted() {
    var result = Self.result()
    result.doubtSkip(against: [1, 4], at: 0.45, threshold: 0.5)
    #expect(result.segments.map(\.confidence) == [0.99, 0.45, 0.1, 0.45, 0.45, 0.99])
    #expect(result.lowConfidence == ["2", "3", "4", "5"])
  }

  /// The same skip, or a rival that skips nothing: nothing changes.
  @Test func sameSkipOrNoneChangesNothing() {
    for rival in [[2], []] {
      var result = Self.result()
      result.doubtSkip(against: rival, at: 0.45, threshold: 0.5)
      #expect(result.segments.map(\.confidence) == Self.result().segments.map(\.confidence))
      #expect(result.lowConfidence == ["3"])
    }
  }
}

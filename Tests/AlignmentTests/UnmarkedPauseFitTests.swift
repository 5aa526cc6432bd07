import Testing

@testable import Alignment

/// A reader whose recording has a short pause after nearly every word that the text does not
/// mark (room tone lets the gaps between and inside words through as pauses: held-back seed
/// 110's Psalm 23 had 52 such pauses for 16 phrases). Those pauses say more of the room than of
/// the text, so they weigh `FitCheck.unexplainedWeight` of an item in the fit. Psalm 121 with a
/// 0.08–0.16 s pause after every word: its own text fits (0.93–0.99; at full weight 0.002–0.012,
/// warned and every verse held at 0.85), and Psalm 23's text is still refused (fit < 0.0001).
@Suite struct UnmarkedPauseFitTests {
  @Test(arguments: [UInt64(1), 2, 3])
  func pausesAfterEveryWordDoNotSpoilTheFit(seed: UInt64) throws {
    var options = SyntheticReading.Options()
    options.seed = seed
    options.unmarkedPause = 0.08...0.16
    options.unmarkedEvery = 1
    let reading = SyntheticReading(SampleText.psalm121, options)
    let right = try AlignerTests.align(reading, SampleText.psalm121)
    #expect(right.fit >= FitCheck.lowFit)
    #expect(right.warnings.isEmpty, "\(right.warnings)")
    PausyReaderTests.expectEveryVerseRight(reading, right)
    let error = #expect(throws: (any Error).self) { try AlignerTests.align(reading, SampleText.psalm23) }
    #expect(error.map(MismatchTests.isMismatch) == true, "unexpected \(String(describing: error))")
  }
}

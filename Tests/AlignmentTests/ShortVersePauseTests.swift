import Alignment
import Testing

/// A reader who pauses 0.8–1.2 s at every verse break but only 0.12 s before three short
/// lines inside the closing sentence (the UDHR's "proclaims / THE GENERAL ASSEMBLY / this
/// Universal Declaration…"). The lengths learnt from the verse pauses made such a short pause
/// far dearer than a dip inside the words; it is priced no dearer than one
/// (`CostModel.midSentencePause`), so each line starts at its own pause.
@Suite struct ShortVersePauseTests {
  static let chapter = [
    "Whereas recognition of the inherent dignity and of the equal rights of all members of the human family is the foundation of freedom,",
    "Whereas disregard and contempt for human rights have resulted in barbarous acts which have outraged the conscience of mankind,",
    "Whereas it is essential to promote the development of friendly relations between nations,",
    "Whereas the peoples of the United Nations have in the Charter reaffirmed their faith in fundamental human rights,",
    "Whereas a common understanding of these rights and freedoms is of the greatest importance for the full realization of this pledge,",
    "proclaims",
    "THE GENERAL ASSEMBLY",
    "this Universal Declaration of Human Rights as a common standard of achievement for all peoples and all nations, to the end "
      + "that every individual and every organ of society shall strive by teaching and education to promote respect for these "
      + "rights and freedoms.",
  ]
  static let quick: Set<Int> = [5, 6, 7]

  @Test(arguments: [UInt64(1), 2, 3])
  func shortLinesAfterShortPauses(seed: UInt64) throws {
    var options = SyntheticReading.Options()
    options.seed = seed
    options.runOn = Self.quick
    options.runOnGap = 0.12
    let reading = SyntheticReading(Self.chapter, options)
    let result = try AlignerTests.align(reading, Self.chapter)
    #expect(result.segments.count == Self.chapter.count)
    for v in Self.chapter.indices {
      let inOwnGap = reading.isInOwnGap(result.segments[v].start, verse: v, slackFrames: 0)
      #expect(inOwnGap, "verse \(v + 1)")
    }
  }
}

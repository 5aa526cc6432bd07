import DSP
import Testing

@testable import Alignment

/// A short verse skipped by a reader whose pauses are all alike (`HeldOutSkips`).
struct HeldOutSkipsTests {
  /// John 1:1–9 (KJV): verse 2 holds 6 % of the letters.
  static let john1 = [
    "In the beginning was the Word, and the Word was with God, and the Word was God.",
    "The same was in the beginning with God.",
    "All things were made by him; and without him was not any thing made that was made.",
    "In him was life; and the life was the light of men.",
    "And the light shineth in darkness; and the darkness comprehended it not.",
    "There was a man sent from God, whose name was John.",
    "The same came for a witness, to bear witness of the Light, that all men through him might believe.",
    "He was not that Light, but was sent to bear witness of that Light.",
    "That was the true Light, which lighteth every man that cometh into the world.",
  ]

  /// John 1:1–9 read with letters that sound by their spelling, every pause 0.6–0.8 s (a
  /// comma's as long as a verse's), each phrase up to 10 % off its letters' pace.
  static func reading(seed: UInt64, skipped: Set<Int>) -> SyntheticReading {
    var options = SyntheticReading.Options()
    options.seed = seed
    options.skipped = skipped
    options.letterTimbres = true
    options.phraseTempoSpread = 0.1
    options.versePause = 0.6...0.8
    options.sentencePause = 0.6...0.8
    options.commaPause = 0.6...0.8
    return SyntheticReading(john1, options)
  }

  /// Verse 2 not read (held-back seed 187's failure). Before, on 8 of seeds 1–12 verse 2 was
  /// labelled at verse 3's first phrase and verse 3 at its second (0.79–0.87), and no verse was
  /// named (seed 9 was right, seed 1 wrong otherwise, seeds 5 and 11 refused). Now those 8 name
  /// verse 2, under 0.5, with every other verse in its own pause.
  @Test(arguments: [UInt64(2), 3, 6])
  func shortVerseSkippedUnderAlikePausesIsNamed(seed: UInt64) throws {
    let reading = Self.reading(seed: seed, skipped: [1])
    let result = try AlignerTests.align(reading, Self.john1)
    #expect(result.segments.count == Self.john1.count)
    #expect(result.warnings.contains { $0.contains("verse 2 seems not to be read") }, "\(result.warnings)")
    #expect(result.segments[1].confidence < 0.5)
    for v in result.segments.indices where v != 1 {
      #expect(reading.isInOwnGap(result.segments[v].start, verse: v, slackFrames: 0), "verse \(v + 1)")
    }
  }

  /// Nothing skipped, the same reader: no verse is taken as skipped (seeds 101–112: the same
  /// labels as without `HeldOutSkips`).
  @Test(arguments: [UInt64(102), 104])
  func nothingSkippedStaysRead(seed: UInt64) throws {
    let reading = Self.reading(seed: seed, skipped: [])
    let result = try AlignerTests.align(reading, Self.john1)
    #expect(result.segments.count == Self.john1.count)
    #expect(!result.warnings.contains { $0.contains("seems not to be read") }, "\(result.warnings)")
    for v in result.segments.indices {
      #expect(reading.isInOwnGap(result.segments[v].start, verse: v, slackFrames: 0), "verse \(v + 1)")
    }
  }
}

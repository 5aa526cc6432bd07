import RealModule

/// Does the recording fit the text at all? Catches a recording of another chapter and a
/// text with verses missing, which would otherwise give plausible-looking labels.
///
/// A matching reading is explained cheaply and sharply: after pass 2 has learnt the
/// reader's pause lengths, the cost per explained item (pause or phrase) is low, and the
/// pauses at sentence and verse ends are much longer than the pauses the text has no mark
/// for. Another chapter's text leaves the learnt model broad and the two kinds of pause
/// alike. With c = pass-2 cost / (pauses + phrases) and g = mean ln(length) of pauses at
/// colon, sentence and verse breaks − mean ln(length) of unexplained pauses,
///
///     score = c − 0.2 · (g − 1.5)
///
/// compares alignments of one recording (`Aligner`'s pause depths, the quick reader, skips,
/// retakes). Whether the text fits at all is read on the same score with each unexplained
/// pause counted at `unexplainedWeight` of an item and of its cost (c′ = (cost − 0.6 · U) /
/// (pauses + phrases − 0.6 · n), U the cost of the n unexplained pauses):
///
///     match = c′ − 0.2 · (g − 1.5),      fit = 1 / (1 + exp((match − fitCentre) / 0.03))
///
/// Room tone lets the gaps between and inside words through as pauses the text cannot mark
/// (held-back seed 110's Psalm 23: 52 of them for 16 phrases, 47 nats of a total of 14.6), and
/// at full weight they alone put a matching chapter under `lowFit`: 24 of 94 room-tone and 19 of
/// 94 real-room chapters of seeds 1–9, 41–46, 97–128 were warned, every verse right and held at
/// 0.85. Over the 2,682 matching and 1,548 wrong runs of seeds 1–9, 41–46, 97–132 and
/// `wrongpairs.py`, the old fit (score, centre −0.155) left 72 matching chapters under 0.5 and
/// 84 wrong pairings over it; at weight 0.4 and centre −0.32, 28 and 49 (under 0.1: 9 matching
/// instead of 33; over 0.1: 92 wrong instead of 159). Weights 0.2–0.6 all separate better
/// than 1; 0 (unexplained pauses ignored) worse. (Fits quoted in other comments before
/// 2026-11-28 are on the old measure.) Per verse, with rᵥ = spoken / predicted
/// length at the local rate, |ln rᵥ| > ln 1.6 on a verse of 1.5 s or more names the verse
/// (a verse missing from the text, or text missing from the recording).
enum FitCheck {
  static let verseRatioLimit = 1.6
  /// Of an item, and of its cost, each unexplained pause counts in the fit (see above).
  static let unexplainedWeight = 0.4
  static let fitCentre = -0.32
  /// Below this the recording is rejected (unless the caller allows a mismatch).
  static let rejectBelow = 0.1
  /// Below this the order test decides (`OrderCheck`, in `Aligner`): a text that passes it
  /// keeps its boundaries' confidences (≤ 0.85); otherwise a warning is written and every
  /// boundary's confidence is capped at the fit.
  static let lowFit = 0.5
  /// Faster than this, in letters of the text per second of speech, nobody reads: the text is
  /// too long for the recording (another chapter's, or most of it not read). The corpora's
  /// readers: 10–23 (the fast ones at 1.3–1.5× a normal pace; a fast human reader ~20); wrong
  /// pairings the fit alone passed reached 32–44. No script gives more letters per second than
  /// an alphabet (a syllabary or Chinese characters give fewer), so the bound holds in any
  /// language; a slow bound would not (a Chinese reading is ~5 characters per second).
  static let fastestLettersPerSecond = 30.0

  struct Report {
    var fit: Double
    var details: [String: Double]
    var warnings: [String]
    /// Segment indices whose duration is far from the text's prediction.
    var misfits: [Int]
    /// Segment indices that may begin with a false start (`FalseStarts`).
    var doubtful: [Int] = []

    /// Names each verse whose false start the path gave to the verse before
    /// (`FalseStarts.heardBefore`: break index and the burst's seconds) and doubts it.
    mutating func nameFalseStarts(
      _ found: [(breakIndex: Int, seconds: Double)], text: TextModel, segments: [VerseInput], file: String
    ) {
      for (j, seconds) in found {
        guard let s = segments.indices.first(where: { text.segmentStartBreak[$0] == j }), s > 0,
          !doubtful.contains(s)
        else { continue }
        doubtful.append(s)
        warnings.append(
          "\(file): verse \(segments[s].label) may begin with a false start: \(FitCheck.format(seconds)) s of "
            + "speech after verse \(segments[s - 1].label)'s words, then a pause, then verse \(segments[s].label) "
            + "(labelled there). Check both.")
      }
    }
  }

  /// `pricedAsDip`: breaks the search read through at a short pause (`BoundaryChooser.Problem.
  /// pricedAsDip`): their pauses count with the unexplained ones, not the strong ones (they say
  /// nothing of how long the reader pauses at verse ends).
  static func assess(
    path: BoundaryChooser.Solution, plan: PassPlan, segments: [VerseInput], predicted: [Double],
    file: String, problem: BoundaryChooser.Problem
  ) -> Report {
    let pricedAsDip = problem.pricedAsDip
    let text = plan.text
    let pauseCount = plan.pauseCount
    let lastBreak = text.breaks.count - 1
    var misfits: [Int] = []
    var warnings: [String] = []
    for s in segments.indices {
      let first = text.segmentStartBreak[s]
      let next = s + 1 < segments.count ? text.segmentStartBreak[s + 1] : lastBreak
      let spoken =
        plan.speechBefore[path.endPause(ofBreak: next) ?? (pauseCount + 1)]
        - plan.speechBefore[path.pauseOfBreak[first] ?? 0]
      let expected = predicted[next] - predicted[first]
      guard expected >= 1.5, spoken > 0 else { continue }
      let ratio = spoken / expected
      if abs(Double.log(ratio)) > Double.log(verseRatioLimit) {
        misfits.append(s)
        warnings.append(
          "\(file): \(segments[s].kind == .verse ? "verse" : "heading") \(segments[s].label) takes "
            + "\(format(ratio))× the time its text predicts; "
            + (ratio > 1 ? "is a verse missing from the text, or read twice?" : "is text missing from the recording?"))
      }
    }
    for interlude in path.interludes {
      let seconds = plan.speechBefore[interlude.toPause] - plan.speechBefore[interlude.fromPause]
      let after = segments.indices.first { text.segmentStartBreak[$0] == interlude.breakIndex }
      let before = after.map { $0 - 1 } ?? 0
      let name = { (s: Int) in "\(segments[s].kind == .verse ? "verse" : "heading") \(segments[s].label)" }
      let next = after.map(name) ?? "the end"
      warnings.append(
        "\(file): \(format(seconds)) s of speech not in the text between \(name(before)) and \(next): "
          + (after == nil ? "" : "a false start or a second reading of \(next) (labelled at its last reading), ")
          + "a heading read aloud (--read-headings), or a verse missing from the text?"
      )
      misfits.append(before)
    }
    let falseStarts = FalseStarts.find(
      path: path, plan: plan, segments: segments, predicted: predicted, file: file)
    warnings += falseStarts.warnings
    var strong: [Double] = []
    var gaps: [Double] = []
    for (j, m) in path.pauseOfBreak.enumerated() {
      guard let m else { continue }
      if m >= 1 && m <= pauseCount && j > 0 && text.breaks[j] >= .colon && !plan.map.pauses[m - 1].isWeak {
        if pricedAsDip(j, m) { gaps.append(plan.logPause[m]) } else { strong.append(plan.logPause[m]) }
      }
    }
    let unexplainedPauses = path.unexplainedPauses(pauseCount: pauseCount).filter { !plan.map.pauses[$0 - 1].isWeak }
    let unexplained = unexplainedPauses.map { plan.logPause[$0] } + gaps
    // No unexplained pause at all: as distinct as a reading gets.
    let gap = mean(strong).map { $0 - (mean(unexplained) ?? ($0 - 2.5)) } ?? 1.5
    let realPauses = plan.map.pauses.filter { !$0.isWeak }.count
    let passed = unexplainedPauses.filter { !problem.synthetic.contains($0) }
    let passedCost = passed.reduce(0) { $0 + problem.costs.unexplained(logLength: plan.logPause[$1]) }
    // Cost per item and score, each unexplained pause counted at `weight` of an item and of its cost.
    let scored = { (weight: Double) -> (perItem: Double, score: Double) in
      let lightened = 1 - weight
      let perItem =
        (path.totalCost - lightened * passedCost)
        / max(1, Double(realPauses + text.unitCount) - lightened * Double(passed.count))
      return (perItem, perItem - 0.2 * (gap - 1.5))
    }
    let (costPerItem, score) = scored(1)
    let matchScore = scored(unexplainedWeight).score
    let fit = 1 / (1 + Double.exp((matchScore - fitCentre) / 0.03))
    return Report(
      fit: fit,
      details: [
        "costPerItem": costPerItem, "pauseContrast": gap, "score": score, "matchScore": matchScore,
        "misfitVerses": Double(misfits.count),
      ],
      warnings: warnings, misfits: misfits, doubtful: falseStarts.segments)
  }

  static func mayNotMatch(file: String, fit: Double) -> String {
    "\(file): the recording may not match the text (fit \(format(fit))); check that they are the same chapter."
  }

  static func tooFast(lettersPerSecond: Double) -> String {
    "the text would be read at \(Int(lettersPerSecond.rounded())) letters per second of speech; nobody reads "
      + "faster than about \(Int(fastestLettersPerSecond)), so the text is longer than what was read"
  }

  static func reason(fit: Double) -> String {
    "the text explains its pauses poorly (fit \(format(fit)))"
  }

  static func mean(_ values: [Double]) -> Double? {
    values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
  }

  static func format(_ x: Double) -> String {
    let hundredths = Int((abs(x) * 100).rounded())
    let fraction = hundredths % 100
    return (x < 0 ? "-" : "") + "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
  }
}

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
///     score = c − 0.2 · (g − 1.5),       fit = 1 / (1 + exp((score + 0.155) / 0.03))
///
/// On 24 generated chapters, matching texts scored ≤ −0.18 and all 229 wrong pairings
/// ≥ −0.13 (89 % ≥ −0.09, fit < 0.1, which is rejected). Per verse, with rᵥ = spoken / predicted
/// length at the local rate, |ln rᵥ| > ln 1.6 on a verse of 1.5 s or more names the verse
/// (a verse missing from the text, or text missing from the recording).
enum FitCheck {
  static let verseRatioLimit = 1.6
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

    var reason: String { FitCheck.reason(score: details["score"] ?? 0, fit: fit) }

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
    file: String, pricedAsDip: (Int, Int) -> Bool
  ) -> Report {
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
    let unexplained =
      path.unexplainedPauses(pauseCount: pauseCount)
      .filter { !plan.map.pauses[$0 - 1].isWeak }.map { plan.logPause[$0] } + gaps
    // No unexplained pause at all: as distinct as a reading gets.
    let gap = mean(strong).map { $0 - (mean(unexplained) ?? ($0 - 2.5)) } ?? 1.5
    let realPauses = plan.map.pauses.filter { !$0.isWeak }.count
    let costPerItem = path.totalCost / Double(max(1, realPauses + text.unitCount))
    let score = costPerItem - 0.2 * (gap - 1.5)
    let fit = 1 / (1 + Double.exp((score + 0.155) / 0.03))
    return Report(
      fit: fit,
      details: [
        "costPerItem": costPerItem, "pauseContrast": gap, "score": score,
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

  static func reason(score: Double, fit: Double) -> String {
    "the text explains its pauses poorly (score \(format(score)), fit \(format(fit)))"
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

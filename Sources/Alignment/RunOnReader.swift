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
    let breaks = text.midSentence.indices.filter { text.midSentence[$0] && solved.bands[$0].count > 1 }
    guard breaks.count >= shortestRun else { return nil }
    var problem = solved
    problem.costs = solved.costs.runningOn(chance: firstChance)
    guard let draft = BoundaryChooser(problem).solve(), draft.totalCost + price < first.totalCost else { return nil }
    let runs = breaks.filter { j in draft.pauseOfBreak[j].map { problem.weak.contains($0) } ?? false }.count
    problem.costs = solved.costs.runningOn(chance: Double(runs + 1) / Double(breaks.count + 2))
    var found = BoundaryChooser(problem).solve() ?? draft
    found.totalCost += price
    return found.totalCost < first.totalCost ? (found, problem) : nil
  }
}

/// A verse read twice: which take does the text belong to?
///
/// When the search finds speech the text does not hold (an interlude) right after segment
/// s − 1, two explanations cost almost the same: s − 1 is the first take and the interlude a
/// second, or the interlude is the first take and s − 1 the second. The search keeps the
/// cheaper by a hair, often the first. A reader who retakes a verse keeps the last complete
/// take, so the labels must sit there: a player jumps to the verse as it stands.
///
/// For each interlude after segment s − 1, the search runs once more with s − 1 forced to
/// start where the interlude starts (its first take becomes the interlude before it). When
/// that costs at most `margin` nats more, the later take wins. An interlude of another length
/// (a heading, a sentence the text lacks) costs the forced search the duration mismatch of a
/// whole verse, far more than the margin, and stays where it was.
enum Retakes {
  /// How much more (nats) the later-take explanation may cost and still be preferred: about
  /// one pause length at ±1.4 σ, what the two takes' pauses may differ by.
  static let margin = 1.5

  /// The solution with every retake labelled at its later take. (The interlude warning of
  /// `FitCheck` then names the verse, and its confidence is capped with its neighbour's.)
  /// Segment 0 is left as found: its first take would become a heading, without a warning.
  static func preferLater(
    _ solution: BoundaryChooser.Solution, problem: BoundaryChooser.Problem, text: TextModel
  ) -> BoundaryChooser.Solution {
    var best = solution
    var bands = problem.bands
    for interlude in solution.interludes {
      guard let s = text.segmentStartBreak.firstIndex(of: interlude.breakIndex), s >= 2 else { continue }
      let previous = text.segmentStartBreak[s - 1]
      guard let start = best.pauseOfBreak[previous], start < interlude.fromPause else { continue }
      var forced = problem
      forced.bands = bands
      forced.bands[previous] = interlude.fromPause...interlude.fromPause
      for j in (previous + 1)..<interlude.breakIndex {
        forced.bands[j] = interlude.fromPause...interlude.toPause
      }
      guard let later = BoundaryChooser(forced).solve(), later.totalCost <= solution.totalCost + margin else {
        continue
      }
      best = later
      bands = forced.bands
    }
    return best
  }
}

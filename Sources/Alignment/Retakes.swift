import RealModule

/// A verse read twice: which take does the text belong to?
///
/// When the search finds speech the text does not hold (an interlude) right after segment
/// s − 1, two explanations cost almost the same: s − 1 is the first take and the interlude a
/// second, or the interlude is the first take and s − 1 the second. The search keeps the
/// cheaper by a hair, often the first. A reader who retakes a verse keeps the last complete
/// take, so the labels must sit there: a player jumps to the verse as it stands.
///
/// For each interlude after segment s − 1, the search runs once more with the breaks inside
/// s − 1 forced to lie inside the interlude (its first take may become the interlude before
/// it). When s − 1 then starts where the interlude started, and that costs at most `margin`
/// nats more, the later take wins. Only an interlude about as long as the segment before it is
/// tried (`sameLength`): a heading or a sentence the text lacks stays where it was.
enum Retakes {
  /// How much more (nats) the later-take explanation may cost and still be preferred: the
  /// pauses around the two takes are priced as different kinds (verse, heading), which on
  /// synthetic retakes made the later take up to 2.5 nats dearer.
  static let margin = 3.0
  /// Two readings of one verse differ in speech time by less than this factor.
  static let sameLength = 1.3

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
      // A second reading is about as long as the first.
      let speech = problem.speechBefore
      let first = speech[interlude.fromPause] - speech[start]
      let second = speech[interlude.toPause] - speech[interlude.fromPause]
      guard first > 0, abs(Double.log(second / first)) <= Double.log(sameLength) else { continue }
      var forced = problem
      forced.bands = bands
      // The first take may become an interlude: its start must stay inside the band.
      forced.bands[previous] = start...interlude.fromPause
      for j in (previous + 1)..<interlude.breakIndex {
        forced.bands[j] = interlude.fromPause...interlude.toPause
      }
      guard let later = BoundaryChooser(forced).solve(), later.pauseOfBreak[previous] == interlude.fromPause,
        later.totalCost <= solution.totalCost + margin
      else { continue }
      best = later
      bands = forced.bands
    }
    return secondTakesReadAsNext(best, problem: problem, bands: bands, text: text)
  }

  /// A retake the search took for the start of the next segment: segment s − 1 at its first
  /// take, and s holding the second take and then its own text, so about twice as long as
  /// its text predicts (`FitCheck.verseRatioLimit`). The search runs once more with s − 1
  /// starting where s started and the first take an interlude; the later take wins when it
  /// is about as long as the first (`sameLength`) and the whole costs at most `margin` nats more.
  static func secondTakesReadAsNext(
    _ solution: BoundaryChooser.Solution, problem: BoundaryChooser.Problem, bands: [ClosedRange<Int>],
    text: TextModel
  ) -> BoundaryChooser.Solution {
    var best = solution
    var bands = bands
    let starts = text.segmentStartBreak
    let lastPause = problem.speechBefore.count - 1
    let speech = problem.speechBefore
    for s in starts.indices.dropFirst(2) {
      let previous = starts[s - 1]
      let this = starts[s]
      let next = s + 1 < starts.count ? starts[s + 1] : text.breaks.count - 1
      guard let a = best.pauseOfBreak[previous], let b = best.pauseOfBreak[this], a < b,
        !best.interludes.contains(where: { $0.breakIndex == previous || $0.breakIndex == this })
      else { continue }
      let c = best.endPause(ofBreak: next) ?? lastPause
      let expected = problem.predicted[next] - problem.predicted[this]
      guard c > b + 1, expected > 0, (speech[c] - speech[b]) / expected >= FitCheck.verseRatioLimit else { continue }
      var forced = problem
      forced.bands = bands
      forced.bands[previous] = a...b
      // The first take may hold more pauses than an unexpected heading would.
      forced.maxInterludePauses = max(problem.maxInterludePauses, b - a)
      for j in (previous + 1)..<next { forced.bands[j] = (b + 1)...c }
      guard let later = BoundaryChooser(forced).solve(), later.totalCost <= best.totalCost + margin,
        later.pauseOfBreak[previous] == b, let end = later.pauseOfBreak[this],
        later.interludes.contains(where: { $0.breakIndex == previous && $0.toPause == b })
      else { continue }
      let first = speech[b] - speech[a]
      let second = speech[end] - speech[b]
      guard first > 0, abs(Double.log(second / first)) <= Double.log(sameLength) else { continue }
      best = later
      bands = forced.bands
    }
    return best
  }
}

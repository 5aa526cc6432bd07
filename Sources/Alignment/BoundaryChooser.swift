import RealModule

/// Chooses, jointly over the chapter, which pause each text break falls in.
///
/// Pauses are numbered m = 1 … P (m = 0 is the start of speech, P+1 its end); C[m] is the
/// net speech time before pause m. Breaks j = 0 … U (see `TextModel`); T̂[j] the predicted
/// speech time before break j. A path assigns some breaks to increasing pauses — every
/// segment boundary, any other break or none — and explains every pause it passes over
/// as unmarked. Its cost (see `CostModel`) for consecutive chosen (j′, m′) → (j, m) is
///
///     duration(T̂[j] − T̂[j′], C[m] − C[m′]) + Σ skip(j″) + Σ unexplained(m″) + assign(j, m)
///
/// with j′ < j″ < j and m′ < m″ < m. Break 0 may sit at pause m > 0: the speech before it
/// is then a heading of unknown text, priced by `CostModel.heading`. Dynamic programming:
///
///     F(j, m) = min over (j′, m′) of F(j′, m′) + step(j′, m′ → j, m)
///     B(j, m) = min over (j″, m″) of step(j, m → j″, m″) + B(j″, m″)
///
/// F + B is the best total with break j at pause m; the spread of F + B over m gives each
/// boundary's confidence. Only m inside a band around the predicted position of j is
/// tried, at most `maxSkipped` breaks are skipped and `maxUnexplained` pauses passed in
/// one step: the cost is O(U · band · maxSkipped · maxUnexplained), near-linear.
struct BoundaryChooser {

  struct Problem {
    var kinds: [TextModel.BreakKind]
    /// T̂[j], seconds, j in 0...U.
    var predicted: [Double]
    /// C[m], seconds, m in 0...P+1.
    var speechBefore: [Double]
    /// ln(pause length) for m in 1...P (index 0 and P+1 unused).
    var logPause: [Double]
    /// Pauses a person put inside speech (override): free to assign, never unexplained.
    var synthetic: Set<Int> = []
    /// Allowed pauses per break (inclusive).
    var bands: [ClosedRange<Int>]
    var heading: HeadingMode
    var costs: CostModel
    /// At most this many breaks skipped, and pauses passed unexplained, in one step.
    var maxSkipped = 8
    var maxUnexplained = 12
  }

  struct Solution {
    /// The pause chosen for each break, nil when the break was read through.
    var pauseOfBreak: [Int?]
    /// Per break, the share of the total weight exp(−(F+B−best)) its chosen pause holds.
    var confidence: [Double]
    var totalCost: Double
  }

  let problem: Problem
  private let breakCount: Int
  private let pauseCount: Int
  private let skipPrefix: [Double]
  private let unexplainedPrefix: [Double]
  private let offsets: [Int]
  /// ln(C[m] − C[m − d]) at m · span + d − 1 for d in 1...span: every observed duration a
  /// step can see, so the inner loops take no logarithms.
  private let logSpeech: [Double]
  private let span: Int
  /// assign(kind, pause m) at kind · (P + 2) + m.
  private let assignTable: [Double]

  init(_ problem: Problem) {
    self.problem = problem
    breakCount = problem.kinds.count
    pauseCount = problem.speechBefore.count - 2
    var skips = [0.0]
    for j in 1..<max(1, breakCount) {
      let kind = problem.kinds[j]
      skips.append(skips[j - 1] + (kind.isMandatory ? 0 : problem.costs.skip(kind)))
    }
    skipPrefix = skips
    var unexplained = [0.0]
    for m in 1...max(1, pauseCount + 1) {
      let cost =
        m <= pauseCount && !problem.synthetic.contains(m)
        ? problem.costs.unexplained(logLength: problem.logPause[m]) : 0
      unexplained.append(unexplained[m - 1] + cost)
    }
    unexplainedPrefix = unexplained
    var starts = [0]
    for band in problem.bands { starts.append(starts.last! + band.count) }
    offsets = starts
    span = problem.maxUnexplained + 1
    let c = problem.speechBefore
    var logs = [Double](repeating: 0, count: c.count * span)
    for m in c.indices {
      for d in 1...span where m - d >= 0 {
        logs[m * span + d - 1] = Double.log(max(c[m] - c[m - d], 0.02))
      }
    }
    logSpeech = logs
    let width = pauseCount + 2
    var table = [Double](repeating: .infinity, count: CostModel.kinds * width)
    for kind in 0..<CostModel.kinds {
      for m in 1..<max(1, pauseCount + 1) {
        table[kind * width + m] =
          problem.synthetic.contains(m) ? 0 : problem.costs.assign(kind, logLength: problem.logPause[m])
      }
    }
    assignTable = table
  }

  /// Per (j0 → j): ln T̂, 1/s and ln s of the duration cost (see `CostModel.duration`).
  private func durationTerms(_ j0: Int, _ j: Int) -> (logPredicted: Double, inverseSigma: Double, logSigma: Double) {
    let predicted = max(problem.predicted[j] - problem.predicted[j0], 0.05)
    let relative = problem.costs.absoluteSigmaSeconds / predicted
    let s = (problem.costs.rateSigma * problem.costs.rateSigma + relative * relative).squareRoot()
    return (Double.log(predicted), 1 / s, Double.log(s))
  }

  private func index(_ j: Int, _ m: Int) -> Int { offsets[j] + m - problem.bands[j].lowerBound }

  /// Cost of assigning break j to pause m, not counting how we got there.
  private func assign(_ j: Int, _ m: Int) -> Double {
    let last = breakCount - 1
    if j == last { return m == pauseCount + 1 ? 0 : .infinity }
    if m == pauseCount + 1 || m == 0 { return .infinity }
    return assignTable[problem.kinds[j].rawValue * (pauseCount + 2) + m]
  }

  /// Cost of break 0 at pause m: no heading (m = 0) or a heading of C[m] seconds.
  private func start(_ m: Int) -> Double {
    let costs = problem.costs
    if m == 0 { return problem.heading == .present ? .infinity : costs.noHeading }
    if problem.heading == .absent || m > pauseCount { return .infinity }
    return costs.heading(seconds: problem.speechBefore[m])
      + costs.assign(TextModel.BreakKind.heading.rawValue, logLength: problem.logPause[m])
      + unexplainedPrefix[m - 1]
  }

  /// Cost of the step (j0, m0) → (j1, m1), given `durationTerms(j0, j1)`.
  @inline(__always)
  private func step(
    _ j0: Int, _ m0: Int, _ j1: Int, _ m1: Int,
    _ terms: (logPredicted: Double, inverseSigma: Double, logSigma: Double)
  ) -> Double {
    let z = (logSpeech[m1 * span + m1 - m0 - 1] - terms.logPredicted) * terms.inverseSigma
    return 0.5 * z * z + terms.logSigma
      + skipPrefix[j1 - 1] - skipPrefix[j0]
      + unexplainedPrefix[m1 - 1] - unexplainedPrefix[m0]
  }

  func solve() -> Solution? {
    let total = offsets[breakCount]
    var forward = [Double](repeating: .infinity, count: total)
    var back = [Int32](repeating: -1, count: total)
    for m in problem.bands[0] { forward[index(0, m)] = start(m) }
    for j in 1..<breakCount {
      let terms = (max(0, j - 1 - problem.maxSkipped)..<j).map { durationTerms($0, j) }
      let firstJ0 = max(0, j - 1 - problem.maxSkipped)
      for m in problem.bands[j] {
        let own = assign(j, m)
        if !own.isFinite { continue }
        var best = Double.infinity
        var from: Int32 = -1
        var j0 = j - 1
        while j0 >= 0 && j - j0 - 1 <= problem.maxSkipped {
          let term = terms[j0 - firstJ0]
          let band = problem.bands[j0]
          let low = max(band.lowerBound, m - 1 - problem.maxUnexplained)
          let high = min(band.upperBound, m - 1)
          if low <= high {
            for m0 in low...high {
              let f = forward[index(j0, m0)]
              if !f.isFinite { continue }
              let c = f + step(j0, m0, j, m, term)
              if c < best {
                best = c
                from = Int32(index(j0, m0))
              }
            }
          }
          // Going further back would skip break j0, impossible for a segment boundary.
          if problem.kinds[j0].isMandatory { break }
          j0 -= 1
        }
        if from >= 0 {
          forward[index(j, m)] = best + own
          back[index(j, m)] = from
        }
      }
    }
    let end = index(breakCount - 1, pauseCount + 1)
    guard problem.bands[breakCount - 1].contains(pauseCount + 1), forward[end].isFinite else {
      return nil
    }
    let backward = backwardPass()
    // Trace the best path.
    var pauseOfBreak = [Int?](repeating: nil, count: breakCount)
    var cell = end
    while cell >= 0 {
      let j = (offsets.lastIndex { $0 <= cell })!
      let jj = min(j, breakCount - 1)
      pauseOfBreak[jj] = cell - offsets[jj] + problem.bands[jj].lowerBound
      cell = Int(back[cell])
    }
    let best = forward[end]
    var confidence = [Double](repeating: 0, count: breakCount)
    for j in 0..<breakCount {
      guard let chosen = pauseOfBreak[j] else { continue }
      var weight = 0.0
      for m in problem.bands[j] {
        let c = forward[index(j, m)] + backward[index(j, m)]
        if c.isFinite { weight += Double.exp(best - c) }
      }
      let own = forward[index(j, chosen)] + backward[index(j, chosen)]
      confidence[j] = weight > 0 ? Double.exp(best - own) / weight : 0
    }
    return Solution(pauseOfBreak: pauseOfBreak, confidence: confidence, totalCost: best)
  }

  private func backwardPass() -> [Double] {
    var backward = [Double](repeating: .infinity, count: offsets[breakCount])
    let last = breakCount - 1
    if problem.bands[last].contains(pauseCount + 1) { backward[index(last, pauseCount + 1)] = 0 }
    if last == 0 { return backward }
    for j in stride(from: last - 1, through: 0, by: -1) {
      let terms = ((j + 1)...min(last, j + 1 + problem.maxSkipped)).map { durationTerms(j, $0) }
      for m in problem.bands[j] {
        var best = Double.infinity
        var j1 = j + 1
        while j1 <= last && j1 - j - 1 <= problem.maxSkipped {
          let term = terms[j1 - j - 1]
          let band = problem.bands[j1]
          let low = max(band.lowerBound, m + 1)
          let high = min(band.upperBound, m + 1 + problem.maxUnexplained)
          if low <= high {
            for m1 in low...high {
              let b = backward[index(j1, m1)]
              if !b.isFinite { continue }
              let c = step(j, m, j1, m1, term) + assign(j1, m1) + b
              if c < best { best = c }
            }
          }
          if problem.kinds[j1].isMandatory { break }
          j1 += 1
        }
        backward[index(j, m)] = best
      }
    }
    return backward
  }
}

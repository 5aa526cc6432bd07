import RealModule

/// Chooses, jointly over the chapter, which pause each text break falls in.
///
/// Pauses are numbered m = 1 … P (m = 0 is the start of speech, P+1 its end); C[m] is the
/// net speech time before pause m. Breaks j = 0 … U (see `TextModel`); T̂[j] the predicted
/// speech time before break j. A path assigns some breaks to increasing pauses — every
/// segment boundary, any other break or none — and explains every pause it passes over
/// as unmarked. Its cost (see `CostModel`) for consecutive chosen (j′, m′) → (j, m) is
///
///     step = duration(T̂[j] − T̂[j′], C[m] − C[m′]) + Σ skip(j″) + Σ unexplained(m″) + assign(j, m)
///
/// with j′ < j″ < j and m′ < m″ < m. Break 0 may sit at pause m > 0: the speech before it
/// is then a heading of unknown text (`CostModel.heading`). At a segment boundary the text
/// may also be interrupted by speech it does not hold (a heading read aloud, a verse
/// missing from the text): the segment before ends at m₁, the next starts at m > m₁, and
/// C[m] − C[m₁] is priced by `CostModel.interlude` — so one such surprise costs one
/// boundary a warning instead of sliding every later boundary by a phrase.
///
///     I(j, m₁) = min over (j′, m′) of F(j′, m′) + step(j′, m′ → j, m₁) with heading-kind pause
///     F(j, m)  = min( min over (j′, m′) of F(j′, m′) + step(j′, m′ → j, m),
///                     min over m₁ < m of I(j, m₁) + interlude(m₁ → m) )
///
/// and the mirror-image backward pass B. F + B is the best total with break j at pause m;
/// its spread over m gives each boundary's confidence. Only m inside a band around the
/// predicted position of j is tried, at most `maxSkipped` breaks are skipped and
/// `maxUnexplained` pauses passed in one step: O(U · band · maxSkipped · maxUnexplained).
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
    /// Dips inside speech (`SpeechMap+Dips`): a boundary costs `CostModel.weakAssign` there
    /// (`CostModel.weakAssignMidSentence` for breaks in `midSentence`), passing one costs nothing.
    var weak: Set<Int> = []
    var midSentence: [Bool] = []
    /// Allowed pauses per break (inclusive).
    var bands: [ClosedRange<Int>]
    var heading: HeadingMode
    var costs: CostModel
    /// At most this many breaks skipped, and pauses passed unexplained, in one step.
    var maxSkipped = 8
    var maxUnexplained = 20
    /// Breaks where unexpected speech may come in (segment boundaries not fixed by a person).
    var interludeBreaks: Set<Int> = []
    /// Pauses inside one interlude, at most (weak pauses, dips inside speech, count too).
    var maxInterludePauses = 12
    /// A segment start break whose segment before was not read: every path starts that segment
    /// at the same pause as this one (`Aligner.squeezedVerseSkipped`).
    var notReadBefore: Int?

    /// Break j at real pause m is priced as a dip beside it (`CostModel.midSentencePause`): the
    /// letters place it as they place a verse at a dip (`RunOnPlacer`).
    func pricedAsDip(_ j: Int, _ m: Int) -> Bool {
      guard j < midSentence.count, midSentence[j], m >= 1, m < speechBefore.count - 1, !weak.contains(m),
        !synthetic.contains(m)
      else { return false }
      let own = costs.assign(kinds[j].rawValue, logLength: logPause[m])
      return costs.midSentencePause(
        kind: kinds[j].rawValue, logLength: logPause[m], own: own, passed: costs.unexplained(logLength: logPause[m]))
        < own + costs.pauseMidSentence
    }
  }

  struct Interlude: Sendable, Equatable {
    /// The break after which it comes, and the pauses around it.
    var breakIndex: Int
    var fromPause: Int
    var toPause: Int
  }

  struct Solution {
    /// The pause chosen for each break, nil when the break was read through.
    var pauseOfBreak: [Int?]
    /// Unexpected speech found at segment boundaries.
    var interludes: [Interlude]
    /// Per break, the share of the total weight exp(−(F+B−best)) its chosen pause holds (empty
    /// when solved without confidences).
    var confidence: [Double]
    var totalCost: Double

    /// Pauses after the heading's that neither a break nor an interlude takes, ascending: what
    /// pass 1 learns unexplained pauses from and what the fit check weighs against the breaks.
    func unexplainedPauses(pauseCount: Int) -> [Int] {
      var used = Set(pauseOfBreak.compactMap { $0 })
      for interlude in interludes { used.formUnion(interlude.fromPause..<interlude.toPause) }
      let headingPause = pauseOfBreak[0] ?? 0
      return stride(from: headingPause + 1, through: pauseCount, by: 1).filter { !used.contains($0) }
    }

    /// The segments the path has the reader skip: each begins at the pause where the next one
    /// does.
    func skippedSegments(text: TextModel) -> [Int] {
      let starts = text.segmentStartBreak.map { pauseOfBreak[$0] }
      return starts.indices.dropLast().filter { starts[$0] != nil && starts[$0] == starts[$0 + 1] }
    }

    /// The pause where the text before break j ends (before an interlude, if any).
    func endPause(ofBreak j: Int) -> Int? {
      interludes.first { $0.breakIndex == j }?.fromPause ?? pauseOfBreak[j]
    }

    /// Speech time of interludes before pause m (to take out of rate estimates).
    func interludeSpeech(before m: Int, _ speechBefore: [Double]) -> Double {
      interludes.filter { $0.toPause <= m }.reduce(0) {
        $0 + speechBefore[$1.toPause] - speechBefore[$1.fromPause]
      }
    }
  }

  let problem: Problem
  let breakCount: Int
  let pauseCount: Int
  let skipPrefix: [Double]
  let unexplainedPrefix: [Double]
  /// Like `unexplainedPrefix`, for the pauses inside an unknown-text heading: each is either
  /// unexplained or a pause between two parts of the heading (see `CostModel.headingPart`).
  let headingInnerPrefix: [Double]
  let offsets: [Int]
  /// ln(C[m] − C[m − d]) at m · span + d − 1 for d in 1...span: every observed duration a
  /// step can see, so the inner loops take no logarithms.
  let logSpeech: [Double]
  let span: Int
  /// assign(kind, pause m) at kind · (P + 2) + m.
  let assignTable: [Double]
  /// For a segment boundary j (not the first nor the end): the segment start before it, whose
  /// segment may be missing from the recording (`CostModel.missingSegment`); and the reverse.
  let previousSegmentStart: [Int?]
  let nextSegmentStart: [Int?]
  /// Per pause: a dip inside speech; per break: a boundary readers often run on through.
  let isWeak: [Bool]
  let runsOn: [Bool]

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
        m <= pauseCount && !problem.synthetic.contains(m) && !problem.weak.contains(m)
        ? problem.costs.unexplained(logLength: problem.logPause[m]) : 0
      unexplained.append(unexplained[m - 1] + cost)
    }
    unexplainedPrefix = unexplained
    var inner = [0.0]
    let headingKind = TextModel.BreakKind.heading.rawValue
    for m in 1...max(1, pauseCount + 1) {
      let own = unexplained[m] - unexplained[m - 1]
      let part =
        m <= pauseCount && !problem.weak.contains(m)
        ? problem.costs.headingPart + problem.costs.assign(headingKind, logLength: problem.logPause[m]) : own
      inner.append(inner[m - 1] + min(own, part))
    }
    headingInnerPrefix = inner
    var starts = [0]
    for band in problem.bands { starts.append((starts.last ?? 0) + band.count) }
    offsets = starts
    span = max(problem.maxUnexplained, problem.maxInterludePauses) + 1
    let c = problem.speechBefore
    var logs = [Double](repeating: 0, count: c.count * span)
    for m in c.indices {
      for d in 1...span where m - d >= 0 {
        logs[m * span + d - 1] = Double.log(max(c[m] - c[m - d], CostModel.shortestObservedSeconds))
      }
    }
    logSpeech = logs
    let width = pauseCount + 2
    var table = [Double](repeating: .infinity, count: CostModel.kinds * width)
    for kind in 0..<CostModel.kinds {
      for m in 1..<max(1, pauseCount + 1) {
        table[kind * width + m] =
          problem.synthetic.contains(m)
          ? 0
          : problem.weak.contains(m)
            ? problem.costs.weakAssign : problem.costs.assign(kind, logLength: problem.logPause[m])
      }
    }
    assignTable = table
    var previous = [Int?](repeating: nil, count: breakCount)
    var next = [Int?](repeating: nil, count: breakCount)
    var last: Int?
    for j in 1..<max(1, breakCount - 1) where problem.kinds[j].isMandatory {
      if let last {
        previous[j] = last
        next[last] = j
      }
      last = j
    }
    previousSegmentStart = previous
    nextSegmentStart = next
    isWeak = (0..<width).map { problem.weak.contains($0) }
    runsOn = (0..<breakCount).map { $0 < problem.midSentence.count && problem.midSentence[$0] }
  }

  func index(_ j: Int, _ m: Int) -> Int { offsets[j] + m - problem.bands[j].lowerBound }

  /// Cost of assigning break j to pause m, not counting how we got there.
  func assign(_ j: Int, _ m: Int) -> Double {
    let last = breakCount - 1
    if j == last { return m == pauseCount + 1 ? 0 : .infinity }
    if m == pauseCount + 1 || m == 0 { return .infinity }
    let own = assignTable[problem.kinds[j].rawValue * (pauseCount + 2) + m]
    guard runsOn[j] else { return own }
    if isWeak[m] { return problem.costs.weakAssignMidSentence }
    return problem.costs.midSentencePause(
      kind: problem.kinds[j].rawValue, logLength: problem.logPause[m], own: own,
      passed: unexplainedPrefix[m] - unexplainedPrefix[m - 1])
  }

  /// Cost of a pause around an interlude (or after a heading): heading-kind.
  func assignHeading(_ m: Int) -> Double {
    m >= 1 && m <= pauseCount ? assignTable[TextModel.BreakKind.heading.rawValue * (pauseCount + 2) + m] : .infinity
  }

  /// Cost of unexpected speech between pauses m₁ and m (pauses inside it unexplained).
  func interlude(_ m1: Int, _ m: Int) -> Double {
    problem.costs.interlude(seconds: problem.speechBefore[m] - problem.speechBefore[m1])
      + unexplainedPrefix[m - 1] - unexplainedPrefix[m1]
  }

  /// Cost of break 0 at pause m: no heading (m = 0) or a heading of C[m] seconds.
  func start(_ m: Int) -> Double {
    let costs = problem.costs
    if m == 0 { return problem.heading == .present ? .infinity : costs.noHeading }
    if problem.heading == .absent || m > pauseCount { return .infinity }
    return costs.heading(seconds: problem.speechBefore[m]) + assignHeading(m) + headingInnerPrefix[m - 1]
  }

  typealias Terms = (logPredicted: Double, inverseSigma: Double, logSigma: Double)

  /// Per (j0 → j): ln T̂, 1/s and ln s of the duration cost (see `CostModel.duration`).
  func durationTerms(_ j0: Int, _ j: Int) -> Terms {
    let predicted = max(problem.predicted[j] - problem.predicted[j0], CostModel.shortestPredictedSeconds)
    let s = problem.costs.durationSigma(predictedSeconds: predicted)
    return (Double.log(predicted), 1 / s, Double.log(s))
  }
}

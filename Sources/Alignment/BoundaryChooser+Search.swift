import RealModule

/// The forward and backward passes of `BoundaryChooser`, the trace and the confidences.
extension BoundaryChooser {
  /// The costs are a simplified model of a reading (independent pauses, one rate track), so
  /// their posterior is overconfident: on the real-room corpus, boundaries it put at 0.94–0.99
  /// were wrong a third of the time. Dividing the costs by 2 before the softmax (temperature
  /// scaling) keeps clear choices near 1 and brings those under 0.9.
  static let confidenceTemperature = 2.0

  /// The cheapest path, with each boundary's confidence unless `confidence` is false (then
  /// `Solution.confidence` is empty and the backward pass, as costly as the forward, is not run).
  func solve(confidence wanted: Bool = true) -> Solution? {
    let total = offsets[breakCount]
    let last = breakCount - 1
    var forward = [Double](repeating: .infinity, count: total)
    // I(j, m₁): the text before break j ended at m₁, unexpected speech follows.
    var interim = [Double](repeating: .infinity, count: total)
    // A normal predecessor cell, or −2 − (interim cell of the same break).
    var back = [Int32](repeating: -1, count: total)
    var backInterim = [Int32](repeating: -1, count: total)
    for m in problem.bands[0] { forward[index(0, m)] = start(m) }
    withSteps(logSpeech) { steps in forwardPass(&forward, &interim, &back, &backInterim, steps) }
    let end = index(last, pauseCount + 1)
    guard problem.bands[last].contains(pauseCount + 1), forward[end].isFinite else { return nil }
    var pauseOfBreak = [Int?](repeating: nil, count: breakCount)
    var found: [Interlude] = []
    var cell = end
    while cell >= 0 {
      let j = breakOf(cell)
      let m = cell - offsets[j] + problem.bands[j].lowerBound
      pauseOfBreak[j] = m
      let previous = Int(back[cell])
      if previous <= -2 {
        let pending = -2 - previous
        found.append(
          Interlude(breakIndex: j, fromPause: pending - offsets[j] + problem.bands[j].lowerBound, toPause: m))
        cell = Int(backInterim[pending])
      } else {
        cell = previous
      }
    }
    let best = forward[end]
    guard wanted else {
      return Solution(pauseOfBreak: pauseOfBreak, interludes: found.reversed(), confidence: [], totalCost: best)
    }
    let backward = backwardPass()
    var confidence = [Double](repeating: 0, count: breakCount)
    for j in 0..<breakCount {
      guard let chosen = pauseOfBreak[j] else { continue }
      var weight = 0.0
      for m in problem.bands[j] {
        let c = forward[index(j, m)] + backward[index(j, m)]
        if c.isFinite { weight += Double.exp((best - c) / Self.confidenceTemperature) }
      }
      let own = forward[index(j, chosen)] + backward[index(j, chosen)]
      confidence[j] = weight > 0 ? Double.exp((best - own) / Self.confidenceTemperature) / weight : 0
    }
    return Solution(
      pauseOfBreak: pauseOfBreak, interludes: found.reversed(), confidence: confidence, totalCost: best)
  }

  /// F and I (see the type's comment) break after break; `back` and `backInterim` keep the
  /// predecessor of each cell.
  private func forwardPass(
    _ forward: inout [Double], _ interim: inout [Double], _ back: inout [Int32], _ backInterim: inout [Int32],
    _ steps: Steps
  ) {
    for j in 1..<breakCount {
      let firstJ0 = max(0, j - 1 - problem.maxSkipped)
      let terms = (firstJ0..<j).map { durationTerms($0, j) }
      let interludes = problem.interludeBreaks.contains(j)
      let notReadBefore = problem.notReadBefore == j
      for m in problem.bands[j] {
        let cell = index(j, m)
        var best = Double.infinity
        var from: Int32 = -1
        var j0 = j - 1
        // (Where the segment before j was not read, only the skip below arrives here.)
        while j0 >= firstJ0 && !notReadBefore {
          let term = terms[j0 - firstJ0]
          let band = problem.bands[j0]
          let low = max(band.lowerBound, m - 1 - problem.maxUnexplained)
          let high = min(band.upperBound, m - 1)
          if low <= high {
            let first = index(j0, low)
            let found = forward.withUnsafeBufferPointer {
              steps.cheapestArrival(
                forward: $0, first: first, pauses: low...high, j0: j0, j: j, m: m, terms: term)
            }
            if found.cost < best {
              best = found.cost
              from = Int32(first + found.offset)
            }
          }
          // Going further back would skip break j0, impossible for a segment boundary.
          if problem.kinds[j0].isMandatory { break }
          j0 -= 1
        }
        // Or the segment before j was not read: j shares the pause of that segment's start.
        if let previous = previousSegmentStart[j], problem.bands[previous].contains(m) {
          let f = forward[index(previous, m)] + problem.costs.missingSegment
          if f < best + assign(j, m) {
            forward[cell] = f
            back[cell] = Int32(index(previous, m))
            continue
          }
        }
        guard from >= 0 else { continue }
        forward[cell] = best + assign(j, m)
        back[cell] = from
        if interludes {
          interim[cell] = best + assignHeading(m)
          backInterim[cell] = from
        }
      }
      guard interludes else { continue }
      let band = problem.bands[j]
      for m in band {
        let own = assignHeading(m)
        if !own.isFinite { continue }
        let cell = index(j, m)
        for m1 in max(band.lowerBound, m - 1 - problem.maxInterludePauses)..<m {
          let f = interim[index(j, m1)]
          if !f.isFinite { continue }
          let c = f + interlude(m1, m) + own
          if c < forward[cell] {
            forward[cell] = c
            back[cell] = Int32(-2 - index(j, m1))
          }
        }
      }
    }
  }

  /// The break whose band holds flat cell `cell`.
  func breakOf(_ cell: Int) -> Int {
    var low = 0
    var high = breakCount - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if offsets[mid] <= cell { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// B(j, m): the cheapest way from break j at pause m (its own cost paid) to the end.
  func backwardPass() -> [Double] {
    let total = offsets[breakCount]
    var backward = [Double](repeating: .infinity, count: total)
    // How much it costs to arrive at (j, m) and go on: as a normal break, or after an interlude.
    var exit = [Double](repeating: .infinity, count: total)
    let last = breakCount - 1
    if problem.bands[last].contains(pauseCount + 1) {
      backward[index(last, pauseCount + 1)] = 0
      exit[index(last, pauseCount + 1)] = 0
    }
    if last == 0 { return backward }
    // ln(C[m + d] − C[m]) at m · span + d − 1: `logSpeech` read from the departure's side.
    var logFrom = [Double](repeating: 0, count: logSpeech.count)
    for m in 0..<(pauseCount + 2) {
      for d in 1...span where m + d <= pauseCount + 1 { logFrom[m * span + d - 1] = logSpeech[(m + d) * span + d - 1] }
    }
    withSteps(logFrom) { steps in
      for j in stride(from: last - 1, through: 0, by: -1) {
        let lastJ1 = min(last, j + 1 + problem.maxSkipped)
        let terms = ((j + 1)...lastJ1).map { durationTerms(j, $0) }
        let notRead = problem.notReadBefore != nil && nextSegmentStart[j] == problem.notReadBefore
        for m in problem.bands[j] {
          var best = Double.infinity
          var j1 = j + 1
          while j1 <= lastJ1 && !notRead {
            let term = terms[j1 - j - 1]
            let band = problem.bands[j1]
            let low = max(band.lowerBound, m + 1)
            let high = min(band.upperBound, m + 1 + problem.maxUnexplained)
            if low <= high {
              let first = index(j1, low)
              let c = exit.withUnsafeBufferPointer {
                steps.cheapestDeparture(
                  exit: $0, first: first, pauses: low...high, j: j, j1: j1, m: m, terms: term)
              }
              if c < best { best = c }
            }
            if problem.kinds[j1].isMandatory { break }
            j1 += 1
          }
          // Or the segment starting at j was not read: the next segment starts at the same pause.
          if let next = nextSegmentStart[j], problem.bands[next].contains(m) {
            best = min(best, problem.costs.missingSegment + backward[index(next, m)])
          }
          backward[index(j, m)] = best
        }
        guard j >= 1 else { continue }
        let band = problem.bands[j]
        let interludes = problem.interludeBreaks.contains(j)
        for m1 in band {
          var after = Double.infinity
          if interludes && m1 < band.upperBound {
            for m in (m1 + 1)...min(band.upperBound, m1 + 1 + problem.maxInterludePauses) {
              let b = backward[index(j, m)]
              if b.isFinite { after = min(after, interlude(m1, m) + assignHeading(m) + b) }
            }
          }
          let cell = index(j, m1)
          exit[cell] = min(assign(j, m1) + backward[cell], assignHeading(m1) + after)
        }
      }
    }
    return backward
  }
}

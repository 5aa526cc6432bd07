/// The search's innermost loops: one step's cost from many pauses at once.
///
/// A step's cost without the arrival's own assign cost (see `BoundaryChooser`),
///
///     0.5 · z² + ln s + skips(j′ → j) + unexplained(m′ → m),   z = (ln(C[m] − C[m′]) − ln T̂) / s,
///
/// for one pair of breaks and one pause on one side, over a run of pauses on the other: the
/// costs are written to a scratch row in one pass over contiguous tables (no bounds checks,
/// no branches, so the compiler can use vector instructions), then the row is scanned for its
/// least, the first on ties. Each cost is summed in the same order as when the loops went
/// pause by pause (the sums' rounding, and so every choice, is unchanged).
extension BoundaryChooser {
  struct Steps {
    /// ln of the speech between two pauses, `span` per pause: ln(C[m] − C[m − d]) at
    /// m · span + d − 1 (the forward pass's view) or ln(C[m + d] − C[m]) there (the backward's).
    let logs: UnsafeBufferPointer<Double>
    let span: Int
    let skipPrefix: UnsafeBufferPointer<Double>
    let unexplainedPrefix: UnsafeBufferPointer<Double>
    let scratch: UnsafeMutableBufferPointer<Double>

    /// min over m0 in `pauses` of F(j0, m0) + the step (j0, m0) → (j, m), and the offset in `pauses`
    /// of the first m0 that has it (−1 when every F is ∞); F(j0, pauses.lowerBound) is at
    /// `forward[first]`.
    @inline(__always)
    func cheapestArrival(
      forward: UnsafeBufferPointer<Double>, first: Int, pauses: ClosedRange<Int>, j0: Int, j: Int, m: Int,
      terms: Terms
    ) -> (cost: Double, offset: Int) {
      let count = pauses.count
      let skipArrival = skipPrefix[j - 1]
      let skipDeparture = skipPrefix[j0]
      let unexplainedArrival = unexplainedPrefix[m - 1]
      // m0 = low + i: ln(C[m] − C[m0]) at m · span + (m − m0) − 1.
      let (logs, low) = (m * span + m - 1 - pauses.lowerBound, pauses.lowerBound)
      for i in 0..<count {
        let z = (self.logs[logs - i] - terms.logPredicted) * terms.inverseSigma
        scratch[i] =
          forward[first + i]
          + (0.5 * z * z + terms.logSigma + skipArrival - skipDeparture + unexplainedArrival
            - unexplainedPrefix[low + i])
      }
      return least(count)
    }

    /// min over m1 in `pauses` of the step (j, m) → (j1, m1) + E(j1, m1) (`backwardPass`'s cost of
    /// arriving at (j1, m1) and going on), E(j1, pauses.lowerBound) at
    /// `exit[first]`.
    @inline(__always)
    func cheapestDeparture(
      exit: UnsafeBufferPointer<Double>, first: Int, pauses: ClosedRange<Int>, j: Int, j1: Int, m: Int,
      terms: Terms
    ) -> Double {
      let count = pauses.count
      let skipArrival = skipPrefix[j1 - 1]
      let skipDeparture = skipPrefix[j]
      let unexplainedDeparture = unexplainedPrefix[m]
      // m1 = low + i: ln(C[m1] − C[m]) at m · span + (m1 − m) − 1.
      let (logs, low) = (m * span + pauses.lowerBound - m - 1, pauses.lowerBound)
      for i in 0..<count {
        let z = (self.logs[logs + i] - terms.logPredicted) * terms.inverseSigma
        scratch[i] =
          (0.5 * z * z + terms.logSigma + skipArrival - skipDeparture + unexplainedPrefix[low + i - 1]
            - unexplainedDeparture) + exit[first + i]
      }
      return least(count).cost
    }

    /// The least of the first `count` scratch values and the first place it is (∞ and −1 when
    /// none is below ∞).
    @inline(__always)
    private func least(_ count: Int) -> (cost: Double, offset: Int) {
      var best = Double.infinity
      var offset = -1
      for i in 0..<count where scratch[i] < best {
        best = scratch[i]
        offset = i
      }
      return (best, offset)
    }
  }

  /// Runs `body` with the step tables behind pointers; `logs` is `logSpeech` or its
  /// departure-side copy.
  func withSteps<Result>(_ logs: [Double], _ body: (Steps) -> Result) -> Result {
    let scratch = UnsafeMutableBufferPointer<Double>.allocate(capacity: span + problem.maxUnexplained + 2)
    defer { scratch.deallocate() }
    return logs.withUnsafeBufferPointer { logs in
      skipPrefix.withUnsafeBufferPointer { skips in
        unexplainedPrefix.withUnsafeBufferPointer { unexplained in
          body(Steps(logs: logs, span: span, skipPrefix: skips, unexplainedPrefix: unexplained, scratch: scratch))
        }
      }
    }
  }
}

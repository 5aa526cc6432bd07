/// Speeding up (up to 2×), a sound after a pause of at least `attackGuardPauseMilliseconds`
/// (a verse onset at o) has its attack guarded: the input from `attackGuardBeforeMilliseconds`
/// before its rise out of silence (at most `attackRiseMilliseconds` before o) to
/// `attackGuardAfterMilliseconds` after its level nears the speech peak (`attackEnd`) is copied,
/// G frames in all, so the detector's crossing on a slow rise keeps its distance to the anchor.
/// The splice before the guard consumes min(G·(1 − 1/speed), (pause − `pauseKeptMilliseconds`)/speed)
/// more silence (e is that much below 0 when the guard starts); splices after it take back the rest.
///
/// A sound after a shorter pause only ends the planned splice where it starts (`speedUp`).
extension StretchEngine {
  /// Splices up to, or copies, a guarded attack within reach of the planned splice (`reach`
  /// input frames, blending `fade`). Returns false if no guard applies here.
  mutating func guardsAttack(reach: Int, fade: Int) -> Bool {
    // Above 2× a guard would put the output too far behind the schedule to catch up.
    guard speed <= 2 else { return false }
    if let (start, onset) = guarded, position >= start {
      // Inside a guard: copy the attack whole, once; later splices take the time back.
      guarded = nil
      let guardEnd = attackEnd(onset) + frames.guardAfter
      if guardEnd > position {
        pendingCopy = guardEnd - position
        return true
      }
    }
    if let onset = onset(from: position, to: position + reach + frames.guardBefore + frames.guardFrames) {
      let pauseFrames = pause(before: onset)
      if pauseFrames >= frames.guardPauseBlocks * frames.levelBlock {
        // The guard: from before the sound's rise out of silence to after its attack. A long
        // pause gives up the guard's share of the schedule first (as much as it can spare).
        let guardStart = riseStart(onset) - frames.guardBefore
        let guardEnd = attackEnd(onset) + frames.guardAfter
        let spare = Double(max(0, pauseFrames - frames.pauseKept)) / speed
        let ahead = min(Double(guardEnd - guardStart) * (1 - 1 / speed), spare)
        if guardStart > position {
          guarded = (guardStart, onset)
          spliceBefore(guardStart, fade: fade, ahead: ahead)
          return true
        }
        if guardEnd > position {
          pendingCopy = guardEnd - position
          return true
        }
      }
    }
    return false
  }

  /// The pause before `onset` (frames, up to about `levelHistoryBlocks` ms): the run of level
  /// blocks at most `onsetRise`² over the quiet level that ends 2 ms before it.
  func pause(before onset: Int) -> Int {
    let size = frames.levelBlock
    let last = onset / size - 2
    let first = max(0, last - frames.levelHistoryBlocks + 4)
    let ceiling = quietLevel * frames.onsetRise * frames.onsetRise
    let offset = levels.offset(of: 0)
    var block = last
    levels.samples.withUnsafeBufferPointer { level in
      while block > first && level[offset + block - 1] <= ceiling { block -= 1 }
    }
    return (last - block) * size
  }

  /// Where the attack of the sound starting at `onset` is over: the first frame after it whose
  /// 1 ms level comes within `attackBelowPeakDB` of the speech peak, at most `attackLongest` on.
  func attackEnd(_ onset: Int) -> Int {
    let size = frames.levelBlock
    let loud = loudness * frames.attackRatio
    let offset = levels.offset(of: 0)
    // Read only what every chunking guarantees (the lookahead).
    let stop = min((onset + frames.attackLongest) / size, (position + frames.lookahead) / size - 1)
    var block = onset / size
    levels.samples.withUnsafeBufferPointer { level in
      while block < stop && level[offset + block] <= loud { block += 1 }
    }
    return max(onset, block * size)
  }

  /// Where the sound starting at `onset` rose out of silence: the first of the level blocks
  /// before it that are all over the quiet level, at most `riseFrames` back, as a frame.
  func riseStart(_ onset: Int) -> Int {
    let size = frames.levelBlock
    let quiet = quietLevel
    let offset = levels.offset(of: 0)
    let lowest = max(0, (onset - frames.riseFrames) / size)
    var block = onset / size
    levels.samples.withUnsafeBufferPointer { level in
      while block > lowest && level[offset + block - 1] > quiet { block -= 1 }
    }
    return min(onset, block * size)
  }
}

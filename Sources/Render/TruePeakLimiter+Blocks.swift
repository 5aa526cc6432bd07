import DSP

/// The limiter's work on one block of intervals: r (`TruePeakLimiter+Peaks.swift`), then the
/// gain recursion h, s, g.
extension TruePeakLimiter {
  /// Intervals per block: the scratch arrays stay in the cache.
  static let blockIntervals = 4_096

  /// Computes r for `intervals` and runs h, s, g over them, appending the frames they finish
  /// (interval p finishes frame p − L + 1) to `output`.
  mutating func limitBlock(_ intervals: Range<Int>, into output: inout AudioBuffer) {
    let channels = channelCount
    let lookahead = lookaheadFrames
    var work = scratch
    scratch = BlockScratch()  // one owner while it runs: no copy of its buffers
    history.withUnsafeBufferPointer { x in
      work.requiredGains(
        x, intervals: intervals, firstFrameIndex: intervals.lowerBound + 1 - TruePeakLimiter.halfTaps - historyStart,
        channels: channels, ceiling: ceiling)
    }
    let firstOut = max(0, intervals.lowerBound - lookahead + 1)
    let outCount = max(0, intervals.upperBound - lookahead + 1 - firstOut)
    let outBase = output.samples.count
    output.samples.append(contentsOf: repeatElement(0, count: outCount * channels))
    var state = recursion
    let start = historyStart
    history.withUnsafeBufferPointer { x in
      output.samples.withUnsafeMutableBufferPointer { out in
        box.withUnsafeMutableBufferPointer { box in
          work.required.withUnsafeBufferPointer { r in
            // Output frame n goes to out[outBase + (n − firstOut)·channels …], its input is at
            // x[(n − historyStart)·channels …].
            let frames = Frames(
              x: x, out: out, inputBase: (firstOut - start) * channels, outputBase: outBase, firstOut: firstOut,
              channels: channels)
            var i = 0
            while i < intervals.count {
              let p = intervals.lowerBound + i
              let n = p - lookahead + 1
              // Steady: h = 1 over the whole box and up to the next r < 1, so the box and s stay.
              if r[i] == 1, state.lowsInBox == 0, lows.minimum(from: n - 1) == 1 {
                var j = i + 1
                while j < intervals.count && r[j] == 1 { j += 1 }
                state.steady(frames: n..<(n + j - i), lookahead: lookahead, output: frames)
                i = j
                continue
              }
              if r[i] < 1 { lows.push(index: p, value: r[i]) }
              state.step(frame: n, held: Double(lows.minimum(from: n - 1)), box: box, output: frames)
              i += 1
            }
          }
        }
      }
    }
    recursion = state
    if outCount > 0 { nextOutput = firstOut + outCount }
    scratch = work
  }
}

/// Where a block's output frames come from and go.
struct Frames {
  let x: UnsafeBufferPointer<Float>
  let out: UnsafeMutableBufferPointer<Float>
  /// Where frame `firstOut` is in `x` and in `out` (interleaved, `channels` per frame).
  let inputBase: Int
  let outputBase: Int
  let firstOut: Int
  let channels: Int

  /// out = g · x for frames `range`.
  @inline(__always) func scale(_ range: Range<Int>, by g: Float) {
    let from = (range.lowerBound &- firstOut) &* channels
    let count = range.count &* channels
    for k in from..<(from &+ count) { out[outputBase &+ k] = g * x[inputBase &+ k] }
  }
}

/// The state of h, s and g between frames: the box sum and ring slot, s[n] (recomputed only when
/// the sum moved), g[n−1], the deepest gain, and how many of the box's values are under 1.
struct GainRecursion {
  var gain: Double = 1
  var boxSum: Double
  var slot: Int
  var lowest: Double = 1
  var lowsInBox = 0
  let alpha: Double
  let boxLength: Double
  private var dividedSum: Double
  private var smoothed: Double

  init(lookahead: Int, releaseCoefficient: Double) {
    boxLength = Double(lookahead)
    boxSum = boxLength
    dividedSum = boxSum
    smoothed = min(1, boxSum / boxLength)
    // h[n] is computed from n = −(L − 1) on, into slot (n + L) mod L.
    slot = 1 % lookahead
    alpha = releaseCoefficient
  }

  /// One frame n: h[n] = `held` into the box, then s and g (from frame 0 on) and the output.
  @inline(__always) mutating func step(
    frame n: Int, held: Double, box: UnsafeMutableBufferPointer<Double>, output: Frames
  ) {
    let old = box[slot]
    if old != 1 { lowsInBox -= 1 }
    if held != 1 { lowsInBox += 1 }
    boxSum += held - old
    box[slot] = held
    slot += 1
    if slot == box.count { slot = 0 }
    guard n >= 0 else { return }
    if boxSum != dividedSum { (dividedSum, smoothed) = (boxSum, min(1, boxSum / boxLength)) }
    gain = smoothed < gain ? smoothed : gain + alpha * (smoothed - gain)
    lowest = min(lowest, gain)
    output.scale(n..<(n + 1), by: Float(gain))
  }

  /// Frames whose h is 1 with a box of ones: each adds 1 − 1 to the sum (no change) and
  /// overwrites a 1, so only the slot and g move; once g stops moving (it has reached s, or
  /// the release no longer changes it) the rest is one multiply per sample.
  mutating func steady(frames: Range<Int>, lookahead: Int, output: Frames) {
    slot = (slot + frames.count) % lookahead
    var n = max(0, frames.lowerBound)
    guard n < frames.upperBound else { return }
    if boxSum != dividedSum { (dividedSum, smoothed) = (boxSum, min(1, boxSum / boxLength)) }
    let s = smoothed
    while n < frames.upperBound {
      let next = s < gain ? s : gain + alpha * (s - gain)
      let moved = next != gain
      gain = next
      lowest = min(lowest, gain)
      output.scale(n..<(n + 1), by: Float(gain))
      n += 1
      if !moved { break }
    }
    guard n < frames.upperBound else { return }
    output.scale(n..<frames.upperBound, by: Float(gain))
  }
}

/// Where a sound starts out of silence: the anchors verse onsets are pinned to.
///
/// Levels are mean squares m[b] of the mono signal over 1 ms blocks b (`levels`). The recent
/// speech level is a decaying peak, folded in block order up to `position`:
///
///     peak[b] = max(m[b], peak[b−1] · 10^(−decay·1 ms / 10))       (decay in dB/s)
///
/// and silence is anything under quiet = max(peak · 10^(−quietBelowPeakDB/10), silenceLevel²),
/// so room tone and breath count as silence. A sound starts in the first pair of blocks (2 ms)
/// whose energy exceeds quiet and rises `onsetRiseDB` over every pair before it, one of which
/// was quiet; the onset is the first frame there louder than twice the quiet amplitude.
extension StretchEngine {
  /// The first sound rising out of silence within [start, end); the frame may lie before start.
  func onset(from start: Int, to end: Int) -> Int? {
    let size = frames.levelBlock
    let pair = 2
    // Read only what every chunking guarantees: history before `position`, lookahead after.
    let first = max(0, start / size - pair)
    let stop = min((position + frames.lookahead) / size - pair, end / size)
    let offset = levels.offset(of: 0)
    let quiet = quietLevel
    let silent = quiet * Float(pair)
    let ratio = frames.onsetRise
    let found = levels.samples.withUnsafeBufferPointer { level -> Int? in
      var lowest = Float.infinity
      var block = first
      while block < stop {
        let energy = level[offset + block] + level[offset + block + 1]
        if lowest < silent && energy > silent && energy > lowest * ratio { return block }
        lowest = min(lowest, energy)
        block += pair
      }
      return nil
    }
    guard let block = found else { return nil }
    // To the frame: the first sample over twice the quiet amplitude, from a block earlier.
    let threshold = 2 * quiet.squareRoot()
    let queue = channelCount == 1 ? input : mono
    let from = max(max(0, position - frames.history), (block - 1) * size)
    let to = (block + pair) * size
    let base = queue.offset(of: 0)
    return queue.samples.withUnsafeBufferPointer { x in
      for frame in from..<to where abs(x[base + frame]) > threshold { return frame }
      return block * size
    }
  }

  /// The level (mean square) under which sound counts as silence.
  var quietLevel: Float {
    max(loudness * frames.quietRatio, tuning.silenceLevel * tuning.silenceLevel)
  }

  /// Folds the level blocks before `position` into the decaying speech peak, in order, once.
  mutating func trackLoudness() {
    let end = position / frames.levelBlock
    guard loudnessBlock < end else { return }
    let decay = frames.loudnessDecay
    var peak = loudness
    let offset = levels.offset(of: 0)
    levels.samples.withUnsafeBufferPointer { level in
      for block in loudnessBlock..<end { peak = max(level[offset + block], peak * decay) }
    }
    loudness = peak
    loudnessBlock = end
  }
}

import RealModule

/// The decisions of the stretch: copy, remove a period, or repeat one.
///
/// Let e = outputCount − position / speed be the output produced beyond the ideal (frames).
/// Copying n frames adds n·(1 − 1/speed) to e; a splice that blends L output frames while the
/// input advances by J + L adds L − (J + L)/speed. Every decision point takes one splice and
/// then schedules the copy that brings e back to 0, which is PICOLA's cycle:
///
/// * speeding up (speed > 1): J = m·P, one or more whole periods are skipped, and the L frames
///   before them are cross-faded into the L frames after them. L = P below 2× and
///   P / (speed − 1) from 2× on (sonic's split), m = ⌈((L + e)·speed − L) / P⌉ ≥ 1;
/// * slowing down (speed < 1): the period at `position` is copied, then played again blended
///   into the period after it (J = −P, L = P: 2P output frames for P input frames);
/// * then copy C = −e′ / (1 − 1/speed) frames, e′ being e after the splice.
///
/// P is the pitch period (`PitchPeriod`) where the sound is voiced; elsewhere a fixed unit
/// (`unvoicedPeriod`, `unvoicedInsert`) so noise is neither made tonal nor repeated at a
/// pitch a listener (or a pitch tracker) would hear.
extension StretchEngine {
  /// Runs every step the queued input allows.
  mutating func run() {
    while true {
      if pendingCopy > 0 {
        // Never copy the silence padded after the end: it would only be trimmed again.
        let count = min(pendingCopy, (endFrame ?? input.endFrame) - position)
        if count <= 0 { return }
        copy(count)
        pendingCopy -= count
        continue
      }
      if let endFrame, position >= endFrame { return }
      if speed == 1 {
        pendingCopy = input.endFrame - position
        if pendingCopy == 0 { return }
        continue
      }
      guard input.endFrame - position >= frames.lookahead else { return }
      decide()
    }
  }

  /// Excess output over the ideal, in frames.
  var excess: Double { Double(outputCount) - Double(position) / speed }

  private mutating func decide() {
    trackLoudness()
    let estimate = withAnalysis { full, coarse in frames.pitch.estimate(full: full, decimated: coarse) }
    let silent = estimate.level < tuning.silenceLevel
    let voiced = estimate.aperiodicity < tuning.voicedAperiodicity && !silent
    if speed > 1 {
      speedUp(estimate, voiced: voiced)
    } else {
      slowDown(estimate, voiced: voiced)
    }
  }

  private mutating func speedUp(_ estimate: PitchPeriod.Estimate, voiced: Bool) {
    let e = excess
    // The best-matching lag is used even where the sound is not periodic: a fixed unit would
    // cut voiced sound at a voicing boundary out of phase, and noise does not care.
    let period = estimate.periodFrames
    // The fade that lands exactly on schedule without a copy, L₀ = (m·P − e·speed)/(speed − 1);
    // a longer one is cut to `fadePeriods`·P and the rest copied (PICOLA below 2×), a much
    // shorter one means the stretch is behind, and one more period is skipped.
    // Below 2× at most half of each cycle is blended (1–`fadePeriods` periods), the rest copied.
    let longest = Double(period) * min(tuning.fadePeriods, max(1, 1 / (2 * (speed - 1))))
    let nominal = min(longest, Double(period) / (speed - 1))
    var units = tuning.unitPeriods
    var exact = (Double(units * period) - e * speed) / (speed - 1)
    while exact < nominal / 2 && Double((units + 1) * period) + nominal < Double(frames.lookahead) {
      units += 1
      exact = (Double(units * period) - e * speed) / (speed - 1)
    }
    let fade = max(1, Int(min(max(exact, nominal / 2), longest).rounded()))
    let end = position + units * period + fade
    if let onset = onset(from: position, to: end), onset > position {
      return spliceBefore(onset, fade: fade)
    }
    if alignsToPulse(estimate, excess: e) { return }
    record(estimate, voiced: voiced, skip: units * period, fade: fade)
    remove(skip: units * period, fade: fade)
    pendingCopy = max(0, Int((exact - Double(fade)).rounded()))
  }

  private mutating func slowDown(_ estimate: PitchPeriod.Estimate, voiced: Bool) {
    let e = excess
    var period = voiced ? tuning.unitPeriods * estimate.periodFrames : frames.unvoicedInsert
    // One period is repeated, blended over one period (longer blends measured worse when
    // slowing down); the copy after it keeps the schedule.
    var fade = period
    if let onset = onset(from: position, to: position + period + fade) {
      // A sound starts in the stretch to be repeated. Repeat a shorter unit of the silence before
      // it, or, if it has already begun, copy its attack: a repeated attack would start twice.
      let span = onset - position
      guard span >= 2 * frames.minimumFade else {
        pendingCopy = max(1, span) + frames.attackFrames
        return
      }
      period = span / 2
      fade = period
    }
    record(estimate, voiced: voiced, skip: -period, fade: fade)
    repeatPeriod(period, fade: fade)
    pendingCopy = max(0, Int((excess / (1 / speed - 1)).rounded()))
  }

  /// In voiced sound below 2×, moves the splice so that the period's strongest peak (the glottal
  /// pulse) sits `pulseLead` of a period into the cross-fade, where the fading-out stream still
  /// has nearly all the weight: the pulse is then played from one source, not blended from two.
  private mutating func alignsToPulse(_ estimate: PitchPeriod.Estimate, excess e: Double) -> Bool {
    guard tuning.pulseLead >= 0, speed < 2, estimate.aperiodicity < tuning.pulseAperiodicity,
      estimate.level >= tuning.silenceLevel, abs(e) < Double(frames.maxDebt)
    else { return false }
    let period = estimate.periodFrames
    let queue = channelCount == 1 ? input : mono
    let start = queue.offset(of: position)
    let peak = queue.samples.withUnsafeBufferPointer { x -> Int in
      var best = 0
      var bestValue: Float = -1
      for k in 0..<period where abs(x[start + k]) > bestValue {
        bestValue = abs(x[start + k])
        best = k
      }
      return best
    }
    let lead = Int(Double(period) * tuning.pulseLead)
    guard peak > lead + period / 16 else { return false }
    pendingCopy = peak - lead
    return true
  }

  /// A sound starts inside the planned splice: splice the silence before it so that the splice
  /// ends where the sound starts. The sound then begins a new splice (or copy) at full weight,
  /// exactly at a time-map anchor, and is stretched like everything else.
  private mutating func spliceBefore(_ onset: Int, fade planned: Int) {
    let span = onset - position
    let fade = min(planned, span / 3)
    guard fade >= frames.minimumFade else {
      // Too close for a splice: copy up to the sound, which then starts the next splice.
      pendingCopy = span
      return
    }
    record(PitchPeriod.Estimate(periodFrames: 0, aperiodicity: 1, level: 0), voiced: false, skip: span - fade, fade: fade)
    remove(skip: span - fade, fade: fade)
    if speed < 2 { pendingCopy = max(0, Int((-excess / (1 - 1 / speed)).rounded())) }
  }

  /// The first sound that rises out of silence within [start, end): the first frame louder
  /// than twice the quiet amplitude in the first pair of 1 ms level blocks that rises
  /// `onsetRiseDB` over everything before it (the block pair before `start`, already played,
  /// included), provided something before it was quiet. The frame may lie before `start`.
  ///
  /// Silence is `quietLevel`: `quietBelowPeakDB` under the recent speech peak (breath and room
  /// tone count as silence).
  func onset(from start: Int, to end: Int) -> Int? {
    let size = frames.levelBlock
    let step = 2
    // Read only what every chunking guarantees: history before `position`, lookahead after.
    let first = max(0, start / size - step)
    let stop = min((position + frames.lookahead) / size - step, end / size)
    let offset = levels.offset(of: 0)
    let quiet = quietLevel
    let silent = quiet * Float(step)
    let ratio = frames.onsetRise
    let found = levels.samples.withUnsafeBufferPointer { level -> Int? in
      var lowest = Float.infinity
      var block = first
      while block < stop {
        let energy = level[offset + block] + level[offset + block + 1]
        if lowest < silent && energy > silent && energy > lowest * ratio { return block }
        lowest = min(lowest, energy)
        block += step
      }
      return nil
    }
    guard let block = found else { return nil }
    // To the frame: the first sample over twice the quiet amplitude, from a block earlier.
    let threshold = 2 * quiet.squareRoot()
    let queue = channelCount == 1 ? input : mono
    let from = max(max(0, position - frames.history), (block - 1) * size)
    let to = (block + step) * size
    let base = queue.offset(of: 0)
    return queue.samples.withUnsafeBufferPointer { x in
      for frame in from..<to where abs(x[base + frame]) > threshold { return frame }
      return block * size
    }
  }

  /// The level (mean square) under which sound counts as silence for onsets.
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

  private mutating func record(_ estimate: PitchPeriod.Estimate, voiced: Bool, skip: Int, fade: Int) {
    guard tuning.recordsSteps else { return }
    steps.append(
      StretchStep(
        inputFrame: position, outputFrame: outputCount, periodFrames: estimate.periodFrames,
        aperiodicity: estimate.aperiodicity, level: estimate.level, voiced: voiced, skipFrames: skip,
        fadeFrames: fade))
  }

  /// Copies `count` input frames unchanged.
  mutating func copy(_ count: Int) {
    let start = input.offset(of: position)
    input.samples.withUnsafeBufferPointer { source in
      staged.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<(start + count * channelCount)]))
    }
    position += count
    outputCount += count
    map.append(input: position, output: outputCount)
  }

  /// Blends [position, position+fade) into [position+skip, position+skip+fade) and moves past both.
  mutating func remove(skip: Int, fade: Int) {
    splice(fadeOut: position, fadeIn: position + skip, frames: fade)
    position += skip + fade
    outputCount += fade
    map.append(input: position, output: outputCount)
  }

  /// Plays the period at `position` once more: copies it, then blends the period after it
  /// (fading out) with a second copy of it (fading in) over `fade` ≥ P frames, and goes on
  /// from where the second copy has got to.
  mutating func repeatPeriod(_ period: Int, fade: Int) {
    copy(period)
    splice(fadeOut: position, fadeIn: position - period, frames: fade)
    position += fade - period
    outputCount += fade
    map.append(input: position, output: outputCount)
  }

  private mutating func splice(fadeOut: Int, fadeIn: Int, frames count: Int) {
    let start = staged.count
    staged.append(contentsOf: repeatElement(0, count: count * channelCount))
    let outOffset = input.offset(of: fadeOut)
    let inOffset = input.offset(of: fadeIn)
    let channels = channelCount
    input.samples.withUnsafeBufferPointer { source in
      staged.withUnsafeMutableBufferPointer { target in
        Crossfade.mix(
          fadeOut: source.baseAddress! + outOffset, fadeIn: source.baseAddress! + inOffset,
          into: target.baseAddress! + start, frames: count, channelCount: channels)
      }
    }
  }
}

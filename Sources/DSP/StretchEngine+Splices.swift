/// The three edits of the stretch, each recording its time-map anchor.
///
/// * copy n:       input [p, p+n) → output [o, o+n);                 anchor (p+n, o+n)
/// * remove J, L:  blend [p, p+L) into [p+J, p+J+L) → output [o, o+L); anchor (p+J+L, o+L)
/// * repeat P, r:  copy [p, p+P), then r times blend [p+P, p+2P) into [p, p+P)
///                 → output [o, o+(1+r)P), input continues at p+P;   anchors (p+P, o+P), (p+P, o+(1+r)P)
///
/// Between anchors the map is linear, which follows the content of a pitch-synchronous blend
/// (two periods one period apart, morphing into each other).
extension StretchEngine {
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

  /// Blends [position, position+fade) into [position+skip, position+skip+fade), moves past both.
  mutating func remove(skip: Int, fade: Int) {
    splice(fadeOut: position, fadeIn: position + skip, frames: fade)
    position += skip + fade
    outputCount += fade
    map.append(input: position, output: outputCount)
  }

  /// Plays the `period` frames at `position` 1 + `times` times: copied, then `times` times
  /// blended (fading in) under the period after them (fading out); the input goes on after the
  /// first copy.
  mutating func repeatPeriod(_ period: Int, times: Int = 1) {
    copy(period)
    for _ in 0..<times {
      splice(fadeOut: position, fadeIn: position - period, frames: period)
      outputCount += period
    }
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
        guard let from = source.baseAddress, let to = target.baseAddress else { return }
        Crossfade.mix(
          fadeOut: from + outOffset, fadeIn: from + inOffset, into: to + start, frames: count,
          channelCount: channels)
      }
    }
  }

  mutating func record(_ estimate: PitchPeriod.Estimate, skip: Int, fade: Int) {
    guard tuning.recordsSteps else { return }
    steps.append(
      StretchStep(
        inputFrame: position, outputFrame: outputCount, periodFrames: estimate.periodFrames,
        aperiodicity: estimate.aperiodicity, level: estimate.level, skipFrames: skip, fadeFrames: fade))
  }
}

/// One decision of the stretcher, for diagnostics and tests (`StretchTuning.recordsSteps`).
public struct StretchStep: Sendable, Equatable {
  public var inputFrame: Int
  public var outputFrame: Int
  /// The period found there (0 for a splice that only shortens the silence before a sound).
  public var periodFrames: Int
  public var aperiodicity: Float
  public var level: Float
  /// Input frames skipped (negative: repeated) and the cross-fade's length.
  public var skipFrames: Int
  public var fadeFrames: Int
}

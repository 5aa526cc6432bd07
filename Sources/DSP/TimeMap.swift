/// Where every input frame landed in a stretched output: a monotone piecewise-linear map.
///
/// The map is a list of anchors (iₖ, oₖ), both non-decreasing, starting at (0, 0).
/// Between two anchors with iₖ < iₖ₊₁ the map is the straight line
///
///     o(n) = oₖ + round( (n − iₖ) · (oₖ₊₁ − oₖ) / (iₖ₊₁ − iₖ) )          iₖ ≤ n < iₖ₊₁
///
/// in exact integer arithmetic (ties round up). Two anchors with the same input frame (iₖ = iₖ₊₁)
/// are a vertical step: the stretcher played that instant for oₖ₊₁ − oₖ frames (a repeated
/// period when slowing down); the frame maps to the *first* output, oₖ, where its sound starts.
/// Past the last anchor the map is clamped to the last output frame.
///
/// A stretcher appends an anchor at every splice (a period removed or repeated, a pause cut),
/// so a frame's mapped position is within one frame of where its sound is in the output, except
/// inside a cross-fade, where two stretches of input are blended and the map interpolates.
public struct TimeMap: Sendable, Equatable {
  public private(set) var inputFrames: [Int] = [0]
  public private(set) var outputFrames: [Int] = [0]

  /// The identity map over nothing: one anchor at (0, 0).
  public init() {}

  /// A map from explicit anchors; both lists must be non-decreasing and start at 0.
  public init(inputFrames: [Int], outputFrames: [Int]) {
    precondition(inputFrames.count == outputFrames.count && !inputFrames.isEmpty, "TimeMap needs matching anchors")
    precondition(inputFrames[0] == 0 && outputFrames[0] == 0, "TimeMap starts at (0, 0)")
    self.inputFrames = [0]
    self.outputFrames = [0]
    for k in 1..<inputFrames.count { append(input: inputFrames[k], output: outputFrames[k]) }
  }

  /// The last anchor's input frame (the input length once the stream is flushed).
  public var inputFrameCount: Int { inputFrames[inputFrames.count - 1] }
  /// The last anchor's output frame (the output length once the stream is flushed).
  public var outputFrameCount: Int { outputFrames[outputFrames.count - 1] }
  public var anchorCount: Int { inputFrames.count }

  /// Adds an anchor after the last one. A point on the line through the last two anchors
  /// replaces the last anchor instead, so plain copies cost nothing.
  public mutating func append(input: Int, output: Int) {
    let count = inputFrames.count
    let lastIn = inputFrames[count - 1]
    let lastOut = outputFrames[count - 1]
    precondition(input >= lastIn && output >= lastOut, "TimeMap anchors must not go backwards")
    if input == lastIn && output == lastOut { return }
    if count >= 2 {
      let previousIn = inputFrames[count - 2]
      let previousOut = outputFrames[count - 2]
      // Collinear and same direction: (Δi₁, Δo₁) ∥ (Δi₂, Δo₂).
      let collinear = (lastIn - previousIn) * (output - lastOut) == (input - lastIn) * (lastOut - previousOut)
      let vertical = lastIn == previousIn || input == lastIn
      if collinear && !vertical {
        inputFrames[count - 1] = input
        outputFrames[count - 1] = output
        return
      }
    }
    inputFrames.append(input)
    outputFrames.append(output)
  }

  /// Ends the map at (`input`, `output`): anchors past either end are dropped (the stretcher
  /// trimmed or padded its last few frames there), then the end anchor is added.
  public mutating func finish(inputFrames input: Int, outputFrames output: Int) {
    while inputFrames.count > 1 && (inputFrameCount > input || outputFrameCount > output) {
      inputFrames.removeLast()
      outputFrames.removeLast()
    }
    append(input: input, output: output)
  }

  /// The output frame where input frame `frame` plays (see the type's comment).
  public func outputFrame(forInput frame: Int) -> Int {
    TimeMap.lookup(frame, along: inputFrames, onto: outputFrames)
  }

  /// The input frame whose sound plays at output frame `frame` (the inverse map; inside a
  /// repeated stretch, the instant that is repeated).
  public func inputFrame(forOutput frame: Int) -> Int {
    TimeMap.lookup(frame, along: outputFrames, onto: inputFrames)
  }

  /// Piecewise-linear lookup between anchors (`xs` ascending, from 0): the first anchor with
  /// x ≥ frame, interpolated from the one before with rounding; the last y past the end.
  private static func lookup(_ frame: Int, along xs: [Int], onto ys: [Int]) -> Int {
    if frame <= 0 { return 0 }
    var low = 0
    var high = xs.count
    while low < high {
      let mid = (low + high) / 2
      if xs[mid] < frame { low = mid + 1 } else { high = mid }
    }
    if low == xs.count { return ys[ys.count - 1] }
    if xs[low] == frame { return ys[low] }
    let (x0, x1, y0, y1) = (xs[low - 1], xs[low], ys[low - 1], ys[low])
    return y0 + roundedRatio((frame - x0) * (y1 - y0), x1 - x0)
  }

  /// The span `range` of the input occupies in the output.
  public func outputRange(forInput range: FrameRange) -> FrameRange {
    let start = outputFrame(forInput: range.start)
    return FrameRange(start: start, end: max(start, outputFrame(forInput: range.end)))
  }

  /// round(numerator / denominator) for denominator > 0, ties up, exact.
  static func roundedRatio(_ numerator: Int, _ denominator: Int) -> Int {
    let doubled = 2 * numerator + denominator
    let quotient = doubled / (2 * denominator)
    return doubled % (2 * denominator) < 0 ? quotient - 1 : quotient
  }
}

extension TimeMap {
  /// This map followed by `next` (which maps this map's output onward): n ↦ next(self(n)).
  ///
  /// The anchors are this map's anchors carried through `next`, plus `next`'s anchors pulled
  /// back into this map's input, so both maps' corners survive.
  public func then(_ next: TimeMap) -> TimeMap {
    var points: [(input: Int, output: Int)] = []
    points.reserveCapacity(anchorCount + next.anchorCount)
    var k = 0
    var j = 0
    while k < anchorCount || j < next.anchorCount {
      // Walk both maps in order of the middle (this map's output, next's input) axis.
      let middleA = k < anchorCount ? outputFrames[k] : Int.max
      let middleB = j < next.anchorCount ? next.inputFrames[j] : Int.max
      if middleA <= middleB {
        points.append((inputFrames[k], next.outputFrame(forInput: middleA)))
        if middleA == middleB { points.append((inputFrames[k], next.outputFrames[j])); j += 1 }
        k += 1
      } else {
        if middleB > outputFrameCount { break }
        points.append((inputFrame(forOutput: middleB), next.outputFrames[j]))
        j += 1
      }
    }
    var result = TimeMap()
    for point in points {
      let lastIn = result.inputFrameCount
      let lastOut = result.outputFrameCount
      result.append(input: max(point.input, lastIn), output: max(point.output, lastOut))
    }
    return result
  }
}

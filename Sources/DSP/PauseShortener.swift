import RealModule

/// Shortens every pause longer than `maxPauseFrames` to exactly that length (Smart-Speed style).
///
/// The input is cut into hops of H = 10 ms at absolute positions k·H. A hop is quiet when the
/// RMS of its channel mean is below `thresholdDBFS`; a pause is a maximal run of quiet hops,
/// [r₀, r₁). A pause longer than M = `maxPauseFrames` keeps its first h = ⌊(M − F)/2⌋ and last
/// t = M − F − h frames and cross-fades (F = `crossfadeFrames`, ≤ 10 ms) from the frames after
/// the head into the frames before the tail:
///
///     out = x[r₀, r₀+h) ‖ blend(x[r₀+h, r₀+h+F), x[r₁−t−F, r₁−t)) ‖ x[r₁−t, r₁)
///
/// so it lasts exactly M frames and the room tone runs on without a step. The time map gets
/// anchors (r₀+h, o) and (r₁−t, o+F). Only the head's fade-out and the last t + F frames of a
/// running pause are held, so memory does not grow with the pause.
public struct PauseShortener: AudioProcessor, Sendable {
  public let maxPauseFrames: Int
  public let thresholdDBFS: Float
  public let channelCount: Int
  public let hopFrames: Int
  public let crossfadeFrames: Int
  public var latency: Int { 0 }
  public private(set) var timeMap = TimeMap()

  private let head: Int
  private let tail: Int
  private let thresholdMeanSquare: Float
  /// Frames not yet classified (less than a hop).
  private var pending: [Float] = []
  /// Absolute input frame where the current quiet run started, if in one.
  private var runStart: Int?
  /// Input frames consumed (classified) so far.
  private var consumed = 0
  private var produced = 0
  /// Frames of the current run after its head: the fade-out part, then the most recent frames.
  private var fadeOut: [Float] = []
  private var recent: [Float] = []

  public init(maxPauseFrames: Int, thresholdDBFS: Float, sampleRate: Int, channelCount: Int) {
    precondition(maxPauseFrames > 0, "PauseShortener needs a positive maximum pause")
    self.maxPauseFrames = maxPauseFrames
    self.thresholdDBFS = thresholdDBFS
    self.channelCount = channelCount
    hopFrames = Envelope.defaultHop(sampleRate: sampleRate)
    crossfadeFrames = min(sampleRate / 100, maxPauseFrames / 2)
    head = (maxPauseFrames - crossfadeFrames) / 2
    tail = maxPauseFrames - crossfadeFrames - head
    thresholdMeanSquare = Decibels.power(thresholdDBFS)
  }

  public mutating func process(_ input: AudioBuffer, into output: inout AudioBuffer) {
    precondition(input.channelCount == channelCount, "PauseShortener expects \(channelCount) channels")
    pending.append(contentsOf: input.samples)
    let hopSamples = hopFrames * channelCount
    var offset = 0
    while pending.count - offset >= hopSamples {
      take(pending[offset..<(offset + hopSamples)], into: &output.samples)
      offset += hopSamples
    }
    pending.removeFirst(offset)
  }

  public mutating func flush(into output: inout AudioBuffer) {
    if !pending.isEmpty { take(pending[...], into: &output.samples) }
    pending = []
    endRun(into: &output.samples)
    timeMap.finish(inputFrames: consumed, outputFrames: produced)
  }

  /// Classifies one hop and passes it on, holds it, or drops it.
  private mutating func take(_ hop: ArraySlice<Float>, into output: inout [Float]) {
    let frames = hop.count / channelCount
    let first = hop.startIndex
    var sum: Float = 0
    for n in 0..<frames {
      var mean: Float = 0
      for c in 0..<channelCount { mean += hop[first + n * channelCount + c] }
      mean /= Float(channelCount)
      sum = Relaxed.multiplyAdd(mean, mean, sum)
    }
    let quiet = sum / Float(frames) < thresholdMeanSquare
    if !quiet { endRun(into: &output) }
    if quiet && runStart == nil { runStart = consumed }
    consumed += frames
    guard let start = runStart else { return emit(hop, into: &output) }
    // Inside a pause: frames [start, start+head) pass, the next F are the fade-out, the rest wait.
    let firstFrame = consumed - frames
    let headEnd = min(max(start + head - firstFrame, 0), frames)
    let fadeEnd = min(max(start + head + crossfadeFrames - firstFrame, 0), frames)
    let c = channelCount
    output.append(contentsOf: hop[first..<(first + headEnd * c)])
    produced += headEnd
    fadeOut.append(contentsOf: hop[(first + headEnd * c)..<(first + fadeEnd * c)])
    recent.append(contentsOf: hop[(first + fadeEnd * c)...])
    let keep = (tail + crossfadeFrames) * channelCount
    if recent.count > 2 * keep + hopFrames * channelCount { recent.removeFirst(recent.count - keep) }
  }

  private mutating func emit(_ hop: ArraySlice<Float>, into output: inout [Float]) {
    output.append(contentsOf: hop)
    produced += hop.count / channelCount
    timeMap.append(input: consumed, output: produced)
  }

  /// Closes the current pause (if any) at `consumed`: passes it whole or cut to the maximum.
  private mutating func endRun(into output: inout [Float]) {
    guard let start = runStart else { return }
    runStart = nil
    let length = consumed - start
    if length <= maxPauseFrames {
      output.append(contentsOf: fadeOut)
      output.append(contentsOf: recent)
      produced += (fadeOut.count + recent.count) / channelCount
      timeMap.append(input: consumed, output: produced)
    } else {
      let keep = (tail + crossfadeFrames) * channelCount
      // The fade-in is taken from the end of everything held; for a pause just over the
      // maximum it may overlap the fade-out, which is harmless.
      let last = Array((fadeOut + recent).suffix(keep))
      timeMap.append(input: start + head, output: produced)
      var blended = [Float](repeating: 0, count: crossfadeFrames * channelCount)
      fadeOut.withUnsafeBufferPointer { out in
        last.withUnsafeBufferPointer { into in
          blended.withUnsafeMutableBufferPointer { target in
            guard let a = out.baseAddress, let b = into.baseAddress, let c = target.baseAddress else { return }
            Crossfade.mix(fadeOut: a, fadeIn: b, into: c, frames: crossfadeFrames, channelCount: channelCount)
          }
        }
      }
      output.append(contentsOf: blended)
      output.append(contentsOf: last[(crossfadeFrames * channelCount)...])
      produced += crossfadeFrames
      timeMap.append(input: consumed - tail, output: produced)
      produced += tail
      timeMap.append(input: consumed, output: produced)
    }
    fadeOut = []
    recent = []
  }
}

/// A first-in-first-out window of interleaved frames addressed by absolute frame number.
///
/// Frames are appended at the end and discarded from the front; `discard(before:)` only moves
/// memory once the dead prefix is larger than what is kept, so both are amortised O(1) per
/// frame and the storage stays about twice the largest window a caller keeps.
struct FrameQueue: Sendable {
  let channelCount: Int
  private(set) var samples: [Float] = []
  /// Absolute frame number of `samples[0]`.
  private(set) var startFrame = 0
  /// Absolute frame number of the first discarded-but-not-yet-moved frame boundary.
  private var firstLiveFrame = 0

  init(channelCount: Int) { self.channelCount = channelCount }

  /// One past the last frame held.
  var endFrame: Int { startFrame + samples.count / channelCount }

  /// Index into `samples` of the first sample of absolute frame `frame`.
  @inline(__always) func offset(of frame: Int) -> Int { (frame - startFrame) * channelCount }

  mutating func append(_ source: UnsafeBufferPointer<Float>) {
    samples.append(contentsOf: source)
  }

  mutating func append(zeroFrames count: Int) {
    samples.append(contentsOf: repeatElement(0, count: count * channelCount))
  }

  /// Frees frames before `frame` (they will not be read again).
  mutating func discard(before frame: Int) {
    firstLiveFrame = max(firstLiveFrame, min(frame, endFrame))
    let dead = firstLiveFrame - startFrame
    if dead > 4_096 && dead * 2 >= samples.count / channelCount {
      samples.removeFirst(dead * channelCount)
      startFrame = firstLiveFrame
    }
  }
}

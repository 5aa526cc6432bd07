/// Interleaved 32-bit float audio in [−1, 1]: the one currency between stages.
///
/// A *frame* is one instant across all channels; a *sample* is one channel's
/// value. `samples.count == frameCount * channelCount` always holds.
public struct AudioBuffer: Sendable, Equatable {
  public var samples: [Float]
  public let channelCount: Int
  public let sampleRate: Int

  public init(samples: [Float] = [], channelCount: Int, sampleRate: Int) {
    precondition(channelCount > 0, "AudioBuffer needs at least one channel")
    precondition(sampleRate > 0, "AudioBuffer needs a positive sample rate")
    precondition(
      samples.count % channelCount == 0,
      "AudioBuffer got \(samples.count) samples, not a whole number of \(channelCount)-channel frames")
    self.samples = samples
    self.channelCount = channelCount
    self.sampleRate = sampleRate
  }

  /// A buffer of `frameCount` frames of digital silence.
  public init(silenceFrames frameCount: Int, channelCount: Int, sampleRate: Int) {
    self.init(
      samples: [Float](repeating: 0, count: frameCount * channelCount),
      channelCount: channelCount, sampleRate: sampleRate)
  }

  public var frameCount: Int { samples.count / channelCount }
  public var isEmpty: Bool { samples.isEmpty }

  /// The frames in `range`, as a new buffer.
  public func frames(_ range: Range<Int>) -> AudioBuffer {
    precondition(range.lowerBound >= 0 && range.upperBound <= frameCount, "frame range out of bounds")
    return AudioBuffer(
      samples: Array(samples[(range.lowerBound * channelCount)..<(range.upperBound * channelCount)]),
      channelCount: channelCount, sampleRate: sampleRate)
  }

  /// Appends `other`, which must have the same channel count and rate.
  public mutating func append(_ other: AudioBuffer) {
    precondition(other.channelCount == channelCount, "channel count mismatch in append")
    precondition(other.sampleRate == sampleRate, "sample rate mismatch in append")
    samples.append(contentsOf: other.samples)
  }

  /// Removes the first `count` frames.
  public mutating func removeFirstFrames(_ count: Int) {
    precondition(count >= 0 && count <= frameCount, "cannot remove \(count) of \(frameCount) frames")
    samples.removeFirst(count * channelCount)
  }

  /// Keeps only the first `count` frames.
  public mutating func truncate(toFrames count: Int) {
    if count < frameCount { samples.removeLast((frameCount - count) * channelCount) }
  }

  /// An empty buffer of the same shape.
  public func emptyCopy() -> AudioBuffer {
    AudioBuffer(channelCount: channelCount, sampleRate: sampleRate)
  }
}

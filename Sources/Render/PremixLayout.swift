import DSP

/// Where the voice sits in a premix: bed-only time before the first word and after the last.
///
/// With speech from s to e in a voice of N frames, lead-in L and tail T (frames):
///
///     padBefore = max(0, L − s)          (the recording's own silence counts towards L)
///     padAfter  = max(0, T − (N − e))
///     frameCount = padBefore + N + padAfter
///
/// Every voice time t moves to t + padBefore in the premix (verse timings, gain track).
public struct PremixLayout: Sendable, Equatable {
  public let padBeforeFrames: Int
  public let padAfterFrames: Int
  public let frameCount: Int

  public init(voiceFrames: Int, speech: [FrameRange], leadInFrames: Int, tailFrames: Int) {
    let first = speech.map(\.start).min() ?? 0
    let last = speech.map(\.end).max() ?? voiceFrames
    padBeforeFrames = max(0, leadInFrames - first)
    padAfterFrames = max(0, tailFrames - (voiceFrames - last))
    frameCount = padBeforeFrames + voiceFrames + padAfterFrames
  }

  /// The plan's lead-in and tail at `sampleRate`.
  public init(voiceFrames: Int, speech: [FrameRange], plan: RenderPlan, sampleRate: Int) {
    self.init(
      voiceFrames: voiceFrames, speech: speech,
      leadInFrames: FrameTime.frames(seconds: plan.leadInMilliseconds / 1000, sampleRate: sampleRate),
      tailFrames: FrameTime.frames(seconds: plan.tailMilliseconds / 1000, sampleRate: sampleRate))
  }

  /// A voice frame's position in the premix.
  public func premixFrame(_ voiceFrame: Int) -> Int { voiceFrame + padBeforeFrames }

  /// The voice padded with silence to the premix length.
  public func pad(_ voice: AudioBuffer) -> AudioBuffer {
    var out = AudioBuffer(
      silenceFrames: padBeforeFrames, channelCount: voice.channelCount, sampleRate: voice.sampleRate)
    // One allocation for the whole premix: two growing appends would copy the voice twice.
    out.samples.reserveCapacity((padBeforeFrames + voice.frameCount + padAfterFrames) * voice.channelCount)
    out.append(voice)
    out.append(
      AudioBuffer(silenceFrames: padAfterFrames, channelCount: voice.channelCount, sampleRate: voice.sampleRate))
    return out
  }
}

import DSP

/// Stretches a full render's narration to each rate with the speech stretcher, reporting its
/// time map; pauses longer than `maxPauseMilliseconds` are shortened first (as `prep render
/// --output` does), with the pause threshold given or taken from the narration's envelope.
struct RenderStretch: Sendable {
  let maxPauseFrames: Int?
  let pauseThresholdDBFS: Float
  let sampleRate: Int
  let channelCount: Int

  init(narration: NarrationAudio, maxPauseMilliseconds: Int?, pauseThresholdDBFS: Double?) throws {
    sampleRate = narration.sampleRate
    channelCount = narration.channelCount
    maxPauseFrames = maxPauseMilliseconds.map {
      FrameTime.frames(seconds: Double($0) / 1_000, sampleRate: narration.sampleRate)
    }
    if let given = pauseThresholdDBFS {
      self.pauseThresholdDBFS = Float(given)
    } else if maxPauseMilliseconds != nil {
      // The envelope in one streaming pass over the narration.
      var envelope = Envelope(sampleRate: narration.sampleRate)
      var source = try narration.source()
      try source.forEachChunk { envelope.add($0) }
      envelope.finish()
      self.pauseThresholdDBFS = EnvelopeStats.speechThresholdDBFS(envelope)
    } else {
      self.pauseThresholdDBFS = -50  // unused: no pause shortening
    }
  }

  func callAsFunction(_ speed: Double) -> any NarrationStretcher {
    Stretcher(
      speed: speed, sampleRate: sampleRate, channelCount: channelCount, maxPauseFrames: maxPauseFrames,
      pauseThresholdDBFS: pauseThresholdDBFS)
  }
}

extension Stretcher: NarrationStretcher {
  public func outputFrameMap() -> @Sendable (Int) -> Int {
    let map = timeMap
    return { map.outputFrame(forInput: $0) }
  }
}

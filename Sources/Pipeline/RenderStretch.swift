import DSP

/// Stretches a full render's narration to each rate with the speech stretcher, reporting its
/// time map; pauses longer than `maxPauseMilliseconds` are shortened first (as `prep render
/// --output` does), with the pause threshold given or taken from the narration's envelope.
struct RenderStretch {
  let maxPauseFrames: Int?
  let pauseThresholdDBFS: Float

  init(narration: AudioBuffer, maxPauseMilliseconds: Int?, pauseThresholdDBFS: Double?) {
    maxPauseFrames = maxPauseMilliseconds.map {
      FrameTime.frames(seconds: Double($0) / 1_000, sampleRate: narration.sampleRate)
    }
    if let given = pauseThresholdDBFS {
      self.pauseThresholdDBFS = Float(given)
    } else if maxPauseMilliseconds != nil {
      self.pauseThresholdDBFS = EnvelopeStats.speechThresholdDBFS(Envelope(of: narration))
    } else {
      self.pauseThresholdDBFS = -50  // unused: no pause shortening
    }
  }

  func callAsFunction(_ audio: AudioBuffer, _ speed: Double) throws -> StretchedNarration {
    var stretcher = Stretcher(
      speed: speed, sampleRate: audio.sampleRate, channelCount: audio.channelCount, maxPauseFrames: maxPauseFrames,
      pauseThresholdDBFS: pauseThresholdDBFS)
    let output = stretcher.processAll(audio, chunkFrames: Streaming.chunkFrames)
    let map = stretcher.timeMap
    return StretchedNarration(audio: output, outputFrame: { map.outputFrame(forInput: $0) })
  }
}

import DSP

/// Stretches the narration of a full render to each rate, with the time map.
struct RenderStretch {
  let narration: AudioBuffer
  let maxPauseMilliseconds: Int?

  func callAsFunction(_ audio: AudioBuffer, _ speed: Double) throws -> StretchedNarration {
    // TEMPORARY until the stretcher is merged: only the identity is available.
    guard speed == 1, maxPauseMilliseconds == nil else { throw RenderStretchPending() }
    return StretchedNarration(audio: audio, outputFrame: { $0 })
  }
}

struct RenderStretchPending: Error, CustomStringConvertible {
  var description: String { "the stretcher is not merged yet" }
}

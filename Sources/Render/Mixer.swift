import DSP

/// Sums the voice and the bed under a gain track, in any chunk size.
///
///     out[n][c] = voice[n][c] + bedLevel · gain(n) · bed[n][c]
///
/// where both inputs are first converted to the output's channel count (`ChannelMix`:
/// mono goes to every channel, more channels are averaged down), `gain(n)` comes from the
/// gain track at absolute frame n, and `bedLevel` is a fixed linear factor (e.g. the gain that
/// matches the bed's loudness to the voice's before the track's relative levels apply).
public struct Mixer: Sendable {
  public let channelCount: Int
  public let sampleRate: Int
  public let bedGain: GainTrack
  public let bedLevelDB: Double
  /// Frames mixed so far: the absolute position of the next chunk.
  public private(set) var position = 0

  public init(channelCount: Int, sampleRate: Int, bedGain: GainTrack, bedLevelDB: Double = 0) {
    precondition(bedGain.sampleRate == sampleRate, "gain track at \(bedGain.sampleRate) Hz, mixer at \(sampleRate) Hz")
    self.channelCount = channelCount
    self.sampleRate = sampleRate
    self.bedGain = bedGain
    self.bedLevelDB = bedLevelDB
  }

  /// The output channel count for a voice and a bed: the larger of the two (mono + stereo → stereo).
  public static func outputChannelCount(voice: Int, bed: Int) -> Int { max(voice, bed) }

  /// Mixes the next chunk; `voice` and `bed` must have the same number of frames.
  public mutating func mix(voice: AudioBuffer, bed: AudioBuffer) -> AudioBuffer {
    precondition(voice.frameCount == bed.frameCount, "voice and bed chunks differ in length")
    precondition(voice.sampleRate == sampleRate && bed.sampleRate == sampleRate, "mixer got another sample rate")
    let frames = voice.frameCount
    var out = ChannelMix.convert(voice, to: channelCount)
    let music = ChannelMix.convert(bed, to: channelCount)
    let level = Float(Decibels.gain(bedLevelDB))
    let gains = bedGain.linearGains(position..<(position + frames))
    let channels = channelCount
    out.samples.withUnsafeMutableBufferPointer { output in
      music.samples.withUnsafeBufferPointer { input in
        gains.withUnsafeBufferPointer { gain in
          for n in 0..<frames {
            let g = level * gain[n]
            for c in 0..<channels {
              output[n * channels + c] += g * input[n * channels + c]
            }
          }
        }
      }
    }
    position += frames
    return out
  }

  /// Mixes whole buffers in one call.
  public static func mix(
    voice: AudioBuffer, bed: AudioBuffer, bedGain: GainTrack, bedLevelDB: Double = 0
  ) -> AudioBuffer {
    var mixer = Mixer(
      channelCount: outputChannelCount(voice: voice.channelCount, bed: bed.channelCount),
      sampleRate: voice.sampleRate, bedGain: bedGain, bedLevelDB: bedLevelDB)
    return mixer.mix(voice: voice, bed: bed)
  }
}

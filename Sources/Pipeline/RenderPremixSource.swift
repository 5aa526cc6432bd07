import DSP
import Render

/// One bed variant's premix made chunk by chunk: the rate's voice padded to the layout, plus the
/// looped bed with its fades at `bedLevelDB` under the ducking track (`Mixer`), frame for frame
/// what mixing the whole buffers gives.
struct PremixSource: FrameSource {
  let layout: PremixLayout
  let bed: MusicBed
  let fadeInFrames: Int
  let fadeOutFrames: Int
  private var voice: any FrameSource
  private var mixer: Mixer
  private var position = 0

  init(
    voice: any FrameSource, layout: PremixLayout, bed: MusicBed, fadeInFrames: Int, fadeOutFrames: Int,
    track: GainTrack, bedLevelDB: Double
  ) {
    self.voice = voice
    self.layout = layout
    self.bed = bed
    self.fadeInFrames = fadeInFrames
    self.fadeOutFrames = fadeOutFrames
    mixer = Mixer(
      channelCount: Mixer.outputChannelCount(voice: voice.channelCount, bed: bed.audio.channelCount),
      sampleRate: voice.sampleRate, bedGain: track, bedLevelDB: bedLevelDB)
  }

  var sampleRate: Int { mixer.sampleRate }
  var channelCount: Int { mixer.channelCount }
  var frameCount: Int? { layout.frameCount }

  mutating func read(maxFrames: Int) throws -> AudioBuffer {
    let range = position..<min(layout.frameCount, position + maxFrames)
    guard !range.isEmpty else { return AudioBuffer(channelCount: channelCount, sampleRate: sampleRate) }
    // The voice's frames in this range, silence before and after it.
    let voiceStart = layout.padBeforeFrames
    let voiceEnd = voiceStart + (layout.frameCount - layout.padBeforeFrames - layout.padAfterFrames)
    var padded = AudioBuffer(
      silenceFrames: max(0, min(range.upperBound, voiceStart) - range.lowerBound), channelCount: voice.channelCount,
      sampleRate: sampleRate)
    let from = max(range.lowerBound, voiceStart)
    let to = min(range.upperBound, voiceEnd)
    if to > from { padded.append(try read(voiceFrames: to - from)) }
    padded.append(
      AudioBuffer(
        silenceFrames: range.count - padded.frameCount, channelCount: voice.channelCount, sampleRate: sampleRate))
    var music = bed.render(frames: range)
    Fades.apply(
      to: &music, startingAt: range.lowerBound, of: layout.frameCount, fadeInFrames: fadeInFrames,
      fadeOutFrames: fadeOutFrames)
    position = range.upperBound
    return mixer.mix(voice: padded, bed: music)
  }

  /// Exactly `count` frames of the voice.
  private mutating func read(voiceFrames count: Int) throws -> AudioBuffer {
    var out = AudioBuffer(channelCount: voice.channelCount, sampleRate: voice.sampleRate)
    while out.frameCount < count {
      let chunk = try voice.read(maxFrames: count - out.frameCount)
      precondition(!chunk.isEmpty, "the voice ended before its layout says")
      out.append(chunk)
    }
    return out
  }
}

/// The looped bed alone with its fades (the bed stem, before its level and limiter).
struct BedSource: FrameSource {
  let bed: MusicBed
  let frames: Int
  let fadeInFrames: Int
  let fadeOutFrames: Int
  private var position = 0

  init(bed: MusicBed, frameCount: Int, fadeInFrames: Int, fadeOutFrames: Int) {
    self.bed = bed
    frames = frameCount
    self.fadeInFrames = fadeInFrames
    self.fadeOutFrames = fadeOutFrames
  }

  var sampleRate: Int { bed.audio.sampleRate }
  var channelCount: Int { bed.audio.channelCount }
  var frameCount: Int? { frames }

  mutating func read(maxFrames: Int) throws -> AudioBuffer {
    let range = position..<min(frames, position + maxFrames)
    var music = bed.render(frames: range)
    Fades.apply(
      to: &music, startingAt: range.lowerBound, of: frames, fadeInFrames: fadeInFrames, fadeOutFrames: fadeOutFrames)
    position = range.upperBound
    return music
  }
}

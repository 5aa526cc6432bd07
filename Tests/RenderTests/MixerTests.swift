import DSP
import TestSupport
import Testing

@testable import Render

@Suite struct MixerTests {
  @Test func monoVoiceOverStereoBedGivesStereo() {
    let voice = Signals.sine(hz: 441, frames: 10_000, amplitude: 0.5)
    let bed = Signals.noise(seed: 2, frames: 10_000, channelCount: 2, amplitude: 0.5)
    let track = GainTrack(constantDB: -18, sampleRate: 44_100)
    let mix = Mixer.mix(voice: voice, bed: bed, bedGain: track)
    #expect(mix.channelCount == 2 && mix.frameCount == 10_000)
    let g = Float(Decibels.gain(-18))
    for n in stride(from: 0, to: 10_000, by: 101) {
      for c in 0..<2 {
        #expect(abs(mix.samples[2 * n + c] - (voice.samples[n] + g * bed.samples[2 * n + c])) < 1e-6)
      }
    }
  }

  @Test func chunkedMixingMatchesWhole() {
    let voice = Signals.noise(seed: 4, frames: 20_000, channelCount: 2)
    let bed = Signals.noise(seed: 5, frames: 20_000, channelCount: 1)
    let track = Ducking.gainTrack(
      speech: [FrameRange(start: 5_000, end: 15_000)], frameCount: 20_000, sampleRate: 44_100,
      options: .init())
    let whole = Mixer.mix(voice: voice, bed: bed, bedGain: track, bedLevelDB: -3)
    var mixer = Mixer(channelCount: 2, sampleRate: 44_100, bedGain: track, bedLevelDB: -3)
    var pieces = AudioBuffer(channelCount: 2, sampleRate: 44_100)
    for start in stride(from: 0, to: 20_000, by: 1_234) {
      let range = start..<min(start + 1_234, 20_000)
      pieces.append(mixer.mix(voice: voice.frames(range), bed: bed.frames(range)))
    }
    #expect(pieces == whole)
  }

  @Test func bedSitsAtTheTrackLevelUnderSpeech() {
    // Voice and bed at equal level; during speech the bed part of the mix is 18 dB under.
    let frames = 44_100
    let voice = Signals.silence(frames: frames)
    let bed = Signals.noise(seed: 8, frames: frames, amplitude: 0.3)
    let track = Ducking.gainTrack(
      speech: [FrameRange(start: 10_000, end: 30_000)], frameCount: frames, sampleRate: 44_100,
      options: .init())
    let mix = Mixer.mix(voice: voice, bed: bed, bedGain: track)
    let under = levelDB(mix, 12_000..<28_000) - levelDB(bed, 12_000..<28_000)
    let open = levelDB(mix, 0..<5_000) - levelDB(bed, 0..<5_000)
    #expect(abs(under - -18) < 0.01)
    #expect(abs(open - -12) < 0.01)
  }
}

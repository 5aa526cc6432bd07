import DSP
import RealModule
import TestSupport
import Testing

/// The band levels align reads: chunk-independent, blind to hum, right for a tone.
@Suite struct SpeechFeaturesTests {
  @Test(arguments: [1, 7, 1_024])
  func chunkIndependent(chunk: Int) {
    let noise = Signals.noise(seed: 9, frames: 20_000, channelCount: 2)
    let whole = SpeechFeatures(of: noise)
    var chunked = SpeechFeatures(sampleRate: 44_100)
    for piece in noise.chunks(of: chunk) { chunked.add(piece) }
    chunked.finish()
    #expect(chunked.voiceDBFS == whole.voiceDBFS)
    #expect(chunked.highDBFS == whole.highDBFS)
    #expect(whole.hopCount == (20_000 + 219) / 220)
  }

  /// 50 Hz hum at −20 dBFS RMS is at least 45 dB down in the voice band.
  @Test(arguments: [50.0, 60.0])
  func humIsRejected(hz: Double) {
    let hum = Signals.sine(hz: hz, frames: 44_100, amplitude: 0.1414)
    let features = SpeechFeatures(of: hum)
    for level in features.voiceDBFS.dropFirst(40) { #expect(level < -65) }
  }

  /// A 500 Hz sine of RMS −23 dBFS reads −23 dB in the voice and low bands, far less above 3 kHz.
  @Test func toneLevels() {
    let tone = Signals.sine(hz: 500, frames: 44_100, amplitude: 0.1)
    let features = SpeechFeatures(of: tone)
    let k = features.hopCount / 2
    #expect(abs(features.voiceDBFS[k] - -23.0) < 0.3)
    #expect(abs(features.lowDBFS[k] - -23.0) < 1.5)
    #expect(features.highDBFS[k] < -45)
  }

  @Test func digitalSilenceStaysFinite() {
    let features = SpeechFeatures(of: Signals.silence(frames: 44_100))
    #expect(features.voiceDBFS.allSatisfy { $0.isFinite && $0 <= -110 })
  }
}

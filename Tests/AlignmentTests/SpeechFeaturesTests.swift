import DSP
import RealModule
import TestSupport
import Testing

/// The band levels align reads: chunk-independent, as four sections in a row give them, blind
/// to hum, right for a tone.
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

  /// The pipelined SIMD4 section gives bit for bit the levels of the four sections run one
  /// after the other on each input (44.1 kHz mono: pairs averaged, a lone last frame, a last
  /// partial hop).
  @Test func pipelineIsExact() {
    let noise = Signals.noise(seed: 4, frames: 9_999)
    let features = SpeechFeatures(of: noise)
    let rate = 22_050.0
    var sections = [
      Section.highPass(hz: 250, q: 0.541_196, rate: rate), Section.highPass(hz: 250, q: 1.306_563, rate: rate),
      Section.lowPass(hz: 1_000, q: 0.707_107, rate: rate), Section.highPass(hz: 3_000, q: 0.707_107, rate: rate),
    ]
    var levels: (voice: [Float], low: [Float], high: [Float]) = ([], [], [])
    var sums: (voice: Float, low: Float, high: Float) = (0, 0, 0)
    var filled = 0
    let close = {
      let scale = 1 / Float(filled)
      levels.voice.append(Decibels.fromMeanSquare(sums.voice * scale))
      levels.low.append(Decibels.fromMeanSquare(sums.low * scale))
      levels.high.append(Decibels.fromMeanSquare(sums.high * scale))
      (sums, filled) = ((0, 0, 0), 0)
    }
    var tiny: Float = 1e-12
    let x = noise.samples
    for i in stride(from: 0, to: x.count, by: 2) {
      let input: Float
      if i + 1 < x.count {
        tiny = -tiny
        input = (x[i + 1] + x[i]) * 0.5 + tiny
      } else {
        input = x[i] / 2 * 2 + tiny
      }
      let voice = sections[1].run(sections[0].run(input))
      let low = sections[2].run(voice)
      let high = sections[3].run(voice)
      sums = (sums.voice + voice * voice, sums.low + low * low, sums.high + high * high)
      filled += 1
      if filled == 110 { close() }
    }
    if filled > 0 { close() }
    #expect(features.voiceDBFS == levels.voice)
    #expect(features.lowDBFS == levels.low)
    #expect(features.highDBFS == levels.high)
  }

  /// A scalar section (RBJ cookbook, transposed direct form II): the reference.
  struct Section {
    var b0: Float, b1: Float, b2: Float, a1: Float, a2: Float
    var z1: Float = 0, z2: Float = 0

    mutating func run(_ x: Float) -> Float {
      let y = b0 * x + z1
      z1 = b1 * x - a1 * y + z2
      z2 = b2 * x - a2 * y
      return y
    }

    static func highPass(hz: Double, q: Double, rate: Double) -> Section { make(hz: hz, q: q, rate: rate, high: true) }
    static func lowPass(hz: Double, q: Double, rate: Double) -> Section { make(hz: hz, q: q, rate: rate, high: false) }

    static func make(hz: Double, q: Double, rate: Double, high: Bool) -> Section {
      let w = 2 * Double.pi * hz / rate
      let cosW = Double.cos(w), alpha = Double.sin(w) / (2 * q), a0 = 1 + alpha
      let edge = high ? (1 + cosW) : (1 - cosW)
      return Section(
        b0: Float(edge / 2 / a0), b1: Float((high ? -edge : edge) / a0), b2: Float(edge / 2 / a0),
        a1: Float(-2 * cosW / a0), a2: Float((1 - alpha) / a0))
    }
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

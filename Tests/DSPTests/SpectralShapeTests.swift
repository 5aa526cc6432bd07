import DSP
import RealModule
import TestSupport
import Testing

@Suite struct SpectralShapeTests {
  /// The split real FFT equals a direct DFT of a seeded noise frame, |X[k]|², every k.
  @Test(arguments: [8, 64, 256, 512])
  func powerSpectrumIsTheDFTs(size: Int) {
    let frame = Signals.noise(seed: 7, frames: size, sampleRate: 8_000, amplitude: 0.5).samples
    var spectrum = PowerSpectrum(size: size)
    var power = [Float](repeating: 0, count: size / 2 + 1)
    frame.withUnsafeBufferPointer { f in power.withUnsafeMutableBufferPointer { spectrum.compute(f, into: $0) } }
    for k in 0...(size / 2) {
      var re = 0.0
      var im = 0.0
      for n in 0..<size {
        let angle = -2 * Double.pi * Double(k * n) / Double(size)
        re += Double(frame[n]) * Double.cos(angle)
        im += Double(frame[n]) * Double.sin(angle)
      }
      let exact = re * re + im * im
      #expect(abs(Double(power[k]) - exact) <= 1e-4 * max(1, exact), "N \(size), bin \(k): \(power[k]) vs \(exact)")
    }
  }

  /// A full-scale tone reads near 0 dB in its own band and far lower in bands an octave off;
  /// silence reads the floor.
  @Test(arguments: [8_000.0, 22_050.0, 24_000.0])
  func aToneLandsInItsBand(rate: Double) {
    var shape = SpectralShape(sampleRate: rate)
    let tone = Signals.sine(hz: 1_000, frames: Int(rate), sampleRate: Int(rate), amplitude: 1).samples
    tone.withUnsafeBufferPointer { shape.add($0) }
    #expect(shape.frameCount == 50)
    let bands = SpectralShape.melBands(
      size: shape.windowSize, rate: rate >= SpectralShape.pairsFromHz ? rate / 2 : rate)
    let levels = (0..<SpectralShape.bandCount).map { shape.level(frame: 25, band: $0) }
    let loudest = levels.indices.max { levels[$0] < levels[$1] } ?? 0
    let binHz = (rate >= SpectralShape.pairsFromHz ? rate / 2 : rate) / Double(shape.windowSize)
    let span =
      Double(bands[loudest].firstBin) * binHz...Double(bands[loudest].firstBin + bands[loudest].weights.count) * binHz
    #expect(span.contains(1_000), "\(rate) Hz: loudest band spans \(span)")
    #expect(levels[loudest] > -12, "\(rate) Hz: \(levels[loudest]) dB")
    #expect(levels[0] < levels[loudest] - 30 && levels[SpectralShape.bandCount - 1] < levels[loudest] - 30, "\(levels)")
    var quiet = SpectralShape(sampleRate: rate)
    [Float](repeating: 0, count: Int(rate / 10)).withUnsafeBufferPointer { quiet.add($0) }
    #expect(quiet.level(frame: 3, band: 3) == SpectralShape.floorDB)
  }

  /// SpeechFeatures carries the shape of what it was fed, the same in any chunking (at 30 kHz
  /// a frame step, 300 paired inputs, is longer than the 256-point window).
  @Test(arguments: [44_100, 30_000])
  func featuresCarryTheShapeInAnyChunking(rate: Int) {
    let audio = Signals.noise(seed: 3, frames: rate, sampleRate: rate, amplitude: 0.3)
    let whole = SpeechFeatures(of: audio)
    var chunked = SpeechFeatures(sampleRate: rate)
    var start = 0
    for size in [1, 999, 4_410, 17, 10_000] + Array(repeating: 4_096, count: 20) where start < audio.frameCount {
      let end = min(audio.frameCount, start + size)
      chunked.add(AudioBuffer(samples: Array(audio.samples[start..<end]), channelCount: 1, sampleRate: rate))
      start = end
    }
    chunked.finish()
    #expect(whole.shape?.frameCount == 50)
    #expect(whole.shape?.codes == chunked.shape?.codes)
  }
}

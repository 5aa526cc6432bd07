import DSP
import RealModule
import TestSupport
import Testing

@Suite struct RationalResamplerTests {
  static func resample(
    _ input: AudioBuffer, to rate: Int, chunk: Int = 4_096, keptBelowHz: Double? = nil
  ) -> AudioBuffer {
    var resampler = RationalResampler(
      from: input.sampleRate, to: rate, channelCount: input.channelCount, keptBelowHz: keptBelowHz)
    return resampler.processAll(input, chunkFrames: chunk)
  }

  /// The largest difference from the exact tone at the output rate, away from the ends (where
  /// the input is cut off).
  static func error(hz: Double, from: Int, to: Int, keptBelowHz: Double? = nil) -> Double {
    let seconds = 1
    let input = Signals.sine(hz: hz, frames: from * seconds, sampleRate: from)
    let output = resample(input, to: to, keptBelowHz: keptBelowHz)
    let exact = Signals.sine(hz: hz, frames: to * seconds, sampleRate: to)
    let edge = to / 100
    return (edge..<(to - edge)).map { Double(abs(output.samples[$0] - exact.samples[$0])) }.max() ?? 1
  }

  /// A tone anywhere in the passband (to 90 % of the lower rate's Nyquist frequency) comes out
  /// as the same tone at the new rate, within −90 dB of its amplitude (0.5).
  @Test(arguments: [(44_100, 48_000), (22_050, 48_000), (48_000, 44_100), (16_000, 48_000), (48_000, 22_050)])
  func tonesInThePassbandAreExact(rates: (Int, Int)) {
    let nyquist = Double(min(rates.0, rates.1)) / 2
    for hz in [100, 1_000, 0.5 * nyquist, 0.85 * nyquist] {
      let worst = RationalResamplerTests.error(hz: hz, from: rates.0, to: rates.1)
      #expect(worst < 0.5 * 3.2e-5, "\(hz) Hz, \(rates.0) → \(rates.1): \(worst)")
    }
  }

  /// Downsampling: a tone above the new Nyquist frequency is gone (no alias), > 90 dB down.
  @Test func downsamplingRemovesWhatCannotBeKept() {
    let input = Signals.sine(hz: 23_000, frames: 48_000, sampleRate: 48_000)
    let output = RationalResamplerTests.resample(input, to: 44_100)
    let inner = AudioBuffer(
      samples: Array(output.samples[441..<(44_100 - 441)]), channelCount: 1, sampleRate: 44_100)
    #expect(Signals.rms(inner) < 0.5 * 3.2e-5)
  }

  /// Upsampling: the image of a tone (mirrored at the old Nyquist frequency) is > 90 dB down.
  @Test func upsamplingLeavesNoImage() {
    let output = RationalResamplerTests.resample(
      Signals.sine(hz: 9_000, frames: 22_050, sampleRate: 22_050), to: 48_000)
    let image = 22_050.0 - 9_000
    var (re, im) = (0.0, 0.0)
    let range = 4_800..<43_200
    for n in range {
      let phase = 2 * Double.pi * image * Double(n) / 48_000
      re += Double(output.samples[n]) * Double.cos(phase)
      im += Double(output.samples[n]) * Double.sin(phase)
    }
    let amplitude = 2 * (re * re + im * im).squareRoot() / Double(range.count)
    #expect(amplitude < 0.5 * 3.2e-5)
  }

  /// For a codec that keeps only the band below 20 kHz (Opus), 44.1 → 48 kHz: the passband is
  /// as exact, and a tone's image that would fold back under 20 kHz (15 kHz: image at 29.1 kHz,
  /// folded to 18.9 kHz) is still > 90 dB down; only images above 20 kHz are left.
  @Test func codecBandKeepsEverythingUnderIt() {
    for hz in [100, 1_000, 11_025, 18_742.5] {
      let worst = RationalResamplerTests.error(hz: hz, from: 44_100, to: 48_000, keptBelowHz: 20_000)
      #expect(worst < 0.5 * 3.2e-5, "\(hz) Hz: \(worst)")
    }
    let output = RationalResamplerTests.resample(
      Signals.sine(hz: 15_000, frames: 44_100, sampleRate: 44_100), to: 48_000, keptBelowHz: 20_000)
    #expect(RationalResamplerTests.amplitude(of: 18_900, in: output.samples, rate: 48_000) < 0.5 * 3.2e-5)
    #expect(RationalResamplerTests.amplitude(of: 15_000, in: output.samples, rate: 48_000) > 0.49)
  }

  /// The amplitude of the component at `hz` in the middle 80 % of mono `samples` at `rate`.
  static func amplitude(of hz: Double, in samples: [Float], rate: Double) -> Double {
    var (re, im) = (0.0, 0.0)
    let range = (samples.count / 10)..<(samples.count * 9 / 10)
    for n in range {
      let phase = 2 * Double.pi * hz * Double(n) / rate
      re += Double(samples[n]) * Double.cos(phase)
      im += Double(samples[n]) * Double.sin(phase)
    }
    return 2 * (re * re + im * im).squareRoot() / Double(range.count)
  }

  /// Exactly round(n · to / from) frames, and the same frames in any chunking (stereo too).
  @Test(arguments: [(44_100, 48_000), (48_000, 44_100), (22_050, 48_000), (8_000, 44_100)], [0, 1, 999, 30_011])
  func lengthIsExactAndChunkingChangesNothing(rates: (Int, Int), frames: Int) {
    let input = Signals.noise(seed: 7, frames: frames, sampleRate: rates.0, channelCount: 2)
    let whole = RationalResamplerTests.resample(input, to: rates.1, chunk: max(1, frames))
    #expect(whole.frameCount == Int((Double(frames) * Double(rates.1) / Double(rates.0)).rounded()))
    for chunk in [1, 777, 20_000] where chunk < frames {
      #expect(RationalResamplerTests.resample(input, to: rates.1, chunk: chunk) == whole)
    }
  }
}

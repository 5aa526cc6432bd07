import DSP
import RealModule
import TestSupport
import Testing

@Suite struct RationalResamplerTests {
  static func resample(_ input: AudioBuffer, to rate: Int, chunk: Int = 4_096) -> AudioBuffer {
    var resampler = RationalResampler(from: input.sampleRate, to: rate, channelCount: input.channelCount)
    return resampler.processAll(input, chunkFrames: chunk)
  }

  /// The largest difference from the exact tone at the output rate, away from the ends (where
  /// the input is cut off).
  static func error(hz: Double, from: Int, to: Int) -> Double {
    let seconds = 1
    let input = Signals.sine(hz: hz, frames: from * seconds, sampleRate: from)
    let output = resample(input, to: to)
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

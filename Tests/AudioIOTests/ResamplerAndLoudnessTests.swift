import AudioIO
import CEbur128
import DSP
import TestSupport
import Testing

@Suite struct ResamplerTests {
  /// Output length is round(n · to / from) for every rate pair, whatever the quality.
  @Test(
    arguments: [(44_100, 48_000), (48_000, 44_100), (22_050, 48_000), (192_000, 48_000)],
    [0, 1, 999, 44_100])
  func lengthIsExact(rates: (Int, Int), frames: Int) {
    let input = Signals.sine(hz: 441, frames: frames, sampleRate: rates.0)
    let output = Resampler.resample(input, to: rates.1)
    let expected = Int((Double(frames) * Double(rates.1) / Double(rates.0)).rounded())
    #expect(output.frameCount == expected)
    #expect(output.sampleRate == rates.1)
  }

  /// A 1 kHz tone stays 1 kHz: count rising zero crossings over one second.
  @Test(arguments: [Resampler.Quality.medium, .best, .fastest])
  func frequencyIsKept(quality: Resampler.Quality) {
    let input = Signals.sine(hz: 1_000, frames: 44_100 * 2, sampleRate: 44_100, channelCount: 2)
    let output = Resampler.resample(input, to: 48_000, quality: quality)
    var crossings = 0
    for n in 48_000..<96_000 where output.samples[2 * (n - 1)] < 0 && output.samples[2 * n] >= 0 {
      crossings += 1
    }
    #expect(abs(crossings - 1_000) <= 1)
  }

  /// Chunked processing gives the same frames as one call.
  @Test func chunkIndependent() {
    let input = Signals.noise(seed: 11, frames: 30_000, sampleRate: 44_100)
    let whole = Resampler.resample(input, to: 48_000)
    var resampler = Resampler(from: 44_100, to: 48_000, channelCount: 1)
    let chunked = resampler.processAll(input, chunkFrames: 777)
    #expect(chunked.frameCount == whole.frameCount)
    let worst = zip(chunked.samples, whole.samples).map { abs($0 - $1) }.max() ?? 0
    #expect(worst < 1e-4)
  }
}

@Suite struct LoudnessMeterTests {
  /// BS.1770: a 997 Hz sine of peak A on both channels reads 20·log10(A) LUFS
  /// (−0.691 dB offset and the K-filter's gain at 997 Hz cancel); on one channel,
  /// 3.01 dB less (one channel of mean square A²/2).
  @Test(arguments: [1, 2], [0.1, 0.5])
  func sineReadsItsLevel(channels: Int, amplitude: Double) throws {
    let tone = Signals.sine(
      hz: 997, frames: 48_000 * 5, sampleRate: 48_000, channelCount: channels,
      amplitude: Float(amplitude))
    let meter = LoudnessMeter(channelCount: channels, sampleRate: 48_000)
    try meter.write(tone)
    let expected = Decibels.fromGain(amplitude) - (channels == 1 ? 3.0103 : 0)
    #expect(abs(meter.integratedLUFS - expected) < 0.1)
    #expect(abs(meter.truePeakDBTP - Decibels.fromGain(amplitude)) < 0.2)
    #expect(meter.rangeLU < 0.5)
  }
}

/// The DSP true-peak meter against libebur128's own, on material where inter-sample
/// peaks matter: speech-like bursts of varied level over noise, and an alternating
/// pair whose true peak is well above its sample peak.
@Suite struct TruePeakMeterTests {
  static func material(sampleRate: Int, channels: Int) -> AudioBuffer {
    var signal = Signals.noise(
      seed: 21, frames: sampleRate * 4, sampleRate: sampleRate, channelCount: channels,
      amplitude: 0.01)
    var rng = SplitMix64(seed: 4)
    for second in 0..<4 {
      let level = Float(0.05 + 0.4 * Double(rng.next() % 100) / 100)
      let burst = Signals.sine(
        hz: 300 + 2_900 * Double(second), frames: sampleRate / 3, sampleRate: sampleRate,
        channelCount: channels, amplitude: level)
      let offset = (second * sampleRate + sampleRate / 5) * channels
      for i in 0..<burst.samples.count { signal.samples[offset + i] += burst.samples[i] }
    }
    let click = (sampleRate * 3 + 777) * channels
    for c in 0..<channels {
      signal.samples[click + c] = 0.7
      signal.samples[click + channels + c] = -0.7
    }
    return signal
  }

  /// libebur128's true peak of `signal` (its own interpolator, every frame).
  static func reference(_ signal: AudioBuffer) -> Double {
    var pointer = ebur128_init(
      UInt32(signal.channelCount), UInt(signal.sampleRate), Int32(EBUR128_MODE_TRUE_PEAK.rawValue))
    guard let state = pointer else { preconditionFailure("ebur128_init failed") }
    defer { ebur128_destroy(&pointer) }
    signal.samples.withUnsafeBufferPointer {
      _ = ebur128_add_frames_float(state, $0.baseAddress, signal.frameCount)
    }
    var highest = 0.0
    for c in 0..<signal.channelCount {
      var value = 0.0
      ebur128_true_peak(state, UInt32(c), &value)
      highest = max(highest, value)
    }
    return Decibels.fromGain(highest)
  }

  @Test(arguments: [44_100, 48_000, 96_000, 192_000], [1, 2])
  func agreesWithLibebur128(sampleRate: Int, channels: Int) {
    let signal = Self.material(sampleRate: sampleRate, channels: channels)
    var meter = TruePeakMeter(channelCount: channels, sampleRate: sampleRate)
    var start = 0
    while start < signal.frameCount {  // an odd chunk size, to cross gate blocks
      meter.add(signal.frames(start..<min(start + 4_999, signal.frameCount)))
      start += 4_999
    }
    #expect(abs(meter.peakDBTP - Self.reference(signal)) < 0.01)
    // The alternating pair's inter-sample peak is seen where the meter oversamples 4×.
    let samplePeakDB = Decibels.fromGain(0.7)
    #expect(meter.peakDBTP > samplePeakDB + (sampleRate < 96_000 ? 0.4 : -0.001))
  }
}

/// The DSP loudness meter (`KWeightedLoudness`) against libebur128 on material whose level
/// moves (bursts at varied levels, a quiet stretch under the relative gate, near-silence under
/// the absolute gate), at every rate the pipeline meets, in odd chunks, mono to 5.1.
@Suite struct KWeightedLoudnessTests {
  static func material(sampleRate: Int, channels: Int, seconds: Int) -> AudioBuffer {
    var signal = Signals.noise(
      seed: 9, frames: sampleRate * seconds, sampleRate: sampleRate, channelCount: channels, amplitude: 0.0001)
    var rng = SplitMix64(seed: 17)
    for second in 0..<seconds where second % 7 != 3 {  // every seventh second stays near-silent
      let level = Float(second % 5 == 0 ? 0.01 : 0.05 + 0.4 * Double(rng.next() % 100) / 100)
      let burst = Signals.sine(
        hz: 60 + 40 * Double(rng.next() % 150), frames: sampleRate * 7 / 10, sampleRate: sampleRate,
        channelCount: channels, amplitude: level)
      let offset = second * sampleRate * channels
      for i in 0..<burst.samples.count {
        // Channels differ, so the weights matter: channel c at (c + 1) / channels of the level.
        let c = i % channels
        signal.samples[offset + i] += burst.samples[i] * Float(c + 1) / Float(channels)
      }
    }
    return signal
  }

  /// libebur128's integrated loudness and loudness range of `signal`.
  static func reference(_ signal: AudioBuffer) -> (lufs: Double, range: Double) {
    let mode = Int32(EBUR128_MODE_I.rawValue | EBUR128_MODE_LRA.rawValue)
    var pointer = ebur128_init(UInt32(signal.channelCount), UInt(signal.sampleRate), mode)
    guard let state = pointer else { preconditionFailure("ebur128_init failed") }
    defer { ebur128_destroy(&pointer) }
    signal.samples.withUnsafeBufferPointer {
      _ = ebur128_add_frames_float(state, $0.baseAddress, signal.frameCount)
    }
    var (lufs, range) = (0.0, 0.0)
    ebur128_loudness_global(state, &lufs)
    ebur128_loudness_range(state, &range)
    return (lufs, range)
  }

  @Test(arguments: [11_025, 22_050, 44_100, 48_000, 96_000], [1, 2, 6])
  func agreesWithLibebur128(sampleRate: Int, channels: Int) {
    let signal = Self.material(sampleRate: sampleRate, channels: channels, seconds: 30)
    var meter = KWeightedLoudness(channelCount: channels, sampleRate: sampleRate, range: true)
    var start = 0
    while start < signal.frameCount {  // an odd chunk size, to cross sub-blocks
      meter.add(signal.frames(start..<min(start + 4_999, signal.frameCount)))
      start += 4_999
    }
    let reference = Self.reference(signal)
    #expect(abs(meter.integratedLUFS - reference.lufs) < 1e-6)
    #expect(abs(meter.rangeLU - reference.range) < 1e-6)
    #expect(meter.rangeLU > 3)  // the material's level moves: the range is not trivially 0
  }

  @Test func silenceAndShortInputAreMinusInfinity() {
    var silent = KWeightedLoudness(channelCount: 1, sampleRate: 48_000, range: true)
    silent.add(AudioBuffer(silenceFrames: 48_000 * 5, channelCount: 1, sampleRate: 48_000))
    #expect(silent.integratedLUFS == -.infinity)
    #expect(silent.rangeLU == 0)
    // 390 ms of a loud tone: no complete 400 ms block, so nothing to measure (as libebur128).
    var short = KWeightedLoudness(channelCount: 1, sampleRate: 48_000)
    short.add(Signals.sine(hz: 997, frames: 18_720, sampleRate: 48_000, channelCount: 1, amplitude: 0.5))
    #expect(short.integratedLUFS == -.infinity)
    #expect(
      Self.reference(Signals.sine(hz: 997, frames: 18_720, sampleRate: 48_000, channelCount: 1, amplitude: 0.5)).lufs
        == -.infinity)
  }
}

import DSP
import TestSupport
import Testing

@Suite struct EnvelopeTests {
  /// A sine of peak A has RMS A/√2: 20·log10(0.5/√2) = −9.03 dBFS in every hop
  /// (1 kHz puts exactly 10 periods in a 441-frame hop).
  @Test func sineLevel() {
    let envelope = Envelope(of: Signals.sine(hz: 1_000, frames: 44_100, amplitude: 0.5))
    #expect(envelope.hopFrames == 441)
    #expect(envelope.rmsDBFS.count == 100)
    for level in envelope.rmsDBFS { #expect(abs(level - -9.03) < 0.01) }
  }

  /// The same frames give the same envelope whatever the chunking.
  @Test(arguments: [1, 7, 441, 1_000])
  func chunkIndependent(chunk: Int) {
    let noise = Signals.noise(seed: 5, frames: 10_000, channelCount: 2)
    let whole = Envelope(of: noise)
    var chunked = Envelope(sampleRate: 44_100)
    for piece in noise.chunks(of: chunk) { chunked.add(piece) }
    chunked.finish()
    #expect(chunked.rmsDBFS.count == whole.rmsDBFS.count)
    for (a, b) in zip(chunked.rmsDBFS, whole.rmsDBFS) { #expect(abs(a - b) < 1e-4) }
  }

  @Test func silenceIsTheFloor() {
    let envelope = Envelope(of: Signals.silence(frames: 4_410))
    #expect(envelope.rmsDBFS.allSatisfy { $0 == Envelope.floorDBFS })
  }

  /// Bursts with known gaps: silent edges and the speech threshold fall where they should.
  @Test func edgesOfBursts() {
    let (audio, spans) = Signals.bursts(
      lengths: [4_410, 8_820], gaps: [4_410], lead: 8_820, tail: 13_230, noiseFloor: 0.001)
    let envelope = Envelope(of: audio)
    let threshold = EnvelopeStats.soundThresholdDBFS(envelope)
    let edges = EnvelopeStats.silentEdges(envelope, thresholdDBFS: threshold)
    #expect(edges.lead == spans[0].start / 441)
    #expect(edges.tail == (audio.frameCount - spans[1].end) / 441)
    #expect(abs(EnvelopeStats.noiseFloorDBFS(envelope) - -64.8) < 2)  // uniform ±0.001 → −64.8 dBFS
  }
}

@Suite struct SignalStatsTests {
  @Test func countsClippingDCAndNonFinite() {
    var buffer = AudioBuffer(
      samples: [0.25, 1.0, -1.0, .nan, 0.25, .infinity], channelCount: 2, sampleRate: 44_100)
    var stats = SignalStats(channelCount: 2)
    stats.add(&buffer)
    #expect(stats.frameCount == 3)
    #expect(stats.clippedSamples == 2)
    #expect(stats.nonFiniteSamples == 2)
    #expect(stats.firstNonFiniteFrame == 1)
    #expect(stats.peak == 1.0)
    #expect(buffer.samples[3] == 0 && buffer.samples[5] == 0)
    #expect(stats.dcOffset == [-0.5 / 3, 1.0 / 3])  // NaN/∞ count as 0
  }

  /// Whole vectors and single samples give the same figures as counting sample by sample, for
  /// any channel count and chunking: seeded noise with runs of digital zero, NaN, ∞ and clipped
  /// samples sprinkled in, against a plain reference.
  @Test(arguments: [1, 2, 3, 4]) func vectorsAgreeWithPlainCounting(channels: Int) {
    var random = SplitMix64(seed: UInt64(channels))
    var samples = (0..<10_007 * channels).map { _ in Float.random(in: -0.5...0.5, using: &random) }
    // Zero runs: one at the very start, one long enough for whole vectors of zeros.
    for (start, length) in [(0, 17), (33, 17), (1_000, 17), (4_095, 150), (9_990, 17)] {
      for index in start * channels..<min(samples.count, (start + length) * channels) { samples[index] = 0 }
    }
    for index in [5, 700, 701, 8_000] { samples[index * channels % samples.count] = .nan }
    samples[3_333 * channels - 1] = -.infinity
    for index in [100, 2_000, 2_001] { samples[index] = index % 2 == 0 ? 1 : -0.9995 }
    let clean = samples.map { $0.isFinite ? $0 : 0 }
    var zeroRun = (start: 0, count: 0), longest = (start: 0, count: 0)
    for frame in 0..<clean.count / channels {
      let zero = clean[frame * channels..<(frame + 1) * channels].allSatisfy { $0 == 0 }
      if zero, zeroRun.count == 0 { zeroRun.start = frame }
      zeroRun.count = zero ? zeroRun.count + 1 : 0
      if zeroRun.count > longest.count { longest = zeroRun }
    }
    var stats = SignalStats(channelCount: channels)
    var offset = 0
    for size in [1, 15, 16, 17, 1_000, 4_096] + Array(repeating: 4_096, count: 10) where offset < samples.count {
      let count = min(size * channels, samples.count - offset)
      var chunk = AudioBuffer(
        samples: Array(samples[offset..<offset + count]), channelCount: channels, sampleRate: 44_100)
      stats.add(&chunk)
      #expect(chunk.samples == Array(clean[offset..<offset + count]))
      offset += count
    }
    #expect(stats.frameCount == 10_007)
    #expect(stats.nonFiniteSamples == 5)
    #expect(stats.firstNonFiniteFrame == 5)
    #expect(stats.clippedSamples == 3)
    #expect(stats.peak == 1)
    #expect(stats.longestZeroRun == longest)
    for channel in 0..<channels {
      let values = stride(from: channel, to: clean.count, by: channels).map { Double(clean[$0]) }
      #expect(abs(stats.dcOffset[channel] - values.reduce(0, +) / 10_007) < 1e-6)
    }
    if channels == 2 {
      let frames = (0..<10_007).map { (Double(clean[2 * $0]), Double(clean[2 * $0 + 1])) }
      let mid = frames.reduce(0) { $0 + ($1.0 + $1.1) * ($1.0 + $1.1) }
      let side = frames.reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
      #expect(abs(stats.midEnergy / mid - 1) < 1e-5 && abs(stats.sideEnergy / side - 1) < 1e-5)
    }
  }
}

@Suite struct ChannelMixTests {
  @Test func stereoToMonoIsTheMean() {
    let stereo = AudioBuffer(samples: [1, 0, 0.5, 0.5], channelCount: 2, sampleRate: 8_000)
    #expect(ChannelMix.convert(stereo, to: 1).samples == [0.5, 0.5])
  }

  @Test func monoToStereoCopies() {
    let mono = AudioBuffer(samples: [0.25, -0.5], channelCount: 1, sampleRate: 8_000)
    #expect(ChannelMix.convert(mono, to: 2).samples == [0.25, 0.25, -0.5, -0.5])
  }

  @Test func decibels() {
    #expect(abs(Decibels.gain(-6.0206) - 0.5) < 1e-4)
    #expect(abs(Decibels.fromGain(0.1) - -20) < 1e-9)
  }
}

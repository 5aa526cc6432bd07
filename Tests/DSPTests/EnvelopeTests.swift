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

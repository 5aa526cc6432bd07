import DSP
import TestSupport
import Testing

/// The stretcher's invariants: exact length, chunking and determinism, identity, silence,
/// pitch, channel coherence.
@Suite struct StretcherTests {
  @Test(arguments: [0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0], [0, 1, 99, 4_095, 30_001])
  func lengthIsExactlyRoundedFramesOverSpeed(speed: Double, frames: Int) {
    let input = StretcherFixtures.speechLike(frames: frames)
    let (output, map) = StretcherFixtures.stretch(input, speed: speed, chunkFrames: 1_000)
    let expected = StretcherFixtures.expectedFrames(frames, speed: speed)
    #expect(output.frameCount == expected)
    #expect(map.inputFrameCount == frames)
    #expect(map.outputFrameCount == expected)
  }

  @Test(arguments: [0.75, 1.5, 2.0, 3.0], [1, 2])
  func chunkSizeDoesNotChangeTheOutput(speed: Double, channelCount: Int) {
    let input = StretcherFixtures.speechLike(frames: 16_000, channelCount: channelCount)
    let (whole, wholeMap) = StretcherFixtures.stretch(input, speed: speed)
    for chunk in [1, 7, 1_024] {
      let (chunked, chunkedMap) = StretcherFixtures.stretch(input, speed: speed, chunkFrames: chunk)
      #expect(chunked == whole, "chunks of \(chunk) frames")
      #expect(chunkedMap == wholeMap, "chunks of \(chunk) frames")
    }
  }

  @Test func sameInputGivesSameOutput() {
    let input = StretcherFixtures.speechLike(frames: 20_000)
    #expect(
      StretcherFixtures.stretch(input, speed: 1.37).output == StretcherFixtures.stretch(input, speed: 1.37).output)
  }

  @Test(arguments: [1, 7, 4_096])
  func speedOneIsTheIdentity(chunkFrames: Int) {
    let input = StretcherFixtures.speechLike(frames: 12_345, channelCount: 2)
    var stretcher = Stretcher(speed: 1, sampleRate: input.sampleRate, channelCount: 2)
    #expect(stretcher.latency == 0)
    let output = stretcher.processAll(input, chunkFrames: chunkFrames)
    #expect(output == input)
    #expect(stretcher.timeMap.outputFrame(forInput: 6_000) == 6_000)
  }

  @Test(arguments: [0.5, 0.75, 1.5, 2.0, 3.0])
  func silenceStaysSilent(speed: Double) {
    let input = Signals.silence(frames: 20_000, sampleRate: 44_100, channelCount: 2)
    let (output, _) = StretcherFixtures.stretch(input, speed: speed, chunkFrames: 777)
    #expect(output.frameCount == StretcherFixtures.expectedFrames(20_000, speed: speed))
    #expect(output.samples.allSatisfy { $0 == 0 })
  }

  /// A 441 Hz sine at 44.1 kHz repeats every 100 frames; every splice is a whole number of
  /// periods, so the tone keeps its pitch to well under a cent.
  @Test(arguments: [0.5, 0.75, 1.25, 1.5, 2.0, 2.5, 3.0])
  func sineKeepsItsPitch(speed: Double) {
    let input = Signals.sine(hz: 441, frames: 88_200)
    let (output, _) = StretcherFixtures.stretch(input, speed: speed, chunkFrames: 4_096)
    let middle = (output.frameCount / 10)..<(output.frameCount * 9 / 10)
    let hz = StretcherFixtures.toneFrequency(output, range: middle)
    let cents = 1_200 * Double.log2(hz / 441)
    #expect(abs(cents) <= 1, "\(hz) Hz at speed \(speed)")
  }

  /// Both channels are cut at the same frames with the same weights: the second channel,
  /// −½ × the first, stays exactly that (scaling by a power of two is exact in floating point).
  @Test(arguments: [0.75, 1.5, 2.0])
  func stereoChannelsStayPhaseCoherent(speed: Double) {
    let input = StretcherFixtures.speechLike(frames: 30_000, channelCount: 2)
    let (output, _) = StretcherFixtures.stretch(input, speed: speed, chunkFrames: 1_000)
    for frame in 0..<output.frameCount {
      #expect(output.samples[2 * frame + 1] == -0.5 * output.samples[2 * frame])
      if output.samples[2 * frame + 1] != -0.5 * output.samples[2 * frame] { return }
    }
  }

  @Test func outputStaysWithinTheInputsRange() {
    let input = StretcherFixtures.speechLike(frames: 30_000)
    let peak = input.samples.map(abs).max() ?? 0
    for speed in [0.6, 1.3, 2.2] {
      let (output, _) = StretcherFixtures.stretch(input, speed: speed)
      #expect((output.samples.map(abs).max() ?? 0) <= peak * 1.001)
    }
  }
}

import DSP
import TestSupport
import Testing

/// Verse boundaries come from the stretcher's own time map: each burst must start in the
/// output exactly where the map says its first frame went.
@Suite struct StretcherMapTests {
  static let lengths = [9_000, 15_000, 6_000, 12_000, 20_000]
  static let gaps = [11_025, 7_000, 30_000, 9_000]

  @Test(arguments: [0.5, 0.75, 1.25, 1.5, 2.0, 3.0], [1, 2])
  func burstStartsLandWhereTheMapSays(speed: Double, channelCount: Int) {
    let (input, spans) = Signals.bursts(
      lengths: Self.lengths, gaps: Self.gaps, lead: 5_000, tail: 8_000, hz: 180,
      channelCount: channelCount)
    let (output, map) = StretcherFixtures.stretch(input, speed: speed, chunkFrames: 3_000)
    for span in spans {
      let heard = input.firstSound(from: span.start)!
      let mapped = map.outputFrame(forInput: heard)
      let found = output.firstSound(from: mapped - 2_000)
      // A burst opens a splice at full weight, exactly at an anchor; its first audible frame, a
      // few frames into its fade-in, may be blended at 1/speed in the map: 0.25 ms at most.
      let tolerance = input.sampleRate / 4_000
      #expect(
        found.map { abs($0 - mapped) <= tolerance } == true,
        "burst at \(span.start): mapped \(mapped), found \(String(describing: found))")
    }
  }

  @Test(arguments: [0.5, 0.75, 1.5, 2.0, 3.0])
  func mapIsMonotoneAndSpansBothFiles(speed: Double) {
    let input = StretcherFixtures.speechLike(frames: 40_000)
    let (output, map) = StretcherFixtures.stretch(input, speed: speed, chunkFrames: 2_048)
    #expect(map.inputFrames.first == 0 && map.outputFrames.first == 0)
    #expect(map.inputFrameCount == input.frameCount)
    #expect(map.outputFrameCount == output.frameCount)
    #expect(zip(map.inputFrames, map.inputFrames.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(zip(map.outputFrames, map.outputFrames.dropFirst()).allSatisfy { $0 <= $1 })
    // Nowhere far from the straight line: the stretch is uniform at the scale of a few periods.
    for frame in stride(from: 0, to: input.frameCount, by: 500) {
      let drift = Double(map.outputFrame(forInput: frame)) - Double(frame) / speed
      #expect(abs(drift) < 0.03 * Double(input.sampleRate))
    }
  }

  @Test func labelSpansMapThroughTheMap() {
    let (input, spans) = Signals.bursts(lengths: Self.lengths, gaps: Self.gaps, lead: 5_000, tail: 8_000)
    let (output, map) = StretcherFixtures.stretch(input, speed: 1.5)
    let mapped = spans.map(map.outputRange(forInput:))
    #expect(mapped.last!.end <= output.frameCount)
    #expect(zip(mapped, mapped.dropFirst()).allSatisfy { $0.end <= $1.start })
    #expect(
      map.outputRange(forInput: FrameRange(start: 0, end: input.frameCount))
        == FrameRange(start: 0, end: output.frameCount))
  }
}

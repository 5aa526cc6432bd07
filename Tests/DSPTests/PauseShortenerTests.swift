import DSP
import TestSupport
import Testing

/// Pause shortening: long pauses are cut to the maximum, short ones kept, and the map stays
/// exact for every sound after a cut, alone and inside the stretcher.
@Suite struct PauseShortenerTests {
  static let sampleRate = 44_100
  static let maxPause = 26_460  // 600 ms
  // Gaps: 0.2 s (kept), 1.5 s, 0.6 s (exactly the maximum: kept), 3 s.
  static let gaps = [8_820, 66_150, 26_460, 132_300]
  static let lengths = [10_000, 12_000, 9_000, 15_000, 11_000]

  static func bursts(noiseFloor: Float = 0) -> (audio: AudioBuffer, spans: [FrameRange]) {
    Signals.bursts(
      lengths: lengths, gaps: gaps, lead: 4_410, tail: 50_000, hz: 200, noiseFloor: noiseFloor)
  }

  static func shorten(_ input: AudioBuffer, chunkFrames: Int) -> (AudioBuffer, TimeMap) {
    var shortener = PauseShortener(
      maxPauseFrames: maxPause, thresholdDBFS: -40, sampleRate: sampleRate, channelCount: input.channelCount)
    let output = shortener.processAll(input, chunkFrames: chunkFrames)
    return (output, shortener.timeMap)
  }

  @Test func longPausesAreCutToTheMaximum() {
    let (input, spans) = Self.bursts()
    let (output, map) = Self.shorten(input, chunkFrames: 4_096)
    let starts = spans.map { map.outputFrame(forInput: $0.start) }
    let ends = spans.map { map.outputFrame(forInput: $0.end) }
    // Each burst keeps its length; each gap is min(gap, max) long (to within a 10 ms hop,
    // since pauses are measured in whole hops).
    for (k, span) in spans.enumerated() { #expect(ends[k] - starts[k] == span.count) }
    let hop = Self.sampleRate / 100
    for (k, gap) in Self.gaps.enumerated() {
      let kept = starts[k + 1] - ends[k]
      #expect(abs(kept - min(gap, Self.maxPause)) <= hop, "gap \(k): \(kept) frames")
    }
    #expect(output.frameCount == map.outputFrameCount && map.inputFrameCount == input.frameCount)
    #expect(output.frameCount < input.frameCount - 66_150 - 132_300 + 3 * Self.maxPause)
  }

  @Test(arguments: [0 as Float, 0.0005])
  func soundsStartWhereTheMapSays(noiseFloor: Float) {
    let (input, spans) = Self.bursts(noiseFloor: noiseFloor)
    let (output, map) = Self.shorten(input, chunkFrames: 1_000)
    for span in spans {
      let heard = input.firstSound(from: span.start)!
      let mapped = map.outputFrame(forInput: heard)
      #expect(output.firstSound(from: mapped - 500) == mapped)
    }
  }

  @Test func chunkSizeDoesNotChangeTheOutput() {
    let (input, _) = Self.bursts(noiseFloor: 0.0005)
    let (whole, wholeMap) = Self.shorten(input, chunkFrames: input.frameCount)
    for chunk in [1, 7, 1_024] {
      let (chunked, chunkedMap) = Self.shorten(input, chunkFrames: chunk)
      #expect(chunked == whole && chunkedMap == wholeMap, "chunks of \(chunk)")
    }
  }

  /// Inside the stretcher: the length is that of the shortened signal over the speed, and
  /// the composed map still puts every burst where it is heard.
  @Test(arguments: [0.75, 1.5, 2.0])
  func stretcherWithPauseShorteningKeepsTheMapExact(speed: Double) {
    let (input, spans) = Self.bursts()
    let (shortened, _) = Self.shorten(input, chunkFrames: 4_096)
    let (output, map) = StretcherFixtures.stretch(
      input, speed: speed, chunkFrames: 2_000, maxPauseFrames: Self.maxPause)
    #expect(output.frameCount == StretcherFixtures.expectedFrames(shortened.frameCount, speed: speed))
    #expect(map.inputFrameCount == input.frameCount && map.outputFrameCount == output.frameCount)
    for span in spans {
      let heard = input.firstSound(from: span.start)!
      let mapped = map.outputFrame(forInput: heard)
      let found = output.firstSound(from: mapped - 2_000)
      #expect(
        found.map { abs($0 - mapped) <= Self.sampleRate / 4_000 } == true,
        "burst at \(span.start): mapped \(mapped), found \(String(describing: found))")
    }
  }
}

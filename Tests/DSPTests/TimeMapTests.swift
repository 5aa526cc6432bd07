import DSP
import Testing

/// Known answers for the piecewise-linear time map.
@Suite struct TimeMapTests {
  /// Copy 100, remove 100 input frames while blending 50, copy 100 more.
  static let splice = TimeMap(inputFrames: [0, 100, 250, 350], outputFrames: [0, 100, 150, 250])

  @Test func interpolatesInsideSegmentsExactly() {
    let map = Self.splice
    #expect(map.outputFrame(forInput: 0) == 0)
    #expect(map.outputFrame(forInput: 60) == 60)
    #expect(map.outputFrame(forInput: 100) == 100)
    #expect(map.outputFrame(forInput: 175) == 125)  // 100 + 75 · 50/150
    #expect(map.outputFrame(forInput: 101) == 100)  // 100 + 1/3, rounded
    #expect(map.outputFrame(forInput: 102) == 101)  // 100 + 2/3, rounded
    #expect(map.outputFrame(forInput: 300) == 200)
    #expect(map.outputFrame(forInput: 350) == 250)
    #expect(map.outputFrame(forInput: 999) == 250)  // clamped past the end
  }

  @Test func inverseFindsTheInputFrame() {
    let map = Self.splice
    #expect(map.inputFrame(forOutput: 60) == 60)
    #expect(map.inputFrame(forOutput: 125) == 175)
    #expect(map.inputFrame(forOutput: 250) == 350)
  }

  /// A repeated period (slowing down) is a vertical step: the instant maps to where it is
  /// first heard; frames after it continue after the repeat.
  @Test func verticalStepMapsToFirstOccurrence() {
    let map = TimeMap(inputFrames: [0, 100, 100, 200], outputFrames: [0, 100, 180, 280])
    #expect(map.outputFrame(forInput: 100) == 100)
    #expect(map.outputFrame(forInput: 101) == 181)
    #expect(map.outputFrame(forInput: 200) == 280)
  }

  @Test func collinearAnchorsAreMerged() {
    var map = TimeMap()
    for k in 1...1_000 { map.append(input: 10 * k, output: 10 * k) }
    #expect(map.anchorCount == 2)
    map.append(input: 10_200, output: 10_100)
    map.append(input: 10_400, output: 10_200)
    #expect(map.anchorCount == 3)
  }

  @Test func finishDropsAnchorsPastTheEnd() {
    var map = TimeMap(inputFrames: [0, 100, 300], outputFrames: [0, 100, 200])
    map.finish(inputFrames: 250, outputFrames: 180)
    #expect(map.inputFrameCount == 250 && map.outputFrameCount == 180)
    #expect(map.outputFrame(forInput: 100) == 100)
  }

  /// Pause cut (input 1000…1600 removed) then a uniform 2× stretch: composition is exact at
  /// both maps' corners.
  @Test func compositionFollowsBothMaps() {
    let cut = TimeMap(inputFrames: [0, 1_000, 1_600, 3_000], outputFrames: [0, 1_000, 1_000, 2_400])
    let stretch = TimeMap(inputFrames: [0, 2_400], outputFrames: [0, 1_200])
    let both = cut.then(stretch)
    #expect(both.outputFrame(forInput: 500) == 250)
    #expect(both.outputFrame(forInput: 1_000) == 500)
    #expect(both.outputFrame(forInput: 1_600) == 500)
    #expect(both.outputFrame(forInput: 2_000) == 700)
    #expect(both.inputFrameCount == 3_000 && both.outputFrameCount == 1_200)
    for frame in stride(from: 0, through: 3_000, by: 37) {
      #expect(both.outputFrame(forInput: frame) == stretch.outputFrame(forInput: cut.outputFrame(forInput: frame)))
    }
  }

  @Test func outputRangeOfASpan() {
    let range = Self.splice.outputRange(forInput: FrameRange(start: 50, end: 300))
    #expect(range == FrameRange(start: 50, end: 200))
  }
}

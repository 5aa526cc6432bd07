import DSP
import Testing

@testable import Alignment

/// A chapter recorded verse by verse and the takes joined (as HearThis and Orature do): at
/// each join the room tone steps to the next take's level, and tools that trim takes leave
/// digital silence between them.
struct JoinedTakesTests {
  /// The synthetic reading in room tone at −50 dBFS, cut in the middle of every verse pause;
  /// the takes alternate `stepDB` apart (half of it up, half down), and with `silence` the
  /// middle half of each cut pause is digital silence.
  static func joined(stepDB: Double, silence: Bool = true) -> (audio: AudioBuffer, reading: SyntheticReading) {
    var options = SyntheticReading.Options()
    options.noiseDBFS = -50
    let reading = SyntheticReading(RunOnReaderTests.chapter, options)
    var samples = reading.audio.samples
    let cuts = reading.gaps.dropFirst().map { ($0.start + $0.end) / 2 }
    let edges = [0] + cuts + [samples.count]
    for (take, (a, b)) in zip(edges, edges.dropFirst()).enumerated() {
      let gain = Float(Decibels.gain(take % 2 == 0 ? stepDB / 2 : -stepDB / 2))
      for n in a..<b { samples[n] *= gain }
    }
    for gap in reading.gaps.dropFirst() where silence {
      let quarter = (gap.end - gap.start) / 4
      for n in (gap.start + quarter)..<(gap.end - quarter) { samples[n] = 0 }
    }
    let audio = AudioBuffer(samples: samples, channelCount: 1, sampleRate: reading.audio.sampleRate)
    return (audio, reading)
  }

  /// Each onset stays on the words (the room tone after the silence is not a faint first
  /// sound over a floor of digital silence), and each jump point stays just before it (a
  /// louder take's room tone is not a soft lead). Before `SpeechMap.extendFaintEdges` read a
  /// pause only from its last silent hop, every jump point but the first went 196–207 ms
  /// before its onset. Steps of 6 dB and more broke it until the floor followed the takes
  /// (`LevelModel+Takes`, and `LevelModel+Steps` where no silence marks the joins): the room
  /// tone of the louder takes lay as far over the window's floor as a sound's edge, and at 8 dB
  /// onsets went 64–600 ms early, jump points up to 0.6 s.
  @Test(arguments: zip([4.0, 8.0, 16.0, 8.0, 16.0], [true, true, true, false, false]))
  func onsetsAndJumpPointsStayOnTheWordsOfEachTake(stepDB: Double, silence: Bool) throws {
    let (audio, reading) = Self.joined(stepDB: stepDB, silence: silence)
    let rate = audio.sampleRate
    let chapter = RunOnReaderTests.chapter
    let result = try Aligner.align(SpeechFeatures(of: audio), segments: SampleText.inputs(chapter))
    #expect(result.segments.map(\.label) == chapter.indices.map { String($0 + 1) })
    for (v, segment) in result.segments.enumerated() where v < reading.onsets.count {
      let onset = reading.onsets[v]
      #expect(
        abs(segment.onset - onset) <= rate / 100,
        "verse \(v + 1): onset \((segment.onset - onset) * 1000 / rate) ms off")
      #expect(
        onset - segment.start <= rate * 6 / 100,
        "verse \(v + 1): jump point \((onset - segment.start) * 1000 / rate) ms before the onset")
    }
  }
}

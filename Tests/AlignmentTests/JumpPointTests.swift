import DSP
import RealModule
import Testing

@testable import Alignment

/// Where a verse's jump point goes when the reader makes a sound on the way into the words.
struct JumpPointTests {
  /// A low voiced murmur (110 Hz and two harmonics, 120 ms, about 20 dB under the words, the
  /// way one voice hums the /g/ of "Glory" and stops before the burst) ends 100 ms before every
  /// verse after the first, in a quiet room. The level rules set it aside (it is short and
  /// steady, like a note); the jump point goes before it, so a player jumping to the verse
  /// plays it, and the onset stays on the words (or on the murmur, where the level rules heard
  /// it as the first sound). Without the rule, 6 of 7 jump points fell between the murmur and
  /// the words.
  @Test func jumpPointGoesBeforeAMurmurJustBeforeTheWords() throws {
    var options = SyntheticReading.Options()
    options.noiseDBFS = -60
    let chapter = RunOnReaderTests.chapter
    let reading = SyntheticReading(chapter, options)
    let rate = reading.audio.sampleRate
    let length = rate * 12 / 100
    let gap = rate / 10
    let ramp = 0.01
    let audio = MusicBedAlignmentTests.adding(
      reading, at: reading.onsets.dropFirst().map { $0 - gap - length }, span: length
    ) { t in
      let edge = min(1, t / ramp, (0.12 - t) / ramp)
      return 0.03 * max(0, edge) * MusicBedAlignmentTests.partials(t, notes: [110], count: 3) { Double($0) }
    }
    let result = try Aligner.align(SpeechFeatures(of: audio), segments: SampleText.inputs(chapter))
    #expect(result.segments.map(\.label) == chapter.indices.map { String($0 + 1) })
    for (v, segment) in result.segments.enumerated() where v > 0 && v < reading.onsets.count {
      let murmur = reading.onsets[v] - gap - length
      #expect(
        segment.start <= murmur,
        "verse \(v + 1): jump point \((segment.start - murmur) * 1000 / rate) ms after the murmur's start")
      // On the words, or on the murmur where the level rules heard it as the verse's first sound.
      let onWords = abs(segment.onset - reading.onsets[v]) <= rate / 100
      let onMurmur = abs(segment.onset - murmur) <= rate / 100
      #expect(onWords || onMurmur, "verse \(v + 1): onset \((segment.onset - reading.onsets[v]) * 1000 / rate) ms off")
    }
  }
}

import DSP
import RealModule
import Testing

@testable import Alignment

/// Where a verse's words begin after a loud pause (`LetterOnsets`): at its first letters, not
/// on a note struck before it, nor after a first word the level rules took for the note's ring.
struct LetterOnsetsTests {
  /// Ecclesiastes 3:1–8 read in a room whose floor is about 25 dB under the words, each letter
  /// with its own sound (`SyntheticReading.Options.letterTimbres`), and a chord plucked 300 ms
  /// before every verse after the first (three notes, five partials each, 3 ms attack, falling
  /// 20 dB/s, ringing into the verse). The level rules take two verses' first words with the
  /// ring (their onsets came out 950–970 ms late); read by the letters, every onset is within
  /// 50 ms of the first word.
  @Test func firstWordsAfterAPluckedChord() throws {
    var options = SyntheticReading.Options()
    options.letterTimbres = true
    options.noiseDBFS = -42
    let chapter = RunOnReaderTests.chapter
    let reading = SyntheticReading(chapter, options)
    let rate = reading.audio.sampleRate
    let audio = Self.plucked(reading)
    let result = try Aligner.align(SpeechFeatures(of: audio), segments: SampleText.inputs(chapter))
    #expect(result.segments.map(\.label) == chapter.indices.map { String($0 + 1) })
    for (v, segment) in result.segments.enumerated() where v < reading.onsets.count {
      let off = segment.onset - reading.onsets[v]
      #expect(abs(off) <= rate * 5 / 100, "verse \(v + 1): onset \(off * 1000 / rate) ms off")
      #expect(segment.start <= reading.onsets[v], "verse \(v + 1): start after the first word")
    }
  }

  /// A later onset passes over a note under the words, never over the words
  /// (`LetterOnsets.passesSpeech`): in a reading with a chord plucked 300 ms before each verse
  /// (about 14 dB under the words), the stretch from the middle of a verse pause up to its first
  /// word passes no speech; reaching 300 ms into the words, it does (PSA 23:5's first word
  /// peaks 4.2 dB under the speech level, its second at it).
  @Test func laterOnsetsPassOnlySoundUnderTheWords() throws {
    let reading = SyntheticReading(SampleText.psalm23)
    let rate = reading.audio.sampleRate
    let audio = Self.plucked(reading)
    let map = SpeechMap(features: SpeechFeatures(of: audio), minPauseMilliseconds: 90)
    for v in 1..<reading.onsets.count {
      let gap = reading.gaps[v]
      let middle = (gap.start + gap.end) / 2
      #expect(!LetterOnsets.passesSpeech(from: middle, to: reading.onsets[v], map: map), "verse \(v + 1)")
      #expect(
        LetterOnsets.passesSpeech(from: middle, to: reading.onsets[v] + rate * 3 / 10, map: map), "verse \(v + 1)")
    }
  }

  /// `reading` with a chord plucked 300 ms before every verse after the first (three notes,
  /// five partials each, 3 ms attack, falling 20 dB/s, ringing into the verse).
  static func plucked(_ reading: SyntheticReading) -> AudioBuffer {
    let lead = reading.audio.sampleRate * 3 / 10
    return MusicBedAlignmentTests.adding(
      reading, at: reading.onsets.dropFirst().map { $0 - lead }, span: lead + reading.audio.sampleRate
    ) { t in
      0.02 * min(1, t / 0.003) * Double.exp10(-20 * t / 20)
        * MusicBedAlignmentTests.partials(t, notes: [196, 247, 294], count: 5) { Double($0 * $0) }
    }
  }
}

import DSP
import Testing

@testable import Alignment

/// Letters in context (`LetterModel+Contexts`): a symbol per letter and the letter after it.
struct LetterContextTests {
  /// Without contexts a letter is one symbol wherever it stands; with them, one per letter
  /// that follows it, and one for the word's end.
  @Test func symbolsFollowTheNextLetter() throws {
    let map = SpeechMap(
      features: SpeechFeatures(of: SyntheticReading(["A time to weep."]).audio), minPauseMilliseconds: 90)
    var plain = try #require(LetterModel(map))
    var inContext = try #require(LetterModel(map, contexts: true))
    // t h a t _ t h e
    let p = plain.chain("that the").states
    let c = inContext.chain("that the").states
    #expect(p == [p[0], p[1], p[2], p[0], LetterModel.gap, p[0], p[1], p[7]])
    #expect(c[0] == c[5], "t before h")
    #expect(c[3] != c[0], "t at the word's end")
    #expect(c[1] != c[6], "h before a, h before e")
    #expect(Set(c).count == 7)
  }

  /// Speech whose letters sound by the letter after them (`SyntheticReading.Options.pairTimbres`):
  /// learnt from the same stretches and texts, the letters in context explain it more cheaply
  /// per frame than the letters alone (1.96 nats); speech whose letters sound alone, not (−1.31).
  @Test func lettersInContextExplainLettersThatSoundByTheNext() throws {
    let chapter = RunOnReaderTests.chapter
    func gain(pairs: Bool) throws -> Float {
      var options = SyntheticReading.Options()
      options.letterTimbres = true
      options.pairTimbres = pairs
      let reading = SyntheticReading(chapter, options)
      let map = SpeechMap(features: SpeechFeatures(of: reading.audio), minPauseMilliseconds: 90)
      let perFrame = try #require(map.features.framesPerShapeFrame)
      let ends =
        reading.gaps.dropFirst().map(\.start) + [
          reading.audio.frameCount - Int(options.tail * Double(reading.audio.sampleRate))
        ]
      func costPerFrame(contexts: Bool) throws -> Float {
        var model = try #require(LetterModel(map, contexts: contexts))
        let stretches = chapter.indices.map { v in
          ((reading.onsets[v] / perFrame)..<(ends[v] / perFrame), model.chain(chapter[v]))
        }
        model.learn(stretches.map { (frames: $0.0, chain: $0.1) })
        return model.costPerFrame
      }
      return try costPerFrame(contexts: false) - costPerFrame(contexts: true)
    }
    let pairs = try gain(pairs: true)
    let single = try gain(pairs: false)
    #expect(pairs > 1, "nats per frame")
    #expect(single < 0.5, "nats per frame")
  }
}

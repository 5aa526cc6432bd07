import Testing

@testable import Alignment

/// Which verse starts open with a phrase short enough for the clock to mistake the pause after
/// it for the verse's own (`RunOnPlacer.opensShort`).
struct ShortOpeningTests {
  @Test func aShortFirstPhraseReadIntoMoreOfTheVerse() {
    let text = TextModel(
      SampleText.inputs([
        "He restoreth my soul: he leadeth me in the paths of righteousness for his name's sake.",
        "Yea, though I walk through the valley of the shadow of death, I will fear no evil:",
        "Nay.",
        "And God said, Let there be light: and there was light.",
      ]))
    let starts = text.segmentStartBreak
    // "Yea," and "And God said," open short; the first verse's first phrase is long, and "Nay."
    // is its verse's only phrase (no pause after it inside the verse).
    #expect(starts.map { RunOnPlacer.opensShort($0, text) } == [false, true, false, true])
  }
}

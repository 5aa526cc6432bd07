import DSP
import TestSupport
import Testing

/// Speeding up, a sound after a pause keeps its attack: no splice touches the first
/// `attackGuardAfterMilliseconds` after its onset, so it is played exactly as recorded.
@Suite struct StretcherAttackTests {
  @Test(arguments: [1.25, 1.5, 2.0])
  func attacksAfterPausesAreCopiedUntouched(speed: Double) {
    // Gaps of 159–680 ms at 44.1 kHz, all over the 150 ms pause that earns a guard.
    let (input, spans) = Signals.bursts(
      lengths: [9_000, 15_000, 6_000, 12_000, 20_000], gaps: [11_025, 7_000, 30_000, 9_000],
      lead: 5_000, tail: 8_000, hz: 180)
    let (output, map) = StretcherFixtures.stretch(input, speed: speed, chunkFrames: 3_000)
    let attackFrames = input.sampleRate / 50
    for span in spans.dropFirst() {
      let heard = input.firstSound(from: span.start)!
      let mapped = map.outputFrame(forInput: heard)
      var largest: Float = 0
      for k in 0..<attackFrames {
        largest = max(largest, abs(output.samples[mapped + k] - input.samples[heard + k]))
      }
      #expect(largest < 1e-6, "burst at \(span.start): attack differs by \(largest)")
    }
  }

  @Test func withoutAPauseBeforeItAnAttackMayBeSpliced() {
    // The first burst follows only 113 ms of silence: no guard, and at 2× it is spliced early on.
    let (input, spans) = Signals.bursts(
      lengths: [20_000], gaps: [], lead: 5_000, tail: 8_000, hz: 180)
    let (output, map) = StretcherFixtures.stretch(input, speed: 2.0, chunkFrames: 3_000)
    let heard = input.firstSound(from: spans[0].start)!
    let mapped = map.outputFrame(forInput: heard)
    var largest: Float = 0
    for k in 0..<(input.sampleRate / 50) {
      largest = max(largest, abs(output.samples[mapped + k] - input.samples[heard + k]))
    }
    #expect(largest > 1e-3)
  }
}

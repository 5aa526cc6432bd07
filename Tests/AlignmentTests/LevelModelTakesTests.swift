import DSP
import TestSupport
import Testing

@testable import Alignment

/// `LevelModel.takes` and `takeOffsets`: a reading joined from takes at their own levels, with
/// digital silence between them, is read take by take.
struct LevelModelTakesTests {
  /// The joined takes of `JoinedTakesTests`, 8 dB apart: one take per verse, and each take's
  /// offset 8 dB from its neighbours' (within a bin and the spread of a verse's own loudness).
  @Test func takesJoinedWithSilenceAreFoundWithTheirLevels() {
    let (audio, reading) = JoinedTakesTests.joined(stepDB: 8)
    let features = SpeechFeatures(of: audio)
    let span = LevelModel.readingSpan(features)
    let takes = LevelModel.takes(features, reading: span)
    #expect(takes.count == reading.onsets.count)
    let offsets = LevelModel.takeOffsets(features, reading: span)
    let perTake = takes.map { offsets[($0.lowerBound + $0.upperBound) / 2] }
    for (a, b) in zip(perTake, perTake.dropFirst()) {
      #expect(abs(abs(a - b) - 8) <= 1.5, "takes \(a) and \(b) dB")
    }
    // The levels at the middle of each take follow it: the speech level steps with the take.
    let model = LevelModel(features)
    for (take, offset) in zip(takes, perTake) {
      let middle = (take.lowerBound + take.upperBound) / 2
      #expect(abs(model.at(middle).speechVoiceDB - model.blocks[0].speechVoiceDB - offset) <= 3)
    }
  }

  /// One take: no offsets, and the model is what it was without takes.
  @Test func oneTakeHasNoOffsets() {
    var options = SyntheticReading.Options()
    options.noiseDBFS = -50
    let reading = SyntheticReading(RunOnReaderTests.chapter, options)
    let features = SpeechFeatures(of: reading.audio)
    let span = LevelModel.readingSpan(features)
    #expect(LevelModel.takes(features, reading: span) == [span])
    #expect(LevelModel(features).takeOffsetDB.isEmpty)
  }

  /// Digital silence after less than `shortestTakeSeconds` of sound (a gate between short
  /// bursts) does not end a take; after more, it does.
  @Test func aTakeNeedsEnoughSound() {
    let rate = 16_000
    var samples: [Float] = []
    var rng = SplitMix64(seed: 7)
    func noise(_ seconds: Double, _ amplitude: Float) {
      for _ in 0..<Int(seconds * Double(rate)) {
        samples.append(amplitude * (Float(rng.next() >> 40) / Float(1 << 24) - 0.5))
      }
    }
    func silence(_ seconds: Double) { samples += [Float](repeating: 0, count: Int(seconds * Double(rate))) }
    noise(0.4, 0.5)
    silence(0.1)
    noise(0.4, 0.5)
    silence(0.1)  // 0.8 s of sound so far: not a take yet
    noise(0.4, 0.5)
    silence(0.1)  // 1.2 s: a take
    noise(1.5, 0.1)
    let features = SpeechFeatures(of: AudioBuffer(samples: samples, channelCount: 1, sampleRate: rate))
    let takes = LevelModel.takes(features, reading: 0..<features.hopCount)
    #expect(takes.count == 2)
    let join = takes[0].upperBound * features.hopFrames
    #expect(abs(join - Int(1.45 * Double(rate))) <= features.hopFrames * 2)
  }
}

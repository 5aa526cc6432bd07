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
    let offsets = LevelModel.takeOffsets(features, takes: takes, reading: span)
    let perTake = takes.map { offsets[($0.hops.lowerBound + $0.hops.upperBound) / 2] }
    for (a, b) in zip(perTake, perTake.dropFirst()) {
      #expect(abs(abs(a - b) - 8) <= 1.5, "takes \(a) and \(b) dB")
    }
    // The levels at the middle of each take follow it: the speech level steps with the take.
    let model = LevelModel(features)
    for (take, offset) in zip(takes, perTake) {
      let middle = (take.hops.lowerBound + take.hops.upperBound) / 2
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
    #expect(LevelModel.takes(features, reading: span).map(\.hops) == [span])
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
    let join = takes[0].hops.upperBound * features.hopFrames
    #expect(abs(join - Int(1.45 * Double(rate))) <= features.hopFrames * 2)
  }
}

/// `LevelModel.steppedJoins`: takes joined without silence are found where the room tone steps.
struct LevelModelStepsTests {
  /// The joined takes of `JoinedTakesTests` without silence, 8 dB apart: a join within 20 ms of
  /// each cut, and no other, each measured as a step of 8 dB (within 2 dB), up and down in turn.
  @Test func joinsAreFoundAtTheCuts() {
    let (audio, reading) = JoinedTakesTests.joined(stepDB: 8, silence: false)
    let features = SpeechFeatures(of: audio)
    let joins = LevelModel.steppedJoins(features, reading: LevelModel.readingSpan(features))
    let cuts = reading.gaps.dropFirst().map { ($0.start + $0.end) / 2 / features.hopFrames }
    #expect(joins.count == cuts.count)
    for cut in cuts {
      #expect(joins.contains { abs($0.hop - cut) <= 4 }, "no join near hop \(cut): \(joins)")
    }
    for (i, join) in joins.enumerated() {
      #expect(abs(join.stepDB - (i % 2 == 0 ? -8 : 8)) <= 2, "join \(i): \(join.stepDB) dB")
    }
  }

  /// A reading of one take, and one whose room tone alone steps by 8 dB in a pause (a fan
  /// starting, the speech as loud as before): no join.
  @Test func aStepOfTheRoomToneAloneIsNoJoin() {
    var options = SyntheticReading.Options()
    options.noiseDBFS = -50
    let reading = SyntheticReading(RunOnReaderTests.chapter, options)
    var features = SpeechFeatures(of: reading.audio)
    #expect(LevelModel.steppedJoins(features, reading: LevelModel.readingSpan(features)).isEmpty)
    var samples = reading.audio.samples
    let gap = reading.gaps[reading.gaps.count / 2]
    var rng = SplitMix64(seed: 3)
    let amplitude = Float(Decibels.gain(-42) * 3.0.squareRoot())
    for n in ((gap.start + gap.end) / 2)..<samples.count {
      samples[n] += amplitude * (2 * Float(rng.next() >> 40) / Float(1 << 24) - 1)
    }
    features = SpeechFeatures(
      of: AudioBuffer(samples: samples, channelCount: 1, sampleRate: reading.audio.sampleRate))
    #expect(LevelModel.steppedJoins(features, reading: LevelModel.readingSpan(features)).isEmpty)
  }
}

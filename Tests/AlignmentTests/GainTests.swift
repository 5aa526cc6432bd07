import DSP
import RealModule
import TestSupport
import Testing

@testable import Alignment

/// What a phone's automatic gain leaves before the words (`SpeechMap+Gain`,
/// `SpeechMap.loudBreathVoicingDB`): a breath as loud as the words, and room tone raised far
/// over the floor of the other pauses, running into a verse's first word.
@Suite struct GainTests {
  static let rate = 48_000
  static let hop = rate / 200

  /// A vowel, a 350 ms breath as loud as the vowels (2 dB under their peak), a vowel, with no
  /// pause between: the breath comes out as one island of its own (under the 8 dB bound alone
  /// it was no breath and the two vowels one island). The two tests share `BreathSplitTests`'
  /// check.
  @Test func loudBreathIsSplitFromTheWords() {
    var s = Self.silence(1.3)
    Self.add(Self.vowel(0.5), to: &s, at: 0)
    Self.add(Self.breath(0.35, gain: 0.7), to: &s, at: 0.5)
    Self.add(Self.vowel(0.45), to: &s, at: 0.85)
    // slack: the bands' 15 ms means
    BreathSplitTests.expectOneBreath(in: Self.buffer(s), hops: Self.hops(0.5)..<Self.hops(0.85), slack: 6)
  }

  /// A loud breath whose first 120 ms carry more low sound (voicing about −4.2 dB, over the
  /// loud-hop bound, as a phone's gain can leave a breath's onset), then a vowel, in one island:
  /// the whole breath is cut out as one, not its first hops left as a sound of their own.
  @Test func loudBreathOnsetJoinsTheBreath() {
    var s = Self.silence(1.5)
    Self.add(Self.breath(0.12, gain: 0.5, highPassHz: 60), to: &s, at: 0.3)
    Self.add(Self.breath(0.35, gain: 0.7), to: &s, at: 0.42)
    Self.add(Self.vowel(0.5), to: &s, at: 0.77)
    let features = SpeechFeatures(of: Self.buffer(s))
    let island = SpeechMap.measure(Self.hops(0.3)..<Self.hops(1.27), features)
    let pieces = SpeechMap.splitBreaths([island], features, LevelModel(features))
    #expect(pieces.map(\.isBreath) == [true, false])
    if let breath = pieces.first {
      // slack: the bands' 15 ms means
      #expect(abs(breath.startHop - Self.hops(0.3)) <= 3, "start hop \(breath.startHop)")
      #expect(abs(breath.endHop - Self.hops(0.77)) <= 6, "end hop \(breath.endHop)")
    }
  }

  /// A loud breath, 70 ms of silence, the word, in one island: the island starts at the word.
  @Test func loudBreathBeforeASilenceIsNotTheOnset() {
    let start = Self.headCut(Self.breath(0.35, gain: 0.7))
    #expect(abs(start - Self.hops(0.42)) <= 4, "start hop \(start)")
  }

  /// A vowel as loud, then the same silence: a word (a syllable before a stop's closure), kept.
  @Test func vowelBeforeASilenceIsKept() {
    #expect(Self.headCut(Self.vowel(0.35)) == 0)
  }

  /// The island's first hop after `cutLoudBreathHeads`, for `head`, 70 ms of silence, a vowel.
  static func headCut(_ head: [Float]) -> Int {
    var s = silence(2.5)
    add(head, to: &s, at: 0)
    add(vowel(0.6), to: &s, at: 0.42)
    add(vowel(0.6), to: &s, at: 1.6)
    let features = SpeechFeatures(of: buffer(s))
    var islands = [SpeechMap.measure(0..<hops(1.02), features)]
    var discarded: [SpeechMap.Island] = []
    SpeechMap.cutLoudBreathHeads(&islands, &discarded, features, LevelModel(features))
    return islands.first?.startHop ?? -1
  }

  /// After a second of silence, 0.4 s of room tone about 32 dB under the vowels runs into a vowel:
  /// the island starts at the vowel, not at the room tone; 150 ms of it (a diphone voice's
  /// faint attack is as long) stays with the word.
  @Test(arguments: [(0.4, true), (0.15, false)])
  func quietLeadIsNotTheOnset(lead: Double, cut: Bool) {
    var s = Self.silence(4)
    Self.add(Self.vowel(0.6), to: &s, at: 0.4)
    Self.add(Self.roomTone(lead), to: &s, at: 2.8 - lead)
    Self.add(Self.vowel(0.6), to: &s, at: 2.8)
    guard let start = Self.lastIslandStart(s) else { return }
    let expected = Self.hops(cut ? 2.8 : 2.8 - lead)
    #expect(abs(start - expected) <= 4, "start hop \(start), expected \(expected)")
  }

  /// In a room 50 dB under the vowels, 150 ms of the room's own tone lifted 10 dB (as the gain
  /// lifts it in a long pause), after a click or not, runs into a vowel: the island starts at
  /// the vowel. Lifted 22 dB it is as loud as a fricative and stays with the word. In a room
  /// 35 dB under, lifted 14 dB (21 dB under the vowels, not quiet enough for a lead of its own)
  /// it is set aside after a click only. (The 150 ms of rumble of `quietLeadIsNotTheOnset`, a
  /// faint attack's colour, the voice band lifted and not the band above 3 kHz, stay too.)
  @Test(arguments: [
    (50, 10, false, true), (50, 10, true, true), (50, 22, false, false), (35, 14, true, true), (35, 14, false, false),
  ])
  func liftedRoomToneIsNotTheOnset(roomDB: Double, liftDB: Float, click: Bool, cut: Bool) {
    let floor = Float(0.158 * Decibels.gain(-roomDB))
    var s = Self.silence(4, amplitude: floor)
    Self.add(Self.vowel(0.6), to: &s, at: 0.4)
    var rng = SplitMix64(seed: 11)
    let gain = floor * Float(Decibels.gain(Double(liftDB)))
    Self.add((0..<Int(0.15 * Double(Self.rate))).map { _ in gain * rng.nextSignedUnit() }, to: &s, at: 2.65)
    if click { Self.add((0..<240).map { _ in 0.05 * rng.nextSignedUnit() }, to: &s, at: 2.64) }
    Self.add(Self.vowel(0.6), to: &s, at: 2.8)
    guard let start = Self.lastIslandStart(s) else { return }
    let expected = Self.hops(cut ? 2.8 : 2.65)
    #expect(abs(start - expected) <= 2, "start hop \(start), expected \(expected)")
  }

  /// A word in a phone's band, 4 dB over the speech level: harmonics of 150 Hz from 300 Hz to
  /// 4.5 kHz under three formants, the third at 3.3 kHz, the first two at 600 and 1,200 Hz in
  /// its first half (voicing about −3.2 dB) and 750 and 1,500 Hz in its second (−4.4 dB): just
  /// noise-like on average (`isNoiseLike`), as seed 236's phone-band "And," was (voicing −3.8 dB,
  /// brightness −9.6 dB), but with half its loud hops voiced and a voice's spectral shape. It is
  /// no breath (`isBreathy`; that "And," was dropped as one). Noise shaped as a breath, as
  /// loud, is one.
  @Test(arguments: [false, true])
  func loudNoiseLikeWordIsNoBreath(breath: Bool) {
    var s = Self.silence(3.2)
    Self.add(Self.vowel(0.8), to: &s, at: 0.3)
    Self.add(Self.vowel(0.8), to: &s, at: 1.4)
    let sound = breath ? Self.breath(0.3, gain: 1) : Self.phoneWord(0.3)
    let speech = LevelModel(SpeechFeatures(of: Self.buffer(s))).at(Self.hops(1.0)).speechVoiceDB
    // Scaled to 4 dB over the vowels' speech level.
    let gain = Float(Decibels.gain(Double(speech + 4 - Self.peakVoiceDB(sound))))
    Self.add(sound.map { $0 * gain }, to: &s, at: 2.6)
    let features = SpeechFeatures(of: Self.buffer(s))
    let levels = LevelModel(features)
    let island = SpeechMap.measure(Self.hops(2.6)..<Self.hops(2.9), features)
    let over = island.peakVoiceDB - levels.at(island.peakHop).speechVoiceDB
    #expect(over > 0 && over < -SpeechMap.breathBelowSpeechDB, "peak \(over) dB over the speech level")
    #expect(SpeechMap.isNoiseLike(island), "voicing \(island.voicingDB), brightness \(island.brightnessDB)")
    #expect(SpeechMap.isBreathy(island, features, levels) == breath)
  }

  /// A breath lifted 8 dB over the speech level (a phone's gain) with one voiced moment, 20 ms of
  /// a vowel as loud in it (one voiced hop), is still a breath (`SpeechMap.isVoiceless`); with
  /// 50 ms of the vowel (six), a word. The first fails on the code before `voicelessMostVoicedHops`.
  @Test(arguments: [(0.02, true), (0.05, false)])
  func loudBreathWithAVoicedMomentIsABreath(voicedSeconds: Double, breathy: Bool) {
    var s = Self.silence(6.2)
    for k in 0..<5 { Self.add(Self.vowel(0.8), to: &s, at: 0.3 + 1.1 * Double(k)) }
    // The vowel as loud as the breath.
    var sound = Self.breath(0.35, gain: 1)
    let vowelGain = Float(Decibels.gain(Double(Self.peakVoiceDB(sound) - Self.peakVoiceDB(Self.vowel(0.3)))))
    let middle = Int(0.15 * Double(Self.rate))
    for (i, x) in Self.vowel(voicedSeconds).enumerated() { sound[middle + i] += vowelGain * x }
    // 8 dB over the vowels' speech level.
    let speech = LevelModel(SpeechFeatures(of: Self.buffer(s))).at(Self.hops(1.0)).speechVoiceDB
    let gain = Float(Decibels.gain(Double(speech + 8 - Self.peakVoiceDB(sound))))
    Self.add(sound.map { $0 * gain }, to: &s, at: 5.8)
    let features = SpeechFeatures(of: Self.buffer(s))
    let levels = LevelModel(features)
    let island = SpeechMap.measure(Self.hops(5.8)..<Self.hops(6.15), features)
    let over = island.peakVoiceDB - levels.at(island.peakHop).speechVoiceDB
    #expect(over > -SpeechMap.breathBelowSpeechDB, "peak \(over) dB over the speech level")
    let voiced = SpeechMap.voicedHops(island, features).voiced
    #expect(voiced > 0, "voiced hops")
    #expect(SpeechMap.isBreathy(island, features, levels) == breathy, "\(voiced) voiced hops")
  }

  /// The loudest voice-band level of `samples` alone (their first and last hops, the filters
  /// settling, left out), dBFS.
  static func peakVoiceDB(_ samples: [Float]) -> Float {
    SpeechFeatures(of: buffer(samples)).voiceDBFS.dropFirst(4).dropLast(4).max() ?? 0
  }

  /// `loudNoiseLikeWordIsNoBreath`'s word for `seconds`.
  static func phoneWord(_ seconds: Double) -> [Float] {
    let count = Int(seconds * Double(rate))
    let peak = { (hz: Double, centre: Double, width: Double) in Double.exp(-0.5 * Double.pow((hz - centre) / width, 2))
    }
    return (0..<count).map { n in
      let phase = 2 * Double.pi * 150 * Double(n) / Double(rate)
      let (first, second) = n < count / 2 ? (600.0, 1_200.0) : (750.0, 1_500.0)
      var sum = 0.0
      for k in 2...30 {
        let hz = 150 * Double(k)
        let amplitude = peak(hz, first, 120) + peak(hz, second, 120) + 0.5 * peak(hz, 3_300, 240) + 0.02
        sum += amplitude * Double.sin(phase * Double(k))
      }
      return Float(0.05 * sum)
    }
  }

  /// The first hop of the last island of the speech map of `samples` (minimum pause 90 ms);
  /// nil, recorded as an issue, when there is none.
  static func lastIslandStart(_ samples: [Float]) -> Int? {
    let map = SpeechMap(features: SpeechFeatures(of: buffer(samples)), minPauseMilliseconds: 90)
    if map.islands.isEmpty { Issue.record("no island") }
    return map.islands.last?.startHop
  }

  static func hops(_ seconds: Double) -> Int { Int(seconds * Double(rate)) / hop }

  /// Room tone 70 dB under the vowels (white noise), or at `amplitude`.
  static func silence(_ seconds: Double, amplitude: Float = 0.000_05) -> [Float] {
    var rng = SplitMix64(seed: 7)
    return (0..<Int(seconds * Double(rate))).map { _ in amplitude * rng.nextSignedUnit() }
  }

  /// `BreathSplitTests.vowel` for `seconds` (both suites at 48 kHz).
  static func vowel(_ seconds: Double) -> [Float] {
    (0..<Int(seconds * Double(rate))).map(BreathSplitTests.vowel)
  }

  /// White noise through two 1.2 kHz one-pole high-passes and two 2.4 kHz low-passes: no
  /// first formant, little above 3 kHz.
  static func breath(_ seconds: Double, gain: Float, highPassHz: Double = 1_200) -> [Float] {
    var rng = SplitMix64(seed: 3)
    let noise = (0..<Int(seconds * Double(rate))).map { _ in rng.nextSignedUnit() }
    let onePole = { (x: [Float], hz: Double, high: Bool) in
      SyntheticReading.onePole(x, hz: hz, high: high, times: 2, rate: Double(rate))
    }
    return onePole(onePole(noise, highPassHz, true), 2_400, false).map { $0 * gain }
  }

  /// White noise through two 800 Hz one-pole low-passes, 32 dB under the vowels: a room's
  /// rumble, not a breath (`SpeechMap.splitBreaths` finds no breath-like hop in it).
  static func roomTone(_ seconds: Double) -> [Float] {
    var rng = SplitMix64(seed: 5)
    let noise = (0..<Int(seconds * Double(rate))).map { _ in rng.nextSignedUnit() }
    return SyntheticReading.onePole(noise, hz: 800, high: false, times: 2, rate: Double(rate)).map { $0 * 0.02 }
  }

  static func add(_ sound: [Float], to samples: inout [Float], at seconds: Double) {
    let from = Int(seconds * Double(rate))
    for (i, x) in sound.enumerated() where from + i < samples.count { samples[from + i] += x }
  }

  static func buffer(_ samples: [Float]) -> AudioBuffer {
    AudioBuffer(samples: samples, channelCount: 1, sampleRate: rate)
  }
}

import DSP
import Testing

@testable import Render

@Suite struct RenderPlanTests {
  let known = ["mp3", "mp3-cbr-128", "opus-48", "flac", "wav"]
  func isKnown(_ name: String) -> Bool { known.contains(name) }

  @Test func variantsCoverEveryCombination() {
    var plan = RenderPlan()
    plan.speeds = [1.0, 1.5, 2.0]
    plan.beds = [.none, .file(name: "morning", path: "beds/morning.flac")]
    let variants = plan.variants
    #expect(variants.count == 3 * 2 * 2)
    #expect(Set(variants).count == variants.count)
    #expect(variants.first?.id == "1x-none")
    #expect(variants.last?.id == "2x-morning")
    #expect(variants.map(\.format).prefix(2) == ["mp3-cbr-128", "opus-48"])
  }

  @Test(arguments: [(1.0, "1"), (1.5, "1.5"), (0.75, "0.75"), (2.0, "2"), (1.25, "1.25"), (1.05, "1.05")])
  func rateNames(speed: Double, name: String) {
    #expect(RenderPlan.rateName(speed) == name)
  }

  @Test func defaultsValidate() throws {
    try RenderPlan().validate(knownFormats: known, isKnownFormat: isKnown)
  }

  @Test func unknownFormatIsNamed() {
    var plan = RenderPlan()
    plan.formats = ["mp3", "aac"]
    #expect(throws: RenderError.unknownFormat(name: "aac", known: known)) {
      try plan.validate(knownFormats: known, isKnownFormat: isKnown)
    }
    #expect(RenderError.unknownFormat(name: "aac", known: known).description.contains("aac"))
  }

  @Test func badSettingsAreRefused() {
    var plan = RenderPlan()
    plan.speeds = [1.0, 4.0]
    #expect(throws: RenderError.speedOutOfRange(speed: 4.0)) {
      try plan.validate(knownFormats: known, isKnownFormat: isKnown)
    }
    plan = RenderPlan()
    plan.speeds = []
    #expect(throws: RenderError.noRates) { try plan.validate(knownFormats: known, isKnownFormat: isKnown) }
    plan = RenderPlan()
    plan.ducking.speechLevelDB = -3
    #expect(throws: RenderError.bedLevelOutOfRange(decibels: 3)) {
      try plan.validate(knownFormats: known, isKnownFormat: isKnown)
    }
    plan = RenderPlan()
    plan.ducking.attackMilliseconds = 5
    #expect(throws: RenderError.self) { try plan.validate(knownFormats: known, isKnownFormat: isKnown) }
  }

  @Test func wcagPresetIsAtLeastTwentyDecibelsUnder() {
    #expect(DuckingOptions.wcag.speechLevelDB <= -20)
  }
}

@Suite struct PremixLayoutTests {
  @Test func padsOnlyWhatTheRecordingLacks() {
    // Speech from 1 s to 9 s in a 10 s voice at 1 kHz; lead-in 2 s, tail 3 s.
    let layout = PremixLayout(
      voiceFrames: 10_000, speech: [FrameRange(start: 1_000, end: 4_000), FrameRange(start: 5_000, end: 9_000)],
      leadInFrames: 2_000, tailFrames: 3_000)
    #expect(layout.padBeforeFrames == 1_000 && layout.padAfterFrames == 2_000 && layout.frameCount == 13_000)
    #expect(layout.premixFrame(1_000) == 2_000)
    let padded = layout.pad(
      AudioBuffer(samples: [Float](repeating: 1, count: 10_000), channelCount: 1, sampleRate: 1_000))
    #expect(
      padded.frameCount == 13_000 && padded.samples[999] == 0 && padded.samples[1_000] == 1
        && padded.samples[11_000] == 0)
    let roomy = PremixLayout(
      voiceFrames: 10_000, speech: [FrameRange(start: 3_000, end: 6_000)], leadInFrames: 2_000, tailFrames: 3_000)
    #expect(roomy.padBeforeFrames == 0 && roomy.padAfterFrames == 0)
  }

  @Test func encodedCorrection() {
    #expect(LoudnessPlan.encodedCorrectionDB(measuredLUFS: -16.5, targetLUFS: -16) == 0.5)
    #expect(LoudnessPlan.encodedCorrectionDB(measuredLUFS: -16.1, targetLUFS: -16) == nil)
  }
}

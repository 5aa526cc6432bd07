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

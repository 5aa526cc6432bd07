import AudioIO
import Foundation
import Manifest
import Render
import TestSupport
import Testing

/// The defaults have one home (`Render.Defaults`): the option help, the library, the schema and
/// the README say the same, and the help text is a reviewed snapshot so it cannot drift.
@Suite struct HelpAndDefaultsTests {
  /// `prep --help` and every command's help, as a user sees them (80 columns, no terminal).
  @Test(arguments: ["", "ingest", "align", "render", "collect", "validate"])
  func helpMatchesSnapshot(command: String) throws {
    let arguments = (command.isEmpty ? [] : [command]) + ["--help"]
    let result = try PrepProcess.run(arguments)
    #expect(result.status == 0, "\(result.stderr)")
    let name = "help-" + (command.isEmpty ? "prep" : command) + ".txt"
    #expect(Snapshot.check(result.stdout, named: name) == nil)
  }

  /// The render help states each default from `Defaults`.
  @Test func renderHelpStatesTheDefaults() throws {
    let help = try PrepProcess.run(["render", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for fragment in [
      "Rates, \(Defaults.text(Defaults.rateRange))", "default \(Defaults.text(Defaults.loudnessLUFS))",
      "≤ \(Defaults.text(Defaults.truePeakDBTP)) dBTP", "(default: \(Defaults.bedUnderVoiceDB))",
      "at least \(Defaults.text(Defaults.wcagBedUnderVoiceDB)) dB under the voice",
      "rises \(Defaults.text(Defaults.duckDepthDB)) dB", "(default: \(Defaults.formats.joined(separator: ",")))",
    ] {
      #expect(help.contains(fragment), "render --help lacks \"\(fragment)\"")
    }
  }

  /// The README quotes the same numbers (its typography: − for minus, × for times).
  @Test func readmeStatesTheDefaults() throws {
    let readme = try String(contentsOf: PrepProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    func typeset(_ value: Double) -> String { Defaults.typeset(Defaults.text(value)) }
    for fragment in [
      "\(typeset(Defaults.rateRange.lowerBound))×–\(typeset(Defaults.rateRange.upperBound))×",
      "\(typeset(Defaults.loudnessLUFS)) LUFS", "≤ \(typeset(Defaults.truePeakDBTP)) dBTP",
      "\(typeset(Defaults.bedUnderVoiceDB)) dB under the voice", "`--wcag` = \(typeset(Defaults.wcagBedUnderVoiceDB)) dB",
      "\(typeset(Defaults.duckDepthDB)) dB louder", "`--format mp3,opus`",
    ] {
      #expect(readme.contains(fragment), "README.md lacks \"\(fragment)\"")
    }
  }

  /// The schema's ranges are the code's.
  @Test func schemaRangesAreTheDefaults() throws {
    let schema = try #require(JSONValue.parse(Data(ManifestSchema.text.utf8)))
    #expect(schema["$defs"]?["rate"]?["minimum"] == .number(Defaults.rateRange.lowerBound))
    #expect(schema["$defs"]?["rate"]?["maximum"] == .number(Defaults.rateRange.upperBound))
    let target = schema["$defs"]?["loudness"]?["properties"]?["targetLUFS"]
    #expect(target?["minimum"] == .number(Defaults.loudnessRangeLUFS.lowerBound))
    #expect(target?["maximum"] == .number(Defaults.loudnessRangeLUFS.upperBound))
  }

  /// Every name of the format vocabulary parses, and the default formats are canonical names
  /// the schema and `ManifestSanity` accept.
  @Test func formatVocabularyIsOne() throws {
    for name in Defaults.formatVocabulary {
      let example = name.replacingOccurrences(of: "-N", with: "-96").replacingOccurrences(of: "-Q", with: "-2")
      let format = try #require(EncodedFormat(name: example), "\(example) does not parse")
      #expect(ManifestSanity.isFormatName(format.description), "\(format.description)")
    }
    for name in Defaults.formats {
      #expect(EncodedFormat(name: name)?.description == name)
    }
    #expect(RenderPlan().formats == Defaults.formats && RenderPlan.allowedSpeeds == Defaults.rateRange)
    #expect(DuckingOptions().speechLevelDB == -Defaults.bedUnderVoiceDB)
    #expect(DuckingOptions().duckDepthDB == Defaults.duckDepthDB)
    #expect(LoudnessTarget.podcast.integratedLUFS == Defaults.loudnessLUFS)
  }
}

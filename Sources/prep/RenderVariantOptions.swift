import ArgumentParser
import Foundation
import Pipeline
import Render

/// The full render's options: beds, formats, levels, stems and metadata.
struct RenderVariantOptions: ParsableArguments {
  @Option(name: .customLong("bed"), help: "A music bed (repeatable); each gives a variant per rate.")
  var beds: [String] = []

  @Flag(help: "Write only the bed variants (no narration-only variant).")
  var bedOnly = false

  @Option(
    help:
      "Formats, comma list or repeated: \(Defaults.formatVocabulary.joined(separator: ", ")) (N: kbps, Q: VBR quality 0–9)."
  )
  var format: [String] = RenderVariantOptions.defaultFormats
  static let defaultFormats = [Defaults.formats.joined(separator: ",")]

  @Option(
    help: """
      libopus complexity of Opus files, \(Defaults.opusComplexityRange.lowerBound) (fastest) to \
      \(Defaults.opusComplexityRange.upperBound) (best).
      """)
  var opusComplexity = Defaults.opusComplexity

  @Option(
    name: .customLong("mp3-quality"),
    help: """
      LAME's algorithm quality of MP3 files, \(Defaults.mp3QualityRange.lowerBound) (slowest) to \
      \(Defaults.mp3QualityRange.upperBound) (fastest); the bitrate is the format's.
      """)
  var mp3Quality = Defaults.mp3Quality

  @Option(
    parsing: .unconditional,
    help: """
      How far the bed sits under the voice while it speaks, in dB (\(Defaults.text(Defaults.bedUnderVoiceRangeDB))); \
      where nobody speaks it rises \(Defaults.text(Defaults.duckDepthDB)) dB.
      """)
  var bedLevelDb = Defaults.bedUnderVoiceDB

  @Option(parsing: .unconditional, help: "Length of the crossfade where a bed loops, in milliseconds.")
  var bedCrossfadeMs = Defaults.bedCrossfadeMilliseconds

  @Flag(
    help:
      "Keep the bed at least \(Defaults.text(Defaults.wcagBedUnderVoiceDB)) dB under the voice (WCAG 1.4.7 asks for 20)."
  )
  var wcag = false

  @Flag(inversion: .prefixedNo, help: "Write the voice and bed stems and the ducking gain track.")
  var stems = true

  @Option(help: "Cores to use (default: all); 1 renders in order on one core. The files are the same either way.")
  var jobs: Int?

  @Option(
    help:
      "Progress on stderr: auto (an updating line on a terminal, plain lines otherwise), plain, json (one event per step), none."
  )
  var progress: RenderProgressStyle = .auto

  @Option(help: "Track title (default: the chapter title).") var title: String?
  @Option(help: "Artist (default: the narrator).") var artist: String?
  @Option(help: "Album (default: the book's name).") var album: String?
  @Option(help: "The narrator's name (default: Narrator).") var narrator: String?
  @Option(help: "The chapter title for chapters and spoken labels (default from the text: Psalm 23).")
  var chapterTitle: String?
  @Option(help: "File name base (default: the recording's name without extension).") var base: String?

  /// A core count out of range is a usage error (exit 64).
  func validate() throws {
    if let jobs, !(1...256).contains(jobs) { throw ValidationError(RenderUsage.badJobs(jobs).description) }
    if !Defaults.opusComplexityRange.contains(opusComplexity) {
      throw ValidationError(RenderError.opusComplexityOutOfRange(opusComplexity).description)
    }
    if !Defaults.mp3QualityRange.contains(mp3Quality) {
      throw ValidationError(RenderError.mp3QualityOutOfRange(mp3Quality).description)
    }
  }

  /// The command line as render settings; one-sentence errors for values that are not numbers.
  func setup(outputFolder: String, rates: [String], loudness: String) throws -> RenderSetup {
    var setup = RenderSetup(outputFolder: outputFolder)
    setup.speeds = try rates.flatMap { $0.split(separator: ",") }.map { text in
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      guard let value = Double(trimmed) else { throw RenderUsage.notANumber(option: "--rate", value: trimmed) }
      return value
    }
    if loudness.lowercased() == "off" {
      setup.loudnessLUFS = nil
    } else {
      guard let lufs = Double(loudness), lufs.isFinite else {
        throw RenderUsage.notANumber(option: "--loudness", value: loudness)
      }
      setup.loudnessLUFS = lufs
    }
    setup.bedPaths = beds
    setup.bedOnly = bedOnly
    setup.opusComplexity = opusComplexity
    setup.mp3Quality = mp3Quality
    setup.formats = format.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
    setup.bedUnderVoiceDB = bedLevelDb
    setup.bedCrossfadeMilliseconds = bedCrossfadeMs
    setup.wcag = wcag
    setup.stems = stems
    (setup.title, setup.artist, setup.album, setup.narrator) = (title, artist, album, narrator)
    setup.chapterTitle = chapterTitle
    setup.baseName = base
    setup.jobs = jobs
    return setup
  }
}

/// Render command lines that cannot work, each with its fix.
enum RenderUsage: Error, CustomStringConvertible {
  case needInput
  case recordsGoTogether
  case needOutputFolder
  case notANumber(option: String, value: String)
  case badJobs(Int)

  var description: String {
    switch self {
    case .needInput:
      "prep render needs its input: Give AUDIO --text TEXT, or --ingest RECORD.json --align ALIGN.json."
    case .recordsGoTogether:
      "--ingest and --align go together, instead of AUDIO and --text. Give both records, or the raw files."
    case .needOutputFolder:
      "prep render needs somewhere to write: Give --output-dir DIR for the variants (or --output FILE --loudness off for the narration alone)."
    case .badJobs(let jobs):
      "--jobs \(jobs) is not a number of cores. Give 1 to 256, e.g. --jobs 2, or leave it out to use every core."
    case .notANumber(let option, let value):
      "\(option) \(value) is not a number. Give e.g. \(option == "--rate" ? "--rate 1.5" : "--loudness \(Defaults.text(Defaults.loudnessLUFS))")."
    }
  }
}

import ArgumentParser
import Foundation
import Pipeline

extension Prep {
  struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "render",
      abstract: "Render every rate × bed variant of one chapter: audio, stems, tags, sidecars, records.",
      discussion: """
        Give the recording and its text (aligned here), or --ingest and --align records (the Makefile \
        flow). Each rate is stretched once (pitch kept; verse times follow the stretcher's time map); \
        each bed is looped (never stretched) and ducked under the voice; every file is normalised, \
        encoded, measured and corrected until it meets the loudness target.
        """)

    @Argument(help: "The recording (WAV, FLAC, Ogg Vorbis/Opus, MP3); not with --ingest.")
    var audio: String?

    @Option(help: "The chapter's text: USFM (.usfm, .sfm) or plain `NUMBER<TAB>TEXT` lines.")
    var text: String?

    @Option(help: "The chapter to take when the USFM file holds several.")
    var chapter: Int?

    @Option(help: "An ingest record (prep ingest): the recording and its text.")
    var ingest: String?

    @Option(help: "An align record (prep align --json) of the same recording.")
    var align: String?

    @Option(help: "Rates, 0.5…3.0: repeat the option or give a comma list (1,1.5,2).")
    var rate: [String] = ["1"]

    @Option(help: "Where the variants go: <base>.<rate>x-<bed>.<ext>, sidecars and records.")
    var outputDir: String?

    @Option(
      parsing: .unconditional,
      help: "Integrated loudness target in LUFS (−40…−5), or `off`. True peak stays ≤ −1 dBTP.")
    var loudness = "-16"

    @Option(help: "Shorten pauses longer than this many milliseconds to it before stretching.")
    var maxPauseMs: Int?

    @Option(name: .customLong("bed"), help: "A music bed (repeatable); each gives a variant per rate.")
    var beds: [String] = []

    @Flag(help: "Write only the bed variants (no narration-only variant).")
    var bedOnly = false

    @Option(help: "Formats, comma list or repeated: mp3, mp3-cbr-96, mp3-vbr-2, opus, opus-32, flac, wav, vorbis.")
    var format: [String] = ["mp3,opus"]

    @Option(help: "How far the bed sits under the voice during speech, in dB (6…40).")
    var bedLevelDb = 18.0

    @Option(help: "Length of the crossfade where a bed loops, in milliseconds.")
    var bedCrossfadeMs = 3_000.0

    @Flag(help: "Keep the bed at least 22 dB under the voice (WCAG 1.4.7 asks for 20).")
    var wcag = false

    @Flag(inversion: .prefixedNo, help: "Write the voice and bed stems and the ducking gain track.")
    var stems = true

    @Option(help: "Track title (default: the chapter title).") var title: String?
    @Option(help: "Artist (default: the narrator).") var artist: String?
    @Option(help: "Album (default: the book's name).") var album: String?
    @Option(help: "The narrator's name (default: Narrator).") var narrator: String?
    @Option(help: "The chapter title for chapters and spoken labels (default from the text: Psalm 23).")
    var chapterTitle: String?
    @Option(help: "File name base (default: the recording's name without extension).") var base: String?

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let setup = try self.setup()
      let source: RenderSource
      if let ingest {
        guard audio == nil, text == nil, let align else { throw RenderUsage.recordsGoTogether }
        global.say("\(ingest): reading the records and the recording")
        source = try RenderSource.fromRecords(ingestPath: ingest, alignPath: align)
      } else {
        guard let audio, let text else { throw RenderUsage.needInput }
        guard align == nil else { throw RenderUsage.recordsGoTogether }
        global.say("\(audio): aligning")
        source = try RenderSource.fromFiles(audioPath: audio, textPath: text, chapter: chapter)
      }
      let records = try FullRender.run(try setup.job(for: source)) { global.say($0) }
      global.say("\(records.count) variants → \(setup.outputFolder)")
    }

    /// The command line as render settings; one-sentence errors for bad values.
    func setup() throws -> RenderSetup {
      guard let outputDir else { throw RenderUsage.needOutputFolder }
      var setup = RenderSetup(outputFolder: outputDir)
      setup.speeds = try rate.flatMap { $0.split(separator: ",") }.map { text in
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)) else {
          throw RenderUsage.notANumber(option: "--rate", value: String(text))
        }
        return value
      }
      setup.bedPaths = beds
      setup.bedOnly = bedOnly
      setup.formats = format.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
      if loudness.lowercased() == "off" {
        setup.loudnessLUFS = nil
      } else {
        guard let lufs = Double(loudness) else { throw RenderUsage.notANumber(option: "--loudness", value: loudness) }
        setup.loudnessLUFS = lufs
      }
      setup.bedLevelDB = bedLevelDb
      setup.bedCrossfadeMilliseconds = bedCrossfadeMs
      setup.wcag = wcag
      setup.maxPauseMilliseconds = maxPauseMs
      setup.stems = stems
      (setup.title, setup.artist, setup.album, setup.narrator) = (title, artist, album, narrator)
      setup.chapterTitle = chapterTitle
      setup.baseName = base
      _ = try setup.plan()  // every range and name checked before the decode
      return setup
    }
  }
}

/// Render command lines that cannot work, each with its fix.
enum RenderUsage: Error, CustomStringConvertible {
  case needInput
  case recordsGoTogether
  case needOutputFolder
  case notANumber(option: String, value: String)

  var description: String {
    switch self {
    case .needInput:
      "prep render needs AUDIO --text TEXT, or --ingest RECORD.json --align ALIGN.json."
    case .recordsGoTogether:
      "--ingest and --align go together, instead of AUDIO and --text. Give both records, or the raw files."
    case .needOutputFolder:
      "prep render needs --output-dir DIR for the variants (or --output FILE --loudness off for the narration alone)."
    case .notANumber(let option, let value):
      "\(option) \(value) is not a number. Give e.g. \(option == "--rate" ? "--rate 1.5" : "--loudness -16")."
    }
  }
}

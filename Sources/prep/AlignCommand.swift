import ArgumentParser
import Pipeline

extension Prep {
  struct AlignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "align",
      abstract: "Find each verse's start in a recording (Audacity labels, optional JSON).",
      discussion: """
        Silence analysis guided by the text: verse lengths and punctuation, a drifting \
        speaking rate, one joint choice over the chapter. A start is the jump point: inside \
        the pause before the verse, just before its first sound. Low-confidence verses are \
        listed on stderr.
        """)

    @Argument(help: "The recording: WAV, FLAC, Ogg Vorbis/Opus or MP3 (or give --record).")
    var audio: String?

    @Option(help: "An ingest record (prep ingest --output): its text and recording are used.")
    var record: String?

    @OptionGroup var source: TextOptions

    @Option(help: "Where to write the Audacity labels (start, end, verse label).")
    var labels: String?

    @Option(help: "Where to write the full result (onset, offset, pause, confidence) as JSON.")
    var json: String?

    @Option(help: "Where to write phrase labels (1a, 1b, … as Scripture App Builder and HearThis use).")
    var phrases: String?

    @Option(help: "The text of a heading read before verse 1 (e.g. \"Psalm 23\"). Default: detect one.")
    var heading: String?

    @Flag(help: "There is no spoken heading before verse 1.")
    var noHeading = false

    @Flag(help: "USFM headings in the chapter (\\s1, \\d, …) are read aloud: align them too.")
    var readHeadings = false

    @Option(help: "An Audacity label file corrected by a person: its starts are kept, the rest re-derived.")
    var override: String?

    @Option(parsing: .unconditional, help: "Shortest gap that can be a boundary, in milliseconds.")
    var minPauseMs = 90

    @Option(parsing: .unconditional, help: "How far before the first sound the jump point sits, in milliseconds.")
    var leadMs = 25

    @Option(parsing: .unconditional, help: "Boundaries below this confidence (0–1) are reported.")
    var lowConfidence = 0.5

    @Flag(help: "Write labels even when the recording does not seem to match the text.")
    var allowMismatch = false

    @Flag(help: .hidden)
    var decodeOnly = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
      if audio == nil && record == nil { throw ValidationError("prep align needs its input: Give the recording, or --record RECORD.json.") }
      if decodeOnly { return }
      if labels == nil { throw ValidationError("prep align needs --labels: Give --labels OUT.txt (where the labels go).") }
      if record == nil && source.text == nil { throw ValidationError("Give --text (or an ingest record made with --text).") }
      if heading != nil && noHeading { throw ValidationError("--heading and --no-heading contradict each other. Give one of them.") }
      if !(20...2_000).contains(minPauseMs) {
        throw ValidationError("--min-pause-ms \(minPauseMs) is outside 20–2000. Give e.g. --min-pause-ms 90.")
      }
      if !(0...500).contains(leadMs) { throw ValidationError("--lead-ms \(leadMs) is outside 0–500. Give e.g. --lead-ms 25.") }
      if !(0...1).contains(lowConfidence) {
        throw ValidationError("--low-confidence \(lowConfidence) is outside 0–1. Give e.g. --low-confidence 0.5.")
      }
    }

    func run() throws {
      if decodeOnly, let audio {
        // Speed reference for bench/align/speed.sh: the same decoder, nothing else.
        global.say("\(audio): \(try Align.decodeOnly(audio)) frames decoded")
        return
      }
      guard let labels else { return }
      var options = Align.Options(labelsPath: labels)
      options.audioPath = audio
      options.recordPath = record
      options.textPath = source.text
      options.chapter = source.chapter
      options.jsonPath = json
      options.phrasesPath = phrases
      options.heading = noHeading ? .none : heading.map { .text($0) } ?? .detect
      options.readHeadings = readHeadings
      options.overridePath = override
      options.minPauseMilliseconds = minPauseMs
      options.leadMilliseconds = leadMs
      options.lowConfidence = lowConfidence
      options.allowMismatch = allowMismatch
      let result = try Align.run(options)
      global.warn(result.warnings)
      if !result.lowConfidence.isEmpty {
        global.warn(["\(result.audio.path): low confidence for \(result.lowConfidence.joined(separator: ", ")); check them in Audacity and pass the corrected labels with --override."])
      }
      let verses = result.segments.filter { $0.kind == "verse" }.count
      global.say(
        "\(result.audio.path): \(verses) verses\(result.analysis.headingDetected ? " + heading" : ""), "
          + "fit \(result.analysis.fit) → \(labels)")
    }
  }
}

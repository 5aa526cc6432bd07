import ArgumentParser
import Pipeline

extension Prep {
  struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "review",
      abstract: "Write review pages: each chapter's waveform with its verse starts, to check and correct in a browser.",
      discussion: """
        One page per record (<name>.html) and a book page (index.html) listing them lowest \
        confidence first. The pages work offline from file://. On a page made from an align \
        record, drag a start (or nudge it with the arrow keys) and press Save labels: the labels \
        go back with prep align --override.
        """)

    @Argument(help: "Align records (prep align --json) or variant records (prep render).")
    var records: [String]

    @Option(name: [.short, .long], help: "The folder the pages go to.")
    var outputDir: String

    @Option(
      help:
        "An ingest record whose envelope draws the waveform (repeatable; default: <name>.ingest.json beside the align record)."
    )
    var ingest: [String] = []

    @Option(help: "The book page's title.")
    var title = "Review"

    @OptionGroup var global: GlobalOptions

    func validate() throws {
      if records.isEmpty { throw ValidationError("Give at least one align or variant record.") }
    }

    func run() throws {
      var options = Review.Options(records: records, outputFolder: outputDir)
      options.ingestPaths = ingest
      options.title = title
      let chapters = try Review.run(options)
      let lows = chapters.reduce(0) { $0 + $1.lowConfidenceCount }
      global.say("\(chapters.count) review pages, \(lows) low-confidence boundaries → \(outputDir)/index.html")
    }
  }
}

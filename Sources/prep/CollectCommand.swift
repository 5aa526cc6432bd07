import ArgumentParser
import Pipeline

extension Prep {
  struct CollectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "collect",
      abstract:
        "Gather variant records into the catalogue (manifest.json), one chapter file per chapter and narrator (chapters/), and M3U playlists (.m3u)."
    )

    @Argument(help: "Variant records (<base>.<variant>.json) or folders holding them.")
    var inputs: [String]

    @Option(name: [.short, .long], help: "Where to write the catalogue; playlists go to playlists/ beside it.")
    var output: String

    @Option(help: "The catalogue's title (default: the book's name, e.g. Psalms).")
    var title: String?

    @Flag(help: "Do not write the reference player (player/ beside the catalogue).")
    var noPlayer = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
      if inputs.isEmpty { throw ValidationError("Give at least one variant record or folder.") }
    }

    func run() throws {
      var options = Collect.Options(inputs: inputs, outputPath: output, title: title)
      options.writePlayer = !noPlayer
      let catalogue = try Collect.run(options)
      let files = catalogue.chapters.reduce(0) { $0 + $1.narrators.count }
      global.say(
        "\(catalogue.chapters.count) chapters, \(catalogue.variantCount) variants, \(files) chapter files, "
          + "\(catalogue.playlists.count) playlists → \(output)")
    }
  }
}

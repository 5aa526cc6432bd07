import ArgumentParser
import Foundation
import Pipeline

extension Prep {
  struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "validate",
      abstract: "Check a catalogue, chapter file or variant record and every file it names (sizes, SHA-256).",
      discussion: "Prints one line per problem and exits 1 if there is any.")

    @Argument(help: "manifest.json (followed to its chapter files), a chapter file or a variant record.")
    var manifest: String

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let problems = try Validate.run(manifestPath: manifest)
      for problem in problems { FileHandle.standardError.write(Data((problem + "\n").utf8)) }
      guard problems.isEmpty else { throw ExitCode(1) }
      global.say("\(manifest): valid")
    }
  }
}

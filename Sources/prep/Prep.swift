import ArgumentParser
import Pipeline

/// The `prep` command: narrator recordings and verse text in, player-ready audio out.
@main
struct Prep: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "prep",
    abstract: "Turn narrator recordings and verse text into verse timings, rate variants, "
      + "premixes, manifests and sidecars for audio players.",
    version: PrepVersion.generator,
    subcommands: [IngestCommand.self, AlignCommand.self, RenderCommand.self, CollectCommand.self, ValidateCommand.self, ReviewCommand.self])
}

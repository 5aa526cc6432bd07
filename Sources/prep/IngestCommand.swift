import ArgumentParser
import Pipeline

extension Prep {
  struct IngestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "ingest",
      abstract: "Check one recording (and its text) and write its ingest record (JSON).")

    @Argument(help: "The recording: WAV, FLAC, Ogg Vorbis/Opus or MP3.")
    var audio: String

    @OptionGroup var source: TextOptions

    @Option(name: [.short, .long], help: "Where to write the ingest record (JSON).")
    var output: String

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let record = try Ingest.run(
        .init(audioPath: audio, textPath: source.text, chapter: source.chapter), outputPath: output)
      global.warn(record.warnings)
      global.say(
        "\(audio): \(record.audio.channelCount) ch, \(record.audio.sampleRate) Hz, "
          + "\(String(format: "%.2f", record.audio.durationSeconds)) s, "
          + "\(record.levels.integratedLUFS.map { "\($0) LUFS" } ?? "silent") → \(output)")
    }
  }
}

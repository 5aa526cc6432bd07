import ArgumentParser
import Pipeline

extension Prep {
  struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "render",
      abstract: "Write a rate variant of one recording: time-stretched narration (pitch kept) and its verse labels.",
      discussion: """
        The stretch keeps pitch and makes the variant exactly round(frames / rate) frames long. \
        Verse labels given with --labels are carried into the variant through the stretcher's own \
        time map (where every input frame landed), never by dividing times by the rate.
        In the Makefile flow give the ingest record and the aligned labels: \
        `prep render AUDIO --record INGEST.json --labels VERSES.txt --labels-out VARIANT.txt --rate R -o VARIANT.wav`.
        For now only `--loudness off` is implemented: the narration is written as stretched, \
        without music beds or loudness normalisation (the full render adds those).
        """)

    @Argument(help: "The recording: WAV, FLAC, Ogg Vorbis/Opus or MP3.")
    var audio: String

    @Option(help: "Playback rate of the variant, 0.5…3.0 (1.5 = 1.5× as fast).")
    var rate: Double

    @Option(name: [.short, .long], help: "The variant's audio file; its extension picks the format (wav, flac, mp3, opus, ogg).")
    var output: String

    @Option(help: "Loudness: `off` keeps the narration's own level (the only value for now; a LUFS target comes with the full render).")
    var loudness: String = "off"

    @Option(help: "Shorten pauses longer than this many milliseconds to it before stretching.")
    var maxPauseMs: Int?

    @Option(help: "A hop quieter than this (dBFS) counts as pause; default: the recording's speech threshold.")
    var pauseThresholdDbfs: Double?

    @Option(help: "The recording's ingest record (`prep ingest`): its envelope gives the pause threshold.")
    var record: String?

    @Option(help: "Audacity labels (e.g. from `prep align`) in the recording's time.")
    var labels: String?

    @Option(help: "Where to write those labels mapped into the variant's time.")
    var labelsOut: String?

    @Option(help: "Where to write the time map: one `input_frame<TAB>output_frame` anchor per line.")
    var timeMap: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
      guard (0.5...3.0).contains(rate) else {
        throw ValidationError("--rate \(rate) is outside 0.5…3.0. Choose a rate in that range, e.g. --rate 1.5.")
      }
      guard loudness == "off" else {
        throw ValidationError("--loudness \(loudness) is not implemented yet; use --loudness off.")
      }
      if let maxPauseMs, maxPauseMs < 20 {
        throw ValidationError("--max-pause-ms \(maxPauseMs) is too short; use 20 ms or more (e.g. 600).")
      }
      if (labels == nil) != (labelsOut == nil) {
        throw ValidationError("--labels and --labels-out go together; give both or neither.")
      }
    }

    func run() throws {
      let result = try Stretch.run(
        .init(
          audioPath: audio, outputPath: output, speed: rate, maxPauseMilliseconds: maxPauseMs,
          pauseThresholdDBFS: pauseThresholdDbfs, ingestRecordPath: record, labelsPath: labels, labelsOutputPath: labelsOut,
          timeMapPath: timeMap))
      global.say(
        "\(audio): \(result.inputFrames) frames at \(rate)× → \(result.outputFrames) frames → \(output)")
    }
  }
}

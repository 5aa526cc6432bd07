import ArgumentParser
import Foundation
import Pipeline
import Render

extension Prep {
  struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "render",
      abstract: "Render every rate × bed variant of one chapter: audio, stems, tags, sidecars, records.",
      discussion: """
        Give the recording and its text (aligned here), or --ingest and --align records (the Makefile \
        flow), and --output-dir. Each rate is stretched once (pitch kept; verse times follow the \
        stretcher's time map, never t / rate); each bed is looped (never stretched) and ducked under \
        the voice; every file is normalised, encoded, measured and corrected until it meets the target.
        With --output FILE and --loudness off, only the time-stretched narration of one rate is \
        written (same rate and channels; Opus plays at 48 kHz), with --labels carried into it and into \
        its chapter marks: \
        `prep render AUDIO --rate R --output OUT --loudness off`.
        """)

    @Argument(help: "The recording (WAV, FLAC, Ogg Vorbis/Opus, MP3); optional with --ingest.")
    var audio: String?

    @OptionGroup var textSource: TextOptions

    @Option(
      name: [.customLong("ingest"), .customLong("record")],
      help: "The recording's ingest record (prep ingest): recording, text, and the pause threshold.")
    var ingest: String?

    @Option(help: "An align record (prep align --json) of the same recording.")
    var align: String?

    @Option(
      parsing: .unconditionalSingleValue,
      help:
        "Rates, \(Defaults.text(Defaults.rateRange)) (1 is normal speed): repeat the option or give a comma list (1,1.5,2)."
    )
    var rate: [String] = []

    @Option(help: "Where the variants go: <base>.<rate>x-<bed>.<ext>, sidecars and records.")
    var outputDir: String?

    @Option(
      name: [.short, .long],
      help: "Narration only: the stretched recording, its extension picks the format (wav, flac, mp3, opus, ogg).")
    var output: String?

    @Option(
      parsing: .unconditional,
      help: """
        Integrated loudness target in LUFS (\(Defaults.text(Defaults.loudnessRangeLUFS)); default \
        \(Defaults.text(Defaults.loudnessLUFS)), true peak ≤ \(Defaults.text(Defaults.truePeakDBTP)) dBTP), or `off`.
        """)
    var loudness: String?

    @Option(parsing: .unconditional, help: "Shorten pauses longer than this many milliseconds to it before stretching.")
    var maxPauseMs: Int?

    @Option(
      parsing: .unconditional,
      help: "A hop quieter than this (dBFS) counts as pause; default: the recording's speech threshold.")
    var pauseThresholdDbfs: Double?

    @OptionGroup var variants: RenderVariantOptions

    @Option(help: "Narration only: Audacity labels (e.g. from `prep align`) in the recording's time.")
    var labels: String?

    @Option(help: "Narration only: where to write those labels mapped into the variant's time.")
    var labelsOut: String?

    @Option(help: "Narration only: where to write the time map, one `input_frame<TAB>output_frame` per line.")
    var timeMap: String?

    @OptionGroup var global: GlobalOptions

    /// Usage errors (exit 64), the same sentence in the full render and the narration-only mode.
    func validate() throws {
      let problem =
        UsageCheck.finite(pauseThresholdDbfs, option: "--pause-threshold-dbfs", example: "-45")
        ?? UsageCheck.finite(variants.bedLevelDb, option: "--bed-level-db", example: "18")
        ?? UsageCheck.finite(variants.bedCrossfadeMs, option: "--bed-crossfade-ms", example: "3000")
        ?? UsageCheck.rates(rate) ?? UsageCheck.maxPause(maxPauseMs)
      if let problem { throw ValidationError(problem) }
      if output != nil { try validateNarrationOnly() } else { try validateFullRender() }
    }

    /// `--output FILE`: one rate, no loudness, no beds, a format prep writes.
    func validateNarrationOnly() throws {
      guard let audio = audio, !audio.isEmpty, rate.count == 1, !rate[0].contains(",") else {
        throw ValidationError("--output writes one narration: Give AUDIO and one --rate (e.g. --rate 1.5).")
      }
      guard (loudness ?? "off") == "off", outputDir == nil, variants.beds.isEmpty else {
        throw ValidationError(
          "--output writes the stretched narration alone (--loudness off). Use --output-dir for normalised variants and beds."
        )
      }
      if let output, let problem = UsageCheck.narrationOutput(output) { throw ValidationError(problem) }
      if variants.opusComplexity != Defaults.opusComplexity, let output,
        URL(fileURLWithPath: output).pathExtension.lowercased() != "opus"
      {
        throw ValidationError("--opus-complexity sets the Opus encoder, and \(output) is not .opus. Remove it.")
      }
      if variants.mp3Quality != Defaults.mp3Quality, let output,
        URL(fileURLWithPath: output).pathExtension.lowercased() != "mp3"
      {
        throw ValidationError("--mp3-quality sets the MP3 encoder, and \(output) is not .mp3. Remove it.")
      }
      if variants.format != RenderVariantOptions.defaultFormats {
        throw ValidationError(
          "--format is for --output-dir; with --output the file's extension picks the format. Remove --format.")
      }
      if (labels == nil) != (labelsOut == nil) {
        throw ValidationError("--labels and --labels-out go together. Give both or neither.")
      }
    }

    /// The full render: an output folder, the inputs, and settings that make a plan.
    func validateFullRender() throws {
      guard let outputDir else { throw ValidationError(RenderUsage.needOutputFolder.description) }
      if ingest != nil, audio == nil, textSource.text == nil {
        if align == nil { throw ValidationError(RenderUsage.recordsGoTogether.description) }
      } else {
        guard audio != nil, textSource.text != nil else { throw ValidationError(RenderUsage.needInput.description) }
        guard align == nil, ingest == nil else { throw ValidationError(RenderUsage.recordsGoTogether.description) }
      }
      if let problem = UsageCheck.base(variants.base) { throw ValidationError(problem) }
      let setup: RenderSetup
      do {
        setup = try variants.setup(
          outputFolder: outputDir, rates: rate.isEmpty ? Defaults.rates.map(Defaults.text) : rate,
          loudness: loudness ?? Defaults.text(Defaults.loudnessLUFS))
      } catch { throw ValidationError("\(error)") }
      if let problem = UsageCheck.renderSettings(setup) { throw ValidationError(problem) }
    }

    func run() throws {
      if let output, let audio, let speed = rate.first.flatMap(Double.init) {
        let result = try Stretch.run(
          .init(
            audioPath: audio, outputPath: output, speed: speed, maxPauseMilliseconds: maxPauseMs,
            pauseThresholdDBFS: pauseThresholdDbfs, ingestRecordPath: ingest, labelsPath: labels,
            labelsOutputPath: labelsOut, timeMapPath: timeMap,
            tags: .init(
              title: variants.title, artist: variants.artist ?? variants.narrator, album: variants.album,
              chapterTitle: variants.chapterTitle),
            opusComplexity: variants.opusComplexity, mp3Quality: variants.mp3Quality))
        global.say("\(audio): \(result.inputFrames) frames at \(speed)× → \(result.outputFrames) frames → \(output)")
        return
      }
      try renderVariants()
    }

    /// The full render: every rate × bed variant in every format.
    func renderVariants() throws {
      guard let outputDir else { throw RenderUsage.needOutputFolder }
      var setup = try variants.setup(
        outputFolder: outputDir, rates: rate.isEmpty ? Defaults.rates.map(Defaults.text) : rate,
        loudness: loudness ?? Defaults.text(Defaults.loudnessLUFS))
      setup.maxPauseMilliseconds = maxPauseMs
      setup.pauseThresholdDBFS = pauseThresholdDbfs
      try setup.checkInputs(audioPath: audio, textPath: textSource.text, ingestPath: ingest, alignPath: align)
      let plan = try setup.plan()  // every range and name checked before the decode
      let reporter = RenderProgressOutput(
        style: variants.progress, quiet: global.quiet,
        subject: URL(fileURLWithPath: audio ?? ingest ?? "render").lastPathComponent)
      defer { reporter.close() }
      let source: RenderSource
      if let ingest, audio == nil, textSource.text == nil {
        guard let align else { throw RenderUsage.recordsGoTogether }
        reporter.note("read", "\(ingest): reading the records and the recording")
        source = try RenderSource.fromRecords(ingestPath: ingest, alignPath: align)
      } else {
        guard let audio, let text = textSource.text else { throw RenderUsage.needInput }
        guard align == nil, ingest == nil else { throw RenderUsage.recordsGoTogether }
        reporter.note("align", "\(audio): aligning")
        source = try RenderSource.fromFiles(audioPath: audio, textPath: text, chapter: textSource.chapter)
      }
      let records = try FullRender.run(try setup.job(for: source, plan: plan)) { reporter.report($0) }
      reporter.warn(RenderWarnings.loudness(records))
      reporter.note("summary", "\(records.count) variants → \(outputDir)")
    }
  }
}

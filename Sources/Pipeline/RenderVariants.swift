import AudioIO
import Manifest
import Render

extension FullRender {
  /// Every rate's variants as one graph of steps on the render's cores (`RenderSchedule`): each
  /// rate's stretch and voice normalisation, the Opus shift probe, each bed variant's mix, and
  /// each file on its own; then the sidecars and records, in order.
  ///
  /// Priorities: the stretches first (everything waits on them), then the probe (the Opus files
  /// wait on it), then the mixes (a variant's files wait on theirs), then the files, the most
  /// work first, so that the files left to encode at the end are the short ones.
  static func renderVariants(_ job: RenderJob, beds: [PreparedBed], output: RenderOutput) throws -> [VariantRecord] {
    let schedule = RenderSchedule()
    let (speeds, formats, encoder) = (job.plan.speeds, output.formats, output.encoder)
    let normalise = job.plan.loudness != nil
    let seconds = Double(job.narration.frameCount) / Double(max(1, job.narration.sampleRate))
    let rates = speeds.enumerated().map { index, speed in
      schedule.add(priority: 3e9 - Double(index)) { try RenderRate(speed, beds: beds, output: output) }
    }
    defer { for rate in rates { rate.finished?.spools.removeAll() } }
    let probe = schedule.add(priority: 2e9) {
      encoder.opusShift.value = try OpusShiftProbe.measure(job.narration, formats: formats, encoder: encoder)
    }
    /// A file's priority: its expected work (a bed variant's a little more than the narration's).
    func work(_ speed: Double, _ format: EncodedFormat, bed: Bool, stem: Bool = false) -> Double {
      RenderProgress.units(normalise && !stem ? .encode : .stems, seconds: seconds / speed, format: format)
        + (bed ? 1 : 0)
    }
    /// The steps a file of `format` waits on besides its audio: the probe, for an Opus file.
    func probed(_ format: EncodedFormat) -> [Int] {
      if case .opus = format { [probe.id] } else { [] }
    }
    let pieces = zip(speeds, rates).map { speed, rate in
      RenderRate.pieces(job, beds: beds).map { bed -> PieceSteps in
        guard let bed else {
          return PieceSteps(
            mix: nil,
            files: formats.map { format in
              schedule.add(priority: work(speed, format, bed: false), after: [rate.id] + probed(format)) {
                try rate.value.encodeVoice(format: format)
              }
            }, stems: [])
        }
        let mix = schedule.add(priority: 1e9, after: [rate.id]) { try rate.value.premix.mix(bed) }
        let files = formats.map { format in
          schedule.add(priority: work(speed, format, bed: true), after: [mix.id] + probed(format)) {
            try rate.value.premix.encode(mix.value, format: format)
          }
        }
        // The premix's spool goes as soon as its files are written (after a failure, with the
        // staging folder).
        _ = schedule.add(priority: 1e9, after: files.map(\.id)) { mix.value.spools.removeAll() }
        return PieceSteps(
          mix: mix,
          files: files,
          stems: job.writesStems
            ? formats.map { format in
              schedule.add(priority: work(speed, format, bed: true, stem: true), after: [mix.id]) {
                try rate.value.premix.encodeStem(mix.value, format: format)
              }
            } : [])
      }
    }
    try schedule.run(jobs: job.jobs)
    return try zip(rates, pieces).flatMap { rate, pieces in
      try rate.value.records(pieces.map(\.encoded))
    }
  }

  /// The steps of one piece of a rate: the mix (bed variants), each format's file and bed stem.
  private struct PieceSteps {
    let mix: RenderSchedule.Step<RenderPremix.Mix>?
    let files: [RenderSchedule.Step<EncodedFile>]
    let stems: [RenderSchedule.Step<EncodedFile>]

    /// What the piece encoded (after the schedule ran).
    var encoded: RenderPiece {
      guard let mix else { return .voice(files.map(\.value)) }
      return .premix(
        RenderPremix.Encoded(
          mix: mix.value, files: files.map(\.value), bedStemFiles: stems.isEmpty ? nil : stems.map(\.value)))
    }
  }
}

import AudioIO
import DSP
import Files
import Manifest
import Render

/// `prep render` in full: every rate × bed variant of one chapter, in every format, with stems,
/// sidecars and variant records.
///
/// Per rate r (the narration is stretched once per rate):
///
///     voiceᵣ   = limit(stretch(narration, r) · g)            normalised to the target (LoudnessPlan)
///     timingsᵣ = timings mapped through the stretcher's time map (never t / r)
///
/// and per bed b, with the premix layout (lead-in L, tail T) and the ducking gain track d(n):
///
///     premix = normalise( pad(voiceᵣ) + 10^((Lᵥ − L_b)/20) · d(n) · loop(b) )
///
/// where Lᵥ and L_b are the voice's and the prepared bed's integrated loudness, so d(n) is the
/// bed's level relative to the voice (−18 dB under speech by default). Verse timings of a bed
/// variant are timingsᵣ shifted by the lead-in padding. Each variant is encoded in every format
/// (measured, corrected), gets its sidecars and, last, its record. Everything is staged in an
/// `OutputBatch` and moved into the output folder only when the whole render succeeded.
///
/// Stems: the voice stem of a bed variant is the rate's narration-only files (`<base>.<r>x-none.*`)
/// starting at the lead-in; the bed stem is the looped, faded bed at the level it has where the
/// voice is silent (voice loudness + speech level + duck depth, −12 dB by default), so its gain
/// track stays at or below 0 dB: stem · 10^(track/20) is the bed as mixed.
///
/// Rates, the variants of a rate and the formats of a variant run side by side on `job.jobs`
/// cores, as one graph of steps (`RenderSchedule`, built by `renderVariants`); each file depends
/// only on its own inputs, so the bytes are the same on one core or many and whatever else the
/// call renders.
public enum FullRender {
  /// Renders every variant; `progress` receives one event per step (from one worker at a time).
  @discardableResult
  public static func run(
    _ job: RenderJob, progress report: @escaping @Sendable (RenderEvent) -> Void = { _ in }
  ) throws -> [VariantRecord] {
    precondition(job.timings.sampleRate == job.narration.sampleRate, "timings and narration differ in rate")
    let formats = try checkedFormats(job.plan)
    let progress = RenderProgress(totalUnits: workUnits(job, formats: formats), report: report)
    let bedFiles = job.plan.beds.compactMap { bed -> (id: String, path: String)? in
      guard case .file(let id, let path) = bed else { return nil }
      return (id, path)
    }
    let beds = try RenderParallel.map(bedFiles.count, jobs: job.jobs) { index in
      let (id, path) = bedFiles[index]
      progress.begin(.bed, "\(path): preparing the music bed")
      return try PreparedBed.load(
        id: id, path: path, sampleRate: job.narration.sampleRate, channelCount: job.narration.channelCount,
        crossfadeMilliseconds: job.plan.bedCrossfadeMilliseconds)
    }
    let batch = try OutputBatch(folder: job.outputFolder)
    do {
      let staging = RenderStaging(batch)
      let encoder = VariantEncoder(
        staging: staging, target: job.plan.loudness, opusComplexity: job.plan.opusComplexity,
        mp3Quality: job.plan.mp3Quality)
      let output = RenderOutput(job: job, staging: staging, encoder: encoder, formats: formats, progress: progress)
      let records = try renderVariants(job, beds: beds, output: output)
      progress.begin(.commit, "\(job.outputFolder): writing \(batch.stagedNames.count) files")
      try batch.commit()
      progress.finish(1)
      progress.begin(.done, "\(job.outputFolder): \(records.count) variants written")
      return records
    } catch {
      batch.discard()
      throw error
    }
  }

  /// The render's work in `RenderProgress` units: each rate's stretch, mixes and encodes.
  static func workUnits(_ job: RenderJob, formats: [EncodedFormat]) -> Double {
    let seconds = Double(job.narration.frameCount) / Double(max(1, job.narration.sampleRate))
    let beds = job.plan.beds.filter { if case .file = $0 { true } else { false } }.count
    let voiceEncoded = job.writesNoBedVariant || (job.writesStems && beds > 0)
    return job.plan.speeds.reduce(1) { total, speed in
      let variantSeconds = seconds / speed
      var units = RenderProgress.units(.stretch, seconds: seconds)
      units += Double(beds) * RenderProgress.units(.mix, seconds: variantSeconds)
      for format in formats {
        let encode = RenderProgress.units(.encode, seconds: variantSeconds, format: format)
        units += encode * Double(beds + (voiceEncoded ? 1 : 0))
        if job.writesStems {
          units += Double(beds) * RenderProgress.units(.stems, seconds: variantSeconds, format: format)
        }
      }
      return total + units
    }
  }

  /// The plan's formats, parsed; the plan's other settings checked.
  static func checkedFormats(_ plan: RenderPlan) throws(RenderError) -> [EncodedFormat] {
    try plan.validate(knownFormats: Defaults.formatVocabulary, isKnownFormat: { EncodedFormat(name: $0) != nil })
    let formats = plan.formats.compactMap { EncodedFormat(name: $0) }
    // Each format writes <variant>.<extension>: two with one extension would overwrite each other.
    for (index, format) in formats.enumerated() {
      if let earlier = formats[..<index].first(where: { $0.fileExtension == format.fileExtension }) {
        throw .formatsShareAFile(
          first: earlier.description, second: format.description, fileExtension: format.fileExtension)
      }
    }
    return formats
  }

  /// What one piece of a rate encoded.
  enum RenderPiece {
    case voice([EncodedFile])
    case premix(RenderPremix.Encoded)
  }
}

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
public enum FullRender {
  /// Renders every variant; `progress` receives one line per step.
  @discardableResult
  public static func run(_ job: RenderJob, progress: (String) -> Void = { _ in }) throws -> [VariantRecord] {
    precondition(job.timings.sampleRate == job.narration.sampleRate, "timings and narration differ in rate")
    let formats = try checkedFormats(job.plan)
    let beds = try job.plan.beds.compactMap { bed throws(RenderError) -> PreparedBed? in
      guard case .file(let id, let path) = bed else { return nil }
      progress("\(path): preparing the music bed")
      return try PreparedBed.load(
        id: id, path: path, sampleRate: job.narration.sampleRate, channelCount: job.narration.channelCount,
        crossfadeMilliseconds: job.plan.bedCrossfadeMilliseconds)
    }
    let batch = try OutputBatch(folder: job.outputFolder)
    do {
      let output = RenderOutput(
        job: job, batch: batch, encoder: VariantEncoder(batch: batch, target: job.plan.loudness),
        formats: formats)
      var records: [VariantRecord] = []
      for speed in job.plan.speeds {
        records += try renderRate(speed, beds: beds, output: output, progress: progress)
      }
      progress("\(job.outputFolder): writing \(batch.stagedNames.count) files")
      try batch.commit()
      return records
    } catch {
      batch.discard()
      throw error
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

  /// One rate: the narration-only variant, then one premix per bed.
  static func renderRate(
    _ speed: Double, beds: [PreparedBed], output: RenderOutput, progress: (String) -> Void
  ) throws -> [VariantRecord] {
    let job = output.job
    let plan = job.plan
    let rateName = RenderPlan.rateName(speed)
    progress("\(job.narrationPath): \(rateName)× stretching")
    let stretched = try job.stretch(job.narration, speed)
    let timings = job.timings.mapped(by: stretched.outputFrame)
    var voice = stretched.audio
    if let target = plan.loudness {
      voice = try LoudnessPlan.normalise(
        voice, to: target, source: job.narrationPath, measure: LoudnessCheck.integrated
      ).audio
    }
    var records: [VariantRecord] = []
    let noBedID = RenderOutput.variantID(speed: speed, bed: nil)
    var voiceFiles: [EncodedFile] = []
    if job.writesNoBedVariant || (job.writesStems && !beds.isEmpty) {
      progress("\(job.narrationPath): \(noBedID) encoding")
      voiceFiles = try output.encodeAll(voice, variantID: noBedID, timings: timings, normalise: plan.loudness != nil)
    }
    if job.writesNoBedVariant {
      let sidecars = try output.writeSidecars(variantID: noBedID, timings: timings)
      records.append(
        try output.writeRecord(
          speed: speed, bed: nil, frameCount: voice.frameCount, timings: timings, files: voiceFiles,
          sidecars: sidecars, stems: nil))
    }
    guard !beds.isEmpty else { return records }
    let voiceLUFS = plan.loudness?.integratedLUFS ?? LoudnessCheck.integrated(voice).integratedLUFS
    for bed in beds {
      records.append(
        try RenderPremix(output: output, speed: speed, voice: voice, voiceLUFS: voiceLUFS, timings: timings)
          .render(bed, voiceFiles: voiceFiles, progress: progress))
    }
    return records
  }
}

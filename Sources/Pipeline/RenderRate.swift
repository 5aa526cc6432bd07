import AudioIO
import DSP
import Manifest
import Render

/// One rate of a full render: the narration stretched and normalised once (`init`), then its
/// pieces — the narration-only variant and one premix per bed — each file encoded on its own
/// (`encodeVoice`, `RenderPremix`), then their sidecars and records in order (`records`). The rate's spools stay
/// until the caller removes them (`spools.removeAll()`).
struct RenderRate {
  let speed: Double
  let output: RenderOutput
  let spools: SpoolSet
  /// The rate's narration, normalised (or as recorded with `--loudness off`), spooled.
  let voice: AudioSpool
  let timings: NarrationTimings
  let slope: Double
  let voiceMeasuredLUFS: Double?
  let premix: RenderPremix

  init(_ speed: Double, beds: [PreparedBed], output: RenderOutput) throws {
    let job = output.job
    let plan = job.plan
    let rateName = RenderPlan.rateName(speed)
    let inputSeconds = Double(job.narration.frameCount) / Double(max(1, job.narration.sampleRate))
    output.progress.begin(.stretch, variant: "\(rateName)x", "\(job.narrationPath): \(rateName)× stretching")
    let spools = SpoolSet(staging: output.staging, name: "\(job.baseName).\(rateName)x")
    do {
      // The stretch streams from the decoder into a spool; the voice is then normalised there.
      var stretcher = try job.stretch(speed)
      let stretched = try spools.write(job.narration.stream, through: &stretcher)
      timings = job.timings.mapped(by: stretcher.outputFrameMap())
      var voice = stretched
      var slope = 1.0
      var voiceMeasuredLUFS: Double?
      if let target = plan.loudness {
        let first = try stretched.stream.integratedLUFS()
        guard let gain = LoudnessPlan.gainDB(measuredLUFS: first, targetLUFS: target.integratedLUFS) else {
          throw RenderError.silentNarration(file: job.narrationPath)
        }
        let best = try LoudnessPlan.search(
          fromGainDB: gain, targetLUFS: target.integratedLUFS, toleranceLU: 0.1,
          discard: { (spool: AudioSpool) in spools.remove(spool) }
        ) { gain, _ in
          try spools.measured(
            stretched.stream.adding(.gain(gain)).adding(.limit(ceilingDBTP: target.limiterCeilingDBTP)))
        }
        (voice, slope, voiceMeasuredLUFS) = (best.result, best.slope, best.lufs)
        spools.remove(stretched)
      }
      output.progress.finish(RenderProgress.units(.stretch, seconds: inputSeconds))
      let voiceLUFS = try plan.loudness?.integratedLUFS ?? voice.stream.integratedLUFS()
      premix = RenderPremix(
        output: output, speed: speed, voice: voice, voiceLUFS: voiceLUFS, timings: timings, slope: slope)
      (self.voice, self.slope, self.voiceMeasuredLUFS) = (voice, slope, voiceMeasuredLUFS)
    } catch {
      spools.removeAll()
      throw error
    }
    (self.speed, self.output, self.spools) = (speed, output, spools)
  }

  var noBedID: String { RenderOutput.variantID(speed: speed, bed: nil) }

  /// The rate's narration-only file in `format`.
  func encodeVoice(format: EncodedFormat) throws -> EncodedFile {
    try output.encode(
      voice.stream, format: format, variantID: noBedID, timings: timings, normalise: output.job.plan.loudness != nil,
      slope: slope, measuredLUFS: voiceMeasuredLUFS)
  }

  /// A rate's pieces: the narration alone (nil; when it is written, or is the voice stem), then
  /// the beds in order.
  static func pieces(_ job: RenderJob, beds: [PreparedBed]) -> [PreparedBed?] {
    let encodesVoice = job.writesNoBedVariant || (job.writesStems && !beds.isEmpty)
    return (encodesVoice ? [nil] : []) + beds.map { $0 }
  }

  /// The sidecars and records of the encoded pieces (in piece order).
  func records(_ encoded: [FullRender.RenderPiece]) throws -> [VariantRecord] {
    var voiceFiles: [EncodedFile] = []
    var records: [VariantRecord] = []
    for piece in encoded {
      switch piece {
      case .voice(let files):
        voiceFiles = files
        guard output.job.writesNoBedVariant else { continue }
        let sidecars = try output.writeSidecars(variantID: noBedID, timings: timings)
        records.append(
          try output.writeRecord(
            speed: speed, bed: nil, frameCount: voice.frameCount, timings: timings, files: files,
            sidecars: sidecars, stems: nil))
      case .premix(let bedVariant):
        records.append(try premix.record(bedVariant, voiceFiles: voiceFiles))
      }
    }
    return records
  }
}

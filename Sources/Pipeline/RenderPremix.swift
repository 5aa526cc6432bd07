import AudioIO
import DSP
import Manifest
import Render

/// One bed variant of one rate: layout, ducking, mix, normalise, encode, stems, record.
struct RenderPremix {
  let output: RenderOutput
  let speed: Double
  /// The rate's narration, normalised (or as recorded with `--loudness off`).
  let voice: AudioBuffer
  let voiceLUFS: Double
  /// The rate's timings in the voice's frames.
  let timings: NarrationTimings

  func render(_ bed: PreparedBed, voiceFiles: [EncodedFile], progress: (String) -> Void) throws -> VariantRecord {
    let job = output.job
    let plan = job.plan
    let rate = voice.sampleRate
    let id = RenderOutput.variantID(speed: speed, bed: bed.entry.id)
    progress("\(job.narrationPath): \(id) mixing")
    let layout = PremixLayout(voiceFrames: voice.frameCount, speech: timings.speech, plan: plan, sampleRate: rate)
    let premixTimings = timings.shifted(by: layout.padBeforeFrames)
    let track = Ducking.gainTrack(
      speech: premixTimings.speech, frameCount: layout.frameCount, sampleRate: rate, options: plan.ducking)
    var music = bed.bed.render(
      frameCount: layout.frameCount,
      fadeInFrames: FrameTime.frames(seconds: plan.bedFadeInMilliseconds / 1000, sampleRate: rate),
      fadeOutFrames: FrameTime.frames(seconds: plan.bedFadeOutMilliseconds / 1000, sampleRate: rate))
    // The bed's loudness matched to the voice's; the gain track then sets it relative to the voice.
    let bedLevelDB = voiceLUFS.isFinite && voiceLUFS > -70 ? voiceLUFS - bed.loudnessLUFS : 0
    // The premix lives only in this call, so it is freed before the stems are made; the
    // encoder normalises it for each codec.
    progress("\(job.narrationPath): \(id) encoding")
    let files = try output.encodeAll(
      Mixer.mix(voice: layout.pad(voice), bed: music, bedGain: track, bedLevelDB: bedLevelDB), variantID: id,
      timings: premixTimings, normalise: plan.loudness != nil)
    var stems: Stems?
    if job.writesStems {
      let openDB = plan.ducking.speechLevelDB + plan.ducking.duckDepthDB
      LoudnessPlan.apply(gainDB: bedLevelDB + openDB, to: &music)
      var limiter = TruePeakLimiter(
        channelCount: music.channelCount, sampleRate: rate,
        ceilingDBTP: (plan.loudness ?? .podcast).limiterCeilingDBTP)
      music = limiter.processAll(music, chunkFrames: Streaming.chunkFrames)
      let bedFiles = try output.encodeAll(
        music, variantID: id, part: "bed", timings: nil, normalise: false, titleSuffix: " (music bed)")
      stems = Stems(
        voice: Stem(files: voiceFiles, startFrame: layout.padBeforeFrames),
        bed: Stem(files: bedFiles, startFrame: 0, loopSeamFrames: bed.bed.seams(frameCount: layout.frameCount)),
        bedGain: RenderPremix.entry(track.offset(by: -openDB)))
    }
    let sidecars = try output.writeSidecars(variantID: id, timings: premixTimings)
    return try output.writeRecord(
      speed: speed, bed: bed, frameCount: layout.frameCount, timings: premixTimings, files: files,
      sidecars: sidecars, stems: stems)
  }

  /// A gain track as the manifest stores it (dB to two decimals).
  static func entry(_ track: GainTrack) -> GainTrackEntry {
    GainTrackEntry(
      sampleRate: track.sampleRate,
      points: track.points.map { point in
        .init(
          frame: point.frame, milliseconds: FrameTime.milliseconds(point.frame, sampleRate: track.sampleRate),
          gainDB: point.gainDB.rounded(places: 2))
      })
  }
}

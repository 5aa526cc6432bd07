import AudioIO
import DSP
import Manifest
import Render

/// One bed variant of one rate: layout, ducking, mix, normalise, encode, stems (`encode`), then
/// its record (`record`, once the rate's narration-only files, the voice stem, exist).
struct RenderPremix {
  let output: RenderOutput
  let speed: Double
  /// The rate's narration, normalised (or as recorded with `--loudness off`), spooled.
  let voice: AudioSpool
  let voiceLUFS: Double
  /// The rate's timings in the voice's frames.
  let timings: NarrationTimings
  /// d(loudness)/d(gain) the voice's normalisation saw: the encoder's first step.
  let slope: Double

  /// A bed variant's files, before its record.
  struct Encoded {
    let bed: PreparedBed
    let id: String
    let layout: PremixLayout
    let timings: NarrationTimings
    let files: [EncodedFile]
    /// The bed stem's files and the gain track as the manifest stores it (stems only).
    let bedStem: (files: [EncodedFile], gain: GainTrackEntry)?
  }

  func encode(_ bed: PreparedBed) throws -> Encoded {
    let job = output.job
    let plan = job.plan
    let rate = voice.sampleRate
    let id = RenderOutput.variantID(speed: speed, bed: bed.entry.id)
    output.progress.begin(.mix, variant: id, "\(job.narrationPath): \(id) mixing")
    let layout = PremixLayout(voiceFrames: voice.frameCount, speech: timings.speech, plan: plan, sampleRate: rate)
    let premixTimings = timings.shifted(by: layout.padBeforeFrames)
    let track = Ducking.gainTrack(
      speech: premixTimings.speech, frameCount: layout.frameCount, sampleRate: rate, options: plan.ducking)
    let fadeIn = FrameTime.frames(seconds: plan.bedFadeInMilliseconds / 1000, sampleRate: rate)
    let fadeOut = FrameTime.frames(seconds: plan.bedFadeOutMilliseconds / 1000, sampleRate: rate)
    // The bed's loudness matched to the voice's; the gain track then sets it relative to the voice.
    let bedLevelDB = voiceLUFS.isFinite && voiceLUFS > -70 ? voiceLUFS - bed.loudnessLUFS : 0
    let (voice, music) = (self.voice, bed.bed)
    let premix = AudioStream(
      sampleRate: rate,
      channelCount: Mixer.outputChannelCount(voice: voice.channelCount, bed: music.audio.channelCount),
      frameCount: layout.frameCount
    ) {
      PremixSource(
        voice: try voice.source(), layout: layout, bed: music, fadeInFrames: fadeIn, fadeOutFrames: fadeOut,
        track: track, bedLevelDB: bedLevelDB)
    }
    output.progress.finish(RenderProgress.units(.mix, seconds: Double(layout.frameCount) / Double(rate)))
    // The premix is made afresh, in chunks, by every pass of the encoder, which normalises it
    // for each codec.
    let files = try output.encodeAll(
      premix, variantID: id, timings: premixTimings, normalise: plan.loudness != nil, slope: slope)
    guard job.writesStems else {
      return Encoded(bed: bed, id: id, layout: layout, timings: premixTimings, files: files, bedStem: nil)
    }
    let openDB = plan.ducking.speechLevelDB + plan.ducking.duckDepthDB
    let stem = AudioStream(
      sampleRate: rate, channelCount: music.audio.channelCount, frameCount: layout.frameCount
    ) {
      BedSource(bed: music, frameCount: layout.frameCount, fadeInFrames: fadeIn, fadeOutFrames: fadeOut)
    }
    .adding(.gain(bedLevelDB + openDB))
    .adding(.limit(ceilingDBTP: (plan.loudness ?? .podcast).limiterCeilingDBTP))
    let bedFiles = try output.encodeAll(
      stem, variantID: id, part: "bed", timings: nil, normalise: false, titleSuffix: " (music bed)")
    return Encoded(
      bed: bed, id: id, layout: layout, timings: premixTimings, files: files,
      bedStem: (bedFiles, RenderPremix.entry(track.offset(by: -openDB))))
  }

  /// The variant's sidecars and record; `voiceFiles` are the rate's narration-only files.
  func record(_ encoded: Encoded, voiceFiles: [EncodedFile]) throws -> VariantRecord {
    let stems = encoded.bedStem.map { bedStem in
      Stems(
        voice: Stem(files: voiceFiles, startFrame: encoded.layout.padBeforeFrames),
        bed: Stem(
          files: bedStem.files, startFrame: 0,
          loopSeamFrames: encoded.bed.bed.seams(frameCount: encoded.layout.frameCount)),
        bedGain: bedStem.gain)
    }
    let sidecars = try output.writeSidecars(variantID: encoded.id, timings: encoded.timings)
    return try output.writeRecord(
      speed: speed, bed: encoded.bed, frameCount: encoded.layout.frameCount, timings: encoded.timings,
      files: encoded.files, sidecars: sidecars, stems: stems)
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

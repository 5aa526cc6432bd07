import AudioIO
import DSP
import Manifest
import Render

/// One bed variant of one rate: layout, ducking and mix (`mix`), then each format's file and
/// bed stem (`encode`, `encodeStem`, side by side), then its record (`record`, once the rate's
/// narration-only files, the voice stem, exist).
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

  /// A bed variant's premix, as a stream its files are encoded from.
  struct Mix {
    let bed: PreparedBed
    let id: String
    let layout: PremixLayout
    let timings: NarrationTimings
    /// The premix the files are encoded from: spooled once (and measured on the way) when it
    /// is normalised, as each format's normalisation passes read it again; else made afresh,
    /// in chunks, by each format's encode.
    let premix: AudioStream
    /// The premix's spool, removed once its files are written (`FullRender.renderVariants`).
    let spools: SpoolSet
    /// The premix's loudness, measured once for every format (`RenderOutput.sharesMeasurement`).
    let measuredLUFS: Double?
    /// The bed stem and its gain track as the manifest stores it (stems only).
    let bedStem: (audio: AudioStream, gain: GainTrackEntry)?
  }

  /// A bed variant's files, before its record.
  struct Encoded {
    let mix: Mix
    let files: [EncodedFile]
    /// The bed stem's files (stems only).
    let bedStemFiles: [EncodedFile]?
  }

  func mix(_ bed: PreparedBed) throws -> Mix {
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
    let spools = SpoolSet(staging: output.staging, name: job.fileName(id, "premix"))
    var (encoded, measuredLUFS): (AudioStream, Double?) = (premix, nil)
    if plan.loudness != nil {
      // The mix (voice, looped bed, ducking) is made once; the meter runs on the same chunks
      // as a measurement of the stream alone would.
      let (spool, lufs) = try spools.measured(premix)
      encoded = spool.stream
      measuredLUFS = output.sharesMeasurement(normalise: true) ? lufs : nil
    }
    output.progress.finish(RenderProgress.units(.mix, seconds: Double(layout.frameCount) / Double(rate)))
    guard job.writesStems else {
      return Mix(
        bed: bed, id: id, layout: layout, timings: premixTimings, premix: encoded, spools: spools,
        measuredLUFS: measuredLUFS, bedStem: nil)
    }
    let openDB = plan.ducking.speechLevelDB + plan.ducking.duckDepthDB
    let stem = AudioStream(
      sampleRate: rate, channelCount: music.audio.channelCount, frameCount: layout.frameCount
    ) {
      BedSource(bed: music, frameCount: layout.frameCount, fadeInFrames: fadeIn, fadeOutFrames: fadeOut)
    }
    .adding(.gain(bedLevelDB + openDB))
    .adding(.limit(ceilingDBTP: (plan.loudness ?? .podcast).limiterCeilingDBTP))
    return Mix(
      bed: bed, id: id, layout: layout, timings: premixTimings, premix: encoded, spools: spools,
      measuredLUFS: measuredLUFS, bedStem: (stem, RenderPremix.entry(track.offset(by: -openDB))))
  }

  /// The variant's file in `format`.
  func encode(_ mix: Mix, format: EncodedFormat) throws -> EncodedFile {
    try output.encode(
      mix.premix, format: format, variantID: mix.id, timings: mix.timings, normalise: output.job.plan.loudness != nil,
      slope: slope, measuredLUFS: mix.measuredLUFS)
  }

  /// The variant's bed stem in `format` (stems only).
  func encodeStem(_ mix: Mix, format: EncodedFormat) throws -> EncodedFile {
    guard let stem = mix.bedStem else { preconditionFailure("RenderPremix: no bed stem without stems") }
    return try output.encode(
      stem.audio, format: format, variantID: mix.id, part: "bed", timings: nil, normalise: false,
      titleSuffix: " (music bed)")
  }

  /// The variant's sidecars and record; `voiceFiles` are the rate's narration-only files.
  func record(_ encoded: Encoded, voiceFiles: [EncodedFile]) throws -> VariantRecord {
    let mix = encoded.mix
    var stems: Stems?
    if let bedStem = mix.bedStem, let bedFiles = encoded.bedStemFiles {
      stems = Stems(
        voice: Stem(files: voiceFiles, startFrame: mix.layout.padBeforeFrames),
        bed: Stem(files: bedFiles, startFrame: 0, loopSeamFrames: mix.bed.bed.seams(frameCount: mix.layout.frameCount)),
        bedGain: bedStem.gain)
    }
    let sidecars = try output.writeSidecars(variantID: mix.id, timings: mix.timings)
    return try output.writeRecord(
      speed: speed, bed: mix.bed, frameCount: mix.layout.frameCount, timings: mix.timings, files: encoded.files,
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

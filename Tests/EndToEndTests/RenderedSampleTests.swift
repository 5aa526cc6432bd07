import AudioIO
import DSP
import Foundation
import Manifest
import Pipeline
import Render
import TestSupport
import Testing

/// What a player and a loudness meter see in the rendered Psalm 117 (see `RenderedSample`).
@Suite struct RenderedSampleTests {
  let sample: RenderedSample

  init() throws { sample = try RenderedSample.shared.get() }

  /// Every delivered file is at −16 LUFS ± 0.5 LU and at most −1 dBTP by ffmpeg's own meter.
  @Test(.enabled(if: FFmpegLoudness.isAvailable, "ffmpeg is not installed"))
  func loudnessAndTruePeakByFFmpeg() throws {
    #expect(sample.files.count == 4 * sample.speeds.count)
    for (_, file) in sample.files {
      let measured = try FFmpegLoudness.measure(sample.path(file.file))
      #expect(abs(measured.integratedLUFS - -16) <= 0.5, "\(file.file): \(measured.integratedLUFS) LUFS")
      #expect(measured.truePeakDBTP <= -1.0, "\(file.file): \(measured.truePeakDBTP) dBTP")
      // prep's own measurement of the encoded file (in the record) agrees with ffmpeg's.
      let recorded = try #require(file.loudness)
      #expect(abs(recorded.integratedLUFS - measured.integratedLUFS) <= 0.15, "\(file.file)")
    }
  }

  /// A file that missed its loudness target is reported; the sample's files are not.
  @Test func loudnessMissesAreWarnedAbout() throws {
    #expect(RenderWarnings.loudness(sample.records).isEmpty)
    var records = sample.records
    let missed = try #require(records[0].variant.files[0].loudness)
    records[0].variant.files[0].loudness = Loudness(
      integratedLUFS: missed.integratedLUFS - 0.8, truePeakDBTP: missed.truePeakDBTP, targetLUFS: missed.targetLUFS)
    let warnings = RenderWarnings.loudness(records)
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasPrefix(records[0].variant.files[0].file + " measures") == true, "\(warnings)")
  }

  /// ffprobe lists one chapter per verse at the manifest's times (±1 ms), titled in UTF-8.
  @Test(.enabled(if: PrepProcess.has("ffprobe"), "ffprobe is not installed"))
  func chaptersAreVersesAtTheManifestTimes() throws {
    for (record, file) in sample.files {
      let probe = try ProbeResult.probe(sample.path(file.file))
      let timings = record.variant.timings
      try #require(probe.chapters.count == timings.count, "\(file.file): \(probe.chapters.count) chapters")
      for (index, (chapter, timing)) in zip(probe.chapters, timings).enumerated() {
        #expect(abs(chapter.startSeconds * 1000 - Double(timing.startMilliseconds)) <= 1, "\(file.file) #\(index)")
        // Vorbis-comment chapters carry starts only; ffmpeg ends each at the next start.
        let end =
          file.format.hasPrefix("mp3")
          ? timing.endMilliseconds
          : index + 1 < timings.count ? timings[index + 1].startMilliseconds : nil
        if let end { #expect(abs(chapter.endSeconds * 1000 - Double(end)) <= 1, "\(file.file) #\(index) end") }
        let verse = record.chapter.verses[index]
        let title = "Psalm 117:\(verse.label) — \(verse.text)"
        // MP3 chapter titles longer than 126 bytes are cut with "…" (ID3Tag.maxSubframeTextBytes).
        let found = chapter.title ?? ""
        #expect(found == title || (found.hasSuffix("…") && title.hasPrefix(String(found.dropLast()))), "\(found)")
      }
    }
    // The curly apostrophe of "Yahweh’s" survives both tag formats.
    #expect(sample.records[0].chapter.verses[1].text.contains("Yahweh’s"))
  }

  /// In every variant the verse's first sound, found in the rendered audio near where the truth
  /// puts it (mapped into the variant), is within 10 ms of the manifest's onset.
  @Test func verseOnsetsAreWhereTheManifestSays() throws {
    for (record, file) in sample.files {
      let audio = try AudioDecoder.readAll(sample.path(file.file))
      let lead = record.variant.stems?.voice.startFrame ?? 0
      for (index, timing) in record.variant.timings.enumerated() {
        let truthFrame = sample.mapped(sample.truth.verses[index].onset_frame, speed: record.variant.rate) + lead
        let truthMs = Double(truthFrame) * 1000 / Double(record.variant.sampleRate)
        let center = Int(truthMs * Double(audio.sampleRate) / 1000)
        let found = try #require(
          EnergyOnset.find(in: audio, window: (center - audio.sampleRate / 20)..<(center + audio.sampleRate / 20)),
          "\(file.file) verse \(index + 1): no onset near \(truthMs) ms")
        let foundMs = Double(found) * 1000 / Double(audio.sampleRate)
        #expect(
          abs(foundMs - Double(timing.onsetMilliseconds)) <= 10,
          "\(file.file) verse \(index + 1): found \(foundMs) ms, manifest \(timing.onsetMilliseconds) ms, truth \(truthMs) ms"
        )
      }
    }
  }

  /// During speech the bed (stem × gain track) sits 18 ± 1.5 dB under the voice (stem).
  @Test func bedSitsEighteenDecibelsUnderTheVoice() throws {
    let bedRecords = sample.records.filter { $0.variant.bed != nil }
    #expect(bedRecords.count == sample.speeds.count)
    for record in bedRecords {
      let stems = try #require(record.variant.stems)
      for (voiceFile, bedFile) in zip(stems.voice.files, stems.bed.files) {
        let voice = try AudioDecoder.readAll(sample.path(voiceFile.file))
        let bed = try AudioDecoder.readAll(sample.path(bedFile.file))
        // The bed stem is not measured after encoding, so its length in the record comes from
        // what was written: the codecs are gapless, so that is what a decoder gives back.
        #expect(bed.frameCount == bedFile.frameCount && bed.sampleRate == bedFile.sampleRate, "\(bedFile.file)")
        #expect(bedFile.loudness == nil)
        let scale = Double(voice.sampleRate) / Double(record.variant.sampleRate)
        let track = GainTrack(
          points: stems.bedGain.points.map { .init(frame: Int(Double($0.frame) * scale), gainDB: $0.gainDB) },
          sampleRate: voice.sampleRate)
        let voiceMeter = LoudnessMeter(channelCount: voice.channelCount, sampleRate: voice.sampleRate)
        let bedMeter = LoudnessMeter(channelCount: bed.channelCount, sampleRate: bed.sampleRate)
        let startFrame = Int(Double(stems.voice.startFrame) * scale)
        for verse in sample.truth.verses {
          let onset = Int(Double(sample.mapped(verse.onset_frame, speed: record.variant.rate)) * scale) + startFrame
          let offset = Int(Double(sample.mapped(verse.offset_frame, speed: record.variant.rate)) * scale) + startFrame
          try voiceMeter.write(voice.frames((onset - startFrame)..<(offset - startFrame)))
          var ducked = bed.frames(onset..<offset)
          let gains = track.linearGains(onset..<offset)
          for n in 0..<ducked.frameCount {
            for c in 0..<ducked.channelCount { ducked.samples[n * ducked.channelCount + c] *= gains[n] }
          }
          try bedMeter.write(ducked)
        }
        let underDB = voiceMeter.integratedLUFS - bedMeter.integratedLUFS
        #expect(abs(underDB - 18) <= 1.5, "\(bedFile.file): bed \(underDB) dB under the voice")
      }
    }
  }

  /// The 44.1 kHz stereo bed was resampled to the narration's 22.05 kHz and mixed to mono;
  /// Opus files are 48 kHz.
  @Test func bedFollowsTheVoiceAndOpusIs48k() throws {
    let record = try #require(sample.records.first { $0.variant.bed == "bed_pad" })
    let bed = try #require(record.bed)
    #expect(bed.sampleRate == 22_050)
    #expect(abs(bed.frameCount - 20 * 22_050) <= 1)
    #expect(bed.loopEndFrame > bed.loopStartFrame && bed.crossfadeFrames == 3 * 22_050)
    for (_, file) in sample.files {
      #expect(file.channelCount == 1, "\(file.file)")
      #expect(file.sampleRate == (file.format.hasPrefix("opus") ? 48_000 : 22_050), "\(file.file)")
    }
    if PrepProcess.has("ffprobe") {
      let opus = try #require(sample.files.first { $0.1.format.hasPrefix("opus") }?.1)
      let result = try PrepProcess.runTool(
        "ffprobe", ["-v", "error", "-show_entries", "stream=sample_rate", "-of", "csv=p=0", sample.path(opus.file)])
      #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "48000")
    }
  }
}

extension RenderedSample {
  /// Where input frame `frame` of the narration is in the rate's stretched narration.
  func mapped(_ frame: Int, speed: Double) -> Int {
    guard let map = maps[speed] else { preconditionFailure("no time map for rate \(speed)") }
    return map.outputFrame(forInput: frame)
  }
}

import AudioIO
import DSP
import Foundation
import Manifest
import Pipeline
import Render
import TestSupport
import Testing

/// The full render on a short sample with the ground truth as its timings.
@Suite struct RenderPipelineTests {
  /// Timings from the truth: a verse starts 100 ms (at most half the gap) before its onset and
  /// ends where the next one starts.
  static func timings(_ truth: SampleTruth) -> NarrationTimings {
    let rate = truth.sample_rate
    let lead = rate / 10
    var starts: [Int] = []
    var previousEnd = truth.heading.map { $0.offset_frame + 1 } ?? 0
    for verse in truth.verses {
      starts.append(max(previousEnd, verse.onset_frame - min(lead, (verse.onset_frame - previousEnd) / 2)))
      previousEnd = verse.offset_frame + 1
    }
    let verses = truth.verses.enumerated().map { index, verse in
      NarrationTimings.Verse(
        span: FrameRange(
          start: starts[index],
          end: index + 1 < starts.count ? starts[index + 1] : min(truth.frames, verse.offset_frame + 1 + lead)),
        onsetFrame: verse.onset_frame, offsetFrame: verse.offset_frame + 1)
    }
    return NarrationTimings(
      sampleRate: rate, verses: verses,
      heading: truth.heading.map { FrameRange(start: $0.onset_frame, end: $0.offset_frame + 1) })
  }

  static func job(
    folder: String, speeds: [Double] = [1.0], beds: [String] = ["bed_pad.flac"], recording: String = "psalm117_kal.wav",
    text textFile: String = "psalm117.usfm"
  ) throws -> RenderJob {
    let truth = try SampleTruth.load((recording as NSString).deletingPathExtension)
    let narration = try AudioDecoder.readAll(SampleTruth.path(recording))
    let text = try VerseText.read(path: SampleTruth.path(textFile))
    var plan = RenderPlan()
    plan.speeds = speeds
    plan.beds = [.none] + beds.map { .file(name: ($0 as NSString).deletingPathExtension, path: SampleTruth.path($0)) }
    return RenderJob(
      narration: narration, narrationPath: "psalm117_kal.wav", chapter: ChapterEntry(text: text, fallbackID: "psalm117"),
      timings: timings(truth), plan: plan, metadata: RenderMetadata(narrator: NarratorInfo(id: "kal", name: "Kal")),
      outputFolder: folder, baseName: "psalm117_kal",
      stretch: { audio, speed in
        precondition(speed == 1, "identity stretch only")
        return StretchedNarration(audio: audio, outputFrame: { $0 })
      })
  }

  @Test func timingJohn() throws {
    let folder = try TemporaryFolder("render-john")
    defer { folder.remove() }
    let clock = ContinuousClock()
    let start = clock.now
    try FullRender.run(try Self.job(folder: folder.url.path, beds: ["bed_pad.flac", "bed_bells.mp3"], recording: "john1_slt.mp3", text: "john1.usfm")) { print(clock.now - start, $0) }
  }

  @Test func rendersEveryFileAndRecord() throws {
    let folder = try TemporaryFolder("render-pipeline")
    print("FOLDER", folder.url.path)
    let clock = ContinuousClock()
    let start = clock.now
    let records = try FullRender.run(try Self.job(folder: folder.url.path)) { print(clock.now - start, $0) }
    #expect(records.count == 2)
    print(folder.contents())
  }
}

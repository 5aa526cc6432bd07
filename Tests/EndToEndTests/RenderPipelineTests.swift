import AudioIO
import DSP
import Foundation
import Manifest
import Pipeline
import Render
import TestSupport
import Testing

/// The full render's library entry on a short sample, with the ground truth as its timings
/// (used where a test needs to change the job: a failing stretcher, one format).
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
      NarrationTimings.Segment(
        span: FrameRange(
          start: starts[index],
          end: index + 1 < starts.count ? starts[index + 1] : min(truth.frames, verse.offset_frame + 1 + lead)),
        onsetFrame: verse.onset_frame, offsetFrame: verse.offset_frame + 1)
    }
    let heading = truth.heading.map { span in
      NarrationTimings.Heading(
        headingIndex: nil,
        segment: .init(
          span: FrameRange(start: span.onset_frame, end: starts[0]), onsetFrame: span.onset_frame,
          offsetFrame: span.offset_frame + 1))
    }
    return NarrationTimings(sampleRate: rate, verses: verses, headings: heading.map { [$0] } ?? [])
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
      narration: NarrationAudio(narration), narrationPath: "psalm117_kal.wav",
      chapter: ChapterEntry(text: text, fallbackID: "psalm117"),
      timings: timings(truth), plan: plan, metadata: RenderMetadata(narrator: NarratorInfo(id: "kal", name: "Kal")),
      outputFolder: folder, baseName: "psalm117_kal",
      stretch: { speed in
        precondition(speed == 1, "identity stretch only")
        return IdentityStretch()
      })
  }
}

/// Speed 1 without the stretcher: the narration as it is, every frame where it was.
struct IdentityStretch: NarrationStretcher {
  var latency: Int { 0 }
  mutating func process(_ input: AudioBuffer, into output: inout AudioBuffer) { output.append(input) }
  mutating func flush(into output: inout AudioBuffer) {}
  func outputFrameMap() -> @Sendable (Int) -> Int { { $0 } }
}

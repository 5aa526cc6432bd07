import AudioIO
import DSP
import Foundation
import Manifest
import Render

/// The full render's settings as the command line gives them, turned into a `RenderJob`.
///
/// Every check here fails with one sentence (a `RenderError` or `RenderSetupError`), before
/// anything is decoded or written.
public struct RenderSetup: Sendable {
  public var speeds: [Double] = Defaults.rates
  public var bedPaths: [String] = []
  public var bedOnly = false
  /// Format names as typed (`mp3`, `opus-32`, …), comma lists already split.
  public var formats: [String] = Defaults.formats
  public var opusComplexity = Defaults.opusComplexity
  public var mp3Quality = Defaults.mp3Quality
  /// nil: `--loudness off`.
  public var loudnessLUFS: Double? = Defaults.loudnessLUFS
  /// How far the bed sits under the voice while it speaks, in dB (`--bed-level-db`).
  public var bedUnderVoiceDB: Double = Defaults.bedUnderVoiceDB
  public var bedCrossfadeMilliseconds: Double = Defaults.bedCrossfadeMilliseconds
  public var wcag = false
  public var maxPauseMilliseconds: Int?
  /// A hop quieter than this is pause (for `maxPauseMilliseconds`); nil: the narration's speech threshold.
  public var pauseThresholdDBFS: Double?
  public var stems = true
  public var title: String?
  public var artist: String?
  public var album: String?
  public var narrator: String?
  public var chapterTitle: String?
  public var baseName: String?
  public var outputFolder: String
  /// Cores to use (`--jobs`); nil: every core.
  public var jobs: Int?

  public init(outputFolder: String) { self.outputFolder = outputFolder }

  /// The render plan: rates, beds (named after their files), formats, loudness, bed level.
  public func plan() throws -> RenderPlan {
    var plan = RenderPlan()
    plan.speeds = speeds
    var ids = Set<String>()
    plan.beds = [.none]
    for path in bedPaths {
      let id = RenderSetup.bedID(path)
      guard ids.insert(id).inserted else { throw RenderSetupError.duplicateBed(path: path, id: id) }
      plan.beds.append(.file(name: id, path: path))
    }
    for path in bedPaths {
      // Only a look at the header: the full decode waits until the narration's rate is known.
      do { _ = try AudioDecoder.open(path) } catch {
        throw RenderError.bedUnreadable(bed: path, reason: PreparedBed.shortReason(error))
      }
    }
    plan.formats = formats.map { EncodedFormat(name: $0)?.description ?? $0 }
    plan.opusComplexity = opusComplexity
    plan.mp3Quality = mp3Quality
    plan.loudness = try loudnessLUFS.map { try LoudnessTarget(integratedLUFS: $0) }
    plan.ducking.speechLevelDB = -(wcag ? max(bedUnderVoiceDB, Defaults.wcagBedUnderVoiceDB) : bedUnderVoiceDB)
    plan.bedCrossfadeMilliseconds = bedCrossfadeMilliseconds
    if let maxPauseMilliseconds, !(20...60_000).contains(maxPauseMilliseconds) {
      throw RenderError.settingOutOfRange(
        name: "max pause", milliseconds: Double(maxPauseMilliseconds), allowed: 20...60_000)
    }
    _ = try FullRender.checkedFormats(plan)
    return plan
  }

  /// A bed's id in file names and manifests: its file name without extension, in `[a-z0-9_-]`.
  public static func bedID(_ path: String) -> String {
    let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent.lowercased()
    let id = String(stem.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") ? $0 : "_" })
    return id.isEmpty ? "bed" : id
  }

  /// `Narrator A` → `narrator-a`.
  public static func slug(_ name: String) -> String {
    let lower = name.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" }
    let slug = String(lower).split(separator: "-").joined(separator: "-")
    return slug.isEmpty ? "narrator" : slug
  }

  /// The job for `source`, stretching with the speech stretcher (`RenderStretch`); `plan` is
  /// this setup's `plan()`, when the caller has already made it (so beds are opened once).
  public func job(for source: RenderSource, plan planned: RenderPlan? = nil) throws -> RenderJob {
    let plan = try planned ?? plan()
    let textStem = source.textPath.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
    let chapter = ChapterEntry(text: source.text, title: chapterTitle, fallbackID: textStem ?? "chapter")
    let narratorName = narrator ?? "Narrator"
    let stretch = try RenderStretch(
      narration: source.narration, maxPauseMilliseconds: maxPauseMilliseconds, pauseThresholdDBFS: pauseThresholdDBFS)
    var job = RenderJob(
      narration: source.narration, narrationPath: source.audioPath, chapter: chapter,
      timings: source.timings(chapter: chapter), plan: plan,
      metadata: RenderMetadata(
        title: title, artist: artist, album: album,
        narrator: NarratorInfo(id: RenderSetup.slug(narratorName), name: narratorName)),
      outputFolder: outputFolder,
      baseName: baseName ?? URL(fileURLWithPath: source.audioPath).deletingPathExtension().lastPathComponent,
      writesStems: stems, writesNoBedVariant: !(bedOnly && !bedPaths.isEmpty), stretch: { stretch($0) })
    if let jobs { job.jobs = jobs }
    return job
  }
}

/// Render settings that contradict each other.
public enum RenderSetupError: Error, CustomStringConvertible, Equatable {
  case duplicateBed(path: String, id: String)

  public var description: String {
    switch self {
    case .duplicateBed(let path, let id):
      "\(path): another bed is also named \"\(id)\". Rename one of the files so that each bed has its own name."
    }
  }
}

import DSP
import Foundation
import Manifest
import Render

/// One narration stretched to one rate: the audio and where each input frame landed.
public struct StretchedNarration {
  public var audio: AudioBuffer
  /// The variant's time map: input frame → output frame (the stretcher's own report).
  public var outputFrame: (Int) -> Int

  public init(audio: AudioBuffer, outputFrame: @escaping (Int) -> Int) {
    self.audio = audio
    self.outputFrame = outputFrame
  }
}

/// Names and people written into tags, manifests and spoken labels.
public struct RenderMetadata: Sendable, Equatable {
  /// The track title (ID3 `TIT2`, Vorbis `TITLE`); defaults to the chapter title.
  public var title: String?
  public var artist: String?
  public var album: String?
  public var narrator: NarratorInfo

  public init(title: String? = nil, artist: String? = nil, album: String? = nil, narrator: NarratorInfo) {
    self.title = title
    self.artist = artist
    self.album = album
    self.narrator = narrator
  }
}

/// Everything `prep render` needs for one chapter by one narrator, already read and checked.
public struct RenderJob {
  /// The whole narration (one chapter: minutes, held in memory once).
  public var narration: AudioBuffer
  /// The recording's path, for messages.
  public var narrationPath: String
  public var chapter: ChapterEntry
  public var timings: NarrationTimings
  public var plan: RenderPlan
  public var metadata: RenderMetadata
  /// Where `<base>.<variant>.<ext>`, sidecars and `<base>.<variant>.json` go.
  public var outputFolder: String
  public var baseName: String
  /// Write the narration and bed stems (with the ducking gain track) for bed variants.
  public var writesStems: Bool
  /// Also write the narration-only variant (`--bed-only` turns this off when beds are given).
  public var writesNoBedVariant: Bool
  /// How many cores the render uses: 1 runs every step in order on one thread; more spread the
  /// rates, variants and formats over the cores. The files are the same either way.
  public var jobs = ProcessInfo.processInfo.activeProcessorCount
  /// Stretches the narration to a speed (1.0 included), reporting the time map.
  public var stretch: (AudioBuffer, Double) throws -> StretchedNarration

  public init(
    narration: AudioBuffer, narrationPath: String, chapter: ChapterEntry, timings: NarrationTimings,
    plan: RenderPlan, metadata: RenderMetadata, outputFolder: String, baseName: String,
    writesStems: Bool = true, writesNoBedVariant: Bool = true,
    stretch: @escaping (AudioBuffer, Double) throws -> StretchedNarration
  ) {
    self.narration = narration
    self.narrationPath = narrationPath
    self.chapter = chapter
    self.timings = timings
    self.plan = plan
    self.metadata = metadata
    self.outputFolder = outputFolder
    self.baseName = baseName
    self.writesStems = writesStems
    self.writesNoBedVariant = writesNoBedVariant
    self.stretch = stretch
  }

  /// `<base>.<variantID>.<suffix>`: every file of a render is named so.
  func fileName(_ variantID: String, _ suffix: String) -> String {
    "\(baseName).\(variantID).\(suffix)"
  }
}

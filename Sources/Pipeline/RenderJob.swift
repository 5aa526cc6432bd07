import AudioIO
import DSP
import Foundation
import Manifest
import Render

/// One rate's stretch as a stream stage: fed the narration in chunks and flushed, it then says
/// where each input frame landed.
public protocol NarrationStretcher: AudioProcessor {
  /// The time map, input frame → output frame (the stretcher's own report); complete after `flush`.
  func outputFrameMap() -> @Sendable (Int) -> Int
}

/// The narration a render reads: a decoded buffer (tests, short files) or a recording decoded
/// afresh in chunks for each pass that needs it, so a long one is never held in memory.
public struct NarrationAudio: Sendable {
  public let sampleRate: Int
  public let channelCount: Int
  public let frameCount: Int
  /// The buffer, when the narration is held in memory.
  public let buffer: AudioBuffer?
  let path: String?

  public init(_ buffer: AudioBuffer) {
    (sampleRate, channelCount, frameCount) = (buffer.sampleRate, buffer.channelCount, buffer.frameCount)
    self.buffer = buffer
    path = nil
  }

  /// A recording already decoded once and checked: `frameCount` is what its decoder gives.
  public init(decoding path: String, sampleRate: Int, channelCount: Int, frameCount: Int) {
    (self.sampleRate, self.channelCount, self.frameCount) = (sampleRate, channelCount, frameCount)
    buffer = nil
    self.path = path
  }

  /// The narration from its first frame.
  public func source() throws -> any FrameSource {
    if let buffer { return BufferSource(buffer) }
    return try AudioDecoder.open(path ?? "")
  }

  /// The narration as a stream with no steps.
  var stream: AudioStream {
    let narration = self
    return AudioStream(
      sampleRate: sampleRate, channelCount: channelCount, frameCount: frameCount, open: { try narration.source() })
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
  /// The narration, read in chunks for each rate.
  public var narration: NarrationAudio
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
  public var jobs = RenderParallel.allCores
  /// A stretcher for a speed (1.0 included), reporting the time map.
  public var stretch: @Sendable (Double) throws -> any NarrationStretcher

  public init(
    narration: NarrationAudio, narrationPath: String, chapter: ChapterEntry, timings: NarrationTimings,
    plan: RenderPlan, metadata: RenderMetadata, outputFolder: String, baseName: String,
    writesStems: Bool = true, writesNoBedVariant: Bool = true,
    stretch: @escaping @Sendable (Double) throws -> any NarrationStretcher
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

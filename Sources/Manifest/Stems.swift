/// A bed variant's parts, for players that let the listener set voice and music apart.
///
/// A player mixes `voice` (placed at `voice.startFrame` of the variant) plus `bed` scaled by
/// `bedGain` (and by the listener's own music volume); with the listener's volumes at 0 dB
/// that reproduces the premix.
public struct Stems: Codable, Sendable, Equatable {
  public var voice: Stem
  public var bed: Stem
  public var bedGain: GainTrackEntry
  public init(voice: Stem, bed: Stem, bedGain: GainTrackEntry) {
    self.voice = voice
    self.bed = bed
    self.bedGain = bedGain
  }
}

/// One stem: its files (one per format) and where it starts in the variant's timeline.
public struct Stem: Codable, Sendable, Equatable {
  public var files: [EncodedFile]
  public var startFrame: Int
  /// For a bed stem: output frames where each loop crossfade starts.
  public var loopSeamFrames: [Int]?
  public init(files: [EncodedFile], startFrame: Int = 0, loopSeamFrames: [Int]? = nil) {
    self.files = files
    self.startFrame = startFrame
    self.loopSeamFrames = loopSeamFrames
  }
}

/// A gain curve for the bed stem: breakpoints, interpolated linearly in dB between them
/// (Web Audio's `exponentialRampToValueAtTime`); the first value holds before the first point
/// and the last after the last. 0 dB is the bed stem as written.
public struct GainTrackEntry: Codable, Sendable, Equatable {
  public struct Point: Codable, Sendable, Equatable {
    public var frame: Int
    public var milliseconds: Int
    public var gainDB: Double
    public init(frame: Int, milliseconds: Int, gainDB: Double) {
      self.frame = frame
      self.milliseconds = milliseconds
      self.gainDB = gainDB
    }
  }

  public var interpolation = "linear-dB"
  public var sampleRate: Int
  public var points: [Point]
  public init(sampleRate: Int, points: [Point]) {
    self.sampleRate = sampleRate
    self.points = points
  }
}

/// A music bed as the catalogue lists it, with its loop region in bed frames.
public struct BedEntry: Codable, Sendable, Equatable {
  public var id: String
  public var name: String
  /// The source file the bed came from (as given; not checked by `prep validate`).
  public var source: String
  public var sampleRate: Int
  public var frameCount: Int
  public var loopStartFrame: Int
  public var loopEndFrame: Int
  public var crossfadeFrames: Int
  public var spoken: String

  public init(
    id: String, name: String, source: String, sampleRate: Int, frameCount: Int, loopStartFrame: Int,
    loopEndFrame: Int, crossfadeFrames: Int, spoken: String
  ) {
    self.id = id
    self.name = name
    self.source = source
    self.sampleRate = sampleRate
    self.frameCount = frameCount
    self.loopStartFrame = loopStartFrame
    self.loopEndFrame = loopEndFrame
    self.crossfadeFrames = crossfadeFrames
    self.spoken = spoken
  }
}

/// An M3U queue (`.m3u`) of chapters for one narrator, rate, bed and format.
public struct PlaylistEntry: Codable, Sendable, Equatable {
  public var narrator: String
  public var rate: Double
  public var bed: String?
  public var format: String
  public var file: String
  public var spoken: String
  public init(narrator: String, rate: Double, bed: String?, format: String, file: String, spoken: String) {
    self.narrator = narrator
    self.rate = rate
    self.bed = bed
    self.format = format
    self.file = file
    self.spoken = spoken
  }
}

import DSP

/// One rate × bed variant of a chapter by one narrator, in every format it was encoded to.
///
/// Timings are frames at `sampleRate` (the render's rate; an Opus file's 48 kHz frames are in
/// its own `EncodedFile`), with milliseconds beside them.
public struct VariantEntry: Codable, Sendable, Equatable {
  /// `1.5x-none`, `1x-morning`.
  public var id: String
  public var rate: Double
  /// The bed's id (`BedEntry.id`), or nil for narration alone.
  public var bed: String?
  public var sampleRate: Int
  public var frameCount: Int
  public var durationMilliseconds: Int
  public var spoken: VariantSpoken
  public var timings: [VerseTiming]
  public var headingTimings: [HeadingTiming]
  public var files: [EncodedFile]
  public var sidecars: Sidecars
  /// Voice and bed apart, for players that mix live (bed variants only).
  public var stems: Stems?

  public init(
    id: String, rate: Double, bed: String?, sampleRate: Int, frameCount: Int, spoken: VariantSpoken,
    timings: [VerseTiming], headingTimings: [HeadingTiming] = [], files: [EncodedFile],
    sidecars: Sidecars = Sidecars(), stems: Stems? = nil
  ) {
    self.id = id
    self.rate = rate
    self.bed = bed
    self.sampleRate = sampleRate
    self.frameCount = frameCount
    durationMilliseconds = FrameTime.milliseconds(frameCount, sampleRate: sampleRate)
    self.spoken = spoken
    self.timings = timings
    self.headingTimings = headingTimings
    self.files = files
    self.sidecars = sidecars
    self.stems = stems
  }
}

/// Spoken labels for a variant: `Psalm 23, read by Narrator A, 2 minutes 3 seconds`,
/// `1.5 times speed`, `With music: Morning`.
public struct VariantSpoken: Codable, Sendable, Equatable {
  public var label: String
  public var rate: String
  public var bed: String
  public init(label: String, rate: String, bed: String) {
    self.label = label
    self.rate = rate
    self.bed = bed
  }
}

/// Where one verse is in a variant: the jump-to start, the end, and the first sound (onset).
public struct VerseTiming: Codable, Sendable, Equatable {
  public var reference: String
  public var startFrame: Int
  public var endFrame: Int
  public var onsetFrame: Int
  public var startMilliseconds: Int
  public var endMilliseconds: Int
  public var onsetMilliseconds: Int

  public init(reference: String, span: FrameRange, onsetFrame: Int, sampleRate: Int) {
    self.reference = reference
    startFrame = span.start
    endFrame = span.end
    self.onsetFrame = onsetFrame
    startMilliseconds = FrameTime.milliseconds(span.start, sampleRate: sampleRate)
    endMilliseconds = FrameTime.milliseconds(span.end, sampleRate: sampleRate)
    onsetMilliseconds = FrameTime.milliseconds(onsetFrame, sampleRate: sampleRate)
  }
}

/// Where a heading read aloud is in a variant: every one the narration holds, so this list and
/// the variant's Audacity labels (`AudacityLabels.text(chapter:timings:headingTimings:sampleRate:)`)
/// say the same thing.
public struct HeadingTiming: Codable, Sendable, Equatable {
  /// Its index in `ChapterEntry.headings` when the text has it (nil for a spoken chapter title
  /// such as "Psalm 23" that the text does not hold).
  public var heading: Int?
  /// Its Audacity label: `h` for a heading before verse 1, else the USFM marker (`s1`).
  public var label: String
  public var startFrame: Int
  public var endFrame: Int
  public var startMilliseconds: Int
  public var endMilliseconds: Int

  public init(heading: Int?, label: String = "h", span: FrameRange, sampleRate: Int) {
    self.heading = heading
    self.label = label
    startFrame = span.start
    endFrame = span.end
    startMilliseconds = FrameTime.milliseconds(span.start, sampleRate: sampleRate)
    endMilliseconds = FrameTime.milliseconds(span.end, sampleRate: sampleRate)
  }

  public var span: FrameRange { FrameRange(start: startFrame, end: endFrame) }
}

/// One encoded file: what it is, where, how big, its hash, its length and its loudness.
public struct EncodedFile: Codable, Sendable, Equatable {
  /// The format name (`mp3-cbr-128`, `opus-48`, `flac`, `wav`).
  public var format: String
  /// Path relative to the manifest's folder.
  public var file: String
  public var sizeBytes: Int
  public var sha256: String
  public var sampleRate: Int
  public var channelCount: Int
  public var frameCount: Int
  public var durationMilliseconds: Int
  /// Measured on the encoded file (nil for stems that are not normalised).
  public var loudness: Loudness?

  public init(
    format: String, file: String, sizeBytes: Int, sha256: String, sampleRate: Int, channelCount: Int,
    frameCount: Int, loudness: Loudness?
  ) {
    self.format = format
    self.file = file
    self.sizeBytes = sizeBytes
    self.sha256 = sha256
    self.sampleRate = sampleRate
    self.channelCount = channelCount
    self.frameCount = frameCount
    durationMilliseconds = FrameTime.milliseconds(frameCount, sampleRate: sampleRate)
    self.loudness = loudness
  }
}

/// Loudness measured on an encoded file (BS.1770), and the target it was made for.
public struct Loudness: Codable, Sendable, Equatable {
  public var integratedLUFS: Double
  public var truePeakDBTP: Double
  public var targetLUFS: Double?
  public init(integratedLUFS: Double, truePeakDBTP: Double, targetLUFS: Double?) {
    // Two decimals: enough for a meter, and stable in text.
    self.integratedLUFS = integratedLUFS.rounded(places: 2)
    self.truePeakDBTP = truePeakDBTP.rounded(places: 2)
    self.targetLUFS = targetLUFS
  }
}

/// A sidecar file: where it is (relative to the manifest's folder), its size and SHA-256, so
/// `prep validate` can tell when it was changed or replaced.
public struct SidecarFile: Codable, Sendable, Equatable {
  public var file: String
  public var sizeBytes: Int
  public var sha256: String
  public init(file: String, sizeBytes: Int, sha256: String) {
    self.file = file
    self.sizeBytes = sizeBytes
    self.sha256 = sha256
  }
}

/// Sidecar files of a variant.
public struct Sidecars: Codable, Sendable, Equatable {
  public var webVTT: SidecarFile?
  public var podcastChapters: SidecarFile?
  public var audacityLabels: SidecarFile?
  public var dbpTimestamps: SidecarFile?
  public init(
    webVTT: SidecarFile? = nil, podcastChapters: SidecarFile? = nil, audacityLabels: SidecarFile? = nil,
    dbpTimestamps: SidecarFile? = nil
  ) {
    self.webVTT = webVTT
    self.podcastChapters = podcastChapters
    self.audacityLabels = audacityLabels
    self.dbpTimestamps = dbpTimestamps
  }

  /// Every sidecar that is set.
  public var all: [SidecarFile] { [webVTT, podcastChapters, audacityLabels, dbpTimestamps].compactMap { $0 } }

  /// The same sidecars with every path changed by `move`.
  public func moved(_ move: (String) -> String) -> Sidecars {
    func m(_ file: SidecarFile?) -> SidecarFile? {
      file.map { SidecarFile(file: move($0.file), sizeBytes: $0.sizeBytes, sha256: $0.sha256) }
    }
    return Sidecars(
      webVTT: m(webVTT), podcastChapters: m(podcastChapters), audacityLabels: m(audacityLabels),
      dbpTimestamps: m(dbpTimestamps))
  }
}

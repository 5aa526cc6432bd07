/// What one review page shows: a chapter's recording, its waveform and every segment's marks.
///
/// Times are frames at `sampleRate`; the page turns them into seconds only to seek the audio
/// and to write Audacity labels (6 decimals, as `prep align` writes them).
public struct ReviewChapter: Codable, Sendable, Equatable {
  /// The page's base name (`psalm23_slt`): the page is `<name>.html`, saved labels
  /// `<name>.reviewed.labels.txt`.
  public var name: String
  /// `Psalm 23`.
  public var title: String
  /// Where the timings came from: `alignment` (editable) or `variant 1.5x-none`.
  public var source: String
  /// True when saved labels can go back to `prep align --override` (an align record's timeline).
  public var editable: Bool
  /// The audio, as a URL relative to the page.
  public var audio: String
  public var sampleRate: Int
  public var frameCount: Int
  public var waveform: Waveform
  public var segments: [Segment]
  /// How well the recording fits the text (align records only), in [0, 1].
  public var fit: Double?
  public var warnings: [String]

  /// The energy envelope as ingest stores it: one byte per hop, base64
  /// (byte = (dBFS + 120) · 2, see `StoredEnvelope`).
  public struct Waveform: Codable, Sendable, Equatable {
    public var hopFrames: Int
    public var data: String
    public init(hopFrames: Int, data: String) {
      self.hopFrames = hopFrames
      self.data = data
    }
  }

  public struct Segment: Codable, Sendable, Equatable {
    /// `1`, `3-4`, or `h` for a heading (the Audacity label).
    public var label: String
    /// `verse`, `heading` or `detectedHeading`.
    public var kind: String
    public var text: String
    /// `Psalm 23, verse 4 of 6`, or `Heading`.
    public var spoken: String
    public var startFrame: Int
    public var onsetFrame: Int
    /// The end of its last sound.
    public var offsetFrame: Int
    public var endFrame: Int
    /// nil for a rendered variant (its timings are mapped, not found).
    public var confidence: Double?
    public var lowConfidence: Bool
    /// Its start came from `--override`.
    public var fixed: Bool

    public init(
      label: String, kind: String, text: String, spoken: String, startFrame: Int, onsetFrame: Int, offsetFrame: Int,
      endFrame: Int, confidence: Double?, lowConfidence: Bool, fixed: Bool
    ) {
      self.label = label
      self.kind = kind
      self.text = text
      self.spoken = spoken
      self.startFrame = startFrame
      self.onsetFrame = onsetFrame
      self.offsetFrame = offsetFrame
      self.endFrame = endFrame
      self.confidence = confidence
      self.lowConfidence = lowConfidence
      self.fixed = fixed
    }
  }

  public init(
    name: String, title: String, source: String, editable: Bool, audio: String, sampleRate: Int, frameCount: Int,
    waveform: Waveform, segments: [Segment], fit: Double?, warnings: [String]
  ) {
    self.name = name
    self.title = title
    self.source = source
    self.editable = editable
    self.audio = audio
    self.sampleRate = sampleRate
    self.frameCount = frameCount
    self.waveform = waveform
    self.segments = segments
    self.fit = fit
    self.warnings = warnings
  }

  /// The lowest confidence of any boundary, nil when none is known.
  public var lowestConfidence: Double? { segments.compactMap(\.confidence).min() }

  /// Segments whose boundary is marked low-confidence.
  public var lowConfidenceCount: Int { segments.filter(\.lowConfidence).count }
}

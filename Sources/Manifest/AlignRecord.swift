import Foundation

/// What `prep align` found in one recording (the `--json` output).
///
/// Times are frames at `sampleRate`; `seconds` repeats them for people and players.
/// Per segment: `pause` is the silence before it (previous last sound → this first sound),
/// `onset`/`offset` its first sound and the end of its last, `start` the jump point (inside
/// the pause, just before the onset) and `end` the next segment's start.
public struct AlignRecord: Codable, Sendable, Equatable {
  public static let currentVersion = 1

  public var schemaVersion = AlignRecord.currentVersion
  public var generator: String
  public var audio: Audio
  public var text: String?
  public var analysis: Analysis
  public var segments: [Segment]
  /// Labels whose confidence is below the threshold, in order.
  public var lowConfidence: [String]
  public var warnings: [String]

  public struct Audio: Codable, Sendable, Equatable {
    public var path: String
    public var sampleRate: Int
    public var frameCount: Int
    public var durationSeconds: Double
    /// `decoded` (features from the samples) or `envelope` (an ingest record's envelope only).
    public var analysedFrom: String

    public init(path: String, sampleRate: Int, frameCount: Int, durationSeconds: Double, analysedFrom: String) {
      self.path = path
      self.sampleRate = sampleRate
      self.frameCount = frameCount
      self.durationSeconds = durationSeconds
      self.analysedFrom = analysedFrom
    }
  }

  public struct Analysis: Codable, Sendable, Equatable {
    public var noiseFloorDBFS: Double
    public var speechLevelDBFS: Double
    public var lettersPerSecond: Double
    public var pauseCount: Int
    /// How well the recording fits the text, in [0, 1].
    public var fit: Double
    /// The figures behind `fit` (spread of verse lengths, long pauses inside verses, misfit verses).
    public var fitDetails: [String: Double]
    public var headingDetected: Bool

    public init(
      noiseFloorDBFS: Double, speechLevelDBFS: Double, lettersPerSecond: Double, pauseCount: Int,
      fit: Double, fitDetails: [String: Double], headingDetected: Bool
    ) {
      self.fitDetails = fitDetails
      self.noiseFloorDBFS = noiseFloorDBFS
      self.speechLevelDBFS = speechLevelDBFS
      self.lettersPerSecond = lettersPerSecond
      self.pauseCount = pauseCount
      self.fit = fit
      self.headingDetected = headingDetected
    }
  }

  public struct Span: Codable, Sendable, Equatable {
    public var startFrame: Int
    public var endFrame: Int

    public init(startFrame: Int, endFrame: Int) {
      self.startFrame = startFrame
      self.endFrame = endFrame
    }
  }

  public struct Seconds: Codable, Sendable, Equatable {
    public var onset: Double
    public var offset: Double
    public var start: Double
    public var end: Double
    public var pauseStart: Double
    public var pauseEnd: Double

    public init(onset: Double, offset: Double, start: Double, end: Double, pauseStart: Double, pauseEnd: Double) {
      self.onset = onset
      self.offset = offset
      self.start = start
      self.end = end
      self.pauseStart = pauseStart
      self.pauseEnd = pauseEnd
    }
  }

  public struct Phrase: Codable, Sendable, Equatable {
    public var label: String
    public var text: String
    public var onsetFrame: Int
    public var offsetFrame: Int
    public var startFrame: Int

    public init(label: String, text: String, onsetFrame: Int, offsetFrame: Int, startFrame: Int) {
      self.label = label
      self.text = text
      self.onsetFrame = onsetFrame
      self.offsetFrame = offsetFrame
      self.startFrame = startFrame
    }
  }

  public struct Segment: Codable, Sendable, Equatable {
    public var label: String
    /// `verse`, `heading` (text given) or `detectedHeading` (found, text unknown).
    public var kind: String
    public var onsetFrame: Int
    public var offsetFrame: Int
    public var startFrame: Int
    public var endFrame: Int
    public var pause: Span
    public var confidence: Double
    /// True when the start came from `--override`.
    public var fixed: Bool
    /// Spoken length over the length the text predicts at the local rate.
    public var durationRatio: Double
    public var seconds: Seconds
    public var phrases: [Phrase]

    public init(
      label: String, kind: String, onsetFrame: Int, offsetFrame: Int, startFrame: Int,
      endFrame: Int, pause: Span, confidence: Double, fixed: Bool, durationRatio: Double,
      seconds: Seconds, phrases: [Phrase]
    ) {
      self.label = label
      self.kind = kind
      self.onsetFrame = onsetFrame
      self.offsetFrame = offsetFrame
      self.startFrame = startFrame
      self.endFrame = endFrame
      self.pause = pause
      self.confidence = confidence
      self.fixed = fixed
      self.durationRatio = durationRatio
      self.seconds = seconds
      self.phrases = phrases
    }
  }

  public init(
    generator: String, audio: Audio, text: String?, analysis: Analysis, segments: [Segment],
    lowConfidence: [String], warnings: [String]
  ) {
    self.generator = generator
    self.audio = audio
    self.text = text
    self.analysis = analysis
    self.segments = segments
    self.lowConfidence = lowConfidence
    self.warnings = warnings
  }
}

extension AlignRecord: VersionedRecord {}

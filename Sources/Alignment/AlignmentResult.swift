import DSP

/// Where one segment (verse or heading) was found. All times are frames.
public struct SegmentTiming: Sendable, Equatable {
  public enum Kind: String, Sendable, Codable {
    case verse
    /// A heading whose text was given.
    case heading
    /// A heading found before the first segment, text unknown (label `h`).
    case detectedHeading
  }

  public var label: String
  public var kind: Kind
  /// The silence before the segment: from the previous segment's last sound to this onset.
  public var pause: FrameRange
  /// First sound.
  public var onset: Int
  /// Just after the last sound.
  public var offset: Int
  /// The jump point: inside the pause, shortly before the onset.
  public var start: Int
  /// The next segment's start (the end of the recording for the last one).
  public var end: Int
  /// How sure the choice of this segment's starting pause is, in [0, 1].
  public var confidence: Double
  /// True when the start came from a person's override.
  public var isFixed: Bool
  /// Spoken length over predicted length (1 = as the text predicts at the local rate).
  public var durationRatio: Double
  /// Phrases separated by pauses (one when the segment was read without a break).
  public var phrases: [PhraseTiming]
}

/// A stretch of a segment between two pauses (SAB / HearThis phrase labels `1a`, `1b`).
public struct PhraseTiming: Sendable, Equatable {
  public var label: String
  public var text: String
  public var onset: Int
  public var offset: Int
  public var start: Int
}

/// The aligner's answer for one recording.
public struct AlignmentResult: Sendable, Equatable {
  public var sampleRate: Int
  public var frameCount: Int
  public var segments: [SegmentTiming]
  /// Letters per second of speech over the chapter (pauses excluded).
  public var lettersPerSecond: Double
  /// Noise floor and speech level of the voice band (above 250 Hz), dBFS.
  public var noiseFloorDBFS: Double
  public var speechLevelDBFS: Double
  /// Pauses found (candidates the text was matched against).
  public var pauseCount: Int
  /// Labels whose confidence is below the option's threshold, in order.
  public var lowConfidence: [String]
  /// How well the recording fits the text overall, in [0, 1] (see `FitCheck`).
  public var fit: Double
  /// The figures behind `fit`.
  public var fitDetails: [String: Double]
  /// The pause depth under the speech level the chosen alignment used (nil: the noise floor).
  public var pauseDepthDB: Double?
  /// Findings a person should look at (text/recording mismatch, suspicious verses).
  public var warnings: [String]
}

extension AlignmentResult {
  /// Takes a fit report in: its figures, its warnings, and low confidence for misfit verses.
  mutating func apply(_ report: FitCheck.Report, segmentOffset: Int, threshold: Double) {
    fit = report.fit
    fitDetails = report.details
    warnings += report.warnings
    for s in report.misfits where !segments[s + segmentOffset].isFixed {
      hold(s + segmentOffset, at: 0.2)
      if s + segmentOffset + 1 < segments.count { hold(s + segmentOffset + 1, at: 0.2) }
    }
    for s in report.doubtful { hold(s + segmentOffset, at: FalseStarts.confidenceCap) }
    listLowConfidence(threshold: threshold)
  }

  /// When the recording fits the text poorly overall, no boundary is surer than the fit.
  mutating func capConfidence(at cap: Double, threshold: Double) {
    for i in segments.indices { hold(i, at: cap) }
    listLowConfidence(threshold: threshold)
  }

  /// Segment `s`'s confidence, at most `cap` (a boundary a person fixed keeps its own).
  mutating func hold(_ s: Int, at cap: Double) {
    if !segments[s].isFixed { segments[s].confidence = min(segments[s].confidence, cap) }
  }

  /// `lowConfidence` after confidences changed: the segments under `threshold`.
  mutating func listLowConfidence(threshold: Double) {
    lowConfidence = segments.filter { $0.confidence < threshold }.map(\.label)
  }
}

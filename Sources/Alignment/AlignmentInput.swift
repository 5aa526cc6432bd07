import DSP

/// One segment of the chapter text as read aloud: a verse, or a heading with known text.
public struct VerseInput: Sendable, Equatable {
  public enum Kind: String, Sendable, Codable {
    case verse
    /// A heading whose text is known (`--heading`, a USFM `\d` or `\s1` read aloud).
    case heading
  }

  /// The label written to the output (`1`, `3-4`, `h`, `s1`).
  public var label: String
  public var text: String
  /// The text split at line breaks (poetry lines); pauses are likely between them.
  public var phrases: [String]
  public var kind: Kind

  public init(label: String, text: String, phrases: [String]? = nil, kind: Kind = .verse) {
    self.label = label
    self.text = text
    self.phrases = phrases ?? [text]
    self.kind = kind
  }
}

/// What to assume about a heading ("Psalm 23") read before the first segment, text unknown.
public enum HeadingMode: String, Sendable, Equatable {
  /// Decide from the recording (default).
  case detect
  /// There is none to label: the first segment starts at the first sound (anything read
  /// before it belongs to it).
  case absent
  /// There is one: the first speech before a pause is the heading.
  case present
}

/// Everything the aligner may be told besides the audio features and the text.
public struct AlignmentOptions: Sendable, Equatable {
  /// The recording's name, for messages.
  public var file: String
  public var heading: HeadingMode
  /// Starts fixed by a person (label → frame), e.g. from a corrected Audacity label file.
  /// The label `h` fixes the start of an unknown-text heading (and says there is one).
  public var fixedStarts: [String: Int]
  /// Gaps shorter than this are inside a word or phrase, never a boundary.
  public var minPauseMilliseconds: Int
  /// The jump point sits this far before the detected first sound (never before the pause).
  public var leadMilliseconds: Int
  /// Boundaries below this confidence are listed as low-confidence.
  public var lowConfidence: Double
  /// Throw when the recording plainly does not fit the text (wrong chapter, missing verses).
  public var rejectMismatch: Bool
  /// Align with the prior of a reader who hurries over verse breaks (`QuickReader`).
  var quickVerses = false

  public init(
    file: String = "recording", heading: HeadingMode = .detect, fixedStarts: [String: Int] = [:],
    minPauseMilliseconds: Int = 90, leadMilliseconds: Int = 25, lowConfidence: Double = 0.5,
    rejectMismatch: Bool = true
  ) {
    self.file = file
    self.heading = heading
    self.fixedStarts = fixedStarts
    self.minPauseMilliseconds = minPauseMilliseconds
    self.leadMilliseconds = leadMilliseconds
    self.lowConfidence = lowConfidence
    self.rejectMismatch = rejectMismatch
  }
}

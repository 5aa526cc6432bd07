/// Why verse boundaries could not be found. Each case names the file, the problem and a fix.
public enum AlignmentError: Error, CustomStringConvertible, Equatable {
  case noSpeech(file: String)
  case noText(file: String)
  case tooFewPauses(file: String, segments: Int, pauses: Int)
  case unknownOverrideLabel(file: String, label: String)
  case overrideOutOfOrder(file: String, label: String)
  case overrideOutsideSpeech(file: String, label: String, seconds: Double)
  case textMismatch(file: String, reason: String)

  public var description: String {
    switch self {
    case .noSpeech(let file):
      "\(file): no speech found above the noise floor. Check the recording is the narration."
    case .noText(let file):
      "\(file): the text has no verses to align. Check the --text file."
    case .tooFewPauses(let file, let segments, let pauses):
      "\(file): found \(pauses) pauses for \(segments) segments, too few to place every boundary. "
        + "Lower --min-pause-ms, or check that the text is this recording's chapter."
    case .unknownOverrideLabel(let file, let label):
      "\(file): the override names \"\(label)\", which is not a verse of the text. "
        + "Use the verse labels of the text (or h for the heading)."
    case .overrideOutOfOrder(let file, let label):
      "\(file): the override puts \"\(label)\" before an earlier verse. Fix the order of the times in the override file."
    case .overrideOutsideSpeech(let file, let label, let seconds):
      "\(file): the override puts \"\(label)\" at \(Self.format(seconds)) s, outside the speech. "
        + "Move it to the pause before that verse."
    case .textMismatch(let file, let reason):
      "\(file): the recording does not match the text (\(reason)). Check that the recording and "
        + "the text are the same chapter and no verses are missing, or pass --allow-mismatch to write the labels anyway."
    }
  }

  static func format(_ seconds: Double) -> String {
    let milliseconds = Int((seconds * 1000).rounded())
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }
}

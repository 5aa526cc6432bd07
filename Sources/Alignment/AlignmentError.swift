/// Why verse boundaries could not be found. (Filled in by the align issue.)
public enum AlignmentError: Error, CustomStringConvertible, Equatable {
  case noSpeech(file: String)

  public var description: String {
    switch self {
    case .noSpeech(let file):
      "\(file): no speech found above the noise floor. Check the recording is the narration."
    }
  }
}

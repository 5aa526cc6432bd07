/// Why a variant could not be rendered. (Filled in by the render issues.)
public enum RenderError: Error, CustomStringConvertible, Equatable {
  case speedOutOfRange(speed: Double)

  public var description: String {
    switch self {
    case .speedOutOfRange(let speed):
      "rate \(speed) is outside 0.5–3.0. Pick a rate in that range."
    }
  }
}

import AudioIO
import Foundation

/// One step of a full render, as progress reporters see it (a TTY line, a plain line, a JSON
/// event). Steps are reported when they start; `fractionDone` counts the work finished so far,
/// weighted by what each step costs (stretching and encoding seconds of audio).
public struct RenderEvent: Sendable, Equatable {
  public enum Stage: String, Sendable, Equatable {
    case bed, stretch, mix, encode, stems, commit, done
  }
  public var stage: Stage
  /// `1.5x-bed_pad`; nil for steps of the whole render (beds, commit).
  public var variant: String?
  /// `mp3`, `opus`, …: encode and stem steps only.
  public var format: String?
  /// 0…1 of the render's work done.
  public var fractionDone: Double
  public var elapsedSeconds: Double
  /// Seconds still to go at the pace so far; nil until some work is done.
  public var etaSeconds: Double?
  /// The plain line: `john1_slt.mp3: 1.5x-bed_pad encoding opus`.
  public var message: String
}

/// Counts a render's work and turns step starts and ends into `RenderEvent`s, one at a time
/// (workers on several cores report through one lock, so a reporter sees events in order).
final class RenderProgress: @unchecked Sendable {
  private let report: @Sendable (RenderEvent) -> Void
  private let lock = NSLock()
  private let start = Date()
  private let totalUnits: Double
  private var doneUnits = 0.0

  init(totalUnits: Double, report: @escaping @Sendable (RenderEvent) -> Void) {
    self.totalUnits = max(totalUnits, 1)
    self.report = report
  }

  /// The work of one step, in seconds of audio weighted by cost (an Opus encode costs about
  /// twice an MP3's; a stretch about an MP3's; a mix a fraction).
  static func units(_ stage: RenderEvent.Stage, seconds: Double, format: EncodedFormat? = nil) -> Double {
    switch stage {
    case .stretch: seconds
    case .mix: seconds * 0.3
    case .encode, .stems:
      switch format {
      case .opus: seconds * 2.5
      case .mp3: seconds * (stage == .encode ? 1.5 : 1)
      default: seconds * 0.5
      }
    case .bed, .commit, .done: 0
    }
  }

  /// Reports a step's start.
  func begin(_ stage: RenderEvent.Stage, variant: String? = nil, format: String? = nil, _ message: String) {
    lock.lock()
    defer { lock.unlock() }
    let elapsed = Date().timeIntervalSince(start)
    let fraction = min(1, doneUnits / totalUnits)
    let eta = fraction > 0.02 ? elapsed * (1 - fraction) / fraction : nil
    report(
      RenderEvent(
        stage: stage, variant: variant, format: format, fractionDone: fraction, elapsedSeconds: elapsed,
        etaSeconds: eta, message: message))
  }

  /// Counts a finished step's work.
  func finish(_ units: Double) {
    lock.lock()
    doneUnits += units
    lock.unlock()
  }
}

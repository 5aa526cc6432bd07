/// A half-open span of frames, `start..<end`: the unit of every time inside prep.
///
/// Seconds and milliseconds appear only at the edges (CLI flags, sidecars),
/// through `seconds(sampleRate:)` and `init(seconds:sampleRate:)`.
public struct FrameRange: Sendable, Hashable, Codable, CustomStringConvertible {
  public var start: Int
  public var end: Int

  public init(start: Int, end: Int) {
    precondition(start <= end, "FrameRange start \(start) is after end \(end)")
    self.start = start
    self.end = end
  }

  public init(_ range: Range<Int>) { self.init(start: range.lowerBound, end: range.upperBound) }

  public var count: Int { end - start }
  public var range: Range<Int> { start..<end }
  public var isEmpty: Bool { start == end }
  public var middle: Int { start + (end - start) / 2 }

  public func contains(_ frame: Int) -> Bool { frame >= start && frame < end }

  public var description: String { "\(start)..<\(end)" }
}

/// Converts between frame counts and seconds; used only at the edges.
public enum FrameTime {
  /// The frame nearest to `seconds` (ties away from zero).
  public static func frames(seconds: Double, sampleRate: Int) -> Int {
    Int((seconds * Double(sampleRate)).rounded())
  }

  /// The same for seconds read from a file or a command line: nil unless the time is finite
  /// and 0…`maxSeconds` (a week by default), so the conversion to `Int` cannot trap.
  public static func checkedFrames(seconds: Double, sampleRate: Int, maxSeconds: Double = 604_800) -> Int? {
    guard seconds.isFinite, (0...maxSeconds).contains(seconds) else { return nil }
    return frames(seconds: seconds, sampleRate: sampleRate)
  }

  public static func seconds(_ frames: Int, sampleRate: Int) -> Double {
    Double(frames) / Double(sampleRate)
  }

  /// Whole milliseconds, rounded to nearest.
  public static func milliseconds(_ frames: Int, sampleRate: Int) -> Int {
    Int((Double(frames) * 1000 / Double(sampleRate)).rounded())
  }
}

import DSP
import Files
import Foundation

extension Stretch {
  /// One line of an Audacity label file: `start<TAB>end<TAB>text`, seconds with 6 decimals.
  ///
  /// Times are held as frames once read, so mapping through a `TimeMap` is exact.
  public struct Label: Sendable, Equatable {
    public var span: FrameRange
    public var text: String
    public var sampleRate: Int

    public init(span: FrameRange, text: String, sampleRate: Int) {
      self.span = span
      self.text = text
      self.sampleRate = sampleRate
    }

    /// The same label in the stretched variant's time.
    public func mapped(through map: TimeMap, sampleRate: Int) -> Label {
      Label(span: map.outputRange(forInput: span), text: text, sampleRate: sampleRate)
    }

    /// The label as a line of an Audacity label file (without the newline).
    public var line: String {
      let start = FrameTime.seconds(span.start, sampleRate: sampleRate)
      let end = FrameTime.seconds(span.end, sampleRate: sampleRate)
      return String(format: "%.6f\t%.6f\t", start, end) + text
    }

    /// Reads an Audacity label file; blank lines and Audacity's `\` frequency lines are skipped.
    /// Labels are read at `sampleRate` frames per second (the recording's rate).
    public static func read(path: String, sampleRate: Int) throws(StretchError) -> [Label] {
      guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
      else { throw .missingLabels(path: path) }
      var labels: [Label] = []
      for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
        if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("\\") { continue }
        let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count >= 2, let start = Double(fields[0]), let end = Double(fields[1]), start >= 0, end >= start
        else { throw .badLabel(path: path, line: index + 1) }
        labels.append(
          Label(
            span: FrameRange(
              start: FrameTime.frames(seconds: start, sampleRate: sampleRate),
              end: FrameTime.frames(seconds: end, sampleRate: sampleRate)),
            text: fields.count > 2 ? String(fields[2]) : "", sampleRate: sampleRate))
      }
      return labels
    }

    public static func write(_ labels: [Label], to path: String) throws(FileOutputError) {
      try AtomicOutput.write(labels.map { $0.line + "\n" }.joined(), to: path)
    }
  }
}

/// Why a stretch could not run. Each case names the file and the fix.
public enum StretchError: Error, CustomStringConvertible, Equatable {
  case missingLabels(path: String)
  case badLabel(path: String, line: Int)
  case recordMismatch(path: String, audioPath: String)

  public var description: String {
    switch self {
    case .missingLabels(let path):
      "\(path): no such label file (or not UTF-8 text). Check the --labels path."
    case .badLabel(let path, let line):
      "\(path):\(line): not an Audacity label line `start<TAB>end<TAB>text` with start ≤ end in seconds. "
        + "Fix the line or export the labels from Audacity again."
    case .recordMismatch(let path, let audioPath):
      "\(path): this ingest record describes other audio than \(audioPath) (sample rate or length differ). "
        + "Run `prep ingest` on \(audioPath) again."
    }
  }
}

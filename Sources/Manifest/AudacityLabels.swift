import DSP
import Foundation

/// One line of an Audacity label file, in frames.
public struct AudacityLabel: Sendable, Equatable {
  public var span: FrameRange
  public var label: String
  /// The 1-based line it was read from (for error messages); 0 when made in code.
  public var line: Int

  public init(span: FrameRange, label: String, line: Int = 0) {
    self.span = span
    self.label = label
    self.line = line
  }
}

/// Audacity label files, the one place their format lives: a line is
/// `start<TAB>end<TAB>label`, times in seconds with 6 decimals (DESIGN.md).
///
/// Reading skips blank lines, Audacity's spectral-selection lines (`\…`) and `#`
/// comments; a line without tabs may separate its fields with spaces. Times become
/// frames at the recording's rate, so mapping them through a `TimeMap` is exact.
public enum AudacityLabels {
  /// Why a label file could not be read; callers turn this into their own error.
  public enum ReadError: Error, Equatable {
    case missing(file: String)
    /// The file is there but is not UTF-8 text; `encoding` names what it looks like.
    case notUTF8(file: String, encoding: String)
    case badLine(file: String, line: Int, content: String)
  }

  /// One line, newline included.
  public static func line(_ span: FrameRange, _ label: String, sampleRate: Int) -> String {
    String(
      format: "%.6f\t%.6f\t",
      FrameTime.seconds(span.start, sampleRate: sampleRate),
      FrameTime.seconds(span.end, sampleRate: sampleRate)) + label + "\n"
  }

  /// A whole file's text.
  public static func text(_ labels: [AudacityLabel], sampleRate: Int) -> String {
    labels.map { line($0.span, $0.label, sampleRate: sampleRate) }.joined()
  }

  /// Reads `path`; every line must have numeric times with 0 ≤ start ≤ end.
  /// CRLF and CR line ends are read as LF; a UTF-8 byte-order mark is skipped.
  public static func read(path: String, sampleRate: Int) throws(ReadError) -> [AudacityLabel] {
    guard let data = FileManager.default.contents(atPath: path) else { throw .missing(file: path) }
    guard !data.contains(0), var text = String(data: data, encoding: .utf8) else {
      throw .notUTF8(file: path, encoding: TextEncodingGuess.name(of: data))
    }
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    var labels: [AudacityLabel] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
      if line.isEmpty || line.hasPrefix("\\") || line.hasPrefix("#") { continue }
      var fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
      if fields.count < 2 { fields = line.split(maxSplits: 2, whereSeparator: \.isWhitespace) }
      // Times must be finite seconds within a week: `inf`, `nan` or `1e300` would trap as frames.
      guard fields.count >= 2, let start = Double(fields[0].trimmingCharacters(in: .whitespaces)),
        let end = Double(fields[1].trimmingCharacters(in: .whitespaces)), end >= start,
        let startFrame = FrameTime.checkedFrames(seconds: start, sampleRate: sampleRate),
        let endFrame = FrameTime.checkedFrames(seconds: end, sampleRate: sampleRate)
      else { throw .badLine(file: path, line: index + 1, content: String(line.prefix(40))) }
      labels.append(
        AudacityLabel(
          span: FrameRange(start: startFrame, end: endFrame),
          label: fields.count > 2 ? fields[2].trimmingCharacters(in: .whitespaces) : "",
          line: index + 1))
    }
    return labels
  }
}

extension AudacityLabels {
  /// A variant's labels, made from what its record holds so the two cannot disagree: each heading
  /// read aloud (`h` before verse 1, else its USFM marker), then one line per verse labelled as
  /// written (`1`, `3-4`), in order of start.
  public static func text(
    chapter: ChapterEntry, timings: [VerseTiming], headingTimings: [HeadingTiming], sampleRate: Int
  ) -> String {
    var lines: [(start: Int, text: String)] = headingTimings.map {
      ($0.startFrame, line($0.span, $0.label, sampleRate: sampleRate))
    }
    for (verse, timing) in zip(chapter.verses, timings) {
      let span = FrameRange(start: timing.startFrame, end: timing.endFrame)
      lines.append((timing.startFrame, line(span, verse.label, sampleRate: sampleRate)))
    }
    // A stable sort: a heading and a verse that start together keep heading-first order.
    return lines.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
      .map(\.element.text).joined()
  }
}

import ArgumentParser
import Foundation
import Pipeline

/// How `prep render` shows its progress on stderr (`--progress`).
enum RenderProgressStyle: String, ExpressibleByArgument, CaseIterable {
  /// An updating line on a terminal, plain lines in a pipe.
  case auto
  /// One line per step.
  case plain
  /// One JSON object per step (build dashboards).
  case json
  case none
}

/// Prints render events in one style; events arrive one at a time (FullRender serialises them).
final class RenderProgressOutput: @unchecked Sendable {
  private enum Mode: Equatable { case line, plain, json, none }
  private let mode: Mode
  private let subject: String
  private var lineOpen = false

  /// `quiet` silences the human styles; an explicit `json` still reports (it is for machines).
  init(style: RenderProgressStyle, quiet: Bool, subject: String) {
    self.subject = subject
    switch style {
    case .json: mode = .json
    case .none: mode = .none
    case _ where quiet: mode = .none
    case .plain: mode = .plain
    case .auto: mode = isatty(STDERR_FILENO) == 1 ? .line : .plain
    }
  }

  func report(_ event: RenderEvent) {
    switch mode {
    case .none: return
    case .plain: write(event.message + "\n")
    case .json: write(RenderProgressOutput.json(event) + "\n")
    case .line:
      let what = [event.variant, event.format].compactMap { $0 }.joined(separator: " ")
      var text = "\(subject): \(event.stage.rawValue)\(what.isEmpty ? "" : " " + what)"
      text += String(format: "  %3.0f%%", event.fractionDone * 100)
      if let eta = event.etaSeconds { text += "  ETA " + RenderProgressOutput.clock(eta) }
      // \r and erase-to-end: the line is redrawn in place; the last event ends it.
      write("\r\u{1B}[K" + text + (event.stage == .done ? "\n" : ""))
      lineOpen = event.stage != .done
    }
  }

  /// A step before the render proper (reading records, aligning): a line, or a JSON event.
  func note(_ stage: String, _ message: String) {
    switch mode {
    case .none: return
    case .json: write(RenderProgressOutput.json(JSONEvent(stage: stage, message: message)) + "\n")
    case .plain, .line:
      close()
      write(message + "\n")
    }
  }

  /// Warnings are always shown: `warning: …` lines, or JSON events of stage `warning`.
  func warn(_ lines: [String]) {
    for line in lines {
      if mode == .json {
        write(RenderProgressOutput.json(JSONEvent(stage: "warning", message: line)) + "\n")
      } else {
        close()
        write("warning: " + line + "\n")
      }
    }
  }

  /// Ends an open terminal line (before a warning or an error is printed under it).
  func close() {
    if lineOpen { write("\n") }
    lineOpen = false
  }

  /// `1:05`, `1:02:03`.
  static func clock(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
    return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
  }

  private struct JSONEvent: Encodable {
    var event = "render"
    var stage: String
    var variant: String?
    var format: String?
    var percent: Double?
    var elapsedSeconds: Double?
    var etaSeconds: Double?
    var message: String

    init(
      stage: String, variant: String? = nil, format: String? = nil, percent: Double? = nil,
      elapsedSeconds: Double? = nil, etaSeconds: Double? = nil, message: String
    ) {
      (self.stage, self.variant, self.format, self.percent) = (stage, variant, format, percent)
      (self.elapsedSeconds, self.etaSeconds, self.message) = (elapsedSeconds, etaSeconds, message)
    }
  }

  static func json(_ event: RenderEvent) -> String {
    json(JSONEvent(
      stage: event.stage.rawValue, variant: event.variant, format: event.format,
      percent: (event.fractionDone * 1000).rounded() / 10, elapsedSeconds: (event.elapsedSeconds * 100).rounded() / 100,
      etaSeconds: event.etaSeconds.map { ($0 * 10).rounded() / 10 }, message: event.message))
  }

  private static func json(_ record: JSONEvent) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(record)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  private func write(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}

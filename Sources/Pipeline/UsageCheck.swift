import AudioIO
import Foundation
import Render

/// Checks of command-line values that need no file. Each returns the one sentence the CLI
/// shows as a usage error (exit 64), or nil when the value is fine; the full render and the
/// narration-only render share them, so both say the same thing.
public enum UsageCheck {
  /// Options that take a number must get a finite one (`nan`, `inf` parse as Doubles).
  public static func finite(_ value: Double?, option: String, example: String) -> String? {
    guard let value, !value.isFinite else { return nil }
    return "\(option) \(value) is not a finite number. Give a plain number, e.g. \(option) \(example)."
  }

  /// `--rate` values (repeated or comma lists): numbers within the allowed range.
  public static func rates(_ texts: [String]) -> String? {
    let range = Defaults.text(Defaults.rateRange)
    for text in texts.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      guard let speed = Double(trimmed), speed.isFinite else {
        return "--rate \(trimmed.isEmpty ? "''" : trimmed) is not a number. Give a rate in \(range), e.g. --rate 1.5."
      }
      guard Defaults.rateRange.contains(speed) else {
        return "--rate \(trimmed) is outside \(range). Choose a rate in that range, e.g. --rate 1.5."
      }
    }
    return nil
  }

  /// `--max-pause-ms`: 20 ms to a minute.
  public static func maxPause(_ milliseconds: Int?) -> String? {
    guard let milliseconds, !(20...60_000).contains(milliseconds) else { return nil }
    return "--max-pause-ms \(milliseconds) is outside 20…60000. Give e.g. --max-pause-ms 600."
  }

  /// `--base`: a plain file name base, so every file stays inside the output folder.
  public static func base(_ base: String?) -> String? {
    guard let base else { return nil }
    if base.trimmingCharacters(in: .whitespaces).isEmpty {
      return "--base is empty. Give a file name base, e.g. --base psalm23-kal (or leave it out)."
    }
    if base.contains("/") || base.contains("\0") {
      return "--base \(base) is a path, not a file name base: files always go into --output-dir. "
        + "Give a plain name (e.g. --base \(base.split(separator: "/").last.map(String.init) ?? "chapter")) "
        + "and the folder as --output-dir."
    }
    if base.hasPrefix(".") {
      return "--base \(base) starts with a dot (hidden files, and prep's own temporary names). "
        + "Give a name that starts with a letter or digit, e.g. --base psalm23."
    }
    if base.utf8.count > 180 {
      return
        "--base is \(base.utf8.count) bytes long; file names would exceed the file system's limit. Give a shorter base."
    }
    return nil
  }

  /// The extensions `prep render --output` can write, by format.
  public static let narrationExtensions = ["wav", "flac", "mp3", "opus", "ogg", "oga"]

  /// `render --output FILE`: its extension picks the format, so it must be one prep writes.
  public static func narrationOutput(_ path: String) -> String? {
    let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
    guard !narrationExtensions.contains(ext) else { return nil }
    return "--output \(path): \(ext.isEmpty ? "no extension" : "unknown extension .\(ext)"); the extension picks the "
      + "format. End the name in .wav, .flac, .mp3, .opus or .ogg."
  }

  /// Every full-render setting that can be checked without opening a file (beds are opened
  /// later and are bad input, not usage errors).
  public static func renderSettings(_ setup: RenderSetup) -> String? {
    var settings = setup
    settings.bedPaths = []
    do { _ = try settings.plan() } catch { return "\(error)" }
    return nil
  }
}

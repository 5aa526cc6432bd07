import AudioIO
import DSP
import Foundation
import TestSupport

/// Shared fixtures for the tag tests: verse-like chapters with non-ASCII titles, and a tone
/// encoded through `EncodedFileWriter`.
enum TagFixtures {
  static let hasFFprobe = PrepProcess.has("ffprobe")

  /// `count` chapters of `spacingMilliseconds` (the last ends at the file's end), with UTF-8 titles.
  static func chapters(_ count: Int, lastEndMilliseconds: Int, spacingMilliseconds: Int = 700) -> [ChapterMark] {
    let texts = [
      "Psalm 23:1 — The LORD is my shepherd; I shall not want…",
      "Psalm 23:2 — Ψαλμός: «He maketh me to lie down» in green pastures",
      "Psalm 23:3 — 詩篇 23:3 他使我的靈魂甦醒",
      "Psalm 23:4 — Ja, ob ich schon wanderte im finstern Tal, fürchte ich kein Unglück",
    ]
    return (0..<count).map { index in
      ChapterMark(
        startMilliseconds: index * spacingMilliseconds,
        endMilliseconds: index == count - 1 ? lastEndMilliseconds : (index + 1) * spacingMilliseconds,
        title: texts[index % texts.count] + (index >= texts.count ? " (\(index + 1))" : ""))
    }
  }

  /// A 0.25-amplitude 441 Hz tone of `seconds`, encoded to `format` at `path` by the pipeline's
  /// writer with `tags`, given at the start or (`late`) only after the audio, before `finish()`.
  @discardableResult
  static func encodeTone(
    to path: String, format: EncodedFormat, seconds: Double, sampleRate: Int = 44_100, channelCount: Int = 1,
    tags: FileTags? = nil, late: Bool = true
  ) throws -> Int {
    let frames = Int(seconds * Double(sampleRate))
    let tone = Signals.sine(
      hz: 441, frames: frames, sampleRate: sampleRate, channelCount: channelCount, amplitude: 0.25)
    let writer = try EncodedFileWriter(
      path: path, format: format, sampleRate: sampleRate, channelCount: channelCount, tags: late ? nil : tags,
      opusComplexity: 10, mp3Quality: 3)
    var start = 0
    while start < frames {
      try writer.write(tone.frames(start..<min(start + 4_096, frames)))
      start += 4_096
    }
    if late { writer.tags = tags }
    try writer.finish()
    return frames
  }

  /// Frames decoded from `path` (MP3 through libmpg123, the rest through libsndfile).
  static func decodedFrameCount(_ path: String) throws -> Int {
    var source = try AudioDecoder.open(path)
    return try source.readAll().frameCount
  }
}

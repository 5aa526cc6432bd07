import AudioIO
import DSP
import Foundation
import TestSupport

/// A sample's ground truth (`samples/<recording>.truth.json`), the fields render tests use.
struct SampleTruth: Decodable {
  struct Span: Decodable {
    var onset_frame: Int
    var offset_frame: Int
  }
  struct Verse: Decodable {
    var label: String
    var text: String
    var onset_frame: Int
    var offset_frame: Int
  }
  var sample_rate: Int
  var channels: Int
  var frames: Int
  var heading: Span?
  var verses: [Verse]

  static let samples = PrepProcess.packageRoot.appendingPathComponent("samples")

  static func load(_ recording: String) throws -> SampleTruth {
    try JSONDecoder().decode(
      SampleTruth.self, from: Data(contentsOf: samples.appendingPathComponent(recording + ".truth.json")))
  }

  static func path(_ file: String) -> String { samples.appendingPathComponent(file).path }
}

/// ffmpeg's own loudness meter: `ffmpeg -af ebur128=peak=true`, its closing summary parsed.
struct FFmpegLoudness {
  var integratedLUFS: Double
  var truePeakDBTP: Double

  static let isAvailable = PrepProcess.has("ffmpeg")

  static func measure(_ path: String) throws -> FFmpegLoudness {
    let result = try PrepProcess.runTool(
      "ffmpeg", ["-nostats", "-hide_banner", "-i", path, "-af", "ebur128=peak=true", "-f", "null", "-"])
    guard result.status == 0, let summary = result.stderr.range(of: "Summary:") else {
      throw MeasureError(description: "ffmpeg ebur128 failed on \(path): \(result.stderr.suffix(400))")
    }
    let text = result.stderr[summary.upperBound...]
    func value(after label: String, in part: Substring) -> Double? {
      guard let range = part.range(of: label) else { return nil }
      let rest = part[range.upperBound...].drop { $0 == " " }
      return Double(rest.prefix { !$0.isWhitespace })
    }
    guard let integrated = value(after: "I:", in: text),
      let peakSection = text.range(of: "True peak:"),
      let peak = value(after: "Peak:", in: text[peakSection.upperBound...])
    else { throw MeasureError(description: "cannot parse ffmpeg's ebur128 summary: \(text)") }
    return FFmpegLoudness(integratedLUFS: integrated, truePeakDBTP: peak)
  }
}

/// Where sound starts, measured on decoded audio.
enum EnergyOnset {
  /// The first of `holdHops` consecutive 1 ms hops in `window` (frames) whose level is `riseDB`
  /// above the floor (the lower quartile of the hops in the 200 ms before the window: a breath
  /// there does not raise it), measured on the signal high-passed by a second difference (12 dB/octave: speech
  /// consonants and formants stand out over a low music bed, room tone and hum).
  static func find(in audio: AudioBuffer, window: Range<Int>, riseDB: Double = 8, holdHops: Int = 3) -> Int? {
    let mono = ChannelMix.convert(audio, to: 1).samples
    let hop = max(1, audio.sampleRate / 1_000)
    func levelDB(_ start: Int) -> Double {
      var sum = 0.0
      let lower = max(2, start)
      let upper = min(mono.count, start + hop)
      guard upper > lower else { return -200 }
      for n in lower..<upper {
        let d = Double(mono[n] - 2 * mono[n - 1] + mono[n - 2])
        sum += d * d
      }
      return 10 * log10(sum / Double(upper - lower) + 1e-20)
    }
    let before = stride(from: max(0, window.lowerBound - audio.sampleRate / 5), to: window.lowerBound, by: hop)
      .map(levelDB).sorted()
    guard !before.isEmpty else { return nil }
    let floor = before[before.count / 4]
    let starts = Array(stride(from: max(0, window.lowerBound), to: min(window.upperBound, mono.count), by: hop))
    let loud = starts.map { levelDB($0) > floor + riseDB }
    for index in loud.indices
    where index + holdHops <= loud.count && loud[index..<(index + holdHops)].allSatisfy({ $0 }) {
      return starts[index]
    }
    return nil
  }
}

extension AudioDecoder {
  /// The whole file, decoded.
  static func readAll(_ path: String) throws -> AudioBuffer {
    var source = try open(path)
    return try source.readAll()
  }
}

/// A measurement that could not be made.
struct MeasureError: Error, CustomStringConvertible {
  var description: String
}

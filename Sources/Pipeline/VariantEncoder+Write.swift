import AudioIO
import DSP
import Foundation

extension VariantEncoder {
  /// Writes `audio` to `path` (replacing it) with tags through the one writer of encoded files
  /// (`EncodedFileWriter`: Opus at this encoder's complexity). Returns the true peak of what
  /// was written (dBTP) when `measuringPeak`, else −∞.
  @discardableResult
  func write(
    _ audio: AudioStream, format: EncodedFormat, to path: String, tags: FileTags?, measuringPeak: Bool = false
  ) throws -> Double {
    var meter = measuringPeak ? TruePeakMeter(channelCount: audio.channelCount, sampleRate: audio.sampleRate) : nil
    let writer = try EncodedFileWriter(
      path: path, format: format, sampleRate: audio.sampleRate, channelCount: audio.channelCount, tags: tags,
      opusComplexity: opusComplexity)
    do {
      try audio.forEachChunk { chunk in
        meter?.add(chunk)
        try writer.write(chunk)
      }
      try writer.finish()
      return meter?.peakDBTP ?? -.infinity
    } catch {
      writer.abandon()
      throw error
    }
  }
}

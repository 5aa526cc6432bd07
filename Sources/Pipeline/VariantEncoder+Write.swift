import AudioIO
import DSP
import Foundation

extension VariantEncoder {
  /// Writes `audio` to `path` (replacing it) with tags through the one writer of encoded files
  /// (`EncodedFileWriter`: Opus at this encoder's complexity).
  func write(_ audio: AudioStream, format: EncodedFormat, to path: String, tags: FileTags?) throws {
    let writer = try EncodedFileWriter(
      path: path, format: format, sampleRate: audio.sampleRate, channelCount: audio.channelCount, tags: tags,
      opusComplexity: opusComplexity)
    do {
      try audio.forEachChunk { try writer.write($0) }
      try writer.finish()
    } catch {
      writer.abandon()
      throw error
    }
  }
}

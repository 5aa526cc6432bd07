import AudioIO
import DSP
import Foundation

extension VariantEncoder {
  /// Writes `audio` to `path` (replacing it) with tags through the one writer of encoded files
  /// (`EncodedFileWriter`: Opus at this encoder's complexity, MP3 at its quality).
  func write(_ audio: AudioStream, format: EncodedFormat, to path: String, tags: FileTags?) throws {
    try EncodedFileWriter.write(
      path: path, format: format, sampleRate: audio.sampleRate, channelCount: audio.channelCount, tags: tags,
      opusComplexity: opusComplexity, mp3Quality: mp3Quality
    ) { writer in try audio.forEachChunk { try writer.write($0) } }
  }
}

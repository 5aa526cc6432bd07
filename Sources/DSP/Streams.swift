/// Streaming shapes shared by every stage: sources, sinks and processors.
///
/// A processor is push, pull, flush, and it declares its delay (sonic,
/// Rubber Band, SoundTouch). Callers feed any chunk size; output must not
/// depend on the chunking.

/// Where frames come from: a decoder, a generator, an in-memory buffer.
public protocol FrameSource {
  var sampleRate: Int { get }
  var channelCount: Int { get }
  /// Total frames if known up front (exact for WAV/FLAC, gapless MP3).
  var frameCount: Int? { get }
  /// Up to `maxFrames` frames; an empty buffer means the end.
  mutating func read(maxFrames: Int) throws -> AudioBuffer
}

/// Where frames go: an encoder, a meter, an in-memory buffer.
public protocol FrameSink {
  mutating func write(_ buffer: AudioBuffer) throws
  /// Ends the stream; call once. A sink that writes files makes them visible here.
  mutating func finish() throws
}

/// A stage that turns frames into frames.
public protocol AudioProcessor {
  /// Frames of delay between input and output; trimmed by the caller.
  var latency: Int { get }
  /// Consumes `input` and appends whatever output is ready.
  mutating func process(_ input: AudioBuffer, into output: inout AudioBuffer)
  /// Ends the stream; appends the rest. Call once.
  mutating func flush(into output: inout AudioBuffer)
}

/// An in-memory source over one buffer, for tests and for stages that already hold the audio.
public struct BufferSource: FrameSource {
  public let buffer: AudioBuffer
  private var position = 0

  public init(_ buffer: AudioBuffer) { self.buffer = buffer }

  public var sampleRate: Int { buffer.sampleRate }
  public var channelCount: Int { buffer.channelCount }
  public var frameCount: Int? { buffer.frameCount }

  public mutating func read(maxFrames: Int) throws -> AudioBuffer {
    let end = min(position + maxFrames, buffer.frameCount)
    defer { position = end }
    return buffer.frames(position..<end)
  }
}

/// An in-memory sink that collects everything written to it.
public struct BufferSink: FrameSink {
  public private(set) var buffer: AudioBuffer
  public private(set) var isFinished = false

  public init(channelCount: Int, sampleRate: Int) {
    buffer = AudioBuffer(channelCount: channelCount, sampleRate: sampleRate)
  }

  public mutating func write(_ chunk: AudioBuffer) throws { buffer.append(chunk) }
  public mutating func finish() throws { isFinished = true }
}

extension FrameSource {
  /// Reads everything that is left into one buffer (tests and short files only).
  public mutating func readAll(chunkFrames: Int = 65_536) throws -> AudioBuffer {
    var all = AudioBuffer(channelCount: channelCount, sampleRate: sampleRate)
    while true {
      let chunk = try read(maxFrames: chunkFrames)
      if chunk.isEmpty { return all }
      all.append(chunk)
    }
  }
}

extension AudioProcessor {
  /// Runs a whole buffer through the processor in chunks of `chunkFrames` and flushes.
  public mutating func processAll(_ input: AudioBuffer, chunkFrames: Int = 4_096) -> AudioBuffer {
    var output = input.emptyCopy()
    var start = 0
    while start < input.frameCount {
      let end = min(start + chunkFrames, input.frameCount)
      process(input.frames(start..<end), into: &output)
      start = end
    }
    flush(into: &output)
    return output
  }
}

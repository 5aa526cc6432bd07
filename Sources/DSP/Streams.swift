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

/// How prep streams: every decode, meter and encoder loop takes chunks of this many frames,
/// enough that per-chunk overhead vanishes, few enough that memory stays flat.
public enum Streaming {
  public static let chunkFrames = 65_536
}

extension FrameSource {
  /// Reads to the end in chunks of at most `maxFrames`, handing each to `body`, which may
  /// change it in place before anyone else sees it.
  public mutating func forEachChunk(
    maxFrames: Int = Streaming.chunkFrames, _ body: (inout AudioBuffer) throws -> Void
  ) throws {
    while true {
      var chunk = try read(maxFrames: maxFrames)
      if chunk.isEmpty { return }
      try body(&chunk)
    }
  }

  /// Reads everything that is left into one buffer (tests and short files only).
  public mutating func readAll(chunkFrames: Int = Streaming.chunkFrames) throws -> AudioBuffer {
    var all = AudioBuffer(channelCount: channelCount, sampleRate: sampleRate)
    try forEachChunk(maxFrames: chunkFrames) { all.append($0) }
    return all
  }
}

extension AudioBuffer {
  /// Hands consecutive pieces of at most `frames` frames to `body`, in order.
  public func forEachChunk(of frames: Int = Streaming.chunkFrames, _ body: (AudioBuffer) throws -> Void) rethrows {
    var start = 0
    while start < frameCount {
      let end = Swift.min(start + frames, frameCount)
      try body(self.frames(start..<end))
      start = end
    }
  }
}

extension AudioProcessor {
  /// Runs a whole buffer through the processor in chunks of `chunkFrames` and flushes.
  public mutating func processAll(_ input: AudioBuffer, chunkFrames: Int = 4_096) -> AudioBuffer {
    var output = input.emptyCopy()
    processAll(input, chunkFrames: chunkFrames, into: &output)
    return output
  }

  /// The same into `output` (for a processor whose output has another rate than its input).
  public mutating func processAll(_ input: AudioBuffer, chunkFrames: Int, into output: inout AudioBuffer) {
    input.forEachChunk(of: chunkFrames) { process($0, into: &output) }
    flush(into: &output)
  }
}

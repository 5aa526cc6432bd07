import AudioIO
import DSP
import Files
import Foundation

/// Audio parked on disk between the passes of a render: raw interleaved 32-bit floats in the
/// render's hidden staging folder (never committed), written once in chunks and read back as
/// often as the passes need. A rate's stretched narration and a file's normalised input live
/// here, so a render holds chunks, never a whole recording, in memory.
struct AudioSpool: Sendable {
  let path: String
  let channelCount: Int
  let sampleRate: Int
  let frameCount: Int

  /// Writes every chunk `produce` hands to the sink into a new spool at `path`.
  static func write(
    path: String, channelCount: Int, sampleRate: Int, _ produce: (inout SpoolWriter) throws -> Void
  ) throws -> AudioSpool {
    var writer = try SpoolWriter(path: path, channelCount: channelCount)
    do {
      try produce(&writer)
      try writer.finish()
    } catch {
      writer.close()
      unlink(path)
      throw error
    }
    return AudioSpool(path: path, channelCount: channelCount, sampleRate: sampleRate, frameCount: writer.frames)
  }

  /// Writes `stream` into a new spool at `path`.
  static func write(_ stream: AudioStream, path: String) throws -> AudioSpool {
    try write(path: path, channelCount: stream.channelCount, sampleRate: stream.sampleRate) { writer in
      try stream.forEachChunk { try writer.write($0) }
    }
  }

  /// Reads the spool from its start.
  func source() throws -> SpoolReader { try SpoolReader(self) }

  /// The spool as a stream with no steps.
  var stream: AudioStream {
    let spool = self
    return AudioStream(
      sampleRate: sampleRate, channelCount: channelCount, frameCount: frameCount, open: { try spool.source() })
  }

  func remove() { unlink(path) }
}

/// Appends chunks to a spool file.
struct SpoolWriter: FrameSink {
  let path: String
  let channelCount: Int
  private let descriptor: Int32
  private(set) var frames = 0

  init(path: String, channelCount: Int) throws {
    self.path = path
    self.channelCount = channelCount
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { throw SpoolError.failed(path: path, reason: String(cString: strerror(errno))) }
  }

  mutating func write(_ buffer: AudioBuffer) throws {
    precondition(buffer.channelCount == channelCount, "spool chunk with another channel count")
    try buffer.samples.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
        guard written > 0 else { throw SpoolError.failed(path: path, reason: String(cString: strerror(errno))) }
        offset += written
      }
    }
    frames += buffer.frameCount
  }

  mutating func finish() throws { close() }

  func close() { Foundation.close(descriptor) }
}

/// Reads a spool back in chunks.
final class SpoolReader: FrameSource {
  let spool: AudioSpool
  private let descriptor: Int32
  private var position = 0

  init(_ spool: AudioSpool) throws {
    self.spool = spool
    descriptor = open(spool.path, O_RDONLY)
    guard descriptor >= 0 else { throw SpoolError.failed(path: spool.path, reason: String(cString: strerror(errno))) }
  }

  deinit { close(descriptor) }

  var sampleRate: Int { spool.sampleRate }
  var channelCount: Int { spool.channelCount }
  var frameCount: Int? { spool.frameCount }

  func read(maxFrames: Int) throws -> AudioBuffer {
    let frames = min(maxFrames, spool.frameCount - position)
    var samples = [Float](repeating: 0, count: max(0, frames) * spool.channelCount)
    try samples.withUnsafeMutableBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let got = Foundation.read(descriptor, base + offset, bytes.count - offset)
        guard got > 0 else { throw SpoolError.failed(path: spool.path, reason: "it ended early") }
        offset += got
      }
    }
    position += max(0, frames)
    return AudioBuffer(samples: samples, channelCount: spool.channelCount, sampleRate: spool.sampleRate)
  }
}

/// A spool file that could not be written or read back.
enum SpoolError: Error, CustomStringConvertible {
  case failed(path: String, reason: String)

  var description: String {
    switch self {
    case .failed(let path, let reason):
      "\(path): the render's scratch audio could not be written or read (\(reason)). "
        + "Free disk space in the output folder and render again."
    }
  }
}

/// The spools of one encoded file, removed together when it is done.
final class SpoolSet {
  let staging: RenderStaging
  let name: String
  private var live: [String] = []
  private var count = 0

  init(staging: RenderStaging, name: String) {
    self.staging = staging
    self.name = name
  }

  fileprivate func nextPath() -> String {
    count += 1
    let path = staging.spoolPath(for: "\(name).\(count)")
    live.append(path)
    return path
  }

  /// `stream` resampled to `rate`, spooled; `keptBelowHz` as `Resampler`'s.
  func resampled(_ stream: AudioStream, to rate: Int, keptBelowHz: Double? = nil) throws -> AudioSpool {
    var resampler = Resampler(
      from: stream.sampleRate, to: rate, channelCount: stream.channelCount, keptBelowHz: keptBelowHz)
    return try write(stream, through: &resampler, outputRate: rate)
  }

  /// `stream` spooled, with its integrated loudness measured on the way.
  func measured(_ stream: AudioStream) throws -> (AudioSpool, lufs: Double) {
    let meter = LoudnessMeter(channelCount: stream.channelCount, sampleRate: stream.sampleRate, integratedOnly: true)
    let spool = try AudioSpool.write(path: nextPath(), channelCount: stream.channelCount, sampleRate: stream.sampleRate)
    { writer in
      try stream.forEachChunk { chunk in
        try meter.write(chunk)
        try writer.write(chunk)
      }
    }
    return (spool, meter.integratedLUFS)
  }

  func remove(_ spool: AudioSpool) {
    spool.remove()
    live.removeAll { $0 == spool.path }
  }

  func removeAll() {
    for path in live { unlink(path) }
    live = []
  }
}

extension SpoolSet {
  /// `stream` run through `processor` (flushed at the end), spooled.
  func write<P: AudioProcessor>(
    _ stream: AudioStream, through processor: inout P, outputRate: Int? = nil
  ) throws -> AudioSpool {
    let rate = outputRate ?? stream.sampleRate
    return try AudioSpool.write(path: nextPath(), channelCount: stream.channelCount, sampleRate: rate) { writer in
      var output = AudioBuffer(channelCount: stream.channelCount, sampleRate: rate)
      try stream.forEachChunk { chunk in
        output.samples.removeAll(keepingCapacity: true)
        processor.process(chunk, into: &output)
        try writer.write(output)
      }
      output.samples.removeAll(keepingCapacity: true)
      processor.flush(into: &output)
      try writer.write(output)
    }
  }
}

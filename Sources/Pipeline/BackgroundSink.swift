import DSP
import Dispatch

/// Runs a sink's writes on its own serial queue, so a slow meter (the BS.1770
/// K-weighting filter is the slowest step of ingest) overlaps decoding and the
/// other measurements on the second core. At most `maxInFlight` chunks wait,
/// so memory stays flat. Writes happen in order; `finish()` waits for them all.
final class BackgroundSink<Sink: FrameSink & SendableMetatype>: FrameSink, @unchecked Sendable {
  // @unchecked: `sink` and `failure` are touched only on `queue` (and after `queue.sync`).
  private var sink: Sink
  private var failure: (any Error)?
  private let queue = DispatchQueue(label: "prep.background-sink")
  private let slots: DispatchSemaphore

  init(_ sink: Sink, maxInFlight: Int = 4) {
    self.sink = sink
    slots = DispatchSemaphore(value: maxInFlight)
  }

  func write(_ buffer: AudioBuffer) throws {
    slots.wait()
    queue.async {
      defer { self.slots.signal() }
      guard self.failure == nil else { return }
      do { try self.sink.write(buffer) } catch { self.failure = error }
    }
  }

  func finish() throws {
    try queue.sync {
      if let failure { throw failure }
      try sink.finish()
    }
  }

  /// The wrapped sink, once `finish()` has returned.
  var result: Sink { queue.sync { sink } }
}

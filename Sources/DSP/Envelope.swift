import RealModule

/// Loudness per fixed hop: the compact picture of a recording that align uses.
///
/// For hop k covering frames [k·H, (k+1)·H) of the channel mean m[n]:
///
///     rmsDBFS[k] = 10 · log10( (1/H) · Σ m[n]² + ε ),   ε = 1e-12 (−120 dBFS floor)
///
/// The last partial hop is averaged over the frames it has. Any chunk size can
/// be fed; the result depends only on the frames.
public struct Envelope: Sendable, Equatable {
  /// Frames per hop (10 ms at the recording's rate by default).
  public let hopFrames: Int
  public let sampleRate: Int
  /// Per hop, the RMS level of the channel mean, in dBFS.
  public private(set) var rmsDBFS: [Float] = []

  /// The dBFS value of digital silence.
  public static let floorDBFS: Float = -120

  private var sumSquares: Float = 0
  private var filled = 0

  public init(sampleRate: Int, hopFrames: Int? = nil) {
    self.sampleRate = sampleRate
    self.hopFrames = hopFrames ?? Envelope.defaultHop(sampleRate: sampleRate)
    precondition(self.hopFrames > 0, "Envelope hop must be positive")
  }

  /// Builds the envelope of a whole buffer.
  public init(of buffer: AudioBuffer, hopFrames: Int? = nil) {
    self.init(sampleRate: buffer.sampleRate, hopFrames: hopFrames)
    add(buffer)
    finish()
  }

  /// A restored envelope (from an ingest record).
  public init(sampleRate: Int, hopFrames: Int, rmsDBFS: [Float]) {
    self.sampleRate = sampleRate
    self.hopFrames = hopFrames
    self.rmsDBFS = rmsDBFS
  }

  /// 10 ms: short enough to find 50 ms pauses, long enough to be cheap.
  public static func defaultHop(sampleRate: Int) -> Int { max(1, sampleRate / 100) }

  /// Frame range covered by hop `index`.
  public func frames(ofHop index: Int) -> FrameRange {
    FrameRange(start: index * hopFrames, end: (index + 1) * hopFrames)
  }

  public mutating func add(_ buffer: AudioBuffer) {
    precondition(buffer.sampleRate == sampleRate, "Envelope fed at \(buffer.sampleRate) Hz, built for \(sampleRate) Hz")
    let channels = buffer.channelCount
    let scale = 1 / Float(channels)
    buffer.samples.withUnsafeBufferPointer { samples in
      var index = 0
      while index < samples.count {
        var mean: Float = 0
        for channel in 0..<channels { mean += samples[index + channel] }
        mean *= scale
        sumSquares += mean * mean
        filled += 1
        if filled == hopFrames { closeHop() }
        index += channels
      }
    }
  }

  /// Closes a trailing partial hop, if any. Call once at the end.
  public mutating func finish() {
    if filled > 0 { closeHop() }
  }

  private mutating func closeHop() {
    let meanSquare = sumSquares / Float(filled)
    rmsDBFS.append(Decibels.fromMeanSquare(meanSquare))
    sumSquares = 0
    filled = 0
  }
}

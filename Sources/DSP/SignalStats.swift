import RealModule

/// Whole-recording health figures gathered in one streaming pass.
///
/// For the samples x of every channel c over N frames:
///
///     peak            = max |x|
///     clippedSamples  = #{ |x| ≥ clipLevel }                 (0.999 ≈ −0.01 dBFS)
///     dcOffset[c]     = (1/N) Σ x_c
///     nonFinite       = #{ x is NaN or ±∞ }                   (counted, then treated as 0)
///
/// The noise floor and leading/trailing silence come from the envelope (see `Envelope`).
public struct SignalStats: Sendable {
  public static let clipLevel: Float = 0.999

  public let channelCount: Int
  public private(set) var frameCount = 0
  public private(set) var peak: Float = 0
  public private(set) var clippedSamples = 0
  public private(set) var nonFiniteSamples = 0
  /// Frame index of the first NaN/∞ sample, if any.
  public private(set) var firstNonFiniteFrame: Int?
  private var sums: [Double]
  private var squares: [Double]
  /// Σ (L+R)² and Σ (L−R)² over stereo frames: mid and side energy.
  public private(set) var midEnergy = 0.0
  public private(set) var sideEnergy = 0.0
  /// The longest run of frames where every sample is exactly 0: its first frame and length.
  public private(set) var longestZeroRun: (start: Int, count: Int) = (0, 0)
  private var zeroRunStart = 0
  private var zeroRunCount = 0

  public init(channelCount: Int) {
    self.channelCount = channelCount
    sums = [Double](repeating: 0, count: channelCount)
    squares = [Double](repeating: 0, count: channelCount)
  }

  public var dcOffset: [Double] { sums.map { frameCount > 0 ? $0 / Double(frameCount) : 0 } }

  /// Per channel, the RMS of the signal around its mean (what is left without the DC offset).
  public var acRMS: [Double] {
    zip(sums, squares).map { sum, square in
      guard frameCount > 0 else { return 0 }
      let mean = sum / Double(frameCount)
      return max(0, square / Double(frameCount) - mean * mean).squareRoot()
    }
  }

  /// Adds a chunk; NaN and ∞ samples are counted and replaced by 0 in `buffer`.
  public mutating func add(_ buffer: inout AudioBuffer) {
    var block = Block(channels: channelCount, startFrame: frameCount, zeroRun: (zeroRunStart, zeroRunCount))
    let lanes = Block.Lanes.scalarCount
    buffer.samples.withUnsafeMutableBufferPointer { samples in
      // Whole vectors while a vector holds whole frames (1, 2, 4, 8 or 16 channels), then one sample at a time.
      let vectorEnd = lanes % max(channelCount, 1) == 0 ? samples.count - samples.count % lanes : 0
      var index = 0
      while index < vectorEnd {
        block.addVector(samples, at: index)
        index += lanes
      }
      while index < samples.count {
        block.addSample(samples, at: index)
        index += 1
      }
    }
    for lane in 0..<lanes {
      let channel = lane % channelCount
      sums[channel] += Double(block.sum[lane])
      squares[channel] += Double(block.square[lane])
    }
    for channel in 0..<channelCount {
      sums[channel] += Double(block.scalarSums[channel])
      squares[channel] += Double(block.scalarSquares[channel])
    }
    peak = max(peak, block.peak.max())
    clippedSamples += Int(block.clipped.wrappedSum())
    nonFiniteSamples += block.nonFinite
    if firstNonFiniteFrame == nil { firstNonFiniteFrame = block.firstBad }
    midEnergy += Double(block.mid.sum())
    sideEnergy += Double(block.side.sum())
    if block.longest.count > longestZeroRun.count { longestZeroRun = block.longest }
    (zeroRunStart, zeroRunCount) = block.run
    frameCount += buffer.frameCount
  }
}

extension SignalStats {
  /// One chunk's running figures: a vector of samples at a time while every sample is finite,
  /// sample by sample where one is not (it is counted and zeroed).
  ///
  /// A vector lane always holds the same channel (lane mod channels), so per-lane sums fold
  /// into per-channel sums at the end. Float sums over a chunk, then added in Double.
  fileprivate struct Block {
    typealias Lanes = SIMD16<Float>
    let channels: Int
    let startFrame: Int
    var sum = Lanes(), square = Lanes(), peak = Lanes()
    var clipped = SIMD16<Int32>()
    var mid = SIMD8<Float>(), side = SIMD8<Float>()
    var scalarSums: [Float], scalarSquares: [Float]
    var nonFinite = 0
    var firstBad: Int?
    /// The zero run in progress (its first frame, its length) and the longest seen in this chunk.
    var run: (start: Int, count: Int)
    var longest: (start: Int, count: Int) = (0, 0)
    /// Samples of the frame in progress seen so far, and whether all were zero.
    private var frameFill = 0
    private var frameZero = true

    init(channels: Int, startFrame: Int, zeroRun: (start: Int, count: Int)) {
      self.channels = channels
      self.startFrame = startFrame
      run = zeroRun
      scalarSums = Array(repeating: 0, count: channels)
      scalarSquares = Array(repeating: 0, count: channels)
    }

    @inline(__always) mutating func addVector(_ samples: UnsafeMutableBufferPointer<Float>, at index: Int) {
      let v = UnsafeRawBufferPointer(samples).loadUnaligned(
        fromByteOffset: index * MemoryLayout<Float>.stride, as: Lanes.self)
      let magnitude = unsafeBitCast(unsafeBitCast(v, to: SIMD16<UInt32>.self) & 0x7fff_ffff, to: Lanes.self)
      // NaN and ±∞ fail `< ∞`.
      guard all(magnitude .< Float.infinity) else {
        for offset in 0..<Lanes.scalarCount { addSample(samples, at: index + offset) }
        return
      }
      let zeros = v .== 0
      if !any(zeros) {
        run.count = 0
      } else if all(zeros) {
        extendZeroRun(from: startFrame + index / channels, by: Lanes.scalarCount / channels)
      } else {
        addZeroRuns(zeros, firstFrame: startFrame + index / channels)
      }
      sum += v
      square += v * v
      peak.replace(with: magnitude, where: magnitude .> peak)
      clipped.replace(with: clipped &+ 1, where: magnitude .>= SignalStats.clipLevel)
      if channels == 2 {
        let (left, right) = (v.evenHalf, v.oddHalf)
        mid += (left + right) * (left + right)
        side += (left - right) * (left - right)
      }
    }

    /// The frames of a vector with some zeros, one by one: a frame extends the zero run when all
    /// its samples are zero, else ends it.
    private mutating func addZeroRuns(_ zeros: SIMDMask<SIMD16<Int32>>, firstFrame: Int) {
      for frame in 0..<Lanes.scalarCount / channels {
        if (0..<channels).allSatisfy({ zeros[frame * channels + $0] }) {
          extendZeroRun(from: firstFrame + frame, by: 1)
        } else {
          run.count = 0
        }
      }
    }

    /// `frames` frames of digital zero from frame `first` on: they extend the run in progress
    /// (or start one at `first`).
    private mutating func extendZeroRun(from first: Int, by frames: Int) {
      if run.count == 0 { run.start = first }
      run.count += frames
      if run.count > longest.count { longest = run }
    }

    /// One sample: counted (and zeroed) when not finite, added to its channel, and to the zero
    /// run and mid/side figures when it closes a frame.
    mutating func addSample(_ samples: UnsafeMutableBufferPointer<Float>, at index: Int) {
      let channel = index % channels
      let frame = startFrame + index / channels
      var value = samples[index]
      if !value.isFinite {
        nonFinite += 1
        firstBad = min(firstBad ?? Int.max, frame)
        value = 0
        samples[index] = 0
      }
      let magnitude = abs(value)
      peak[0] = max(peak[0], magnitude)
      clipped[0] += magnitude >= SignalStats.clipLevel ? 1 : 0
      scalarSums[channel] += value
      scalarSquares[channel] += value * value
      frameZero = frameZero && value == 0
      frameFill += 1
      guard frameFill == channels else { return }
      if frameZero {
        extendZeroRun(from: frame, by: 1)
      } else {
        run.count = 0
      }
      if channels == 2 {
        let (left, right) = (samples[index - 1], value)
        mid[0] += (left + right) * (left + right)
        side[0] += (left - right) * (left - right)
      }
      (frameFill, frameZero) = (0, true)
    }
  }
}

/// Level statistics read off an envelope.
public enum EnvelopeStats {
  /// The noise floor: the 10th percentile of hop levels above digital silence, in dBFS.
  /// Speech rarely fills more than 90 % of a chapter, so the quietest tenth is room tone.
  public static func noiseFloorDBFS(_ envelope: Envelope) -> Float {
    noiseFloorDBFS(sortedLevels: envelope.rmsDBFS.sorted())
  }

  /// The same from the envelope's levels already sorted (ascending).
  static func noiseFloorDBFS(sortedLevels levels: [Float]) -> Float {
    let firstAboveSilence = levels.firstIndex { $0 > Envelope.floorDBFS + 1 } ?? levels.count
    let count = levels.count - firstAboveSilence
    guard count > 0 else { return Envelope.floorDBFS }
    return levels[firstAboveSilence + count / 10]
  }

  /// Hops from the start and from the end that stay below `thresholdDBFS`.
  public static func silentEdges(_ envelope: Envelope, thresholdDBFS: Float) -> (lead: Int, tail: Int) {
    let levels = envelope.rmsDBFS
    let lead = levels.firstIndex { $0 >= thresholdDBFS } ?? levels.count
    let lastLoud = levels.lastIndex { $0 >= thresholdDBFS }
    let tail = lastLoud.map { levels.count - 1 - $0 } ?? levels.count
    return (lead, tail)
  }

  /// How far above the noise floor a hop must be to count as sound (not room tone):
  /// 10 dB is where a listener clearly hears something begin.
  public static let soundAboveFloorDB: Float = 10

  /// The level that separates sound from room tone: the noise floor + 10 dB.
  public static func soundThresholdDBFS(_ envelope: Envelope) -> Float {
    noiseFloorDBFS(envelope) + soundAboveFloorDB
  }

  /// The level that separates speech from pauses: halfway (in dB) between the noise
  /// floor and the 95th-percentile level, but at least 6 dB above the floor.
  public static func speechThresholdDBFS(_ envelope: Envelope) -> Float {
    let levels = envelope.rmsDBFS.sorted()
    guard !levels.isEmpty else { return Envelope.floorDBFS }
    let floor = noiseFloorDBFS(sortedLevels: levels)
    let loud = levels[min(levels.count - 1, levels.count * 95 / 100)]
    return max(floor + 6, (floor + loud) / 2)
  }
}

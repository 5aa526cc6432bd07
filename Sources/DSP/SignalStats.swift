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
    let channels = channelCount
    let startFrame = frameCount
    var localPeak = peak
    var clipped = 0
    var nonFinite = 0
    var firstBad: Int? = nil
    buffer.samples.withUnsafeMutableBufferPointer { samples in
      for channel in 0..<channels {
        var sum: Float = 0
        var square: Float = 0
        var index = channel
        while index < samples.count {
          var value = samples[index]
          if !value.isFinite {
            nonFinite += 1
            firstBad = min(firstBad ?? Int.max, startFrame + index / channels)
            value = 0
            samples[index] = 0
          }
          let magnitude = abs(value)
          localPeak = max(localPeak, magnitude)
          clipped += magnitude >= SignalStats.clipLevel ? 1 : 0
          sum = Relaxed.sum(sum, value)
          square = Relaxed.multiplyAdd(value, value, square)
          index += channels
        }
        sums[channel] += Double(sum)
        squares[channel] += Double(square)
      }
      addFrameFigures(samples, startFrame: startFrame)
    }
    peak = localPeak
    clippedSamples += clipped
    nonFiniteSamples += nonFinite
    if firstNonFiniteFrame == nil { firstNonFiniteFrame = firstBad }
    frameCount += buffer.frameCount
  }
}

extension SignalStats {
  /// Mid/side energy (stereo) and runs of exact digital zero, frame by frame.
  fileprivate mutating func addFrameFigures(_ samples: UnsafeMutableBufferPointer<Float>, startFrame: Int) {
    let channels = channelCount
    let frames = samples.count / max(channels, 1)
    var mid: Float = 0
    var side: Float = 0
    var runStart = zeroRunStart
    var runCount = zeroRunCount
    var longest = longestZeroRun
    for frame in 0..<frames {
      let base = frame * channels
      var isZero = true
      for channel in 0..<channels where samples[base + channel] != 0 { isZero = false }
      if isZero {
        if runCount == 0 { runStart = startFrame + frame }
        runCount += 1
        if runCount > longest.count { longest = (runStart, runCount) }
      } else {
        runCount = 0
      }
      if channels == 2 {
        let sum = samples[base] + samples[base + 1]
        let difference = samples[base] - samples[base + 1]
        mid = Relaxed.multiplyAdd(sum, sum, mid)
        side = Relaxed.multiplyAdd(difference, difference, side)
      }
    }
    midEnergy += Double(mid)
    sideEnergy += Double(side)
    (zeroRunStart, zeroRunCount, longestZeroRun) = (runStart, runCount, longest)
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

import DSP

/// Local gain dips that pull a lossy codec's peak overshoot back under the true-peak maximum.
///
/// A codec at a modest bitrate (Opus at 48 kbps) adds noise that can overshoot by 1–2 dB at
/// places that are not the input's peaks, where no limiter ceiling reaches them. Given the
/// decoded file, cut into blocks of B frames, each block b whose true peak Pᵦ (dBTP) is over the
/// maximum M gets a dip
///
///     dᵦ = M − margin − Pᵦ   (dB, < 0)
///
/// held over the block and ramped linearly (in dB) from and back to 0 dB over B/4 frames on
/// either side; the input times this gain track is encoded again. The codec's output scales with
/// its input locally, so the block's peak drops by about dᵦ, while the integrated loudness moves
/// by a few hundredths of a LU (the dips cover a few tens of milliseconds).
public enum CodecPeakRepair {
  /// The dips for `decoded` (aligned frame for frame with the input it came from); nil when no
  /// block is over `maxDBTP`.
  public static func gainTrack(
    decoded: AudioBuffer, maxDBTP: Double, marginDB: Double = 0.3, blockFrames: Int? = nil
  ) -> GainTrack? {
    var scanner = Scanner(
      channelCount: decoded.channelCount, sampleRate: decoded.sampleRate, maxDBTP: maxDBTP, marginDB: marginDB,
      blockFrames: blockFrames)
    scanner.add(decoded)
    return scanner.finish()
  }

  /// The dips of a decoded file fed in chunks of any size (the same dips as `gainTrack`).
  public struct Scanner: Sendable {
    let channelCount: Int
    let sampleRate: Int
    let maxDBTP: Double
    let marginDB: Double
    let block: Int
    /// Frames either side of a block, for the interpolator's taps.
    static let context = 32
    /// Frames from absolute frame `pendingStart` on.
    private var pending: [Float] = []
    private var pendingStart = 0
    private var total = 0
    private var nextBlock = 0
    private(set) var dips: [Double] = []

    public init(channelCount: Int, sampleRate: Int, maxDBTP: Double, marginDB: Double = 0.3, blockFrames: Int? = nil) {
      self.channelCount = channelCount
      self.sampleRate = sampleRate
      self.maxDBTP = maxDBTP
      self.marginDB = marginDB
      block = blockFrames ?? max(16, sampleRate / 100)
    }

    public mutating func add(_ chunk: AudioBuffer) {
      pending.append(contentsOf: chunk.samples)
      total += chunk.frameCount
      scan(final: false)
    }

    /// The dips as a gain track; nil when no block is over the maximum.
    public mutating func finish() -> GainTrack? {
      scan(final: true)
      return CodecPeakRepair.track(dips: dips, frameCount: total, sampleRate: sampleRate, blockFrames: block)
    }

    private mutating func scan(final: Bool) {
      let context = Scanner.context
      while nextBlock < total {
        let end = min(total, nextBlock + block)
        guard final || end + context <= total else { break }
        let from = max(0, nextBlock - context)
        let to = min(total, end + context)
        let window = AudioBuffer(
          samples: Array(pending[((from - pendingStart) * channelCount)..<((to - pendingStart) * channelCount)]),
          channelCount: channelCount, sampleRate: sampleRate)
        dips.append(dip(window, block: (nextBlock - from)..<(end - from)))
        nextBlock = end
      }
      // Keep the left context of the next block; drop the rest once it outweighs what is kept.
      let dead = max(0, nextBlock - context) - pendingStart
      if dead > 4_096 && dead * channelCount * 2 >= pending.count {
        pending.removeFirst(dead * channelCount)
        pendingStart += dead
      }
    }

    /// The dip of the block `range` of `window` (which holds its context either side).
    private func dip(_ window: AudioBuffer, block range: Range<Int>) -> Double {
      let candidate = Float(Decibels.gain(maxDBTP - 3))  // a true peak is < 3 dB over the sample peak here
      var samplePeak: Float = 0
      window.samples.withUnsafeBufferPointer { x in
        for i in (range.lowerBound * channelCount)..<(range.upperBound * channelCount) {
          samplePeak = max(samplePeak, abs(x[i]))
        }
      }
      guard samplePeak > candidate else { return 0 }
      var meter = TruePeakMeter(channelCount: channelCount, sampleRate: sampleRate)
      meter.add(window)
      return meter.peakDBTP > maxDBTP ? maxDBTP - marginDB - meter.peakDBTP : 0
    }
  }

  /// Per-block dips as a gain track (ramps B/4 frames either side); nil when there is none.
  static func track(dips: [Double], frameCount: Int, sampleRate: Int, blockFrames block: Int) -> GainTrack? {
    guard dips.contains(where: { $0 < 0 }) else { return nil }
    let ramp = max(1, block / 4)
    var points: [GainTrack.Point] = [.init(frame: 0, gainDB: 0)]
    for (index, dip) in dips.enumerated() where dip < 0 {
      let start = index * block
      let end = min(frameCount, start + block) - 1
      let before = index > 0 ? dips[index - 1] : 0
      let after = index + 1 < dips.count ? dips[index + 1] : 0
      if before == 0 { points.append(.init(frame: start - ramp, gainDB: 0)) }
      points.append(.init(frame: start, gainDB: dip))
      points.append(.init(frame: end, gainDB: dip))
      if after == 0 { points.append(.init(frame: end + ramp, gainDB: 0)) }
    }
    // A first ramp that would start before frame 0 is cut there (block 0 then holds its dip).
    return GainTrack(points: GainTrack.clamp(points, frameCount: .max), sampleRate: sampleRate)
  }
}

extension GainTrack {
  /// Multiplies every frame of `buffer` by the track's gain at that frame; `buffer` starts at
  /// absolute frame `start`.
  public func apply(to buffer: inout AudioBuffer, startingAt start: Int = 0) {
    let gains = linearGains(start..<(start + buffer.frameCount))
    let channels = buffer.channelCount
    buffer.samples.withUnsafeMutableBufferPointer { samples in
      gains.withUnsafeBufferPointer { gain in
        for n in 0..<gain.count {
          for c in 0..<channels { samples[n * channels + c] *= gain[n] }
        }
      }
    }
  }
}

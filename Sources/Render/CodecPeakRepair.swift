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
    let block = blockFrames ?? max(16, decoded.sampleRate / 100)
    let dips = blockDips(decoded, maxDBTP: maxDBTP, marginDB: marginDB, blockFrames: block)
    guard dips.contains(where: { $0 < 0 }) else { return nil }
    let ramp = max(1, block / 4)
    var points: [GainTrack.Point] = [.init(frame: 0, gainDB: 0)]
    for (index, dip) in dips.enumerated() where dip < 0 {
      let start = index * block
      let end = min(decoded.frameCount, start + block) - 1
      let before = index > 0 ? dips[index - 1] : 0
      let after = index + 1 < dips.count ? dips[index + 1] : 0
      if before == 0 { points.append(.init(frame: start - ramp, gainDB: 0)) }
      points.append(.init(frame: start, gainDB: dip))
      points.append(.init(frame: end, gainDB: dip))
      if after == 0 { points.append(.init(frame: end + ramp, gainDB: 0)) }
    }
    // A first ramp that would start before frame 0 is cut there (block 0 then holds its dip).
    return GainTrack(points: GainTrack.clamp(points, frameCount: .max), sampleRate: decoded.sampleRate)
  }

  /// Per block: the dip in dB (0 where the block is under the maximum).
  static func blockDips(_ audio: AudioBuffer, maxDBTP: Double, marginDB: Double, blockFrames block: Int) -> [Double] {
    let channels = audio.channelCount
    let context = 32  // frames either side, for the interpolator's taps
    let candidate = Float(Decibels.gain(maxDBTP - 3))  // a true peak is < 3 dB over the sample peak here
    var dips: [Double] = []
    var start = 0
    while start < audio.frameCount {
      let end = min(audio.frameCount, start + block)
      var samplePeak: Float = 0
      audio.samples.withUnsafeBufferPointer { x in
        for i in (start * channels)..<(end * channels) { samplePeak = max(samplePeak, abs(x[i])) }
      }
      var dip = 0.0
      if samplePeak > candidate {
        var meter = TruePeakMeter(channelCount: channels, sampleRate: audio.sampleRate)
        meter.add(audio.frames(max(0, start - context)..<min(audio.frameCount, end + context)))
        if meter.peakDBTP > maxDBTP { dip = maxDBTP - marginDB - meter.peakDBTP }
      }
      dips.append(dip)
      start = end
    }
    return dips
  }
}

extension GainTrack {
  /// Multiplies every frame of `buffer` by the track's gain at that frame.
  public func apply(to buffer: inout AudioBuffer) {
    let gains = linearGains(0..<buffer.frameCount)
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

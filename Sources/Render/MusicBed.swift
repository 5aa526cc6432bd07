import DSP
import RealModule

/// A music bed prepared for looping: never time-stretched, only looped, trimmed and faded.
///
/// Loop region [a, b) with crossfade C (bed frames). The first pass plays bed[0, b); pass k ≥ 1
/// starts at output frame sₖ = (b − C) + (k − 1)·P, with period P = b − a − C, and plays
/// bed[a + δ + t]. In its first C frames it overlaps the end of the previous pass:
///
///     out[sₖ + t] = gᵢₙ(t/C) · bed[a + δ + t] + gₒᵤₜ(t/C) · bed[b − C + t],   0 ≤ t < C
///
/// Gains: with u = 2·t/C − 1 ∈ [−1, 1], odd part o = u/2 and correlation ρ ∈ [0, 1] of the two
/// segments, e = √((½ − (1 − ρ)·o²) / (1 + ρ)), gᵢₙ = e + o, gₒᵤₜ = e − o, so that
/// gᵢₙ² + gₒᵤₜ² + 2ρ·gᵢₙ·gₒᵤₜ = 1: equal power for uncorrelated music (ρ = 0, the usual case),
/// equal gain for a seam that lines up in phase (ρ = 1). The offset δ ∈ [0, 20 ms) that best
/// lines the waveforms up is chosen once per bed.
///
/// The loop region skips a quiet intro and a fade-out: a, b are the first and last 10 ms hops
/// within 10 dB of the bed's median hop level.
public struct MusicBed: Sendable {
  public let name: String
  public let audio: AudioBuffer
  /// Loop region start (after alignment) and end, in bed frames.
  public let loopStartFrame: Int
  public let loopEndFrame: Int
  public let crossfadeFrames: Int
  /// Correlation of the two crossfaded segments (0 = unrelated, 1 = identical).
  public let seamCorrelation: Double
  /// The crossfade's gains, made once (a long premix renders the bed in many chunks).
  private let fade: (in: [Float], out: [Float])

  /// Prepares `audio` (already at the voice's sample rate and channel count) for looping.
  public init(_ audio: AudioBuffer, name: String, crossfadeFrames: Int) throws(RenderError) {
    precondition(crossfadeFrames > 0, "the crossfade must be at least one frame")
    let rate = audio.sampleRate
    guard audio.frameCount >= 2 * crossfadeFrames else {
      throw .bedTooShort(
        bed: name, bedMilliseconds: FrameTime.milliseconds(audio.frameCount, sampleRate: rate),
        crossfadeMilliseconds: FrameTime.milliseconds(crossfadeFrames, sampleRate: rate))
    }
    self.name = name
    self.audio = audio
    self.crossfadeFrames = crossfadeFrames
    let mono = ChannelMix.convert(audio, to: 1).samples
    var (start, end) = MusicBed.audibleRegion(audio)
    let search = max(1, rate / 50)
    if end - start - search < 2 * crossfadeFrames { (start, end) = (0, audio.frameCount) }
    let room = max(1, min(search, end - start - 2 * crossfadeFrames + 1))
    let offset = MusicBed.bestOffset(mono, start: start, end: end, crossfade: crossfadeFrames, search: room)
    loopStartFrame = start + offset
    loopEndFrame = end
    seamCorrelation = MusicBed.correlation(
      mono, loopEndFrame - crossfadeFrames, loopStartFrame, count: crossfadeFrames)
    fade = MusicBed.crossfadeGains(count: crossfadeFrames, correlation: seamCorrelation)
  }

  /// Frames between the starts of two seams.
  public var periodFrames: Int { loopEndFrame - loopStartFrame - crossfadeFrames }

  /// Output frames where each crossfade starts, for a bed rendered `frameCount` frames long.
  public func seams(frameCount: Int) -> [Int] {
    Array(stride(from: loopEndFrame - crossfadeFrames, to: frameCount, by: periodFrames))
  }

  /// The bed looped or trimmed to exactly `frameCount` frames, with raised-cosine fades.
  public func render(frameCount: Int, fadeInFrames: Int = 0, fadeOutFrames: Int = 0) -> AudioBuffer {
    var out = render(frames: 0..<frameCount)
    Fades.apply(to: &out, fadeInFrames: fadeInFrames, fadeOutFrames: fadeOutFrames)
    return out
  }

  /// Output frames `range` of the endless loop (no fades), so long beds can be made in chunks.
  public func render(frames range: Range<Int>) -> AudioBuffer {
    let channels = audio.channelCount
    var out = [Float](repeating: 0, count: range.count * channels)
    let firstSeam = loopEndFrame - crossfadeFrames
    let fade = self.fade
    audio.samples.withUnsafeBufferPointer { bed in
      out.withUnsafeMutableBufferPointer { output in
        for n in range {
          let o = (n - range.lowerBound) * channels
          if n < firstSeam {
            for c in 0..<channels { output[o + c] = bed[n * channels + c] }
            continue
          }
          let t = (n - firstSeam) % periodFrames
          let incoming = (loopStartFrame + t) * channels
          if t < crossfadeFrames {
            let outgoing = (firstSeam + t) * channels
            let (gainIn, gainOut) = (fade.in[t], fade.out[t])
            for c in 0..<channels {
              output[o + c] = gainIn * bed[incoming + c] + gainOut * bed[outgoing + c]
            }
          } else {
            for c in 0..<channels { output[o + c] = bed[incoming + c] }
          }
        }
      }
    }
    return AudioBuffer(samples: out, channelCount: channels, sampleRate: audio.sampleRate)
  }

  /// Fade-in and fade-out gains of a crossfade `count` frames long (see the file comment).
  static func crossfadeGains(count: Int, correlation: Double) -> (in: [Float], out: [Float]) {
    let rho = min(max(correlation, 0), 1)
    var gainIn = [Float](repeating: 0, count: count)
    var gainOut = [Float](repeating: 0, count: count)
    for t in 0..<count {
      let u = 2 * (Double(t) + 0.5) / Double(count) - 1
      let odd = u / 2
      let even = ((0.5 - (1 - rho) * odd * odd) / (1 + rho)).squareRoot()
      gainIn[t] = Float(even + odd)
      gainOut[t] = Float(even - odd)
    }
    return (gainIn, gainOut)
  }

  /// First and last+1 frame of the hops within 10 dB of the median hop level.
  static func audibleRegion(_ audio: AudioBuffer) -> (Int, Int) {
    let envelope = Envelope(of: audio)
    let levels = envelope.rmsDBFS
    let median = levels.sorted()[levels.count / 2]
    let threshold = median - 10
    guard let first = levels.firstIndex(where: { $0 >= threshold }),
      let last = levels.lastIndex(where: { $0 >= threshold })
    else { return (0, audio.frameCount) }
    return (first * envelope.hopFrames, min(audio.frameCount, (last + 1) * envelope.hopFrames))
  }

  /// The shift δ ∈ [0, search) of the incoming segment that best matches the outgoing one,
  /// judged on 8192 frames (or the whole crossfade, if shorter) at the middle of the crossfade.
  static func bestOffset(_ mono: [Float], start: Int, end: Int, crossfade: Int, search: Int) -> Int {
    let window = min(crossfade, 8_192)
    let skip = (crossfade - window) / 2
    let outgoing = end - crossfade + skip
    var best = 0
    var bestScore = -Double.infinity
    for delta in 0..<search {
      let score = correlation(mono, outgoing, start + delta + skip, count: window)
      if score > bestScore {
        bestScore = score
        best = delta
      }
    }
    return best
  }

  /// Normalised correlation Σab / √(Σa²·Σb²) of mono[a ..< a+count] and mono[b ..< b+count].
  static func correlation(_ mono: [Float], _ a: Int, _ b: Int, count: Int) -> Double {
    var ab: Float = 0
    var aa: Float = 0
    var bb: Float = 0
    mono.withUnsafeBufferPointer { x in
      for i in 0..<count {
        let (u, v) = (x[a + i], x[b + i])
        ab = Relaxed.multiplyAdd(u, v, ab)
        aa = Relaxed.multiplyAdd(u, u, aa)
        bb = Relaxed.multiplyAdd(v, v, bb)
      }
    }
    let denominator = (Double(aa) * Double(bb)).squareRoot()
    return denominator > 0 ? Double(ab) / denominator : 0
  }
}

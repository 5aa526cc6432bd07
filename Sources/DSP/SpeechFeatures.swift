import RealModule

/// Band levels per 5 ms hop: what align needs to tell speech from room tone, hum and breaths.
///
/// The channel mean m[n] runs through a 4th-order Butterworth high-pass at 250 Hz (h[n]: hum
/// at 50/60 Hz and its 2nd/3rd harmonics and most rumble are gone), then two 2nd-order
/// Butterworth sections split off a low band and a high band:
///
///     h = HP₂₅₀⁴(m)          voice band: everything speech has above 250 Hz
///     l = LP₁₀₀₀²(h)         250–1000 Hz: first formant, where voiced sounds are loud
///     s = HP₃₀₀₀²(h)         above 3 kHz: fricatives (/s/, /f/) and breath noise
///
/// and for hop k covering frames [k·H, (k+1)·H):
///
///     voiceDBFS[k] = 10 · log10( (1/H) · Σ h[n]² + ε ),  lowDBFS, highDBFS likewise, ε = 1e-12.
///
/// At 32 kHz and above, pairs of frames are averaged first (m'[i] = (m[2i] + m[2i+1]) / 2, a
/// zero at Nyquist, −0.6 dB at 5 kHz for 44.1 kHz) and the filters run at half the rate: speech
/// bands need no more than 11 kHz, and the four biquads then cost half as much. A hop holds
/// H frames either way (H even when pairs are used).
///
/// Four biquads per (averaged) frame, transposed direct form II; one pass, any chunk size;
/// the result depends only on the frames. The four run as the lanes of one SIMD4 section,
/// pipelined: at step i lane 0 filters input i, lane 1 (the second high-pass) lane 0's output
/// of step i − 1, lanes 2 and 3 (the low and high bands) lane 1's output of step i − 1, so step i
/// completes input i − 2 (the last two at `finish`). Each lane does the scalar section's
/// operations in the same order, so the levels are bit for bit those of four sections in a row;
/// the sections' recursions overlap instead of queueing (on `bench/align/speed.sh`'s 60-minute
/// WAV, 22 % less time in the features, 6 % in the whole `prep align`).
public struct SpeechFeatures: Sendable {
  /// Frames per hop: 5 ms at the recording's rate (rounded down).
  public let hopFrames: Int
  public let sampleRate: Int
  /// Per hop, the level above 250 Hz (dBFS).
  public private(set) var voiceDBFS: [Float] = []
  /// Per hop, the level in 250–1000 Hz (dBFS).
  public private(set) var lowDBFS: [Float] = []
  /// Per hop, the level above 3 kHz (dBFS).
  public private(set) var highDBFS: [Float] = []
  /// Frames analysed so far.
  public private(set) var frameCount = 0
  /// The voice signal's spectral shape per 20 ms (nil when the features stand in for an envelope).
  public private(set) var shape: SpectralShape?

  /// Lanes: the two high-pass sections, the low band, the high band.
  private var sections: Sections
  /// The sections' outputs at the last step.
  private var outputs = SIMD4<Float>()
  /// Steps taken: filter inputs, and `finish`'s two.
  private var inputs = 0
  private var finished = false
  private var sums: (voice: Float, low: Float, high: Float) = (0, 0, 0)
  /// Filter inputs (frames, or pairs of frames) in the current hop so far.
  private var filled = 0
  /// 2 when pairs of frames are averaged, else 1.
  private let decimation: Int
  /// The first frame of a pair still waiting for its second (chunks may split pairs).
  private var pendingFrame: Float?
  /// Channel count of the frames fed (for the lone last frame of a pair).
  private var channelsSeen = 1
  /// ±1e-12 alternating at Nyquist keeps the recursive filters out of denormals on digital silence.
  private var dither: Float = 1e-12

  public static let highPassHz = 250.0
  public static let lowBandHz = 1_000.0
  public static let highBandHz = 3_000.0

  public init(sampleRate: Int, hopFrames: Int? = nil) {
    precondition(sampleRate > 0, "SpeechFeatures needs a positive sample rate")
    self.sampleRate = sampleRate
    let hop = hopFrames ?? max(1, sampleRate / 200)
    self.hopFrames = hop
    decimation = sampleRate >= 32_000 && hop % 2 == 0 ? 2 : 1
    let rate = Double(sampleRate) / Double(decimation)
    // Butterworth 4th order = two sections with Q = 1/(2 cos(π/8)) and 1/(2 cos(3π/8)).
    sections = Sections(
      Biquad.highPass(hz: Self.highPassHz, q: 0.541_196, sampleRate: rate),
      Biquad.highPass(hz: Self.highPassHz, q: 1.306_563, sampleRate: rate),
      Biquad.lowPass(hz: Self.lowBandHz, q: 0.707_107, sampleRate: rate),
      Biquad.highPass(hz: min(Self.highBandHz, 0.4 * rate), q: 0.707_107, sampleRate: rate))
    shape = SpectralShape(sampleRate: rate)
  }

  /// The features of a whole buffer.
  public init(of buffer: AudioBuffer, hopFrames: Int? = nil) {
    self.init(sampleRate: buffer.sampleRate, hopFrames: hopFrames)
    add(buffer)
    finish()
  }

  /// Features stood in for by a broadband envelope (e.g. an ingest record's): every band is the envelope.
  public init(envelope: Envelope) {
    sampleRate = envelope.sampleRate
    hopFrames = envelope.hopFrames
    voiceDBFS = envelope.rmsDBFS
    lowDBFS = envelope.rmsDBFS
    highDBFS = envelope.rmsDBFS
    frameCount = envelope.rmsDBFS.count * envelope.hopFrames
    decimation = 1
    let section = Biquad.highPass(hz: Self.highPassHz, q: 0.541_196, sampleRate: Double(sampleRate))
    sections = Sections(section, section, section, section)
  }

  /// Recording frames per frame of `shape`.
  public var framesPerShapeFrame: Int? { shape.map { $0.inputsPerFrame * decimation } }

  /// Number of hops.
  public var hopCount: Int { voiceDBFS.count }

  /// Whole hops in `milliseconds` (at least one).
  public func hops(milliseconds: Int) -> Int { max(1, milliseconds * sampleRate / 1000 / hopFrames) }

  public mutating func add(_ buffer: AudioBuffer) {
    precondition(
      buffer.sampleRate == sampleRate, "SpeechFeatures fed at \(buffer.sampleRate) Hz, built for \(sampleRate) Hz")
    let channels = buffer.channelCount
    let scale = 1 / Float(channels * decimation)
    var tiny = dither
    let pairs = decimation == 2
    var pending = pendingFrame
    var step = Stepper(self, capacity: buffer.frameCount / decimation + 1)
    defer { step.voices.deallocate() }
    buffer.samples.withUnsafeBufferPointer { samples in
      var index = 0
      let total = samples.count
      while index < total {
        var mean: Float = samples[index]
        if channels > 1 {
          for channel in 1..<channels { mean += samples[index + channel] }
        }
        index += channels
        if pairs {
          guard let first = pending else {
            pending = mean
            continue
          }
          mean += first
          pending = nil
        }
        mean *= scale
        tiny = -tiny
        step.take(mean + tiny)
      }
    }
    step.finish(into: &self)
    dither = tiny
    pendingFrame = pending
    channelsSeen = channels
    frameCount += buffer.frameCount
  }

  /// Closes a trailing partial hop, if any. Call once at the end.
  public mutating func finish() {
    guard !finished else { return }
    finished = true
    var step = Stepper(self, capacity: 3)
    defer { step.voices.deallocate() }
    if let last = pendingFrame {
      // A lone last frame of a pair counts as a pair of itself.
      pendingFrame = nil
      step.take(last / Float(decimation * max(1, channelsSeen)) * 2 + dither)
    }
    // The last two inputs are still in the pipeline: two more steps complete them.
    step.take(0)
    step.take(0)
    if step.filled > 0 { step.closeHop() }
    step.finish(into: &self)
  }

  /// One chunk's steps, on local copies of the filter state and hop sums (written back by
  /// `finish(into:)`).
  struct Stepper {
    var sections: Sections
    var outputs: SIMD4<Float>
    var inputs: Int
    var sums: (voice: Float, low: Float, high: Float)
    var filled: Int
    let hop: Int
    /// The voice signal completed in this chunk, for the spectral shape.
    let voices: UnsafeMutableBufferPointer<Float>
    var voiceCount = 0
    var levels: (voice: [Float], low: [Float], high: [Float]) = ([], [], [])

    init(_ features: SpeechFeatures, capacity: Int) {
      sections = features.sections
      outputs = features.outputs
      inputs = features.inputs
      sums = features.sums
      filled = features.filled
      hop = features.hopFrames / features.decimation
      voices = .allocate(capacity: capacity)
    }

    /// One step: `x` into the first section; input `inputs − 2` completed.
    @inline(__always) mutating func take(_ x: Float) {
      let voice = outputs[1]
      outputs = sections.run(SIMD4(x, outputs[0], voice, voice))
      inputs += 1
      guard inputs > 2 else { return }
      let low = outputs[2]
      let high = outputs[3]
      voices[voiceCount] = voice
      voiceCount += 1
      sums.voice += voice * voice
      sums.low += low * low
      sums.high += high * high
      filled += 1
      if filled == hop { closeHop() }
    }

    /// The hop's levels from its sums so far (a whole hop, or the last one's part).
    mutating func closeHop() {
      let scale = 1 / Float(filled)
      levels.voice.append(Decibels.fromMeanSquare(sums.voice * scale))
      levels.low.append(Decibels.fromMeanSquare(sums.low * scale))
      levels.high.append(Decibels.fromMeanSquare(sums.high * scale))
      sums = (0, 0, 0)
      filled = 0
    }

    func finish(into features: inout SpeechFeatures) {
      features.shape?.add(UnsafeBufferPointer(rebasing: voices[0..<voiceCount]))
      features.sections = sections
      features.outputs = outputs
      features.inputs = inputs
      features.sums = sums
      features.filled = filled
      features.voiceDBFS += levels.voice
      features.lowDBFS += levels.low
      features.highDBFS += levels.high
    }
  }

  /// Four second-order sections as the lanes of one, transposed direct form II, unity a0:
  ///
  ///     y = b0·x + z1,   z1 ← b1·x − a1·y + z2,   z2 ← b2·x − a2·y
  struct Sections: Sendable {
    var b0: SIMD4<Float>, b1: SIMD4<Float>, b2: SIMD4<Float>, a1: SIMD4<Float>, a2: SIMD4<Float>
    var z1 = SIMD4<Float>(), z2 = SIMD4<Float>()

    init(_ a: Biquad, _ b: Biquad, _ c: Biquad, _ d: Biquad) {
      b0 = SIMD4(a.b0, b.b0, c.b0, d.b0)
      b1 = SIMD4(a.b1, b.b1, c.b1, d.b1)
      b2 = SIMD4(a.b2, b.b2, c.b2, d.b2)
      a1 = SIMD4(a.a1, b.a1, c.a1, d.a1)
      a2 = SIMD4(a.a2, b.a2, c.a2, d.a2)
    }

    @inline(__always) mutating func run(_ x: SIMD4<Float>) -> SIMD4<Float> {
      let y = b0 * x + z1
      z1 = b1 * x - a1 * y + z2
      z2 = b2 * x - a2 * y
      return y
    }
  }

  /// One second-order section's coefficients (unity a0).
  struct Biquad: Sendable {
    var b0: Float, b1: Float, b2: Float, a1: Float, a2: Float

    /// RBJ cookbook high-pass.
    static func highPass(hz: Double, q: Double, sampleRate: Double) -> Biquad {
      let w = 2 * Double.pi * hz / sampleRate
      let cosW = Double.cos(w), alpha = Double.sin(w) / (2 * q), a0 = 1 + alpha
      return Biquad(
        b0: Float((1 + cosW) / 2 / a0), b1: Float(-(1 + cosW) / a0), b2: Float((1 + cosW) / 2 / a0),
        a1: Float(-2 * cosW / a0), a2: Float((1 - alpha) / a0))
    }

    /// RBJ cookbook low-pass.
    static func lowPass(hz: Double, q: Double, sampleRate: Double) -> Biquad {
      let w = 2 * Double.pi * hz / sampleRate
      let cosW = Double.cos(w), alpha = Double.sin(w) / (2 * q), a0 = 1 + alpha
      return Biquad(
        b0: Float((1 - cosW) / 2 / a0), b1: Float((1 - cosW) / a0), b2: Float((1 - cosW) / 2 / a0),
        a1: Float(-2 * cosW / a0), a2: Float((1 - alpha) / a0))
    }
  }
}

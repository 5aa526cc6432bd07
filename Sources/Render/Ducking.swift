import DSP

/// How the music bed sits under the voice and moves out of its way.
public struct DuckingOptions: Sendable, Equatable {
  /// Bed level during speech, relative to the voice's loudness (negative: under it).
  public var speechLevelDB: Double = -Defaults.bedUnderVoiceDB
  /// How much louder the bed is where nobody speaks (lead-in, tail): open = speech + depth.
  public var duckDepthDB: Double = Defaults.duckDepthDB
  /// Time to duck down, ending exactly where speech starts (the spans are known ahead).
  public var attackMilliseconds: Double = 100
  /// Time to come back up after speech ends.
  public var releaseMilliseconds: Double = 500
  /// Rise in long pauses between verses, in dB above the speech level; 0 keeps the bed still.
  public var pauseRiseDB: Double = 0
  /// A pause counts as long from this length on (never shorter than attack + release).
  public var longPauseMilliseconds: Double = 2_000

  public init() {}

  /// The WCAG 1.4.7 preset: background at least 20 dB under the voice, with 2 dB to spare.
  public static var wcag: DuckingOptions {
    var options = DuckingOptions()
    options.speechLevelDB = -Defaults.wcagBedUnderVoiceDB
    return options
  }
}

/// Builds the bed's gain track from where the voice speaks.
///
/// With speech blocks [sᵢ, eᵢ) (spans merged across pauses shorter than the long-pause
/// length, or across all pauses when `pauseRiseDB` is 0), levels
/// open = speech + depth and pause = speech + rise, attack A and release R in frames:
///
///     before s₀ − A          open
///     sᵢ − A … sᵢ            ramp to speech (from open before the first block, else pause)
///     sᵢ … eᵢ                speech
///     eᵢ … eᵢ + R            ramp to pause (to open after the last block)
///
/// Ramps are linear in dB (see `GainTrack`). Points are clamped to [0, frameCount].
public enum Ducking {
  public static func gainTrack(
    speech spans: [FrameRange], frameCount: Int, sampleRate: Int, options: DuckingOptions
  ) -> GainTrack {
    let open = options.speechLevelDB + options.duckDepthDB
    let pause = options.speechLevelDB + max(0, min(options.pauseRiseDB, options.duckDepthDB))
    let attack = FrameTime.frames(seconds: options.attackMilliseconds / 1000, sampleRate: sampleRate)
    let release = FrameTime.frames(seconds: options.releaseMilliseconds / 1000, sampleRate: sampleRate)
    let longPause = max(
      attack + release,
      FrameTime.frames(seconds: options.longPauseMilliseconds / 1000, sampleRate: sampleRate))
    let blocks = merge(spans, closerThan: options.pauseRiseDB > 0 ? longPause : Int.max)
    guard !blocks.isEmpty else { return GainTrack(constantDB: open, sampleRate: sampleRate) }

    var points: [GainTrack.Point] = [GainTrack.Point(frame: 0, gainDB: open)]
    for (index, block) in blocks.enumerated() {
      let before = index == 0 ? open : pause
      let after = index == blocks.count - 1 ? open : pause
      points.append(.init(frame: block.start - attack, gainDB: before))
      points.append(.init(frame: block.start, gainDB: options.speechLevelDB))
      points.append(.init(frame: block.end, gainDB: options.speechLevelDB))
      points.append(.init(frame: block.end + release, gainDB: after))
    }
    return GainTrack(points: GainTrack.clamp(points, frameCount: frameCount), sampleRate: sampleRate)
  }

  /// Sorted spans with gaps shorter than `gap` frames closed.
  static func merge(_ spans: [FrameRange], closerThan gap: Int) -> [FrameRange] {
    var blocks: [FrameRange] = []
    for span in spans.filter({ !$0.isEmpty }).sorted(by: { $0.start < $1.start }) {
      if let last = blocks.last, span.start - last.end < gap {
        blocks[blocks.count - 1].end = max(last.end, span.end)
      } else {
        blocks.append(span)
      }
    }
    return blocks
  }
}

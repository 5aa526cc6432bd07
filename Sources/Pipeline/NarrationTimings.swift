import DSP

/// Where each verse (and a spoken heading) is in one narration: what align found, in frames.
///
/// A verse's `span` runs from its jump-to start (in the pause before it) to its end; `onsetFrame`
/// and `offsetFrame` bound its sound. Rendering moves every frame through the variant's time map
/// (`mapped(by:)`) and then by the premix's lead-in (`shifted(by:)`), never by t / speed.
public struct NarrationTimings: Sendable, Equatable {
  public struct Verse: Sendable, Equatable {
    public var span: FrameRange
    public var onsetFrame: Int
    /// The last frame of sound + 1 (half-open, like `span.end`).
    public var offsetFrame: Int

    public init(span: FrameRange, onsetFrame: Int, offsetFrame: Int) {
      self.span = span
      self.onsetFrame = onsetFrame
      self.offsetFrame = offsetFrame
    }
  }

  public var sampleRate: Int
  public var verses: [Verse]
  /// A spoken heading before the first verse ("Psalm 23"), if align found one.
  public var heading: FrameRange?

  public init(sampleRate: Int, verses: [Verse], heading: FrameRange? = nil) {
    self.sampleRate = sampleRate
    self.verses = verses
    self.heading = heading
  }

  /// Where somebody speaks: the heading, then each verse's onset…offset. Ducking and the
  /// premix lead-in follow these.
  public var speech: [FrameRange] {
    (heading.map { [$0] } ?? [])
      + verses.map { FrameRange(start: $0.onsetFrame, end: max($0.onsetFrame, $0.offsetFrame)) }
  }

  /// Every frame moved by `map` (a variant's time map: input frame → output frame).
  public func mapped(by map: (Int) -> Int) -> NarrationTimings {
    func range(_ r: FrameRange) -> FrameRange {
      let start = map(r.start)
      return FrameRange(start: start, end: max(start, map(r.end)))
    }
    return NarrationTimings(
      sampleRate: sampleRate,
      verses: verses.map { verse in
        Verse(span: range(verse.span), onsetFrame: map(verse.onsetFrame), offsetFrame: map(verse.offsetFrame))
      },
      heading: heading.map(range))
  }

  /// Every frame moved later by `frames` (lead-in padding of a premix).
  public func shifted(by frames: Int) -> NarrationTimings {
    mapped { $0 + frames }
  }
}

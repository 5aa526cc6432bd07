import DSP

/// Where each verse (and each heading read aloud) is in one narration: what align found, in frames.
///
/// A segment's `span` runs from its jump-to start (in the pause before it) to its end; `onsetFrame`
/// and `offsetFrame` bound its sound. Rendering moves every frame through the variant's time map
/// (`mapped(by:)`) and then by the premix's lead-in (`shifted(by:)`), never by t / speed.
public struct NarrationTimings: Sendable, Equatable {
  public struct Segment: Sendable, Equatable {
    public var span: FrameRange
    public var onsetFrame: Int
    /// The end of the segment's last sound (half-open, like `span.end`).
    public var offsetFrame: Int

    public init(span: FrameRange, onsetFrame: Int, offsetFrame: Int) {
      self.span = span
      self.onsetFrame = onsetFrame
      self.offsetFrame = offsetFrame
    }

    /// Where the segment sounds: onset…offset.
    public var sound: FrameRange { FrameRange(start: onsetFrame, end: max(onsetFrame, offsetFrame)) }

    func mapped(by map: (Int) -> Int) -> Segment {
      let start = map(span.start)
      let onset = map(onsetFrame)
      return Segment(
        span: FrameRange(start: start, end: max(start, map(span.end))), onsetFrame: onset,
        offsetFrame: max(onset, map(offsetFrame)))
    }
  }

  /// A heading read aloud: a spoken chapter title before verse 1 ("Psalm 23") or a USFM heading.
  public struct Heading: Sendable, Equatable {
    /// Its index in the chapter's headings (`ChapterEntry.headings`), when it is one of them.
    public var headingIndex: Int?
    /// Its label as align writes it: `h` for a chapter heading before verse 1, else the USFM marker.
    public var label: String
    public var segment: Segment

    public init(headingIndex: Int?, label: String = "h", segment: Segment) {
      self.headingIndex = headingIndex
      self.label = label
      self.segment = segment
    }
  }

  public var sampleRate: Int
  public var verses: [Segment]
  public var headings: [Heading]

  public init(sampleRate: Int, verses: [Segment], headings: [Heading] = []) {
    self.sampleRate = sampleRate
    self.verses = verses
    self.headings = headings
  }

  /// Where somebody speaks: every heading's and verse's onset…offset, in order. Ducking and the
  /// premix lead-in follow these.
  public var speech: [FrameRange] {
    (headings.map(\.segment) + verses).map(\.sound).sorted { $0.start < $1.start }
  }

  /// Every frame moved by `map` (a variant's time map: input frame → output frame).
  public func mapped(by map: (Int) -> Int) -> NarrationTimings {
    NarrationTimings(
      sampleRate: sampleRate, verses: verses.map { $0.mapped(by: map) },
      headings: headings.map {
        Heading(headingIndex: $0.headingIndex, label: $0.label, segment: $0.segment.mapped(by: map))
      })
  }

  /// Every frame moved later by `frames` (lead-in padding of a premix).
  public func shifted(by frames: Int) -> NarrationTimings {
    mapped { $0 + frames }
  }
}

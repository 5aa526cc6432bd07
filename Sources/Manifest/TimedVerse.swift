import DSP

/// A verse with its span in one variant: what every sidecar writer takes.
public struct TimedVerse: Sendable, Equatable {
  public var reference: String
  public var label: String
  public var firstVerse: Int?
  public var text: String
  public var span: FrameRange
  public var onsetFrame: Int
  public var sampleRate: Int

  public init(
    reference: String, label: String, firstVerse: Int?, text: String, span: FrameRange, onsetFrame: Int,
    sampleRate: Int
  ) {
    self.reference = reference
    self.label = label
    self.firstVerse = firstVerse
    self.text = text
    self.span = span
    self.onsetFrame = onsetFrame
    self.sampleRate = sampleRate
  }

  /// `verse` of the chapter with one variant's timing of it.
  public init(_ verse: VerseEntry, span: FrameRange, onsetFrame: Int, sampleRate: Int) {
    self.init(
      reference: verse.reference, label: verse.label, firstVerse: verse.firstVerse, text: verse.text, span: span,
      onsetFrame: onsetFrame, sampleRate: sampleRate)
  }

  public var startMilliseconds: Int { FrameTime.milliseconds(span.start, sampleRate: sampleRate) }
  public var endMilliseconds: Int { FrameTime.milliseconds(span.end, sampleRate: sampleRate) }

  /// A chapter-mark title: `Psalm 23:1 — The LORD is my shepherd; I shall not want.`
  public func title(chapterTitle: String) -> String {
    "\(chapterTitle):\(label) — \(text)"
  }
}

/// The text as the aligner sees it: phrases with spoken lengths, and the breaks between them.
///
/// Each segment (verse or heading) is cut after every break mark (`Punctuation`) and at its
/// line breaks into units u₀ … u_{U−1}. Unit j has a spoken length ℓⱼ in letter units
/// (`Punctuation.spokenLength`). Break j sits before unit j: break 0 is the start of the
/// text, break U its end, and break j (0 < j < U) lies between units j−1 and j with a kind
/// — a segment boundary (must be a pause), or a comma / line / colon / sentence break
/// inside a segment (often a pause, sometimes not). No language model: only letters and
/// punctuation classes, so any script works.
struct TextModel: Sendable {
  enum BreakKind: Int, Sendable, CaseIterable {
    case comma, line, colon, sentence, verse, heading
    /// Boundaries between segments are always pauses.
    var isMandatory: Bool { self == .verse || self == .heading }
  }

  struct Unit: Sendable, Equatable {
    /// Index of the segment (verse or heading) the unit belongs to.
    var segment: Int
    var length: Double
    var text: String
  }

  private(set) var units: [Unit] = []
  /// breaks[j] for j in 0...units.count.
  private(set) var breaks: [BreakKind] = []
  /// The break that starts each segment.
  private(set) var segmentStartBreak: [Int] = []
  /// Per break: a segment boundary whose segment before ends mid-sentence (its last mark is
  /// weaker than a sentence end: ",", ";", ":" or none), where readers often run straight on.
  private(set) var midSentence: [Bool] = []

  init(_ segments: [VerseInput]) {
    var endedMidSentence = false
    for (index, segment) in segments.enumerated() {
      let boundary: BreakKind =
        segment.kind == .heading || (index > 0 && segments[index - 1].kind == .heading)
        ? .heading : .verse
      segmentStartBreak.append(units.count)
      var pieces: [(text: String, after: BreakKind?)] = []
      let previousMidSentence = endedMidSentence
      let lines = segment.phrases.isEmpty ? [segment.text] : segment.phrases
      for (lineIndex, line) in lines.enumerated() {
        var split = Punctuation.split(line)
        if lineIndex < lines.count - 1, let last = split.last {
          let kind = last.after.map { max($0, .line) } ?? .line
          split[split.count - 1].after = kind
        } else if !split.isEmpty {
          endedMidSentence = (split[split.count - 1].after ?? .comma) < .sentence
          split[split.count - 1].after = nil
        }
        pieces += split
      }
      var kindBefore: BreakKind = boundary
      var added = 0
      for piece in pieces {
        let length = Punctuation.spokenLength(piece.text)
        if length == 0, added > 0 {
          // Stray marks: fold into the previous unit.
          units[units.count - 1].text += " " + piece.text
        } else if length > 0 || pieces.count == 1 {
          midSentence.append(added == 0 && index > 0 && boundary == .verse && previousMidSentence)
          breaks.append(kindBefore)
          units.append(Unit(segment: index, length: max(length, 1), text: piece.text))
          added += 1
        }
        if let after = piece.after, added > 0 { kindBefore = after }
      }
      if added == 0 {
        midSentence.append(index > 0 && boundary == .verse && previousMidSentence)
        breaks.append(boundary)
        units.append(Unit(segment: index, length: 1, text: segment.text))
      }
    }
    breaks.append(.verse)
    midSentence.append(false)
    if !breaks.isEmpty { breaks[0] = .verse }
  }

  var unitCount: Int { units.count }
  var totalLength: Double { units.reduce(0) { $0 + $1.length } }
}

extension TextModel.BreakKind: Comparable {
  static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

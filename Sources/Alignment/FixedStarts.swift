/// A person's corrected starts (from an override label file) turned into fixed pauses.
///
/// A start inside a pause fixes that pause; a start inside an island splits it with a
/// zero-length pause there (the person heard a boundary the pause finder did not).
/// A start before the first sound fixes break 0 to "no heading" (m = 0).
struct FixedStarts: Sendable {
  /// Per segment, the DP pause its start break is fixed to, if any.
  var pauseOfSegment: [Int: Int] = [:]
  /// Per segment, the exact start frame to report.
  var frameOfSegment: [Int: Int] = [:]
  /// The start of an unknown-text heading (`h`), if fixed.
  var headingFrame: Int?

  init(
    _ starts: [String: Int], segments: [VerseInput], map: inout SpeechMap, file: String
  ) throws(AlignmentError) {
    var bySegment: [(segment: Int, frame: Int, label: String)] = []
    for (label, frame) in starts {
      if label == "h" {
        headingFrame = frame
        continue
      }
      guard let segment = segments.firstIndex(where: { $0.label == label }) else {
        throw .unknownOverrideLabel(file: file, label: label)
      }
      bySegment.append((segment, frame, label))
    }
    bySegment.sort { $0.segment < $1.segment }
    let rate = Double(map.sampleRate)
    let seconds = { (frame: Int) in Double(frame) / rate }
    let firstOnset = map.onsetFrame(island: 0)
    let lastOffset = map.offsetFrame(island: map.islands.count - 1)
    for item in bySegment where item.frame >= firstOnset {
      guard item.frame < lastOffset else {
        throw .overrideOutsideSpeech(file: file, label: item.label, seconds: seconds(item.frame))
      }
      _ = map.pause(at: item.frame)  // insert every synthetic pause before numbering them
    }
    var previous = -1
    for item in bySegment {
      let m: Int
      if item.frame < firstOnset {
        guard item.segment == 0 else {
          throw .overrideOutsideSpeech(file: file, label: item.label, seconds: seconds(item.frame))
        }
        m = 0
      } else {
        guard let index = map.pause(at: item.frame) else {
          throw .overrideOutsideSpeech(file: file, label: item.label, seconds: seconds(item.frame))
        }
        m = index + 1
      }
      if m <= previous { throw .overrideOutOfOrder(file: file, label: item.label) }
      previous = m
      pauseOfSegment[item.segment] = m
      frameOfSegment[item.segment] = item.frame
    }
  }
}

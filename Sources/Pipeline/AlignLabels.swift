import Alignment
import DSP
import Foundation
import Manifest

/// Audacity label files in and out, and the align record built from a result.
///
/// A label line is `start<TAB>end<TAB>label`, seconds with 6 decimals. Audacity's
/// spectral-selection lines (starting with `\`) and blank lines are skipped on reading.
enum AlignLabels {
  /// Verse (or phrase) labels → start frames. A phrase label (`3a`) fixes its verse (`3`)
  /// only when it is the verse's first phrase (`a`); later phrases are ignored.
  static func readOverride(path: String, sampleRate: Int, frameCount: Int, labels: Set<String>) throws -> [String: Int]
  {
    let lines: [AudacityLabel]
    do {
      lines = try AudacityLabels.read(path: path, sampleRate: sampleRate)
    } catch {
      switch error {
      case .missing: throw AlignInputError.missingOverride(file: path)
      case .notUTF8(let file, let encoding): throw AlignInputError.overrideNotUTF8(file: file, encoding: encoding)
      case .badLine(let file, let line, let content):
        throw AlignInputError.badOverrideLine(file: file, line: line, content: content)
      }
    }
    var starts: [String: Int] = [:]
    var firstLine: [String: Int] = [:]
    for entry in lines {
      if entry.span.start >= frameCount {
        throw AlignInputError.overrideBeyondEnd(
          file: path, line: entry.line, seconds: FrameTime.seconds(entry.span.start, sampleRate: sampleRate),
          audioSeconds: FrameTime.seconds(frameCount, sampleRate: sampleRate))
      }
      guard !entry.label.isEmpty else {  // a start with no verse named fixes nothing
        throw AlignInputError.badOverrideLine(
          file: path, line: entry.line,
          content: AudacityLabels.line(entry.span, "", sampleRate: sampleRate).trimmingCharacters(
            in: .whitespacesAndNewlines))
      }
      if let earlier = firstLine[entry.label] {
        throw AlignInputError.duplicateOverride(file: path, line: entry.line, label: entry.label, firstLine: earlier)
      }
      firstLine[entry.label] = entry.line
      var label = entry.label
      if !labels.contains(label), label != "h", let last = label.last, last.isLetter,
        labels.contains(String(label.dropLast()))
      {
        if last != "a" { continue }
        label = String(label.dropLast())
      }
      starts[label] = min(starts[label] ?? entry.span.start, entry.span.start)
    }
    return starts
  }

  /// One line per segment (or per phrase), Audacity style; the heading's label is `h`.
  static func labels(_ record: AlignRecord, phrases: Bool) -> String {
    let rate = record.audio.sampleRate
    var out = ""
    func line(_ start: Int, _ end: Int, _ label: String) {
      out += AudacityLabels.line(FrameRange(start: start, end: end), label, sampleRate: rate)
    }
    for segment in record.segments {
      if phrases && segment.phrases.count > 1 {
        for (i, phrase) in segment.phrases.enumerated() {
          let next = i + 1 < segment.phrases.count ? segment.phrases[i + 1].startFrame : segment.endFrame
          line(phrase.startFrame, next, phrase.label)
        }
      } else {
        line(segment.startFrame, segment.endFrame, segment.label)
      }
    }
    return out
  }

  static func seconds(_ frames: Int, _ sampleRate: Int) -> Double {
    (Double(frames) / Double(sampleRate)).rounded(places: 6)
  }

  static func record(
    _ result: AlignmentResult, audioPath: String, textPath: String?, analysedFrom: String
  ) -> AlignRecord {
    let rate = result.sampleRate
    let segments = result.segments.map { s in
      AlignRecord.Segment(
        label: s.label, kind: s.kind.rawValue, onsetFrame: s.onset, offsetFrame: s.offset,
        startFrame: s.start, endFrame: s.end,
        pause: .init(startFrame: s.pause.start, endFrame: s.pause.end),
        confidence: s.confidence.rounded(places: 3), fixed: s.isFixed,
        durationRatio: s.durationRatio.rounded(places: 3),
        seconds: .init(
          onset: seconds(s.onset, rate), offset: seconds(s.offset, rate), start: seconds(s.start, rate),
          end: seconds(s.end, rate), pauseStart: seconds(s.pause.start, rate),
          pauseEnd: seconds(s.pause.end, rate)),
        phrases: s.phrases.map {
          .init(label: $0.label, text: $0.text, onsetFrame: $0.onset, offsetFrame: $0.offset, startFrame: $0.start)
        })
    }
    return AlignRecord(
      generator: PrepVersion.generator,
      audio: .init(
        path: audioPath, sampleRate: rate, frameCount: result.frameCount,
        durationSeconds: seconds(result.frameCount, rate), analysedFrom: analysedFrom),
      text: textPath,
      analysis: .init(
        noiseFloorDBFS: result.noiseFloorDBFS.rounded(places: 1),
        speechLevelDBFS: result.speechLevelDBFS.rounded(places: 1),
        lettersPerSecond: result.lettersPerSecond.rounded(places: 2), pauseCount: result.pauseCount,
        fit: result.fit.rounded(places: 3),
        fitDetails: result.fitDetails.mapValues { $0.rounded(places: 3) },
        headingDetected: result.segments.contains { $0.kind == .detectedHeading }),
      segments: segments, lowConfidence: result.lowConfidence, warnings: result.warnings)
  }
}

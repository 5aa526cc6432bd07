import Manifest

extension Stretch {
  /// The `--labels` file, read at the recording's rate; its errors in the stretch's terms.
  static func readLabels(path: String, sampleRate: Int) throws(StretchError) -> [AudacityLabel] {
    do {
      return try AudacityLabels.read(path: path, sampleRate: sampleRate)
    } catch {
      switch error {
      case .missing: throw .missingLabels(path: path)
      case .notUTF8(_, let encoding): throw .labelsNotUTF8(path: path, encoding: encoding)
      case .badLine(_, let line, _): throw .badLabel(path: path, line: line)
      }
    }
  }
}

/// Why a stretch could not run. Each case names the file and the fix.
public enum StretchError: Error, CustomStringConvertible, Equatable {
  case missingLabels(path: String)
  case badLabel(path: String, line: Int)
  case recordMismatch(path: String, audioPath: String)
  case labelsNotUTF8(path: String, encoding: String)
  case labelBeyondEnd(path: String, line: Int, seconds: Double, audioSeconds: Double)
  case rateNotWritable(path: String, sampleRate: Int, rates: [Int])

  public var description: String {
    switch self {
    case .missingLabels(let path):
      "\(path): no such file. Check the --labels path."
    case .badLabel(let path, let line):
      "\(path):\(line): not an Audacity label line `start<TAB>end<TAB>text` with start ≤ end in finite seconds. "
        + "Fix the line in --labels or export the labels from Audacity again."
    case .labelsNotUTF8(let path, let encoding):
      "\(path): the --labels file is \(encoding), not UTF-8; \(TextEncodingGuess.fix(path, encoding: encoding))."
    case .labelBeyondEnd(let path, let line, let seconds, let audioSeconds):
      "\(path):\(line): the --labels line ends at \(String(format: "%.3f", seconds)) s, past the end of the recording "
        + "(\(String(format: "%.3f", audioSeconds)) s). Check that the labels belong to this recording."
    case .recordMismatch(let path, let audioPath):
      "\(path): this ingest record describes other audio than \(audioPath) (sample rate, length or SHA-256 differ). "
        + "Run `prep ingest` on \(audioPath) again."
    case .rateNotWritable(let path, let sampleRate, let rates):
      "\(path): this format takes \(rates.map { "\($0)" }.joined(separator: ", ")) Hz, and the stretched narration "
        + "keeps the recording's \(sampleRate) Hz. Write .wav or .flac here, or use --output-dir, which resamples."
    }
  }
}

import Foundation

/// What a text file that is not UTF-8 probably is, for the one-line fix in its error.
public enum TextEncodingGuess {
  /// `UTF-16` for a UTF-16 byte-order mark or text with a NUL in every other byte;
  /// otherwise `Latin-1` (ISO-8859-1 / Windows-1252, what older editors save).
  public static func name(of data: Data) -> String {
    let bytes = [UInt8](data.prefix(4_096))
    if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
      return "UTF-16"
    }
    let pairs = bytes.count / 2
    let zeros = stride(from: 0, to: pairs * 2, by: 2).filter { bytes[$0] == 0 || bytes[$0 + 1] == 0 }.count
    return pairs > 0 && zeros * 2 > pairs ? "UTF-16" : "Latin-1"
  }

  /// The `iconv` command that converts `file` to UTF-8.
  public static func fix(_ file: String, encoding: String) -> String {
    let from = encoding == "UTF-16" ? "UTF-16" : "latin1"
    return "iconv -f \(from) -t UTF-8 \(file) > utf8-\(URL(fileURLWithPath: file).lastPathComponent)"
  }
}

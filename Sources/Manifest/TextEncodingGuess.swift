import Foundation

/// What a text file that is not UTF-8 probably is, for the one-line fix in its error.
public enum TextEncodingGuess {
  /// `binary` for audio (RIFF, fLaC, OggS, ID3, MPEG sync) or data full of control bytes;
  /// `UTF-16` for a UTF-16 byte-order mark, or a NUL in nearly every other byte (ASCII in
  /// UTF-16 without a mark); otherwise `Latin-1` (ISO-8859-1 / Windows-1252, older editors).
  public static func name(of data: Data) -> String {
    let bytes = [UInt8](data.prefix(4_096))
    let magics = ["RIFF", "RF64", "fLaC", "OggS", "ID3", "FORM"].map { [UInt8]($0.utf8) }
    if magics.contains(where: { bytes.starts(with: $0) })
      || (bytes.count > 1 && bytes[0] == 0xFF && bytes[1] & 0xE0 == 0xE0 && bytes[1] != 0xFE)
    {
      return "binary"
    }
    if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
      return "UTF-16"
    }
    let pairs = bytes.count / 2
    let evenZeros = stride(from: 0, to: pairs * 2, by: 2).filter { bytes[$0] == 0 }.count
    let oddZeros = stride(from: 1, to: pairs * 2, by: 2).filter { bytes[$0] == 0 }.count
    if pairs > 0, max(evenZeros, oddZeros) * 10 >= pairs * 8, min(evenZeros, oddZeros) * 10 <= pairs { return "UTF-16" }
    let control = bytes.filter { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }.count
    return control * 10 > bytes.count ? "binary" : "Latin-1"
  }

  /// The fix: the `iconv` command that converts `file` to UTF-8, or a hint that it is no text.
  public static func fix(_ file: String, encoding: String) -> String {
    if encoding == "binary" { return "it is not a text file (audio or other binary data): check the path" }
    let from = encoding == "UTF-16" ? "UTF-16" : "latin1"
    return "convert it: `iconv -f \(from) -t UTF-8 \(file) > utf8-\(URL(fileURLWithPath: file).lastPathComponent)`"
  }
}

import Foundation

/// The few HTML pieces every page shares: escaping, embedded data and the page shell.
///
/// Pages are static and self-contained: styles and scripts inline (or in a sibling `.js` file
/// loaded with `<script src>`), data embedded as JSON, nothing fetched, so they work from
/// `file://` where browsers refuse `fetch()` of local files.
enum HTML {
  /// Text safe inside an element or a quoted attribute.
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(character)
      }
    }
    return out
  }

  /// Compact JSON with sorted keys (same value → same bytes) that can sit inside a `<script>`:
  /// `<` is written `\u003c`, so no `</script>` can end the block early.
  static func json<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let text = String(decoding: try encoder.encode(value), as: UTF8.self)
    return text.replacingOccurrences(of: "<", with: "\\u003c")
  }

  /// A whole page: `<head>` with the title and style, then `body`.
  static func page(title: String, style: String, body: String) -> String {
    """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(escape(title))</title>
    <link rel="icon" href="data:,">
    <style>
    \(style)</style>
    </head>
    <body>
    \(body)</body>
    </html>

    """
  }
}

/// Paths between the pages and the files they play.
public enum PagePath {
  /// A path relative to `folder` that reaches `path` (both absolute or both relative to the
  /// same working folder), with `/` separators and each part percent-encoded for a URL.
  public static func relativeURL(to path: String, from folder: String) -> String {
    let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
    let base = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
    var common = 0
    while common < min(target.count, base.count) && target[common] == base[common] { common += 1 }
    let parts = Array(repeating: "..", count: base.count - common) + target[common...]
    return parts.map(urlPart).joined(separator: "/")
  }

  /// One path part as a URL path segment.
  public static func urlPart(_ part: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "/?#")
    return part.addingPercentEncoding(withAllowedCharacters: allowed) ?? part
  }
}

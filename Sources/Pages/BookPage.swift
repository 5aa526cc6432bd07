/// The page a reviewer opens first: every chapter's review page, lowest confidence first.
public enum BookPage {
  public static let fileName = "index.html"

  /// Lowest confidence first (chapters without confidences last), then by name.
  public static func order(_ chapters: [ReviewChapter]) -> [ReviewChapter] {
    chapters.sorted { a, b in
      let left = a.lowestConfidence ?? 2, right = b.lowestConfidence ?? 2
      return left != right ? left < right : a.name < b.name
    }
  }

  public static func html(_ chapters: [ReviewChapter], title: String = "Review") -> String {
    let rows = order(chapters).map { chapter -> String in
      let lows = chapter.lowConfidenceCount
      let lowest = chapter.lowestConfidence.map { "\($0)" } ?? "—"
      let lowCell = lows == 0 ? "0" : "<span class=\"low\">\(lows)</span>"
      let lowestCell = lows == 0 ? lowest : "<span class=\"low\">\(lowest)</span>"
      return """
        <tr><th scope="row"><a href="\(HTML.escape(PagePath.urlPart(ReviewPage.fileName(chapter))))">\
        \(HTML.escape(chapter.title)) (\(HTML.escape(chapter.name)))</a></th>\
        <td>\(HTML.escape(chapter.source))</td><td>\(lowestCell)</td><td>\(lowCell)</td>\
        <td>\(chapter.warnings.count)</td><td>\(chapter.fit.map { "\($0)" } ?? "—")</td></tr>
        """
    }
    let body = """
      <header><h1>\(HTML.escape(title))</h1>
      <p>\(chapters.count) chapter\(chapters.count == 1 ? "" : "s"), the least certain first. \
      Open one, listen at its marked starts, correct them and save the labels.</p></header>
      <main>
      <table>
      <caption class="visually-hidden">Chapters by lowest boundary confidence</caption>
      <thead><tr><th scope="col">Chapter</th><th scope="col">Timings from</th><th scope="col">Lowest confidence</th>\
      <th scope="col">Low-confidence boundaries</th><th scope="col">Warnings</th><th scope="col">Fit</th></tr></thead>
      <tbody>
      \(rows.joined(separator: "\n"))
      </tbody>
      </table>
      </main>

      """
    return HTML.page(title: title, style: PageStyle.css, body: body)
  }
}

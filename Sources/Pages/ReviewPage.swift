import Foundation

/// One chapter's review page: waveform with every segment's start (draggable), onset and end of
/// speech, low-confidence starts and warnings marked, the verse text beside, and "Save labels".
public enum ReviewPage {
  /// The page's file name: `<name>.html`.
  public static func fileName(_ chapter: ReviewChapter) -> String { chapter.name + ".html" }

  public static func html(_ chapter: ReviewChapter, bookPage: String? = BookPage.fileName) throws -> String {
    let lows = chapter.lowConfidenceCount
    let verses = chapter.segments.filter { $0.kind == "verse" }.count
    var facts = [chapter.name, chapter.source, "\(verses) verse\(verses == 1 ? "" : "s")"]
    if let fit = chapter.fit { facts.append("fit \(fit)") }
    let lowFact =
      lows == 0
      ? "<span>no low-confidence boundary</span>"
      : "<span class=\"low\">\(lows) low-confidence boundar\(lows == 1 ? "y" : "ies")</span>"
    let warnings =
      chapter.warnings.isEmpty
      ? ""
      : """
      <section aria-labelledby="warnings-heading"><h2 id="warnings-heading">Warnings</h2><ul>
      \(chapter.warnings.map { "<li class=\"low\">\(HTML.escape($0))</li>" }.joined(separator: "\n"))
      </ul></section>

      """
    let help =
      chapter.editable
      ? "Drag a verse start, or focus it and press Left or Right arrow to move it by 10 milliseconds "
        + "(with Shift, 100 milliseconds). Enter plays from it. Save labels downloads Audacity labels for "
        + "<code>prep align --override</code>."
      : "These timings belong to a rendered variant: you can listen and check them; corrections go to "
        + "the alignment's page."
    let body = """
      <header>
      \(bookPage.map { "<p><a href=\"\(HTML.escape($0))\">All chapters</a></p>" } ?? "")
      <h1>Review: \(HTML.escape(chapter.title))</h1>
      <p class="muted">\(facts.map(HTML.escape).joined(separator: " · ")) · \(lowFact)</p>
      </header>
      <main>
      \(warnings)<div class="columns">
      <section aria-labelledby="wave-heading">
      <h2 id="wave-heading">Waveform and verse starts</h2>
      <p id="help">\(help)</p>
      <div class="wave" id="wave" role="group" aria-labelledby="wave-heading" aria-describedby="help">
      <canvas id="canvas" aria-hidden="true"></canvas><div class="playhead" id="playhead"></div>
      </div>
      <div class="row">
      <audio id="audio" controls preload="auto" src="\(HTML.escape(chapter.audio))" aria-label="Recording of \(HTML.escape(chapter.title))"></audio>
      <button type="button" id="zoom-out">Zoom out</button><button type="button" id="zoom-in">Zoom in</button>
      \(chapter.editable ? "<button type=\"button\" id=\"save\">Save labels</button>" : "")
      </div>
      <p id="status" role="status" aria-live="polite"></p>
      </section>
      <section aria-labelledby="verses-heading">
      <h2 id="verses-heading">Verses</h2>
      <ol class="verses" id="verses"></ol>
      </section>
      </div>
      </main>
      <script type="application/json" id="chapter">\(try HTML.json(chapter))</script>
      <script>
      \(ReviewScript.source)</script>

      """
    return HTML.page(title: "Review: \(chapter.title) (\(chapter.name))", style: PageStyle.css, body: body)
  }
}

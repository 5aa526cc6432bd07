import ArgumentParser

/// Where a chapter's text comes from; shared by ingest, align and render.
struct TextOptions: ParsableArguments {
  @Option(
    help:
      "The chapter's text: USFM (.usfm, .sfm) or plain `NUMBER<TAB>TEXT` lines (or, numbering none, one segment per line)."
  )
  var text: String?

  @Option(parsing: .unconditional, help: "The chapter to take when the USFM file holds several.")
  var chapter: Int?

  func validate() throws {
    if let chapter, chapter < 1 {
      throw ValidationError("--chapter \(chapter) is not a chapter number. Give 1 or more, e.g. --chapter 23.")
    }
  }
}

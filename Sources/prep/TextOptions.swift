import ArgumentParser

/// Where a chapter's text comes from; shared by ingest, align and render.
struct TextOptions: ParsableArguments {
  @Option(help: "The chapter's text: USFM (.usfm, .sfm) or plain `NUMBER<TAB>TEXT` lines.")
  var text: String?

  @Option(help: "The chapter to take when the USFM file holds several.")
  var chapter: Int?
}

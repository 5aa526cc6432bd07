/// USFM reader. Provisional: being replaced by the full reader (see the verse-text issue).
public enum USFMReader {
  public static func parse(_ text: String, file: String, chapter: Int?) throws(VerseTextError)
    -> ChapterText
  {
    throw .noVerses(file: file, chapter: chapter)
  }
}

/// English names of the 66 books of the Protestant canon, by USFM book code, in canonical order.
///
/// A chapter is titled `<name> <chapter>` ("John 1", "1 Corinthians 13"), except that one psalm
/// is a "Psalm" ("Psalm 23"). Unknown codes (deuterocanon, peripherals) keep the code itself.
public enum BookNames {
  /// (USFM code, English name), Genesis to Revelation.
  public static let books: [(code: String, name: String)] = [
    ("GEN", "Genesis"), ("EXO", "Exodus"), ("LEV", "Leviticus"), ("NUM", "Numbers"),
    ("DEU", "Deuteronomy"), ("JOS", "Joshua"), ("JDG", "Judges"), ("RUT", "Ruth"),
    ("1SA", "1 Samuel"), ("2SA", "2 Samuel"), ("1KI", "1 Kings"), ("2KI", "2 Kings"),
    ("1CH", "1 Chronicles"), ("2CH", "2 Chronicles"), ("EZR", "Ezra"), ("NEH", "Nehemiah"),
    ("EST", "Esther"), ("JOB", "Job"), ("PSA", "Psalms"), ("PRO", "Proverbs"),
    ("ECC", "Ecclesiastes"), ("SNG", "Song of Songs"), ("ISA", "Isaiah"), ("JER", "Jeremiah"),
    ("LAM", "Lamentations"), ("EZK", "Ezekiel"), ("DAN", "Daniel"), ("HOS", "Hosea"),
    ("JOL", "Joel"), ("AMO", "Amos"), ("OBA", "Obadiah"), ("JON", "Jonah"), ("MIC", "Micah"),
    ("NAM", "Nahum"), ("HAB", "Habakkuk"), ("ZEP", "Zephaniah"), ("HAG", "Haggai"),
    ("ZEC", "Zechariah"), ("MAL", "Malachi"),
    ("MAT", "Matthew"), ("MRK", "Mark"), ("LUK", "Luke"), ("JHN", "John"), ("ACT", "Acts"),
    ("ROM", "Romans"), ("1CO", "1 Corinthians"), ("2CO", "2 Corinthians"), ("GAL", "Galatians"),
    ("EPH", "Ephesians"), ("PHP", "Philippians"), ("COL", "Colossians"),
    ("1TH", "1 Thessalonians"), ("2TH", "2 Thessalonians"), ("1TI", "1 Timothy"),
    ("2TI", "2 Timothy"), ("TIT", "Titus"), ("PHM", "Philemon"), ("HEB", "Hebrews"),
    ("JAS", "James"), ("1PE", "1 Peter"), ("2PE", "2 Peter"), ("1JN", "1 John"),
    ("2JN", "2 John"), ("3JN", "3 John"), ("JUD", "Jude"), ("REV", "Revelation"),
  ]

  private static let index: [String: Int] = Dictionary(
    uniqueKeysWithValues: books.enumerated().map { ($1.code, $0) })

  /// The book's English name (`Psalms`), or the code itself when it is not one of the 66.
  public static func name(of code: String) -> String {
    index[code.uppercased()].map { books[$0].name } ?? code
  }

  /// Position in the canon (0 = Genesis); unknown codes sort after Revelation.
  public static func order(of code: String?) -> Int {
    code.flatMap { index[$0.uppercased()] } ?? books.count
  }

  /// `Psalm 23`, `John 1`, `1 Corinthians 13`; the book name alone without a chapter.
  public static func chapterTitle(book code: String, chapter: Int?) -> String {
    guard let chapter else { return name(of: code) }
    let name = code.uppercased() == "PSA" ? "Psalm" : name(of: code)
    return "\(name) \(chapter)"
  }
}

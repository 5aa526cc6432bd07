/// One chapter mark for tags: a verse, its span in milliseconds and its title.
public struct ChapterMark: Sendable, Equatable {
  public var startMilliseconds: Int
  public var endMilliseconds: Int
  public var title: String

  public init(startMilliseconds: Int, endMilliseconds: Int, title: String) {
    self.startMilliseconds = startMilliseconds
    self.endMilliseconds = endMilliseconds
    self.title = title
  }

  /// `HH:MM:SS.mmm`, as Vorbis-comment chapters write times.
  public static func clock(milliseconds: Int) -> String {
    let ms = max(0, milliseconds)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let fraction = ms % 1_000
    let digits = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
    return "\(two(ms / 3_600_000)):\(two(ms / 60_000 % 60)):\(two(ms / 1_000 % 60)).\(digits)"
  }
}

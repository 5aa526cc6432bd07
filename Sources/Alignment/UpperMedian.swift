extension Array where Element: Comparable {
  /// The upper median: element `count / 2` in sorted order (the middle one, or the upper of
  /// the two middle ones); nil when empty.
  var upperMedian: Element? { isEmpty ? nil : sorted()[count / 2] }
}

/// The sound before an island's words, set aside like a breath: a steady pad or note
/// (`SpeechMap+Beds`), a struck chord (`SpeechMap+Strikes`), a note fading into the word
/// (`SpeechMap+Fades`), a dull murmur, a breath's tail or any sound too quiet for words before a gap
/// (`SpeechMap+Murmurs`), a quiet lead or a loud breath a phone's automatic gain left (`SpeechMap+Gain`).
extension SpeechMap {
  /// For each island whose head `head` finds (measured as an island: `measure`), sets the head
  /// aside in `discarded` and starts the island where it ends, so the onset's faint-edge walk
  /// does not go back into it; `repeatedly`: then looks for another head in what is left. A head
  /// that reaches the island's end takes the whole island.
  static func cutHeads(
    _ islands: inout [Island], _ discarded: inout [Island], repeatedly: Bool = false, head: (Island) -> Island?
  ) {
    for i in islands.indices {
      while let cut = head(islands[i]) {
        discarded.append(cut)
        islands[i].startHop = cut.endHop
        islands[i].onsetShift = 0
        if !repeatedly || islands[i].startHop >= islands[i].endHop { break }
      }
    }
    islands.removeAll { $0.startHop >= $0.endHop }
    discarded.sort { $0.startHop < $1.startHop }
  }
}

import DSP

/// Places where a verse may end with no pause: the deepest dips inside long speech islands.
///
/// A reader may run one verse into the next where the verse break falls mid-sentence. Then
/// no pause marks the boundary, and the best the recording offers is a dip in the level
/// between two words. With L[k] the voice-band power mean over hops k−2…k+2 (25 ms at 5 ms
/// hops), hop k of an island is a dip when
///
///     L[k] ≤ max L over the 300 ms before k − 6 dB   and   L[k] ≤ max L over the 300 ms after k − 6 dB
///
/// and lies ≥ 150 ms inside the island. Islands of ≥ 1 s keep their deepest dips, greedily,
/// ≥ 200 ms apart (a stop deep inside the next word must not hide the word boundary 300 ms
/// before it, as in a human reading's "Bonjour. Je m'appelle…"). Each splits its island with a zero-length *weak* pause: the boundary
/// search may put a verse boundary there at a fixed price (`CostModel.weakAssign`), passes
/// it for free otherwise, and never learns pause lengths from it.
extension SpeechMap {
  static let dipIslandMilliseconds = 1_000
  static let dipContextMilliseconds = 300
  static let dipEdgeMilliseconds = 150
  static let dipSpacingMilliseconds = 200
  static let dipDepthDB: Float = 6

  static func splitAtDips(_ islands: inout [Island], _ f: SpeechFeatures) {
    let hops = f.hops(milliseconds:)
    let context = hops(dipContextMilliseconds)
    let edge = hops(dipEdgeMilliseconds)
    let spacing = hops(dipSpacingMilliseconds)
    var out: [Island] = []
    out.reserveCapacity(islands.count)
    for island in islands {
      let a = island.startHop
      let e = island.endHop
      guard e - a >= hops(dipIslandMilliseconds) else {
        out.append(island)
        continue
      }
      let level = (a..<e).map { smoothed(f.voiceDBFS, $0, a, e, radius: 2) }
      var dips: [(hop: Int, depth: Float)] = []
      for k in (a + edge)..<max(a + edge, e - edge) {
        let i = k - a
        let here = level[i]
        let before = level[max(0, i - context)..<i].max() ?? here
        let after = level[(i + 1)..<min(level.count, i + 1 + context)].max() ?? here
        let depth = min(before, after) - here
        if depth >= dipDepthDB && here <= level[i - 1] && here <= level[i + 1] { dips.append((k, depth)) }
      }
      var chosen: [Int] = []
      for dip in dips.sorted(by: { $0.depth > $1.depth || ($0.depth == $1.depth && $0.hop < $1.hop) })
      where chosen.allSatisfy({ abs($0 - dip.hop) >= spacing }) {
        chosen.append(dip.hop)
      }
      var left = island
      for k in chosen.sorted() {
        var right = left
        left.endHop = k
        left.offsetShift = 0
        out.append(left)
        right.startHop = k
        right.onsetShift = 0
        right.softLeadFrames = 0
        right.weakBefore = true
        left = right
      }
      out.append(left)
    }
    islands = out
  }
}

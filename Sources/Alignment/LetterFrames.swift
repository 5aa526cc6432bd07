import DSP
import Foundation

/// The letter model's features of one recording (`LetterModel`), computed on first use and
/// shared by every `SpeechMap` of it: they do not depend on the pause depth, and one alignment
/// learns letter models on up to five maps (depths, a reading twice, the order check) — on a
/// 68-minute recording each computation cost ~5 % of the alignment.
final class LetterFrames: @unchecked Sendable {
  /// Per shape frame, `LetterModel.dimension` numbers, frame after frame; the recording's mean
  /// and variance of each.
  struct Values {
    let features: [Float]
    let frameCount: Int
    let mean: [Float]
    let variance: [Float]
  }

  private let lock = NSLock()
  private var computed: Values??

  /// The values for `map`'s recording (nil without a spectral shape).
  func values(_ map: SpeechMap) -> Values? {
    lock.lock()
    defer { lock.unlock() }
    if let computed { return computed }
    let values = Self.compute(map)
    computed = .some(values)
    return values
  }

  /// The 16 band levels less their mean and less the recording's mean shape (`ShapeFrames`);
  /// the level relative to the speech (the 80th percentile of frame levels), clamped to
  /// −40…+10 dB and divided by `LetterModel.levelScale`; and how they change (half the
  /// difference of the frames either side) in 8 pairs of bands and the level.
  static func compute(_ map: SpeechMap) -> Values? {
    guard let shapes = ShapeFrames(map), let shape = map.features.shape, !shapes.vectors.isEmpty else { return nil }
    let n = shapes.vectors.count
    var levels = (0..<n).map { SpeechMap.shapeFrame(shape, $0).level }
    var sorted = levels
    let speech = LevelModel.select(&sorted, sorted.count * 4 / 5)
    let bands = SpectralShape.bandCount
    let statics = bands + 1
    var values = [Float](repeating: 0, count: n * statics)
    for j in 0..<n {
      for band in 0..<bands { values[j * statics + band] = shapes.vectors[j][band] }
      values[j * statics + bands] = min(10, max(-40, levels[j] - speech)) / LetterModel.levelScale
    }
    levels = []
    let d = LetterModel.dimension
    var features = [Float](repeating: 0, count: n * d)
    for j in 0..<n {
      for k in 0..<statics { features[j * d + k] = values[j * statics + k] }
      // How the frame changes: half the difference of its neighbours, in pairs of bands and the level.
      let before = max(0, j - 1) * statics
      let after = min(n - 1, j + 1) * statics
      let change = { (k: Int) in (values[after + k] - values[before + k]) / 2 }
      for pair in 0..<(bands / 2) { features[j * d + statics + pair] = (change(2 * pair) + change(2 * pair + 1)) / 2 }
      features[j * d + statics + bands / 2] = change(bands)
    }
    let (mean, variance) = LetterModel.moments(features, frames: 0..<n)
    return Values(features: features, frameCount: n, mean: mean, variance: variance)
  }
}

/// Reading a text's letters over frames: the best cut, and where it may end.
extension LetterModel {
  /// Viterbi through `chain` over the frames listed (in the order listed: reversed frames and a
  /// reversed chain read a text backwards). `ends[i]`: the least cost of the whole chain having
  /// ended at list position i (a last gap state may be left out). `path`: the state of each
  /// position on the best path that ends at the last (nil when asked not to, or none).
  func viterbi(_ order: [Int], _ chain: Chain, trace: Bool = true) -> (ends: [Float], path: [Int]?) {
    let s = chain.states.count
    let n = order.count
    guard s > 0, n > 0 else { return ([Float](repeating: .infinity, count: n), nil) }
    // Each distinct symbol's cost at each frame, once.
    var column: [Int: Int] = [:]
    var used: [Int] = []
    let stateColumn = chain.states.map { symbol in
      if let known = column[symbol] { return known }
      column[symbol] = used.count
      used.append(symbol)
      return used.count - 1
    }
    let emission = emissions(order, symbols: used)
    let m = used.count
    let lastGapOptional = s >= 2 && chain.skippable[s - 1]
    var cost = [Float](repeating: .infinity, count: s)
    var next = cost
    var steps = [UInt8](repeating: 0, count: trace ? n * s : 0)
    var ends = [Float](repeating: .infinity, count: n)
    emission.withUnsafeBufferPointer { emission in
      stateColumn.withUnsafeBufferPointer { stateColumn in
        chain.skippable.withUnsafeBufferPointer { skippable in
          steps.withUnsafeMutableBufferPointer { steps in
            cost[0] = emission[stateColumn[0]]
            ends[0] = lastGapOptional ? min(cost[s - 1], cost[s - 2]) : cost[s - 1]
            for i in 1..<n {
              let row = i * m
              cost.withUnsafeBufferPointer { cost in
                next.withUnsafeMutableBufferPointer { next in
                  for k in 0..<min(s, i + 1) {
                    var best = cost[k]
                    var step: UInt8 = 0
                    if k >= 1, cost[k - 1] < best {
                      best = cost[k - 1]
                      step = 1
                    }
                    if k >= 2, skippable[k - 1], cost[k - 2] < best {
                      best = cost[k - 2]
                      step = 2
                    }
                    next[k] = best + emission[row + stateColumn[k]]
                    if trace { steps[i * s + k] = step }
                  }
                }
              }
              swap(&cost, &next)
              ends[i] = lastGapOptional ? min(cost[s - 1], cost[s - 2]) : cost[s - 1]
            }
          }
        }
      }
    }
    guard trace, cost[s - 1].isFinite else { return (ends, nil) }
    var path = [Int](repeating: 0, count: n)
    var k = s - 1
    for i in stride(from: n - 1, through: 0, by: -1) {
      path[i] = k
      k -= Int(steps[i * s + k])
    }
    return (ends, k == 0 ? path : nil)
  }

  /// −ln of each symbol's density at each listed frame: `symbols.count` per frame. Eight
  /// features at a time (SIMD8; the `dimension` is 26: three lanes of eight and two alone).
  func emissions(_ order: [Int], symbols: [Int]) -> [Float] {
    let d = Self.dimension
    let m = symbols.count
    let lanes = d / 8 * 8
    var result = [Float](repeating: 0, count: order.count * m)
    features.withUnsafeBufferPointer { x in
      means.withUnsafeBufferPointer { mean in
        precisions.withUnsafeBufferPointer { precision in
          let xs = UnsafeRawBufferPointer(x)
          let ms = UnsafeRawBufferPointer(mean)
          let ps = UnsafeRawBufferPointer(precision)
          let stride = MemoryLayout<Float>.stride
          for (i, frame) in order.enumerated() {
            for (c, symbol) in symbols.enumerated() {
              var lane = SIMD8<Float>()
              var k = 0
              while k < lanes {
                let e =
                  xs.loadUnaligned(fromByteOffset: (frame * d + k) * stride, as: SIMD8<Float>.self)
                  - ms.loadUnaligned(fromByteOffset: (symbol * d + k) * stride, as: SIMD8<Float>.self)
                lane += e * e * ps.loadUnaligned(fromByteOffset: (symbol * d + k) * stride, as: SIMD8<Float>.self)
                k += 8
              }
              var sum = lane.sum()
              while k < d {
                let e = x[frame * d + k] - mean[symbol * d + k]
                sum += e * e * precision[symbol * d + k]
                k += 1
              }
              result[i * m + c] = 0.5 * sum + constants[symbol]
            }
          }
        }
      }
    }
    return result
  }
}

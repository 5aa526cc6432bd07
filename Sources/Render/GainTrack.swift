import DSP
import RealModule

/// A gain curve over frames, stored as breakpoints: what the manifest ships for live mixing.
///
/// Between breakpoints (f₀, g₀) and (f₁, g₁) the gain in dB is linear in frames:
///
///     gainDB(f) = g₀ + (g₁ − g₀) · (f − f₀) / (f₁ − f₀)        f₀ ≤ f < f₁
///     gain(f)   = 10^(gainDB(f) / 20)
///
/// i.e. exponential in amplitude, like Web Audio's `exponentialRampToValueAtTime`.
/// Before the first point the first gain holds; after the last, the last gain.
public struct GainTrack: Sendable, Equatable {
  public struct Point: Sendable, Equatable {
    public var frame: Int
    public var gainDB: Double
    public init(frame: Int, gainDB: Double) {
      self.frame = frame
      self.gainDB = gainDB
    }
  }

  /// Breakpoints in strictly increasing frame order.
  public private(set) var points: [Point]
  public let sampleRate: Int

  public init(points: [Point], sampleRate: Int) {
    precondition(!points.isEmpty, "a gain track needs at least one point")
    precondition(
      zip(points, points.dropFirst()).allSatisfy { $0.frame < $1.frame },
      "gain track points must be in strictly increasing frame order")
    self.points = points
    self.sampleRate = sampleRate
  }

  /// A constant gain.
  public init(constantDB gainDB: Double, sampleRate: Int) {
    self.init(points: [Point(frame: 0, gainDB: gainDB)], sampleRate: sampleRate)
  }

  /// The same curve shifted by `decibels` (e.g. to make it relative to a stem at another level).
  public func offset(by decibels: Double) -> GainTrack {
    GainTrack(
      points: points.map { Point(frame: $0.frame, gainDB: $0.gainDB + decibels) }, sampleRate: sampleRate)
  }

  /// The same curve with every frame moved by `frames` (e.g. when lead-in silence is added).
  public func shifted(by frames: Int) -> GainTrack {
    GainTrack(points: points.map { Point(frame: $0.frame + frames, gainDB: $0.gainDB) }, sampleRate: sampleRate)
  }

  /// The gain in dB at `frame`.
  public func gainDB(at frame: Int) -> Double {
    guard frame >= points[0].frame else { return points[0].gainDB }
    guard let last = points.last, frame < last.frame else { return points[points.count - 1].gainDB }
    // Binary search for the segment holding `frame`.
    var low = 0
    var high = points.count - 1
    while high - low > 1 {
      let mid = (low + high) / 2
      if points[mid].frame <= frame { low = mid } else { high = mid }
    }
    return GainTrack.interpolate(points[low], points[high], frame)
  }

  /// Linear gain factors for frames `range`, one per frame.
  public func linearGains(_ range: Range<Int>) -> [Float] {
    var gains = [Float](repeating: 0, count: range.count)
    guard !range.isEmpty else { return gains }
    var segment = 0
    while segment + 1 < points.count && points[segment + 1].frame <= range.lowerBound { segment += 1 }
    gains.withUnsafeMutableBufferPointer { out in
      var frame = range.lowerBound
      while frame < range.upperBound {
        // Frames up to the next breakpoint share one segment: a constant ratio per frame.
        let next = segment + 1 < points.count ? points[segment + 1].frame : Int.max
        let stop = min(range.upperBound, next)
        if frame < points[0].frame || segment + 1 >= points.count {
          let value = Float(Decibels.gain(frame < points[0].frame ? points[0].gainDB : points[segment].gainDB))
          let end = frame < points[0].frame ? min(stop, points[0].frame) : stop
          for f in frame..<end { out[f - range.lowerBound] = value }
          frame = end
          continue
        }
        let a = points[segment]
        let b = points[segment + 1]
        let slopeDB = (b.gainDB - a.gainDB) / Double(b.frame - a.frame)
        if slopeDB == 0 {
          let value = Float(Decibels.gain(a.gainDB))
          for f in frame..<stop { out[f - range.lowerBound] = value }
        } else {
          for f in frame..<stop {
            out[f - range.lowerBound] = Float(Decibels.gain(a.gainDB + slopeDB * Double(f - a.frame)))
          }
        }
        frame = stop
        if frame == next { segment += 1 }
      }
    }
    return gains
  }

  static func interpolate(_ a: Point, _ b: Point, _ frame: Int) -> Double {
    a.gainDB + (b.gainDB - a.gainDB) * Double(frame - a.frame) / Double(b.frame - a.frame)
  }
}

extension GainTrack {
  /// Keeps points inside [0, frameCount]: a ramp cut by an edge is evaluated at the edge,
  /// and of several points on one frame the last wins.
  static func clamp(_ points: [GainTrack.Point], frameCount: Int) -> [GainTrack.Point] {
    var result: [GainTrack.Point] = []
    for (index, point) in points.enumerated() {
      var p = point
      if p.frame < 0 {
        // The ramp starts before the file: take its value at frame 0.
        guard index + 1 < points.count, points[index + 1].frame > 0 else { continue }
        p = .init(frame: 0, gainDB: GainTrack.interpolate(point, points[index + 1], 0))
      } else if p.frame > frameCount {
        guard let previous = result.last, previous.frame < frameCount else { break }
        p = .init(frame: frameCount, gainDB: GainTrack.interpolate(previous, point, frameCount))
      }
      if let last = result.last, last.frame >= p.frame {
        result[result.count - 1] = p
      } else {
        result.append(p)
      }
    }
    return result
  }
}

import RealModule

/// The buffers and bookkeeping of the pitch-synchronous stretch (decisions in `+Steps`).
///
/// Input arrives in any chunks and is kept in a queue addressed by absolute frame number, with
/// its channel mean (`mono`, stereo only), the mean of every `decimation` frames (`decimated`)
/// and the mean square of every 1 ms (`levels`) beside it. A decision is taken at input frame `position` only when
/// `lookahead` frames past it have arrived, and it reads nothing else, so the output does not
/// depend on the chunking. Output goes to `staged` and the last `hold` frames stay there until
/// flush, where the length is made exactly round(N / speed).
struct StretchEngine: Sendable {
  let speed: Double
  let channelCount: Int
  let frames: StretchFrames
  let tuning: StretchTuning

  var input: FrameQueue
  var mono: FrameQueue
  var decimated: FrameQueue
  /// Mean square of the mono signal per `levelBlock` frames (1 ms), for finding onsets.
  var levels: FrameQueue
  /// Decaying peak of `levels` up to `loudnessBlock` (the recent speech level).
  var loudness: Float = 0.01
  var loudnessBlock = 0
  private var partialSum: Float = 0
  private var partialCount = 0
  private var squareSum: Float = 0
  private var squareCount = 0

  /// Next input frame to copy or decide at.
  var position = 0
  /// Output frames produced so far (emitted + staged).
  var outputCount = 0
  /// Input frames to copy unchanged before the next decision.
  var pendingCopy = 0
  /// A guarded onset ahead (speeding up), whose attack is copied once the splice before it is made.
  var guarded: (start: Int, onset: Int)?
  var receivedFrames = 0
  /// The input length, once flushed.
  var endFrame: Int?
  var map = TimeMap()
  var staged: [Float] = []
  /// Every decision taken, when `tuning.recordsSteps` is set (diagnostics and tests).
  var steps: [StretchStep] = []

  init(speed: Double, sampleRate: Int, channelCount: Int, tuning: StretchTuning) {
    self.speed = speed
    self.channelCount = channelCount
    self.tuning = tuning
    frames = StretchFrames(tuning: tuning, sampleRate: sampleRate)
    input = FrameQueue(channelCount: channelCount)
    mono = FrameQueue(channelCount: 1)
    decimated = FrameQueue(channelCount: 1)
    levels = FrameQueue(channelCount: 1)
  }

  mutating func process(_ samples: UnsafeBufferPointer<Float>, into output: inout [Float]) {
    add(samples)
    run()
    emit(into: &output, keeping: frames.hold)
  }

  mutating func flush(into output: inout [Float]) {
    let total = receivedFrames
    endFrame = total
    // Silence after the end lets the last decisions see a full window; none of it is kept.
    let pad = frames.lookahead + frames.pitch.decimation
    let zeros = [Float](repeating: 0, count: pad * channelCount)
    zeros.withUnsafeBufferPointer { add($0) }
    run()
    let target = Int((Double(total) / speed).rounded())
    if outputCount > target {
      let excess = outputCount - target
      precondition(excess * channelCount <= staged.count, "stretcher overshot its hold by \(excess) frames")
      staged.removeLast(excess * channelCount)
    } else if outputCount < target {
      staged.append(contentsOf: repeatElement(0, count: (target - outputCount) * channelCount))
    }
    outputCount = target
    map.finish(inputFrames: total, outputFrames: target)
    emit(into: &output, keeping: 0)
  }

  /// Queues new frames with their mono mix, decimated mean and block levels.
  private mutating func add(_ samples: UnsafeBufferPointer<Float>) {
    let count = samples.count / channelCount
    receivedFrames += count
    input.append(samples)
    if channelCount == 1 {
      summarize(samples)
    } else {
      var monoNew = [Float](repeating: 0, count: count)
      let channelScale = 1 / Float(channelCount)
      for n in 0..<count {
        var sum: Float = 0
        for c in 0..<channelCount { sum += samples[n * channelCount + c] }
        monoNew[n] = sum * channelScale
      }
      monoNew.withUnsafeBufferPointer { monoSamples in
        mono.append(monoSamples)
        summarize(monoSamples)
      }
    }
  }

  /// Appends the decimated means and the mean squares per `levelBlock` of new mono frames.
  /// Sums run strictly in frame order, so a block split across two chunks sums the same.
  private mutating func summarize(_ samples: UnsafeBufferPointer<Float>) {
    var decimatedNew: [Float] = []
    var levelsNew: [Float] = []
    let factor = frames.pitch.decimation
    let block = frames.levelBlock
    decimatedNew.reserveCapacity(samples.count / factor + 1)
    levelsNew.reserveCapacity(samples.count / block + 1)
    StretchEngine.blockSums(
      samples, size: factor, sum: &partialSum, count: &partialCount, scale: 1 / Float(factor),
      into: &decimatedNew
    ) { $0 }
    StretchEngine.blockSums(
      samples, size: block, sum: &squareSum, count: &squareCount, scale: 1 / Float(block),
      into: &levelsNew
    ) { $0 * $0 }
    decimatedNew.withUnsafeBufferPointer { decimated.append($0) }
    levelsNew.withUnsafeBufferPointer { levels.append($0) }
  }

  /// Sums `term(x)` over consecutive blocks of `size` frames, carrying a partial block over.
  @inline(__always)
  private static func blockSums(
    _ samples: UnsafeBufferPointer<Float>, size: Int, sum: inout Float, count: inout Int, scale: Float,
    into out: inout [Float], term: (Float) -> Float
  ) {
    var i = 0
    let n = samples.count
    while i < n {
      let take = min(size - count, n - i)
      var partial = sum
      for j in i..<(i + take) { partial += term(samples[j]) }
      i += take
      count += take
      if count == size {
        out.append(partial * scale)
        sum = 0
        count = 0
      } else {
        sum = partial
      }
    }
  }

  /// Moves all staged output but the last `keeping` frames to `output`; frees old input.
  private mutating func emit(into output: inout [Float], keeping: Int) {
    let ready = staged.count - keeping * channelCount
    if ready > 0 {
      output.append(contentsOf: staged[0..<ready])
      staged.removeFirst(ready)
    }
    trackLoudness()
    let keepFrom = max(0, position - frames.history)
    input.discard(before: keepFrom)
    mono.discard(before: keepFrom)
    decimated.discard(before: keepFrom / frames.pitch.decimation)
    // Levels stay a pause longer: a guarded onset must follow one (`pause(before:)`).
    levels.discard(before: keepFrom / frames.levelBlock - frames.levelHistoryBlocks)
  }

  /// The mono analysis signal: the input itself for one channel, else the channel mean.
  @inline(__always)
  func withAnalysis<R>(_ body: (_ full: UnsafePointer<Float>, _ decimated: UnsafePointer<Float>) -> R) -> R {
    let queue = channelCount == 1 ? input : mono
    let fullOffset = queue.offset(of: position)
    let decimatedOffset = decimated.offset(of: position / frames.pitch.decimation)
    return queue.samples.withUnsafeBufferPointer { full in
      decimated.samples.withUnsafeBufferPointer { coarse in
        guard let fullBase = full.baseAddress, let coarseBase = coarse.baseAddress else {
          preconditionFailure("StretchEngine analyses an empty queue")
        }
        return body(fullBase + fullOffset, coarseBase + decimatedOffset)
      }
    }
  }
}

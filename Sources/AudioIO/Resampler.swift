import CSamplerate
import DSP

/// Sample-rate conversion with libsamplerate, as a streaming processor.
///
/// Output length is exactly round(inputFrames · to / from): libsamplerate's
/// own output is trimmed (or, rarely, padded with its last frames) at flush so
/// that lengths are predictable for the time map.
public struct Resampler: AudioProcessor {
  public enum Quality: String, Sendable, CaseIterable {
    /// SINC_BEST_QUALITY: ~10× slower than medium.
    case best
    /// SINC_MEDIUM_QUALITY: the default; transparent for speech and music beds.
    case medium
    /// SINC_FASTEST.
    case fastest

    var converter: Int32 {
      switch self {
      case .best: Int32(SRC_SINC_BEST_QUALITY)
      case .medium: Int32(SRC_SINC_MEDIUM_QUALITY)
      case .fastest: Int32(SRC_SINC_FASTEST)
      }
    }
  }

  public let fromRate: Int
  public let toRate: Int
  public let channelCount: Int
  public var latency: Int { 0 }

  /// A table-driven polyphase filter where the ratio allows (`RationalResampler`, medium
  /// quality), else libsamplerate.
  private var rational: RationalResampler?
  private let state: ResamplerState?
  private var inputFrames = 0
  private var outputFrames = 0

  /// `keptBelowHz`: only the output below this frequency is listened to (see
  /// `RationalResampler`); libsamplerate ignores it.
  public init(
    from fromRate: Int, to toRate: Int, channelCount: Int, quality: Quality = .medium, keptBelowHz: Double? = nil
  ) {
    self.fromRate = fromRate
    self.toRate = toRate
    self.channelCount = channelCount
    if quality == .medium && RationalResampler.supports(from: fromRate, to: toRate) {
      rational = RationalResampler(from: fromRate, to: toRate, channelCount: channelCount, keptBelowHz: keptBelowHz)
      state = nil
    } else {
      state = ResamplerState(channelCount: channelCount, converter: quality.converter)
    }
  }

  public mutating func process(_ input: AudioBuffer, into output: inout AudioBuffer) {
    precondition(input.sampleRate == fromRate && input.channelCount == channelCount)
    if withTable({ $0.process(input, into: &output) }) { return }
    guard let state else { return }
    inputFrames += input.frameCount
    let out = state.run(input.samples, ratio: ratio, endOfInput: false)
    append(out, to: &output, limit: Int.max)
  }

  public mutating func flush(into output: inout AudioBuffer) {
    if withTable({ $0.flush(into: &output) }) { return }
    guard let state else { return }
    let expected = Int((Double(inputFrames) * ratio).rounded())
    let out = state.run([], ratio: ratio, endOfInput: true)
    append(out, to: &output, limit: expected)
    // Pad with the last frame (or silence) if the converter came up short.
    while outputFrames < expected {
      let last =
        output.frameCount > 0
        ? Array(output.samples[(output.samples.count - channelCount)...])
        : [Float](repeating: 0, count: channelCount)
      output.samples.append(contentsOf: last)
      outputFrames += 1
    }
  }

  /// Runs `body` on the table resampler, if this is one; whether it ran. The optional is
  /// emptied meanwhile so that the resampler's history has one owner (no copy as it grows).
  private mutating func withTable(_ body: (inout RationalResampler) -> Void) -> Bool {
    guard var engine = rational else { return false }
    rational = nil
    body(&engine)
    rational = engine
    return true
  }

  private var ratio: Double { Double(toRate) / Double(fromRate) }

  private mutating func append(_ samples: [Float], to output: inout AudioBuffer, limit: Int) {
    let frames = min(samples.count / channelCount, max(0, limit - outputFrames))
    output.samples.append(contentsOf: samples[0..<(frames * channelCount)])
    outputFrames += frames
  }

  /// Resamples a whole buffer (tests and short files).
  public static func resample(
    _ buffer: AudioBuffer, to rate: Int, quality: Quality = .medium
  )
    -> AudioBuffer
  {
    if buffer.sampleRate == rate { return buffer }
    var resampler = Resampler(
      from: buffer.sampleRate, to: rate, channelCount: buffer.channelCount, quality: quality)
    var output = AudioBuffer(channelCount: buffer.channelCount, sampleRate: rate)
    resampler.processAll(buffer, chunkFrames: Streaming.chunkFrames, into: &output)
    return output
  }
}

/// The libsamplerate handle; a class so it is freed once.
final class ResamplerState {
  private let handle: OpaquePointer
  private let channelCount: Int

  init(channelCount: Int, converter: Int32) {
    var error: Int32 = 0
    guard let handle = src_new(converter, Int32(channelCount), &error) else {
      fatalError("libsamplerate could not start: \(String(cString: src_strerror(error)))")
    }
    self.handle = handle
    self.channelCount = channelCount
  }

  deinit { src_delete(handle) }

  /// Converts `input` (interleaved) and returns all output produced.
  func run(_ input: [Float], ratio: Double, endOfInput: Bool) -> [Float] {
    var result: [Float] = []
    var offset = 0
    let inputFrames = input.count / channelCount
    var scratch = [Float](repeating: 0, count: (Int(Double(max(inputFrames, 1024)) * ratio) + 1024) * channelCount)
    repeat {
      var data = SRC_DATA()
      var produced = 0
      var consumed = 0
      input.withUnsafeBufferPointer { inPointer in
        scratch.withUnsafeMutableBufferPointer { outPointer in
          data.data_in = inPointer.baseAddress.map { $0 + offset * channelCount }
          data.input_frames = Int(inputFrames - offset)
          data.data_out = outPointer.baseAddress
          data.output_frames = Int(outPointer.count / channelCount)
          data.end_of_input = endOfInput ? 1 : 0
          data.src_ratio = ratio
          let error = src_process(handle, &data)
          precondition(error == 0, "libsamplerate: \(String(cString: src_strerror(error)))")
          produced = Int(data.output_frames_gen)
          consumed = Int(data.input_frames_used)
        }
      }
      result.append(contentsOf: scratch[0..<(produced * channelCount)])
      offset += consumed
      if produced == 0 && consumed == 0 { break }
    } while offset < inputFrames || endOfInput
    return result
  }
}

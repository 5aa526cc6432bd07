import AudioIO
import DSP
import Foundation
import Render

/// What libopus does to the loudness of this recording, measured once per render.
///
/// `VariantEncoder` aims each file past the codec's loudness shift ΔL = L(file) − L(input) and
/// encodes again when the file lands more than 0.2 LU off. For Opus the table's ΔL (−0.1 LU,
/// measured on the samples) fits 44.1/48 kHz recordings, but a recording's own ΔL can be
/// −0.3 LU and more (a 22.05 kHz synthetic voice: −0.31 alone, −0.12…−0.32 over a bed), and then
/// most of its Opus files were encoded twice. The probe takes the narration's first
/// `seconds`, brings it to the target as a file's first pass would (gain, limiter at the Opus
/// ceiling, 48 kHz), encodes and decodes it, and returns its ΔL, which then replaces the
/// table's for every Opus file of the render. It reads only the narration and the render's
/// settings, so a file does not depend on which other variants the call renders. The render
/// runs it beside the rates' stretches and hands the result to its encoder (`OpusShift`) before
/// the first Opus file is encoded.
enum OpusShiftProbe {
  /// The narration's first this many seconds are encoded (less when it is shorter).
  static let seconds = 30
  /// A ΔL outside this range is not believed (the table's is kept): the excerpt was not like
  /// the rest (all room tone, say). The samples measure −0.41…+0.04.
  static let plausibleLU = -0.6...0.3

  /// This recording's shift for the first Opus format of `formats`, through `encoder`'s
  /// settings; nil without a loudness target, an Opus format, or a believable measurement.
  static func measure(
    _ narration: NarrationAudio, formats: [EncodedFormat], encoder: VariantEncoder
  ) throws -> OpusShift.Value? {
    guard let target = encoder.target,
      let opus = formats.first(where: {
        if case .opus = $0 { true } else { false }
      }),
      let shift = try loudnessShift(of: narration, format: opus, encoder: encoder, target: target)
    else { return nil }
    return (opus, shift)
  }

  static func loudnessShift(
    of narration: NarrationAudio, format: EncodedFormat, encoder: VariantEncoder, target: LoudnessTarget
  ) throws -> Double? {
    let frames = min(narration.frameCount, seconds * narration.sampleRate)
    guard frames >= narration.sampleRate else { return nil }
    let excerpt = AudioStream(
      sampleRate: narration.sampleRate, channelCount: narration.channelCount, frameCount: frames
    ) { PrefixSource(source: try narration.source(), remaining: frames) }
    guard let gain = LoudnessPlan.gainDB(measuredLUFS: try excerpt.integratedLUFS(), targetLUFS: target.integratedLUFS)
    else { return nil }
    let spools = SpoolSet(staging: encoder.staging, name: "opus-probe")
    defer { spools.removeAll() }
    let ceiling = encoder.firstCeilingDBTP(format, target: target)
    let limited = excerpt.adding(.gain(gain)).adding(.limit(ceilingDBTP: ceiling))
    let rate = VariantEncoder.outputRate(format, for: narration.sampleRate)
    // The encoder's input, spooled once and measured once.
    var (input, inputLUFS): (AudioSpool, Double)
    if rate == narration.sampleRate {
      (input, inputLUFS) = try spools.measured(limited)
    } else {
      input = try spools.resampled(limited, to: rate, keptBelowHz: VariantEncoder.keptBelowHz(format))
      inputLUFS = try input.stream.integratedLUFS()
    }
    let path = encoder.staging.spoolPath(for: "opus-probe.\(format.fileExtension)")
    defer { unlink(path) }
    try encoder.write(input.stream, format: format, to: path, tags: nil)
    let shift = try LoudnessCheck.measureFile(path).loudness.integratedLUFS - inputLUFS
    return plausibleLU.contains(shift) ? shift : nil
  }
}

/// The recording's own Opus loudness shift, shared by the copies of one render's encoder: set
/// once, by the probe's step of the render, before any Opus file is encoded (their steps wait on
/// it: `FullRender.renderVariants`); read by every encode after.
final class OpusShift: @unchecked Sendable {
  typealias Value = (format: EncodedFormat, loudnessLU: Double)
  private let lock = NSLock()
  private var measured: Value?

  var value: Value? {
    get { lock.withLock { measured } }
    set { lock.withLock { measured = newValue } }
  }
}

/// The first `remaining` frames of a source.
private struct PrefixSource: FrameSource {
  var source: any FrameSource
  var remaining: Int
  var sampleRate: Int { source.sampleRate }
  var channelCount: Int { source.channelCount }
  var frameCount: Int? { source.frameCount.map { min($0, remaining) } ?? remaining }

  mutating func read(maxFrames: Int) throws -> AudioBuffer {
    guard remaining > 0 else { return AudioBuffer(channelCount: channelCount, sampleRate: sampleRate) }
    var chunk = try source.read(maxFrames: min(maxFrames, remaining))
    if chunk.frameCount > remaining { chunk.truncate(toFrames: remaining) }
    remaining -= chunk.frameCount
    return chunk
  }
}

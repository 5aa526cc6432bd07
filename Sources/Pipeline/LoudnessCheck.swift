import AudioIO
import DSP
import Render

/// BS.1770 loudness and true peak (AudioIO's `LoudnessMeter`) of buffers and encoded files,
/// in the shape `Render.LoudnessPlan` takes.
enum LoudnessCheck {
  /// Integrated loudness and true peak of `buffer`.
  static func measure(_ buffer: AudioBuffer) -> LoudnessMeasurement {
    meter(buffer, integratedOnly: false)
  }

  /// Integrated loudness only (true peak NaN): what the passes of a normalisation need.
  static func integrated(_ buffer: AudioBuffer) -> LoudnessMeasurement {
    meter(buffer, integratedOnly: true)
  }

  /// The true peak of `buffer` in dBTP (BS.1770 4× interpolation).
  static func truePeakDBTP(_ buffer: AudioBuffer) -> Double {
    var meter = TruePeakMeter(channelCount: buffer.channelCount, sampleRate: buffer.sampleRate)
    meter.add(buffer)
    return meter.peakDBTP
  }

  private static func meter(_ buffer: AudioBuffer, integratedOnly: Bool) -> LoudnessMeasurement {
    let meter = LoudnessMeter(
      channelCount: buffer.channelCount, sampleRate: buffer.sampleRate, integratedOnly: integratedOnly)
    // The meter takes any number of frames: one call, no copies.
    try? meter.write(buffer)
    return LoudnessMeasurement(integratedLUFS: meter.integratedLUFS, truePeakDBTP: meter.truePeakDBTP)
  }

  /// An encoded file's loudness, frame count, rate and channels.
  typealias FileMeasurement = (loudness: LoudnessMeasurement, frames: Int, sampleRate: Int, channels: Int)

  /// Decodes `path` (gapless for MP3) and measures it, streaming.
  static func measureFile(_ path: String) throws -> FileMeasurement {
    var source = try AudioDecoder.open(path)
    return try measure(&source)
  }

  /// Decodes `path` once, streaming, for both its measurement and the gain dips that would
  /// bring its blocks under `maxDBTP` (`CodecPeakRepair`; nil when none is over).
  static func measureFile(
    _ path: String, dipsUnder maxDBTP: Double
  ) throws -> (
    measurement: FileMeasurement, dips: GainTrack?
  ) {
    var source = try AudioDecoder.open(path)
    var scanner = CodecPeakRepair.Scanner(
      channelCount: source.channelCount, sampleRate: source.sampleRate, maxDBTP: maxDBTP)
    let measurement = try measure(&source) { scanner.add($0) }
    return (measurement, scanner.finish())
  }

  private static func measure(
    _ source: inout some FrameSource, also: (AudioBuffer) -> Void = { _ in }
  ) throws -> FileMeasurement {
    let meter = LoudnessMeter(channelCount: source.channelCount, sampleRate: source.sampleRate, range: false)
    var frames = 0
    try source.forEachChunk { chunk in
      frames += chunk.frameCount
      try meter.write(chunk)
      also(chunk)
    }
    return (
      LoudnessMeasurement(integratedLUFS: meter.integratedLUFS, truePeakDBTP: meter.truePeakDBTP), frames,
      source.sampleRate, source.channelCount
    )
  }
}

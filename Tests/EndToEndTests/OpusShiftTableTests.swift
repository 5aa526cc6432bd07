import AudioIO
import DSP
import TestSupport
import Testing

@testable import Pipeline

/// The Opus loudness shift that `VariantEncoder` aims past depends on libopus's complexity: from
/// 7 up libopus runs its signal analysis, and on a 22.05 kHz recording (psalm117_kal) the file
/// then loses ~0.13 LU; from 0 to 6 it loses ~0. The table's value for each side must be what
/// prep's Opus writer does to this recording (the writer is deterministic, so the bound is
/// tight: the old single value, −0.1 LU, misses complexity 5 by 0.1).
@Suite struct OpusShiftTableTests {
  @Test(arguments: [5, 7, 10])
  func loudnessShiftIsTheTables(complexity: Int) throws {
    let folder = try TemporaryFolder("opus-shift")
    defer { folder.remove() }
    var source = try AudioDecoder.open(SampleTruth.path("psalm117_kal.wav"))
    let recording = try source.readAll()
    // What the encoder is given: the recording at 48 kHz (VariantEncoder resamples first).
    var resampler = Resampler(from: recording.sampleRate, to: 48_000, channelCount: recording.channelCount)
    var input = AudioBuffer(channelCount: recording.channelCount, sampleRate: 48_000)
    resampler.process(recording, into: &input)
    resampler.flush(into: &input)
    let meter = LoudnessMeter(channelCount: input.channelCount, sampleRate: 48_000, integratedOnly: true)
    try meter.write(input)
    let path = folder.path("psalm117.opus")
    try EncodedFileWriter.write(
      path: path, format: .opus(kbpsPerChannel: 48), sampleRate: 48_000, channelCount: input.channelCount,
      opusComplexity: complexity
    ) { writer in try input.forEachChunk { try writer.write($0) } }
    let shift = try LoudnessCheck.measureFile(path).loudness.integratedLUFS - meter.integratedLUFS
    let table = VariantEncoder.expectedShift(.opus(kbpsPerChannel: 48), opusComplexity: complexity).loudnessLU
    #expect(abs(shift - table) <= 0.06, "complexity \(complexity): measured \(shift) LU, table \(table) LU")
  }
}

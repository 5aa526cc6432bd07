import DSP
import TestSupport
import Testing

@testable import Render

/// The dips that pull a codec's overshoot under the true-peak maximum.
@Suite struct CodecPeakRepairTests {
  /// Quiet noise with a 0 dBFS tone burst over `burst` frames (441 frames = one 10 ms block).
  static func audio(burst: Range<Int>) -> AudioBuffer {
    var audio = Signals.noise(seed: 4, frames: 44_100, amplitude: 0.01)
    let tone = Signals.sine(hz: 1_000, frames: burst.count, amplitude: 1)
    for (i, n) in burst.enumerated() { audio.samples[n] = tone.samples[i] }
    return audio
  }

  @Test func aBlockOverTheMaximumIsHeldAtItsDip() throws {
    let track = try #require(CodecPeakRepair.gainTrack(decoded: Self.audio(burst: 4_410..<4_851), maxDBTP: -1))
    let dip = track.gainDB(at: 4_600)
    #expect(dip < -1)
    #expect(abs(track.gainDB(at: 4_410) - dip) < 1e-9 && abs(track.gainDB(at: 4_850) - dip) < 1e-9)
    #expect(track.gainDB(at: 0) == 0 && track.gainDB(at: 10_000) == 0)
  }

  /// A peak in the first block: its ramp would start before frame 0, so the block holds its dip
  /// from frame 0 on.
  @Test func theFirstBlockHoldsItsDipFromFrameZero() throws {
    let track = try #require(CodecPeakRepair.gainTrack(decoded: Self.audio(burst: 0..<441), maxDBTP: -1))
    let dip = track.gainDB(at: 200)
    #expect(dip < -1)
    #expect(abs(track.gainDB(at: 0) - dip) < 1e-9)
    #expect(track.gainDB(at: 5_000) == 0)
  }

  @Test func nothingOverTheMaximumGivesNoTrack() {
    #expect(
      CodecPeakRepair.gainTrack(decoded: Signals.noise(seed: 4, frames: 44_100, amplitude: 0.01), maxDBTP: -1) == nil)
  }
}

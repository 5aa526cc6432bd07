import DSP
import Foundation
import TestSupport
import Testing

@testable import Render

/// RMS in dB of frames `range` of a buffer, all channels together.
func levelDB(_ buffer: AudioBuffer, _ range: Range<Int>) -> Double {
  Decibels.fromGain(Double(Signals.rms(buffer.frames(range))))
}

@Suite struct MusicBedTests {
  let rate = 44_100

  @Test func noiseLoopKeepsItsLevelAcrossSeams() throws {
    let bed = Signals.noise(seed: 7, frames: 4 * rate, channelCount: 2, amplitude: 0.3)
    let music = try MusicBed(bed, name: "noise", crossfadeFrames: rate)
    let out = music.render(frameCount: 20 * rate)
    let reference = levelDB(bed, 0..<bed.frameCount)
    #expect(music.seamCorrelation < 0.05)
    let seams = music.seams(frameCount: out.frameCount)
    #expect(seams.count >= 5)
    // 100 ms windows everywhere, and centred on each crossfade's middle (its weakest point
    // if the fade were linear: −3 dB).
    var worst = 0.0
    for start in stride(from: 0, to: out.frameCount - 4_410, by: 4_410) {
      worst = max(worst, abs(levelDB(out, start..<(start + 4_410)) - reference))
    }
    for seam in seams where seam + rate < out.frameCount {
      let middle = seam + rate / 2
      worst = max(worst, abs(levelDB(out, (middle - 2_205)..<(middle + 2_205)) - reference))
    }
    #expect(worst < 0.6, "level strayed \(worst) dB from the bed's")
  }

  @Test func sineSeamIsContinuousAndLevel() throws {
    // 3.3 s of 441 Hz is 1455.3 periods: without alignment the seam would be out of phase.
    let bed = Signals.sine(hz: 441, frames: 145_530, amplitude: 0.5)
    let music = try MusicBed(bed, name: "sine", crossfadeFrames: rate / 2)
    #expect(music.seamCorrelation > 0.99)
    let out = music.render(frameCount: 12 * rate)
    let maxStep = Float(2 * Double.pi * 441 / Double(rate)) * 0.5
    var biggest: Float = 0
    for n in 1..<out.frameCount { biggest = max(biggest, abs(out.samples[n] - out.samples[n - 1])) }
    #expect(biggest <= maxStep * 1.02, "largest step \(biggest), a clean sine's is \(maxStep)")
    // Windows of whole periods (4 × 100 frames), so a steady sine reads the same everywhere.
    var worst = 0.0
    for start in stride(from: 0, to: out.frameCount - 400, by: 400) {
      worst = max(worst, abs(levelDB(out, start..<(start + 400)) - levelDB(bed, 0..<400)))
    }
    #expect(worst < 0.05, "level strayed \(worst) dB at a seam")
  }

  @Test(arguments: [0, 1, 1_000, 88_199, 88_200, 3 * 88_200 + 17, 600_001])
  func rendersExactLength(frames: Int) throws {
    let bed = Signals.noise(seed: 3, frames: 88_200, channelCount: 2)
    let music = try MusicBed(bed, name: "noise", crossfadeFrames: 22_050)
    let out = music.render(frameCount: frames, fadeInFrames: 4_410, fadeOutFrames: 4_410)
    #expect(out.frameCount == frames)
    #expect(out.channelCount == 2)
  }

  @Test func trimmedBedIsTheBedItself() throws {
    let bed = Signals.noise(seed: 5, frames: 100_000)
    let music = try MusicBed(bed, name: "noise", crossfadeFrames: 10_000)
    let out = music.render(frameCount: 50_000)
    #expect(out == bed.frames(0..<50_000))
    #expect(music.seams(frameCount: 50_000).isEmpty)
  }

  @Test func chunkedRenderingMatchesWhole() throws {
    let bed = Signals.noise(seed: 9, frames: 50_000, channelCount: 2)
    let music = try MusicBed(bed, name: "noise", crossfadeFrames: 8_000)
    let whole = music.render(frames: 0..<200_000)
    var pieces = AudioBuffer(channelCount: 2, sampleRate: rate)
    for start in stride(from: 0, to: 200_000, by: 7_777) {
      pieces.append(music.render(frames: start..<min(start + 7_777, 200_000)))
    }
    #expect(pieces == whole)
  }

  @Test func loopSkipsSilentIntroAndOutro() throws {
    var bed = Signals.silence(frames: rate / 2)
    bed.append(Signals.noise(seed: 11, frames: 3 * rate, amplitude: 0.3))
    bed.append(Signals.silence(frames: rate / 2))
    let music = try MusicBed(bed, name: "padded", crossfadeFrames: rate / 2)
    #expect(music.loopStartFrame >= rate / 2 && music.loopStartFrame < rate / 2 + rate / 50 + 441)
    #expect(abs(music.loopEndFrame - (rate / 2 + 3 * rate)) <= 441)
    // After the first pass the silent edges never come back.
    let out = music.render(frameCount: 15 * rate)
    for start in stride(from: 4 * rate, to: out.frameCount - 4_410, by: 4_410) {
      // Uniform noise of amplitude 0.3 has an RMS of 0.3/√3: −15.2 dBFS.
      #expect(levelDB(out, start..<(start + 4_410)) > -16.5)
    }
  }

  @Test func bedShorterThanTwoCrossfadesIsRefused() {
    let bed = Signals.noise(seed: 1, frames: rate)
    #expect(throws: RenderError.bedTooShort(bed: "short.wav", bedMilliseconds: 1_000, crossfadeMilliseconds: 3_000)) {
      _ = try MusicBed(bed, name: "short.wav", crossfadeFrames: 3 * rate)
    }
    #expect(throws: RenderError.self) { _ = try MusicBed(bed, name: "x", crossfadeFrames: rate / 2 + 1) }
  }

  @Test(arguments: [0.0, 0.5, 1.0])
  func crossfadeKeepsPowerForItsCorrelation(correlation: Double) {
    let (gainIn, gainOut) = MusicBed.crossfadeGains(count: 1_000, correlation: correlation)
    for t in [0, 250, 500, 750, 999] {
      let (a, b) = (Double(gainIn[t]), Double(gainOut[t]))
      #expect(abs(a * a + b * b + 2 * correlation * a * b - 1) < 1e-5)
    }
    #expect(gainIn[0] < 0.01 && gainOut[0] > 0.99)
    #expect(gainIn[999] > 0.99 && gainOut[999] < 0.01)
    if correlation == 0 { #expect(abs(Double(gainIn[500]) - 0.7071) < 0.002) }
  }

  @Test func fadesAreRaisedCosine() {
    var buffer = AudioBuffer(samples: [Float](repeating: 1, count: 1_000), channelCount: 1, sampleRate: 1_000)
    Fades.apply(to: &buffer, fadeInFrames: 100, fadeOutFrames: 200)
    #expect(buffer.samples[0] < 0.001)
    #expect(abs(buffer.samples[50] - 0.5) < 0.02)
    #expect(buffer.samples[100] == 1 && buffer.samples[799] == 1)
    #expect(abs(buffer.samples[899] - 0.5) < 0.01)
    #expect(buffer.samples[999] < 0.001)
  }
}

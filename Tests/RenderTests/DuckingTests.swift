import DSP
import Testing

@testable import Render

@Suite struct DuckingTests {
  typealias P = GainTrack.Point
  // At 1 kHz a frame is a millisecond, so the expected points read directly.
  let rate = 1_000

  @Test func ducksUnderSpeechWithAttackAndRelease() {
    let spans = [FrameRange(start: 2_000, end: 5_000), FrameRange(start: 5_300, end: 8_000)]
    let track = Ducking.gainTrack(speech: spans, frameCount: 11_000, sampleRate: rate, options: .init())
    #expect(
      track.points == [
        P(frame: 0, gainDB: -12), P(frame: 1_900, gainDB: -12), P(frame: 2_000, gainDB: -18),
        P(frame: 8_000, gainDB: -18), P(frame: 8_500, gainDB: -12),
      ])
    #expect(abs(track.gainDB(at: 1_950) - -15) < 1e-9)
    #expect(track.gainDB(at: 5_150) == -18)  // a short pause: the bed stays down
    #expect(abs(track.gainDB(at: 8_250) - -15) < 1e-9)
    #expect(track.gainDB(at: 10_999) == -12)
  }

  @Test func risesInLongPausesWhenAsked() {
    var options = DuckingOptions()
    options.pauseRiseDB = 3
    let spans = [
      FrameRange(start: 1_000, end: 3_000), FrameRange(start: 3_200, end: 4_000),
      FrameRange(start: 7_000, end: 9_000),
    ]
    let track = Ducking.gainTrack(speech: spans, frameCount: 12_000, sampleRate: rate, options: options)
    #expect(
      track.points == [
        P(frame: 0, gainDB: -12), P(frame: 900, gainDB: -12), P(frame: 1_000, gainDB: -18),
        P(frame: 4_000, gainDB: -18), P(frame: 4_500, gainDB: -15), P(frame: 6_900, gainDB: -15),
        P(frame: 7_000, gainDB: -18), P(frame: 9_000, gainDB: -18), P(frame: 9_500, gainDB: -12),
      ])
  }

  @Test func rampsCutByTheEdgesAreClamped() {
    let spans = [FrameRange(start: 50, end: 900)]
    let track = Ducking.gainTrack(speech: spans, frameCount: 1_000, sampleRate: rate, options: .init())
    // The attack would start at −50: at frame 0 it is halfway down. The release is cut at 1000.
    #expect(track.points.first == P(frame: 0, gainDB: -15))
    #expect(track.points.last?.frame == 1_000)
    #expect(abs((track.points.last?.gainDB ?? 0) - -16.8) < 1e-9)
    let fromZero = Ducking.gainTrack(
      speech: [FrameRange(start: 0, end: 500)], frameCount: 1_000, sampleRate: rate, options: .init())
    #expect(fromZero.points.first == P(frame: 0, gainDB: -18))
  }

  @Test func noSpeechLeavesTheBedOpen() {
    let track = Ducking.gainTrack(speech: [], frameCount: 5_000, sampleRate: rate, options: .wcag)
    #expect(track.points == [P(frame: 0, gainDB: -16)])
  }

  @Test func linearGainsFollowTheBreakpoints() {
    let spans = [FrameRange(start: 2_000, end: 5_000)]
    let track = Ducking.gainTrack(speech: spans, frameCount: 8_000, sampleRate: rate, options: .init())
    let gains = track.linearGains(0..<8_000)
    for frame in stride(from: 0, to: 8_000, by: 37) {
      #expect(abs(Double(gains[frame]) - Decibels.gain(track.gainDB(at: frame))) < 1e-6)
    }
    let piece = track.linearGains(1_950..<2_050)
    #expect(Array(gains[1_950..<2_050]) == piece)
  }
}

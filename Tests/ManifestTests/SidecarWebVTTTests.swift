import DSP
import Foundation
import Manifest
import TestSupport
import Testing

@Suite struct SidecarWebVTTTests {
  let verses = ManifestFixtures.record(speed: 1.5).timedVerses

  @Test func matchesSnapshot() {
    #expect(Snapshot.check(WebVTT.render(verses), named: "psalm-23-1.5x.vtt") == nil)
  }

  @Test func oneCuePerVerseWithEscapedText() {
    let text = WebVTT.render(verses)
    #expect(text.hasPrefix("WEBVTT\n\n"))
    #expect(text.components(separatedBy: " --> ").count - 1 == verses.count)
    #expect(text.contains("your rod &amp; your staff"))
    #expect(text.contains("&lt;in the presence&gt;"))
  }

  @Test(arguments: [
    (0, "00:00:00.000"), (1_250, "00:00:01.250"), (3_723_004, "01:02:03.004"), (36_000_000, "10:00:00.000"),
  ])
  func timestamps(milliseconds: Int, text: String) {
    #expect(WebVTT.timestamp(milliseconds) == text)
  }

  @Test func zeroLengthVerseStillEndsAfterItStarts() {
    let verse = TimedVerse(
      reference: "X 1:1", label: "1", firstVerse: 1, text: "a\nb", span: FrameRange(start: 4_410, end: 4_410),
      onsetFrame: 4_410, sampleRate: 44_100)
    #expect(WebVTT.render([verse]) == "WEBVTT\n\nX 1:1\n00:00:00.100 --> 00:00:00.101\na b\n")
  }

  @Test(.enabled(if: ManifestFixtures.hasPython, "python3 is not installed"))
  func strictParserAcceptsIt() throws {
    let temporary = try TemporaryFolder("vtt")
    defer { temporary.remove() }
    let folder = temporary.url.path
    let good = try ManifestFixtures.write(WebVTT.render(verses), to: folder, name: "good.vtt")
    let result = try ManifestFixtures.runScript("webvtt_check.py", [good])
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout.contains("6 cues"))
    // And the parser is strict: a raw '<' or a reversed cue fails.
    let bad = try ManifestFixtures.write(
      "WEBVTT\n\n1\n00:00:02.000 --> 00:00:01.000\na < b\n", to: folder, name: "bad.vtt")
    #expect(try ManifestFixtures.runScript("webvtt_check.py", [bad]).status == 1)
  }
}

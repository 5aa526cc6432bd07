import DSP
import Foundation
import TestSupport
import Testing

@testable import AudioIO

@Suite struct ID3TagTests {
  @Test func synchsafeSizes() {
    #expect(ID3Tag.synchsafe(0) == [0, 0, 0, 0])
    #expect(ID3Tag.synchsafe(200) == [0, 0, 0x01, 0x48])
    #expect(ID3Tag.synchsafe((1 << 28) - 1) == [0x7F, 0x7F, 0x7F, 0x7F])
  }

  @Test func smallTagHasKnownBytes() {
    let tag = ID3Tag(
      title: "Ps", chapters: [ChapterMark(startMilliseconds: 0, endMilliseconds: 1_000, title: "1")])
    let expected: [UInt8] =
      [0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x4D]  // "ID3" v2.4, size 77
      + [0x54, 0x49, 0x54, 0x32, 0, 0, 0, 3, 0, 0, 0x03, 0x50, 0x73]  // TIT2 03 "Ps"
      + [0x43, 0x54, 0x4F, 0x43, 0, 0, 0, 11, 0, 0]  // CTOC, 11 bytes
      + [0x74, 0x6F, 0x63, 0x00, 0x03, 0x01, 0x63, 0x68, 0x70, 0x31, 0x00]  // "toc" 03 1 "chp1"
      + [0x43, 0x48, 0x41, 0x50, 0, 0, 0, 33, 0, 0]  // CHAP, 33 bytes
      + [0x63, 0x68, 0x70, 0x31, 0x00, 0, 0, 0, 0, 0, 0, 0x03, 0xE8]  // "chp1", 0 ms, 1000 ms
      + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
      + [0x54, 0x49, 0x54, 0x32, 0, 0, 0, 2, 0, 0, 0x03, 0x31]  // TIT2 03 "1"
    #expect(tag.bytes == expected)
  }

  /// A long verse as a chapter title: cut so its sub-frame stays under 128 bytes (see
  /// `maxSubframeTextBytes`), between whole characters, with an ellipsis.
  @Test func longChapterTitlesAreCutBetweenCharacters() {
    let verse = "Psalm 23:4 — " + String(repeating: "Even though I walk through the valley’s shadow, ", count: 4)
    let cut = ID3Tag.subframeText(verse)
    #expect(cut.utf8.count <= ID3Tag.maxSubframeTextBytes && cut.hasSuffix("…"))
    #expect(verse.hasPrefix(String(cut.dropLast())))
    #expect(ID3Tag.subframeText("Psalm 23:1 — short") == "Psalm 23:1 — short")
    let exact = String(repeating: "é", count: 63)  // 126 bytes: fits as it is
    #expect(ID3Tag.subframeText(exact) == exact)
    #expect(ID3Tag.subframeText(exact + "e").utf8.count <= 126)
  }

  @Test func moreThan255ChaptersNestTablesOfContents() {
    let tag = ID3Tag(chapters: TagFixtures.chapters(600, lastEndMilliseconds: 420_000))
    let bytes = tag.bytes
    let ctoc = Array("CTOC".utf8)
    let count = (0...(bytes.count - 4)).filter { Array(bytes[$0..<($0 + 4)]) == ctoc }.count
    #expect(count == 4)  // the top level and three children of ≤ 255
  }

  @Test(.enabled(if: TagFixtures.hasFFprobe, "ffprobe is not installed"))
  func ffprobeReadsChaptersAndUTF8Titles() throws {
    let temporary = try TemporaryFolder("id3")
    defer { temporary.remove() }
    let folder = temporary.url.path
    let path = folder + "/psalm.mp3"
    var chapters = TagFixtures.chapters(4, lastEndMilliseconds: 3_000)
    chapters[2].title =
      "Psalm 23:4 — " + String(repeating: "Even though I walk through the valley of the shadow, ", count: 3)
    let tags = FileTags(
      title: "Psalm 23 — Der gute Hirte", artist: "Narrator Ä", album: "Psalms · 詩篇", track: "23/150",
      encoder: "prep", chapters: chapters, tableOfContentsTitle: "Psalm 23")
    let frames = try TagFixtures.encodeTone(to: path, format: .mp3(.constant(kbps: 64)), seconds: 3, tags: tags)
    let probe = try ProbeResult.probe(path)
    #expect(probe.chapters.count == 4)
    for (found, wanted) in zip(probe.chapters, chapters) {
      #expect(abs(found.startSeconds * 1000 - Double(wanted.startMilliseconds)) <= 1)
      #expect(abs(found.endSeconds * 1000 - Double(wanted.endMilliseconds)) <= 1)
      #expect(found.title == ID3Tag.subframeText(wanted.title))
    }
    #expect(probe.chapters[2].title?.hasSuffix("…") == true)
    #expect(probe.tags["title"] == "Psalm 23 — Der gute Hirte")
    #expect(probe.tags["artist"] == "Narrator Ä")
    #expect(probe.tags["album"] == "Psalms · 詩篇")
    #expect(probe.tags["track"] == "23/150")
    // The tag must not cost a frame: the MP3 still decodes gapless to the exact length.
    #expect(try TagFixtures.decodedFrameCount(path) == frames)
  }

  @Test(.enabled(if: TagFixtures.hasFFprobe, "ffprobe is not installed"))
  func ffprobeReadsSixHundredChapters() throws {
    let temporary = try TemporaryFolder("id3-many")
    defer { temporary.remove() }
    let folder = temporary.url.path
    let path = folder + "/long.mp3"
    let chapters = TagFixtures.chapters(600, lastEndMilliseconds: 60_000, spacingMilliseconds: 100)
    try TagFixtures.encodeTone(
      to: path, format: .mp3(.constant(kbps: 32)), seconds: 60, sampleRate: 22_050,
      tags: FileTags(title: "long", chapters: chapters))
    let probe = try ProbeResult.probe(path)
    #expect(probe.chapters.count == 600)
    #expect(abs((probe.chapters.last?.startSeconds ?? 0) - 59.9) < 0.001)
  }
}

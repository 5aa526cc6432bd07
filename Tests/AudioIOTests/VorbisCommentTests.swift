import AudioIO
import DSP
import Foundation
import TestSupport
import Testing

@Suite struct VorbisCommentTests {
  @Test(arguments: [(0, "00:00:00.000"), (1, "00:00:00.001"), (61_234, "00:01:01.234"), (3_723_045, "01:02:03.045")])
  func clockStrings(milliseconds: Int, text: String) {
    #expect(ChapterMark.clock(milliseconds: milliseconds) == text)
  }

  @Test func chapterFieldsAreNumberedFromOne() {
    let comments = VorbisComments(title: "T", chapters: TagFixtures.chapters(2, lastEndMilliseconds: 2_000))
    #expect(comments.fields.map(\.key) == ["TITLE", "CHAPTER001", "CHAPTER001NAME", "CHAPTER002", "CHAPTER002NAME"])
    #expect(comments.fields[3].value == "00:00:00.700")
  }

  static let formats: [(String, EncodedFormat, Int)] = [
    ("flac", .flac(.int16), 44_100), ("opus", .opus(kbpsPerChannel: 32), 48_000),
    ("ogg", .vorbis(quality: 0.4), 44_100),
  ]

  @Test(.enabled(if: TagFixtures.hasFFprobe, "ffprobe is not installed"), arguments: [0, 1, 2])
  func ffprobeReadsChaptersAndTags(formatIndex: Int) throws {
    let (fileExtension, format, rate) = Self.formats[formatIndex]
    let temporary = try TemporaryFolder("vorbis")
    defer { temporary.remove() }
    let folder = temporary.url.path
    let path = "\(folder)/psalm.\(fileExtension)"
    let chapters = TagFixtures.chapters(4, lastEndMilliseconds: 3_000)
    let tags = FileTags(
      title: "Psalm 23 — Der gute Hirte", artist: "Narrator Ä", album: "Psalms · 詩篇", track: "23",
      chapters: chapters)
    let frames = try TagFixtures.encodeTone(
      to: path, format: format, seconds: 3, sampleRate: rate, channelCount: 2, tags: tags)
    let probe = try ProbeResult.probe(path)
    #expect(probe.chapters.count == 4)
    for (found, wanted) in zip(probe.chapters, chapters) {
      #expect(abs(found.startSeconds * 1000 - Double(wanted.startMilliseconds)) <= 1)
      #expect(found.title == wanted.title)
    }
    #expect(probe.tags["title"] == "Psalm 23 — Der gute Hirte")
    #expect(probe.tags["artist"] == "Narrator Ä")
    #expect(probe.tags["album"] == "Psalms · 詩篇")
    // The audio is untouched: it decodes to the same length.
    #expect(try TagFixtures.decodedFrameCount(path) == frames)
  }

  @Test(.enabled(if: TagFixtures.hasFFprobe, "ffprobe is not installed"), arguments: [1, 2])
  func longCommentsSpanSeveralOggPages(formatIndex: Int) throws {
    let (fileExtension, format, rate) = Self.formats[formatIndex]
    let temporary = try TemporaryFolder("vorbis-long")
    defer { temporary.remove() }
    let folder = temporary.url.path
    let path = "\(folder)/long.\(fileExtension)"
    // 800 chapters of ~100 bytes: more than the 255 × 255 bytes one Ogg page can hold.
    let chapters = TagFixtures.chapters(800, lastEndMilliseconds: 40_000, spacingMilliseconds: 50)
    let tags = FileTags(title: "long", chapters: chapters)
    let comments = tags.vorbisComments
    #expect(comments.fields.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 5 } > 255 * 255)
    let frames = try TagFixtures.encodeTone(to: path, format: format, seconds: 40, sampleRate: rate, tags: tags)
    let probe = try ProbeResult.probe(path)
    #expect(probe.chapters.count == 800)
    #expect(probe.chapters.last?.title == chapters.last?.title)
    #expect(try TagFixtures.decodedFrameCount(path) == frames)
  }

  @Test func insertingTwiceReplacesAndKeepsOtherComments() throws {
    let temporary = try TemporaryFolder("vorbis-twice")
    defer { temporary.remove() }
    let folder = temporary.url.path
    let path = folder + "/twice.opus"
    try TagFixtures.encodeTone(to: path, format: .opus(kbpsPerChannel: 24), seconds: 1, sampleRate: 48_000)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let first = VorbisComments(title: "one", chapters: TagFixtures.chapters(3, lastEndMilliseconds: 1_000))
    let second = VorbisComments(title: "two", chapters: TagFixtures.chapters(2, lastEndMilliseconds: 1_000))
    try first.insert(into: &bytes, path: path)
    try second.insert(into: &bytes, path: path)
    var once = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    try second.insert(into: &once, path: path)
    #expect(bytes == once)
    #expect(throws: AudioFileError.self) {
      var junk: [UInt8] = Array("RIFF....".utf8)
      try second.insert(into: &junk, path: "x.wav")
    }
  }
}

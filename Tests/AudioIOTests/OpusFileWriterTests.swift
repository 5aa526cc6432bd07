import AudioIO
import CSndfile
import DSP
import Foundation
import TestSupport
import Testing

/// The Ogg Opus writer on libopus: valid files (opusinfo, ffprobe, libsndfile), exact lengths
/// after pre-skip and end trimming, tones that come back, the same bytes on every run.
@Suite struct OpusFileWriterTests {
  static let hasTools = PrepProcess.has("opusinfo") && PrepProcess.has("ffprobe") && PrepProcess.has("ffmpeg")

  /// Writes `audio` in blocks of `block` frames; returns the file's bytes.
  @discardableResult
  static func encode(
    _ audio: AudioBuffer, to path: String, complexity: Int = 10, kbps: Int = 48, block: Int = 4_096,
    comments: VorbisComments = VorbisComments(fields: [])
  ) throws -> [UInt8] {
    let writer = try OpusFileWriter(
      path: path, sampleRate: audio.sampleRate, channelCount: audio.channelCount, kbpsPerChannel: kbps,
      complexity: complexity, comments: comments)
    try audio.forEachChunk(of: block) { try writer.write($0) }
    try writer.finish()
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// A 1 kHz tone at −12 dBFS peak with 2 ms fades, 1.5 s plus a few frames (not whole packets).
  static func tone(channels: Int = 1, sampleRate: Int = 48_000) -> AudioBuffer {
    Signals.fadedSine(
      hz: 1_000, frames: sampleRate * 3 / 2 + 77, sampleRate: sampleRate, channelCount: channels, amplitude: 0.25)
  }

  @Test(arguments: [1, 2])
  func decodesToTheSameLengthAndTone(channels: Int) throws {
    let folder = try TemporaryFolder("opus")
    defer { folder.remove() }
    let tone = Self.tone(channels: channels)
    try Self.encode(tone, to: folder.path("tone.opus"))
    let back = try RoundTripTests.read(folder.path("tone.opus"))
    #expect(back.frameCount == tone.frameCount && back.channelCount == channels && back.sampleRate == 48_000)
    let middle = back.frames(12_000..<60_000)
    #expect(abs(20 * log10(Double(Signals.rms(middle)) / (0.25 / 2.0.squareRoot()))) < 0.2)
    // 1 kHz: 1,000 periods in these 48,000 frames, 2,000 sign changes (± one at the ends).
    let channel = stride(from: 0, to: middle.samples.count, by: channels).map { middle.samples[$0] }
    let crossings = zip(channel, channel.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
    #expect(abs(crossings - 2_000) <= 1)
  }

  /// No delay: pre-skip removes exactly the encoder's lookahead (noise correlates best at lag 0).
  @Test func noDelay() throws {
    let folder = try TemporaryFolder("opus-delay")
    defer { folder.remove() }
    let noise = Signals.noise(seed: 9, frames: 24_000, sampleRate: 48_000, amplitude: 0.2)
    try Self.encode(noise, to: folder.path("noise.opus"))
    let back = try RoundTripTests.read(folder.path("noise.opus"))
    let lags = (-40...40).map { lag in
      (lag, (1_000..<20_000).reduce(Float(0)) { $0 + back.samples[$1] * noise.samples[$1 + lag] })
    }
    #expect(lags.max { $0.1 < $1.1 }?.0 == 0)
  }

  @Test(.enabled(if: hasTools, "opus-tools or ffmpeg is not installed"))
  func opusinfoAndFFprobeReadItWithTagsAndExactDuration() throws {
    let folder = try TemporaryFolder("opus-tools")
    defer { folder.remove() }
    let path = folder.path("psalm.opus")
    let chapters = [
      ChapterMark(startMilliseconds: 0, endMilliseconds: 700, title: "Psalm 23:1 — The LORD is my shepherd"),
      ChapterMark(startMilliseconds: 700, endMilliseconds: 1_500, title: "Psalm 23:2 — 詩篇"),
    ]
    let comments = VorbisComments(
      title: "Psalm 23", artist: "Narrator Ä", album: "Psalms", trackNumber: "23", chapters: chapters)
    let tone = Self.tone(channels: 2)
    try Self.encode(tone, to: path, comments: comments)

    let info = try PrepProcess.runTool("opusinfo", [path])
    #expect(info.status == 0, "\(info.stdout)\(info.stderr)")
    #expect(!info.stdout.contains("WARNING") && !info.stdout.contains("ERROR") && info.stderr.isEmpty)
    #expect(info.stdout.contains("Pre-skip: 312") && info.stdout.contains("Channels: 2"))
    #expect(info.stdout.contains("Packet duration:   20.0ms (max),   20.0ms (avg),   20.0ms (min)"))
    #expect(info.stdout.contains("Encoded with libopus"))
    #expect(info.stdout.contains("CHAPTER002NAME=Psalm 23:2 — 詩篇"))

    let probe = try ProbeResult.probe(path)
    #expect(probe.tags["title"] == "Psalm 23" && probe.tags["artist"] == "Narrator Ä")
    #expect(probe.tags["album"] == "Psalms" && probe.tags["track"] == "23")
    #expect(probe.chapters.map(\.title) == chapters.map(\.title))
    #expect(probe.chapters.map { Int(($0.startSeconds * 1000).rounded()) } == [0, 700])

    // ffmpeg's own decoder applies pre-skip and the end trim too: exactly the frames written.
    let raw = folder.path("raw.f32")
    let decode = try PrepProcess.runTool("ffmpeg", ["-v", "error", "-i", path, "-f", "f32le", raw])
    #expect(decode.status == 0, "\(decode.stderr)")
    let bytes = (try FileManager.default.attributesOfItem(atPath: raw)[.size] as? Int) ?? 0
    #expect(bytes == tone.frameCount * 2 * 4)
  }

  /// Pages per RFC 7845: OpusHead alone first (BOS), OpusTags next, audio after; granules count
  /// 48 kHz samples with pre-skip; the last page (EOS) carries pre-skip + frames.
  @Test func pagesAndGranulePositions() throws {
    let folder = try TemporaryFolder("opus-pages")
    defer { folder.remove() }
    let tone = Signals.noise(seed: 3, frames: 48_000 * 3 + 500, sampleRate: 48_000)
    let bytes = try Self.encode(tone, to: folder.path("noise.opus"), complexity: 0)
    let pages = OggPages.pages(bytes)
    #expect(pages.last?.upperBound == bytes.count)
    func header(_ page: Range<Int>) -> (type: UInt8, granule: Int, sequence: Int, serial: UInt32) {
      let at = page.lowerBound
      let granule = (0..<8).reduce(0) { $0 | Int(bytes[at + 6 + $1]) << (8 * $1) }
      let sequence = (0..<4).reduce(0) { $0 | Int(bytes[at + 18 + $1]) << (8 * $1) }
      let serial = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + 14 + $1]) << (8 * UInt32($1)) }
      return (bytes[at + 5], granule, sequence, serial)
    }
    let headers = pages.map(header)
    #expect(headers.map(\.sequence) == Array(0..<pages.count))
    #expect(headers.allSatisfy { $0.serial == OggPages.fixedSerial })
    #expect(headers.map(\.type) == [0x02] + [UInt8](repeating: 0, count: pages.count - 2) + [0x04])
    #expect(Array(bytes[(pages[0].lowerBound + 28)..<(pages[0].lowerBound + 36)]) == Array("OpusHead".utf8))
    #expect(Array(bytes[(pages[1].lowerBound + 28)..<(pages[1].lowerBound + 36)]) == Array("OpusTags".utf8))
    #expect(headers[0].granule == 0 && headers[1].granule == 0)
    let audio = headers.dropFirst(2).map(\.granule)
    #expect(audio.last == 312 + tone.frameCount)
    // Whole 20 ms packets on every page but the last, at most one second per page.
    for (before, after) in zip([0] + audio.dropLast(), audio.dropLast()) {
      #expect(after % 960 == 0 && after > before && after - before <= 48_000)
    }
    // The end trim drops less than one packet plus the pre-skip.
    let lastFull = audio.dropLast().last ?? 0
    let end = try #require(audio.last)
    #expect(end > lastFull && end - lastFull <= 48_000)
  }

  /// The same input gives the same bytes, whatever the block size the caller feeds.
  @Test func sameBytesOnRerunAndForAnyBlockSize() throws {
    let folder = try TemporaryFolder("opus-determinism")
    defer { folder.remove() }
    let noise = Signals.noise(seed: 11, frames: 30_000, sampleRate: 48_000, channelCount: 2)
    let first = try Self.encode(noise, to: folder.path("a.opus"), block: 4_096)
    #expect(try Self.encode(noise, to: folder.path("a.opus"), block: 4_096) == first)
    #expect(try Self.encode(noise, to: folder.path("b.opus"), block: 37) == first)
    #expect(try Self.encode(noise, to: folder.path("c.opus"), block: 1 << 20) == first)
    #expect(folder.contents() == ["a.opus", "b.opus", "c.opus"])
  }

  /// 44.1 kHz in: resampled on the way, round(frames · 48000 / 44100) frames out.
  @Test func otherRatesAreResampledTo48k() throws {
    let folder = try TemporaryFolder("opus-44k")
    defer { folder.remove() }
    let tone = Signals.sine(hz: 441, frames: 44_100 + 1_234, sampleRate: 44_100, amplitude: 0.25)
    let bytes = try Self.encode(tone, to: folder.path("tone.opus"), block: 1_000)
    let back = try RoundTripTests.read(folder.path("tone.opus"))
    #expect(back.sampleRate == 48_000)
    #expect(back.frameCount == Int((Double(tone.frameCount) * 48_000 / 44_100).rounded()))
    #expect(abs(Signals.rms(back.frames(10_000..<40_000)) - Float(0.25 / 2.0.squareRoot())) < 0.005)
    // OpusHead keeps the input rate (RFC 7845 §5.1, informational).
    let rate = (0..<4).reduce(0) { $0 | Int(bytes[28 + 12 + $1]) << (8 * $1) }
    #expect(rate == 44_100)
  }

  /// Complexity trades encode time for quality; every setting writes a valid, exact-length file.
  @Test func complexityChangesSpeedNotValidity() throws {
    let folder = try TemporaryFolder("opus-complexity")
    defer { folder.remove() }
    let audio = Self.speechLike(seconds: 4)
    var seconds: [Int: Double] = [:]
    var files: [Int: [UInt8]] = [:]
    for complexity in [0, 5, 10] {
      let path = folder.path("c\(complexity).opus")
      let start = Self.threadCPUSeconds()
      files[complexity] = try Self.encode(audio, to: path, complexity: complexity)
      seconds[complexity] = Self.threadCPUSeconds() - start
      let back = try RoundTripTests.read(path)
      #expect(back.frameCount == audio.frameCount, "complexity \(complexity)")
      #expect(abs(20 * log10(Double(Signals.rms(back) / Signals.rms(audio)))) < 0.5, "complexity \(complexity)")
    }
    #expect(files[0] != files[10])
    // Complexity 0 costs a fraction of 10 (about a third here); CPU time of this thread only.
    let fastest = try #require(seconds[0])
    let best = try #require(seconds[10])
    #expect(fastest < best * 0.7, "c0 \(fastest) s, c10 \(best) s")
  }

  /// At complexity 10 the file is byte for byte what libsndfile's Ogg Opus encoder writes with
  /// the same settings (48 kbps, pages, then the serial and tags prep sets): the writer's
  /// encoder settings and paging are those of a known-good reference. libsndfile is called
  /// directly here; prep itself no longer writes Opus through it.
  @Test func complexity10IsWhatLibsndfileWrites() throws {
    let folder = try TemporaryFolder("opus-sndfile")
    defer { folder.remove() }
    let audio = Self.speechLike(seconds: 4, extra: 333)
    let comments = VorbisComments(
      title: "John 1", artist: "slt", chapters: [ChapterMark(startMilliseconds: 0, endMilliseconds: 900, title: "1:1")])
    let ours = try Self.encode(audio, to: folder.path("ours.opus"), complexity: 10, comments: comments)
    let path = folder.path("libsndfile.opus")
    var info = SF_INFO()
    (info.samplerate, info.channels, info.format) = (48_000, 1, Int32(SF_FORMAT_OGG) | Int32(SF_FORMAT_OPUS))
    let handle = try #require(sf_open(path, Int32(SFM_WRITE), &info))
    // libsndfile: bitrate per channel = (1 − c)·250000 + 6000 bit/s (ogg_opus.c); c for 48 kbps.
    _ = prep_sf_set_double(handle, Int32(SFC_SET_COMPRESSION_LEVEL), 1 - (48_000 - 6_000) / 250_000)
    try audio.forEachChunk { chunk in
      let written = chunk.samples.withUnsafeBufferPointer {
        sf_writef_float(handle, $0.baseAddress, sf_count_t(chunk.frameCount))
      }
      #expect(written == chunk.frameCount)
    }
    #expect(sf_close(handle) == 0)
    var theirs = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    OggPages.setSerialNumber(&theirs, to: OggPages.fixedSerial)
    try comments.insert(into: &theirs, path: path)
    #expect(ours == theirs)
  }

  /// Tags set after the audio (chapters known at the end) give the file those tags would have
  /// given from the start, also when they need more header pages (the audio pages renumbered).
  @Test(arguments: [3, 1_200])
  func lateTagsGiveTheSameBytes(chapterCount: Int) throws {
    let folder = try TemporaryFolder("opus-late-tags")
    defer { folder.remove() }
    let audio = Self.speechLike(seconds: 3, extra: 21)
    let chapters = (0..<chapterCount).map {
      ChapterMark(startMilliseconds: $0 * 3, endMilliseconds: $0 * 3 + 3, title: "Verse \($0 + 1) — 詩篇 \($0)")
    }
    let comments = VorbisComments(title: "Late", artist: "Ä", chapters: chapters)
    let early = try Self.encode(audio, to: folder.path("early.opus"), complexity: 5, comments: comments)
    let writer = try OpusFileWriter(
      path: folder.path("late.opus"), sampleRate: 48_000, channelCount: 1, kbpsPerChannel: 48, complexity: 5,
      comments: VorbisComments(title: "placeholder"))
    try audio.forEachChunk(of: 1_000) { try writer.write($0) }
    writer.comments = comments
    try writer.finish()
    let late = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path("late.opus"))))
    #expect(late == early)
    // 1,200 chapters are more than one Ogg page (255 × 255 bytes) of comments: more header pages.
    let plain = try Self.encode(
      audio, to: folder.path("plain.opus"), complexity: 5, comments: VorbisComments(title: "placeholder"))
    #expect((OggPages.pages(early).count > OggPages.pages(plain).count) == (chapterCount > 3))
    #expect(folder.contents() == ["early.opus", "late.opus", "plain.opus"])
  }

  /// Noise under a tone switched on and off every 100 ms.
  static func speechLike(seconds: Int, extra: Int = 0) -> AudioBuffer {
    var audio = Signals.noise(seed: 5, frames: 48_000 * seconds + extra, sampleRate: 48_000, amplitude: 0.05)
    let tone = Signals.sine(hz: 180, frames: audio.frameCount, sampleRate: 48_000, amplitude: 0.2)
    for i in audio.samples.indices { audio.samples[i] += tone.samples[i] * Float(i / 4_800 % 2) }
    return audio
  }

  @Test func badSettingsThrowAndLeaveNothing() throws {
    let folder = try TemporaryFolder("opus-bad")
    defer { folder.remove() }
    #expect(throws: AudioFileError.self) {
      try OpusFileWriter(
        path: folder.path("x.opus"), sampleRate: 48_000, channelCount: 1, kbpsPerChannel: 48, complexity: 11,
        comments: VorbisComments(fields: []))
    }
    #expect(throws: AudioFileError.self) {
      try OpusFileWriter(
        path: folder.path("x.opus"), sampleRate: 48_000, channelCount: 3, kbpsPerChannel: 48, complexity: 5,
        comments: VorbisComments(fields: []))
    }
    do {
      let writer = try OpusFileWriter(
        path: folder.path("y.opus"), sampleRate: 48_000, channelCount: 1, kbpsPerChannel: 48, complexity: 5,
        comments: VorbisComments(fields: []))
      try writer.write(Self.tone())
      writer.abandon()
    }
    #expect(folder.contents().isEmpty)
  }

  static func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

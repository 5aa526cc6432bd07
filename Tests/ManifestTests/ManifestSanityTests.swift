import Manifest
import Testing

@Suite struct ManifestSanityTests {
  @Test func soundManifestsPass() throws {
    #expect(ManifestSanity.check(try ManifestSchemaTests.catalogue()).isEmpty)
    for chapter in try ManifestSchemaTests.collection().chapterFiles {
      #expect(ManifestSanity.check(chapter.file).isEmpty)
    }
    #expect(ManifestSanity.check(ManifestFixtures.record(speed: 1.5, bed: ManifestFixtures.morning)).isEmpty)
  }

  @Test func findsWhatTheSchemaAndTheTimingsForbid() {
    var record = ManifestFixtures.record(speed: 1.0, bed: ManifestFixtures.morning)
    record.variant.spoken.rate = "1.6 1 tracks"
    record.chapter.verses[0].spoken = "Psalm 23:1"
    record.variant.files[0].sha256 = "xyz"
    record.variant.files[1].format = "aac"
    record.variant.files[1].file = "/abs/path.opus"
    record.variant.timings[2].startFrame = 0  // before verse 2
    record.variant.timings[2].startMilliseconds = 0
    record.variant.timings[3].onsetMilliseconds += 5
    record.variant.timings.removeLast()
    record.variant.stems?.bedGain.points.reverse()
    let problems = ManifestSanity.check(record)
    for fragment in [
      "variant.spoken.rate: \"1.6 1 tracks\" runs two numbers together",
      "chapter.verses[0].spoken: \"Psalm 23:1\" holds a clock string", "files[0].sha256",
      "files[1].format: unknown format \"aac\"", "files[1].file: \"/abs/path.opus\" is not a relative path",
      "timings[2]: starts before the previous verse", "timings[3]: onsetMilliseconds disagrees",
      "variant.timings: 5 timings for 6 verses", "bedGain.points: frames are not in increasing order",
    ] {
      #expect(problems.contains { $0.contains(fragment) }, "no problem mentions \(fragment): \(problems)")
    }
    #expect(problems.count == 9, "\(problems.joined(separator: "\n"))")
  }

  @Test(arguments: ["mp3-cbr-128", "mp3-vbr-2", "opus-48", "flac", "flac24", "wav", "wav24", "wavf", "vorbis"])
  func knownFormatNames(name: String) {
    #expect(ManifestSanity.isFormatName(name))
  }

  @Test(arguments: ["mp3", "mp3-vbr-10", "opus-", "opus-4x", "aac", ""])
  func unknownFormatNames(name: String) {
    #expect(!ManifestSanity.isFormatName(name))
  }
}

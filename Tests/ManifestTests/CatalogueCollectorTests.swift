import DSP
import Foundation
import Manifest
import Testing

@Suite struct CatalogueCollectorTests {
  static func collect(_ records: [VariantRecord]) throws -> CatalogueCollector.Collection {
    try CatalogueCollector.collect(records, generator: "prep", sha256: ManifestFixtures.fakeSHA256)
  }

  @Test func groupsChaptersNarratorsAndVariants() throws {
    let collection = try ManifestSchemaTests.collection()
    let catalogue = collection.catalogue
    #expect(catalogue.chapters.count == 1)
    let narrators = catalogue.chapters[0].narrators
    #expect(narrators.map(\.id) == ["narrator-a", "narrator-b"])
    #expect(narrators[0].variants == ["1x-none", "1x-morning", "1.5x-none"])
    #expect(catalogue.narrators.map(\.id) == ["narrator-a", "narrator-b"])
    #expect(catalogue.variants.map(\.id) == ["1x-none", "1x-morning", "1.5x-none", "2x-none"])
    #expect(catalogue.beds.map(\.id) == ["morning"])
    #expect(catalogue.kind == "catalogue" && catalogue.schemaVersion == ManifestSchema.version)
    #expect(catalogue.chapters[0].verseCount == 6)
    #expect(
      collection.chapterFiles.map(\.path) == ["chapters/PSA.23.narrator-a.json", "chapters/PSA.23.narrator-b.json"])
    #expect(narrators.map(\.chapterFile.file) == collection.chapterFiles.map(\.path))
    #expect(narrators.map(\.chapterFile.sizeBytes) == collection.chapterFiles.map(\.data.count))
  }

  /// Timings are stored once per rate; every variant gets back exactly the timings it was rendered with.
  @Test func timingsAreStoredOncePerRateAndComeBackUnchanged() throws {
    var lateBed = ManifestFixtures.record(speed: 1.0, bed: ManifestFixtures.morning)
    let shift = 44_100  // a one-second lead-in before the voice
    lateBed.variant.timings = lateBed.variant.timings.map {
      VerseTiming(
        reference: $0.reference, span: FrameRange(start: $0.startFrame + shift, end: $0.endFrame + shift),
        onsetFrame: $0.onsetFrame + shift, sampleRate: ManifestFixtures.rate)
    }
    lateBed.variant.headingTimings = lateBed.variant.headingTimings.map {
      HeadingTiming(
        heading: $0.heading, label: $0.label, span: FrameRange(start: $0.startFrame + shift, end: $0.endFrame + shift),
        sampleRate: ManifestFixtures.rate)
    }
    lateBed.variant.frameCount += shift
    let records = [ManifestFixtures.record(speed: 1.0), lateBed, ManifestFixtures.record(speed: 1.5)]
    let file = try #require(try Self.collect(records).chapterFiles.first?.file)
    #expect(file.timings.map(\.rate) == [1.0, 1.5])
    #expect(file.variants.map(\.timingOffsetFrames) == [0, shift, 0])
    #expect(ManifestSanity.check(file).isEmpty)
    for record in records {
      let variant = try #require(file.variants.first { $0.id == record.variant.id })
      let timings = try #require(file.timings(of: variant))
      #expect(timings.verses == record.variant.timings)
      #expect(timings.headings == record.variant.headingTimings)
    }
  }

  @Test func timingsThatDifferAtOneRateAreAnError() throws {
    var other = ManifestFixtures.record(speed: 1.0, bed: ManifestFixtures.morning)
    other.variant.timings[3].endFrame += 100
    #expect(
      throws: ManifestError.timingsDisagree(
        chapter: "PSA.23", narrator: "narrator-a", variant: "1x-morning", other: "1x-none")
    ) {
      _ = try Self.collect([ManifestFixtures.record(speed: 1.0), other])
    }
  }

  /// The catalogue names chapter files, not verses: a chapter of 900 verses costs it what one of
  /// 100 does (the same digits), while the chapter file grows with the verses.
  @Test func catalogueSizeDoesNotGrowWithVerseCount() throws {
    func sizes(verses: Int) throws -> (catalogue: Int, chapter: Int) {
      var record = ManifestFixtures.record(speed: 1.0)
      let verse = record.chapter.verses[0]
      record.chapter.verses = (1...verses).map { n in
        VerseEntry(
          reference: "PSA 23:\(n)", label: "\(n)", firstVerse: n, lastVerse: n, text: verse.text, spoken: "Verse \(n)")
      }
      record.variant.timings = (1...verses).map { n in
        VerseTiming(
          reference: "PSA 23:\(n)", span: FrameRange(start: n * 1_000, end: n * 1_000 + 900),
          onsetFrame: n * 1_000 + 10,
          sampleRate: ManifestFixtures.rate)
      }
      record.variant.frameCount = (verses + 1) * 1_000
      let collection = try Self.collect([record])
      return (try JSONOutput.encode(collection.catalogue).count, collection.chapterFiles[0].data.count)
    }
    let small = try sizes(verses: 100)
    let large = try sizes(verses: 900)
    #expect(large.chapter > 5 * small.chapter)
    #expect(abs(large.catalogue - small.catalogue) <= 2, "\(small.catalogue) → \(large.catalogue) bytes")
  }

  @Test func duplicateVariantIsAnError() {
    let records = [ManifestFixtures.record(speed: 1.5), ManifestFixtures.record(speed: 1.5)]
    #expect(throws: ManifestError.duplicateVariant(chapter: "PSA.23", narrator: "narrator-a", variant: "1.5x-none")) {
      _ = try Self.collect(records)
    }
  }

  @Test func disagreeingTextIsAnError() {
    var other = ManifestFixtures.record(speed: 2.0)
    other.chapter.verses[2].text = "changed"
    #expect(throws: ManifestError.inconsistentChapter(chapter: "PSA.23")) {
      _ = try Self.collect([ManifestFixtures.record(speed: 1.0), other])
    }
  }

  @Test func chapterFileNamesStayPlainAndUnique() throws {
    var a = ManifestFixtures.record(speed: 1.0, narrator: .init(id: "ann/e", name: "Anne"))
    a.chapter.id = "../Psalm 23"
    var b = a
    b.narrator = .init(id: "ann e", name: "Ann E")
    let paths = try Self.collect([a, b]).chapterFiles.map(\.path)
    #expect(paths == ["chapters/_._Psalm_23.ann_e.json", "chapters/_._Psalm_23.ann_e-2.json"])
    #expect(paths.allSatisfy(ManifestValidator.staysInside))
  }
}

import Manifest
import Testing

@Suite struct CatalogueCollectorTests {
  @Test func groupsChaptersNarratorsAndVariants() throws {
    let catalogue = try ManifestSchemaTests.catalogue()
    #expect(catalogue.chapters.count == 1)
    let narrators = catalogue.chapters[0].narrators
    #expect(narrators.map(\.id) == ["narrator-a", "narrator-b"])
    #expect(narrators[0].variants.map(\.id) == ["1x-none", "1x-morning", "1.5x-none"])
    #expect(catalogue.beds.map(\.id) == ["morning"])
    #expect(catalogue.kind == "catalogue" && catalogue.schemaVersion == ManifestSchema.version)
  }

  @Test func duplicateVariantIsAnError() {
    let records = [ManifestFixtures.record(speed: 1.5), ManifestFixtures.record(speed: 1.5)]
    #expect(throws: ManifestError.duplicateVariant(chapter: "PSA.23", narrator: "narrator-a", variant: "1.5x-none")) {
      _ = try CatalogueCollector.collect(records, generator: "prep")
    }
  }

  @Test func disagreeingTextIsAnError() {
    var other = ManifestFixtures.record(speed: 2.0)
    other.chapter.verses[2].text = "changed"
    #expect(throws: ManifestError.inconsistentChapter(chapter: "PSA.23")) {
      _ = try CatalogueCollector.collect([ManifestFixtures.record(speed: 1.0), other], generator: "prep")
    }
  }
}

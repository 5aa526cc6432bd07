import DSP
import Foundation
import Manifest
import TestSupport

/// A small Psalm-23-like chapter with known timings, and manifests built from it.
enum ManifestFixtures {
  static let rate = 44_100
  static let texts = [
    "The LORD is my shepherd; I shall not want.",
    "He makes me lie down in green pastures. He leads me beside still waters.",
    "He restores my soul — « he leads me » in paths of righteousness.",
    "Even though I walk through the valley of the shadow of death, I will fear no evil, for you are with me; your rod & your staff, they comfort me.",
    "You prepare a table before me <in the presence> of my enemies.",
    "Surely goodness and mercy shall follow me all the days of my life, and I shall dwell in the house of the LORD forever.",
  ]
  /// Verse spans in seconds at rate 1.0: (start, end, onset).
  static let spans: [(Double, Double, Double)] = [
    (2.0, 5.5, 2.1), (5.5, 10.25, 5.6), (10.25, 14.0, 10.3), (14.0, 24.75, 14.05), (24.75, 29.5, 24.8),
    (29.5, 38.125, 29.6),
  ]

  static func chapter() -> ChapterEntry {
    let verses = texts.enumerated().map { index, text in
      VerseEntry(
        reference: "PSA 23:\(index + 1)", label: "\(index + 1)", firstVerse: index + 1, lastVerse: index + 1,
        text: text,
        spoken: SpokenLabels.verse(
          chapterTitle: "Psalm 23", label: "\(index + 1)", firstVerse: index + 1, lastVerse: index + 1,
          verseCount: texts.count))
    }
    return ChapterEntry(
      id: "PSA.23", book: "PSA", chapter: 23, title: "Psalm 23", spoken: ChapterSpoken(title: "Psalm 23"),
      verses: verses, headings: [HeadingEntry(kind: "superscription", text: "A Psalm of David.", beforeVerse: 0)])
  }

  /// Timings of the variant at `speed`, as if the stretcher had mapped them by 1/speed.
  static func timings(speed: Double) -> [VerseTiming] {
    spans.enumerated().map { index, span in
      VerseTiming(
        reference: "PSA 23:\(index + 1)",
        span: FrameRange(
          start: FrameTime.frames(seconds: span.0 / speed, sampleRate: rate),
          end: FrameTime.frames(seconds: span.1 / speed, sampleRate: rate)),
        onsetFrame: FrameTime.frames(seconds: span.2 / speed, sampleRate: rate), sampleRate: rate)
    }
  }

  static func file(_ name: String, format: String, frames: Int, bytes: Int = 1_000) -> EncodedFile {
    EncodedFile(
      format: format, file: name, sizeBytes: bytes, sha256: String(repeating: "ab", count: 32),
      sampleRate: format.hasPrefix("opus") ? 48_000 : rate, channelCount: 2,
      frameCount: format.hasPrefix("opus") ? frames * 48_000 / rate : frames,
      loudness: Loudness(integratedLUFS: -16.04, truePeakDBTP: -1.31, targetLUFS: -16))
  }

  static func variant(speed: Double, bed: BedEntry?) -> VariantEntry {
    let frames = FrameTime.frames(seconds: 40 / speed, sampleRate: rate)
    let id = "\(SpokenLabels.decimal(speed))x-\(bed?.id ?? "none")"
    let base = "PSA/023/narrator-a/psalm-23-\(id)"
    var stems: Stems?
    if bed != nil {
      stems = Stems(
        voice: Stem(files: [file("\(base)-voice.flac", format: "flac", frames: frames)], startFrame: 0),
        bed: Stem(
          files: [file("\(base)-bed.flac", format: "flac", frames: frames)], startFrame: 0,
          loopSeamFrames: [300_000, 600_000]),
        bedGain: GainTrackEntry(
          sampleRate: rate,
          points: [
            .init(frame: 0, milliseconds: 0, gainDB: -12), .init(frame: 83_790, milliseconds: 1_900, gainDB: -12),
            .init(frame: 88_200, milliseconds: 2_000, gainDB: -18),
          ]))
    }
    return VariantEntry(
      id: id, rate: speed, bed: bed?.id, sampleRate: rate, frameCount: frames,
      spoken: VariantSpoken(
        label: SpokenLabels.variant(
          chapterTitle: "Psalm 23", narrator: "Narrator A",
          milliseconds: FrameTime.milliseconds(frames, sampleRate: rate)),
        rate: SpokenLabels.rate(speed), bed: SpokenLabels.bed(name: bed?.name)),
      timings: timings(speed: speed),
      headingTimings: [
        HeadingTiming(heading: 0, label: "h", span: FrameRange(start: 22_050, end: 80_000), sampleRate: rate)
      ],
      files: [
        file("\(base).mp3", format: "mp3-cbr-128", frames: frames),
        file("\(base).opus", format: "opus-48", frames: frames),
      ],
      sidecars: Sidecars(
        webVTT: sidecar("\(base).vtt"), podcastChapters: sidecar("\(base).chapters.json"),
        dbpTimestamps: sidecar("\(base).dbp.json")),
      stems: stems)
  }

  /// A sidecar entry whose content is the single byte `x` (what `ManifestValidatorTests` writes).
  static func sidecar(_ file: String) -> SidecarFile {
    SidecarFile(file: file, sizeBytes: 1, sha256: "2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881")
  }

  static let morning = BedEntry(
    id: "morning", name: "Morning", source: "samples/beds/morning.flac", sampleRate: rate, frameCount: 2_646_000,
    loopStartFrame: 4_410, loopEndFrame: 2_600_000, crossfadeFrames: 132_300, spoken: SpokenLabels.bed(name: "Morning"))

  static func record(
    speed: Double, bed: BedEntry? = nil, narrator: NarratorInfo = .init(id: "narrator-a", name: "Narrator A")
  )
    -> VariantRecord
  {
    VariantRecord(
      generator: "prep 0.1.0", chapter: chapter(), narrator: narrator, variant: variant(speed: speed, bed: bed),
      bed: bed)
  }

  /// A stand-in for SHA-256 in tests that never hash real files: 64 hex digits from the length.
  static func fakeSHA256(_ data: Data) -> String {
    String(String(format: "%064x", data.count).suffix(64))
  }

  static let hasPython = PrepProcess.has(python)

  /// Runs one of the Tests/schema scripts on `files`.
  static func runScript(_ name: String, _ files: [String]) throws -> PrepProcess.Result {
    try PrepProcess.runTool(python, ["\(PrepProcess.packageRoot.path)/Tests/schema/\(name)"] + files)
  }

  /// The Python with python3-jsonschema: `PREP_PYTHON` (set by `make test`) or python3 on PATH.
  static let python = ProcessInfo.processInfo.environment["PREP_PYTHON"] ?? "python3"

  static func write(_ text: String, to folder: String, name: String) throws -> String {
    let path = "\(folder)/\(name)"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }
}

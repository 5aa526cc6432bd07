import Files
import Foundation
import Manifest
import Pages

/// `prep review`: one self-contained HTML page per chapter, plus a book page (`index.html`)
/// listing them lowest confidence first.
///
/// A chapter comes from an align record (`--json` of `prep align`; the waveform from its ingest
/// record, found with `ingestPaths` or beside it as `<base>.ingest.json`, else from decoding the
/// recording) or from a rendered variant record (the waveform from decoding its audio). Pages
/// and the book page are written together into `outputFolder`, or none is.
public enum Review {
  public struct Options: Sendable {
    public var records: [String]
    public var outputFolder: String
    public var ingestPaths: [String] = []
    public var title = "Review"

    public init(records: [String], outputFolder: String) {
      self.records = records
      self.outputFolder = outputFolder
    }
  }

  @discardableResult
  public static func run(_ options: Options) throws -> [ReviewChapter] {
    let ingests = try options.ingestPaths.map { try JSONOutput.readRecord(IngestRecord.self, from: $0) }
    let pageFolder = URL(fileURLWithPath: options.outputFolder).standardizedFileURL.path
    var chapters: [ReviewChapter] = []
    for path in options.records {
      if let chapter = try ReviewSource.variantChapter(path: path, pageFolder: pageFolder) {
        chapters.append(chapter)
      } else {
        chapters.append(try ReviewSource.alignChapter(path: path, ingests: ingests, pageFolder: pageFolder))
      }
    }
    var seen: Set<String> = []
    for chapter in chapters where !seen.insert(chapter.name).inserted {
      throw ReviewError.sameName(name: chapter.name)
    }
    // No page may be one of the records read (InputOutputGuard, as every command).
    try InputOutputGuard.check(
      inputs: (options.records + options.ingestPaths).map { FileRole("the record", $0) },
      outputs: chapters.map { FileRole("--output-dir", pageFolder + "/" + ReviewPage.fileName($0)) }
        + [FileRole("--output-dir", pageFolder + "/" + BookPage.fileName)])
    try FileManager.default.createDirectory(atPath: pageFolder, withIntermediateDirectories: true)
    let batch = try OutputBatch(folder: pageFolder)
    do {
      for chapter in chapters {
        try batch.write(Data(try ReviewPage.html(chapter).utf8), as: ReviewPage.fileName(chapter))
      }
      try batch.write(Data(BookPage.html(chapters, title: options.title).utf8), as: BookPage.fileName)
      try batch.commit()
    } catch {
      batch.discard()
      throw error
    }
    return chapters
  }
}

/// Why `prep review` could not make its pages.
public enum ReviewError: Error, CustomStringConvertible, Equatable {
  case notARecord(file: String)
  case sameName(name: String)
  case noPlayableFile(file: String)

  public var description: String {
    switch self {
    case .notARecord(let file):
      "\(file): neither an align record (prep align --json) nor a variant record (prep render). Give one of those."
    case .sameName(let name):
      "Two records would both write the review page \(name).html. Review them into separate folders."
    case .noPlayableFile(let file):
      "\(file): the variant lists no audio file a browser plays (MP3, Opus, FLAC, WAV). Render one with --format mp3."
    }
  }
}

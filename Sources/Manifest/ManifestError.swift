/// Why a catalogue could not be collected or a manifest could not be checked.
public enum ManifestError: Error, CustomStringConvertible, Equatable {
  case unreadable(file: String, reason: String)
  case wrongVersion(file: String, found: Int, expected: Int)
  case duplicateVariant(chapter: String, narrator: String, variant: String)
  case inconsistentChapter(chapter: String)
  case noRecords(inputs: [String])
  case corruptRecord(file: String, reason: String)
  case outsideManifestFolder(file: String, folder: String)
  case timingsDisagree(chapter: String, narrator: String, variant: String, other: String)

  public var description: String {
    switch self {
    case .unreadable(let file, let reason):
      "\(file): not a prep manifest (\(reason)). Give a manifest.json, a chapter file or a variant record written by prep."
    case .wrongVersion(let file, let found, let expected):
      "\(file): manifest schema version \(found), this prep reads version \(expected). Render it again."
    case .duplicateVariant(let chapter, let narrator, let variant):
      "\(chapter): narrator \(narrator) has variant \(variant) twice. Remove the stale variant record."
    case .inconsistentChapter(let chapter):
      "\(chapter): variant records disagree about the chapter's verses. Render every variant from the same text."
    case .noRecords(let inputs):
      "\(inputs.joined(separator: ", ")): no variant records found. Run prep render first, or give the folder it wrote to."
    case .corruptRecord(let file, let reason):
      "\(file): not a sound variant record (\(reason)); nothing was written. Render it again, or move it out of the folder."
    case .outsideManifestFolder(let file, let folder):
      "\(file): the record is outside \(folder), so the catalogue could only name its files with `..`; nothing was written. Write the manifest into a folder that holds every record."
    case .timingsDisagree(let chapter, let narrator, let variant, let other):
      "\(chapter): narrator \(narrator)'s variants \(variant) and \(other) have the same rate but verse timings "
        + "that differ by more than a lead-in; nothing was written. Render every variant of a rate from the same "
        + "alignment (in one prep render call)."
    }
  }
}

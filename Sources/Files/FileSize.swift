import Foundation

/// The size of a file in bytes; nil if it cannot be read (missing, no permission).
public enum FileSize {
  public static func of(_ path: String) -> Int? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
    return (attributes[.size] as? NSNumber)?.intValue
  }
}

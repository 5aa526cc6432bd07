import Dispatch
import Files
import Foundation

/// Runs a render's independent pieces (the music beds' preparation) on every core; the render's
/// rates, variants and files run as one graph of steps (`RenderSchedule`).
///
/// Each piece is a pure function of its inputs (no state is carried from one file to the next),
/// so the files are byte-identical whatever runs beside them and on any number of cores. Results
/// come back in index order; the first failure by index (not by time) is the one thrown.
enum RenderParallel {
  /// Every core this process may use: the CPUs its affinity mask allows (a Slurm task, `taskset`),
  /// which `activeProcessorCount` does not see; that count when the mask cannot be read.
  static let allCores: Int = {
    let online = max(1, ProcessInfo.processInfo.activeProcessorCount)
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") })
    else { return online }
    let allowed = line.dropFirst("Cpus_allowed:".count).reduce(0) { count, digit in
      count + (digit.hexDigitValue?.nonzeroBitCount ?? 0)
    }
    return allowed > 0 ? min(allowed, online) : online
  }()

  /// `body(0) … body(count − 1)`: in order on this thread when `jobs` is 1, else spread over the
  /// cores (GCD keeps about one thread per core, nested calls included).
  static func map<T>(_ count: Int, jobs: Int, _ body: (Int) throws -> T) throws -> [T] {
    guard jobs > 1, count > 1 else { return try (0..<count).map(body) }
    let slots = Slots<T>(count: count)
    // The pieces share only read-only inputs and locked outputs (RenderStaging, RenderProgress);
    // the compiler cannot see that through a generic closure, hence the unchecked box.
    withoutActuallyEscaping(body) { body in
      let work = UncheckedWork(body)
      DispatchQueue.concurrentPerform(iterations: count) { index in
        slots.set(index, Result { try work.body(index) })
      }
    }
    return try slots.values()
  }

  private struct UncheckedWork<T>: @unchecked Sendable {
    let body: (Int) throws -> T
    init(_ body: @escaping (Int) throws -> T) { self.body = body }
  }

  /// One result per index, each written by exactly one worker.
  private final class Slots<T>: @unchecked Sendable {
    private var results: [Result<T, any Error>?]
    private let lock = NSLock()

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<T, any Error>) {
      lock.lock()
      results[index] = result
      lock.unlock()
    }

    func values() throws -> [T] {
      try results.map { result in
        guard let result else { preconditionFailure("RenderParallel: a job never reported") }
        return try result.get()
      }
    }
  }
}

/// The output batch shared by a render's workers: staging names and small files under one lock.
final class RenderStaging: @unchecked Sendable {
  let batch: OutputBatch
  private let lock = NSLock()

  init(_ batch: OutputBatch) { self.batch = batch }

  func path(for name: String) -> String {
    lock.lock()
    defer { lock.unlock() }
    return batch.stagingPath(for: name)
  }

  /// Where a render keeps scratch audio (`AudioSpool`): a hidden name in the staging folder,
  /// never committed, removed with the folder at the latest.
  func spoolPath(for name: String) -> String {
    batch.stagingFolder + "/.spool-" + name
  }

  /// Writes a small file (sidecar, record) into the staging folder.
  func write(_ data: Data, as name: String) throws {
    lock.lock()
    defer { lock.unlock() }
    try batch.write(data, as: name)
  }
}

import Dispatch
import Foundation

/// A render's steps as a graph: each step starts once the steps it depends on have finished,
/// on `jobs` workers, the ready step of highest priority first (ties: the step added first).
///
/// One pool for the whole render, instead of one per stage: a rate's files start encoding while
/// other rates still stretch, and with the longest files first the last ones to finish are
/// short, so no core idles at a stage's end or while one long file is encoded alone. Each step is
/// a pure function of its inputs (the steps it depends on), so the files are byte-identical in
/// any order and on any number of cores. When a step fails, the steps that depend on it are
/// skipped and the others still run; `run` then throws the failure of the step added first.
final class RenderSchedule: @unchecked Sendable {
  /// A step's result: read by the steps that depend on it, and after `run`.
  final class Step<T>: @unchecked Sendable {
    let id: Int
    fileprivate var result: T?
    fileprivate init(id: Int) { self.id = id }

    var value: T {
      guard let result else { preconditionFailure("RenderSchedule: step \(id) read before it finished") }
      return result
    }

    /// The result, if the step ran and succeeded.
    var finished: T? { result }
  }

  private struct Node {
    let priority: Double
    let body: () throws -> Void
    var waitingOn: Int
    var dependents: [Int] = []
    /// A step it depends on failed: it is skipped.
    var skipped = false
  }

  private var nodes: [Node] = []
  private var ready: [Int] = []
  private var finished = 0
  private var errors: [Int: any Error] = [:]
  private let condition = NSCondition()

  /// Adds a step that runs after `dependencies` (ids of steps added before it).
  func add<T>(priority: Double, after dependencies: [Int] = [], _ body: @escaping () throws -> T) -> Step<T> {
    let step = Step<T>(id: nodes.count)
    precondition(dependencies.allSatisfy { $0 < step.id }, "RenderSchedule: a step depends on a later one")
    nodes.append(Node(priority: priority, body: { step.result = try body() }, waitingOn: dependencies.count))
    for dependency in dependencies { nodes[dependency].dependents.append(step.id) }
    return step
  }

  /// Runs every step, on this thread when `jobs` is 1, else on `jobs` workers (at most one per
  /// core: GCD's width).
  func run(jobs: Int) throws {
    ready = nodes.indices.filter { nodes[$0].waitingOn == 0 }
    let workers = max(1, min(jobs, nodes.count))
    if workers == 1 {
      work()
    } else {
      DispatchQueue.concurrentPerform(iterations: workers) { _ in self.work() }
    }
    if let first = errors.keys.min(), let error = errors[first] { throw error }
  }

  /// One worker: takes ready steps until every step has finished. It waits only while another
  /// worker runs a step (the graph has no cycles: a step depends on earlier ones only).
  private func work() {
    condition.lock()
    defer { condition.unlock() }
    while finished < nodes.count {
      guard let best = ready.indices.max(by: { isBefore(ready[$1], ready[$0]) }) else {
        condition.wait()
        continue
      }
      let id = ready.remove(at: best)
      let body = nodes[id].body
      condition.unlock()
      var failure: (any Error)?
      do { try body() } catch { failure = error }
      condition.lock()
      if let failure { errors[id] = failure }
      finish(id, failed: failure != nil)
      condition.broadcast()
    }
  }

  /// Whether step `a` goes before step `b` (higher priority; then added first).
  private func isBefore(_ a: Int, _ b: Int) -> Bool {
    nodes[a].priority != nodes[b].priority ? nodes[a].priority > nodes[b].priority : a < b
  }

  /// Marks a step finished and its dependents ready (or skipped, after a failure). Under the lock.
  private func finish(_ id: Int, failed: Bool) {
    finished += 1
    for dependent in nodes[id].dependents {
      nodes[dependent].skipped = nodes[dependent].skipped || failed
      nodes[dependent].waitingOn -= 1
      guard nodes[dependent].waitingOn == 0 else { continue }
      if nodes[dependent].skipped {
        finish(dependent, failed: true)
      } else {
        ready.append(dependent)
      }
    }
  }
}

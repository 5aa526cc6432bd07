import Foundation
import Testing

@testable import Pipeline

/// `RenderSchedule`: the render's steps as a graph, ready steps by priority.
@Suite struct RenderScheduleTests {
  /// The order the steps ran in, shared by their bodies.
  final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    func add(_ entry: String) { lock.withLock { entries.append(entry) } }
    var order: [String] { lock.withLock { entries } }
  }

  struct Failure: Error, Equatable { let step: String }

  /// On one worker: the ready step of highest priority first, a step only after the steps it
  /// depends on, and each step's result handed to the steps after it.
  @Test func oneWorkerRunsByPriorityAfterDependencies() throws {
    let log = Log()
    let schedule = RenderSchedule()
    let a = schedule.add(priority: 1) {
      log.add("a"); return 2
    }
    let b = schedule.add(priority: 3, after: [a.id]) {
      log.add("b"); return a.value * 10
    }
    let c = schedule.add(priority: 2) {
      log.add("c"); return 5
    }
    let d = schedule.add(priority: 2) {
      log.add("d"); return 7
    }
    try schedule.run(jobs: 1)
    #expect(log.order == ["c", "d", "a", "b"])
    #expect(b.value == 20 && c.value == 5 && d.value == 7)
  }

  /// On many workers every step runs once, each after the steps it depends on.
  @Test func manyWorkersKeepDependencies() throws {
    let log = Log()
    let schedule = RenderSchedule()
    let roots = (0..<4).map { index in
      schedule.add(priority: Double(index)) {
        log.add("r\(index)"); return index
      }
    }
    let leaves = (0..<16).map { index in
      schedule.add(priority: Double(index % 5), after: [roots[index % 4].id]) {
        log.add("l\(index)")
        return roots[index % 4].value + 100
      }
    }
    try schedule.run(jobs: 4)
    let order = log.order
    #expect(order.count == 20 && Set(order).count == 20)
    for index in 0..<16 {
      #expect(order.firstIndex(of: "r\(index % 4)")! < order.firstIndex(of: "l\(index)")!)
      #expect(leaves[index].value == index % 4 + 100)
    }
  }

  /// A failed step's dependents are skipped, the other steps still run, and the failure of the
  /// step added first is the one thrown, whichever failed first in time.
  @Test func failureSkipsDependentsAndThrowsTheFirstAdded() throws {
    for jobs in [1, 2] {
      let log = Log()
      let schedule = RenderSchedule()
      let first = schedule.add(priority: 0) { () throws -> Int in
        log.add("first")
        throw Failure(step: "first")
      }
      _ = schedule.add(priority: 0, after: [first.id]) { log.add("dependent") }
      _ = schedule.add(priority: 9) { () throws -> Int in
        log.add("second")
        throw Failure(step: "second")
      }
      _ = schedule.add(priority: 1) { log.add("other") }
      #expect(throws: Failure(step: "first")) { try schedule.run(jobs: jobs) }
      #expect(Set(log.order) == ["first", "second", "other"])
      #expect(first.finished == nil)
    }
  }
}

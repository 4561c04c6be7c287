import Foundation
import Testing

@testable import CvsiteSite

/// `parallelMap` returns results in input order however workers claim elements, and
/// claims the heaviest elements first when given weights.
@Suite struct ParallelTests {
  @Test(arguments: [1, 2, 4, 16])
  func resultsComeBackInInputOrder(jobs: Int) {
    let input = Array(0..<500)
    // Uneven work, so workers finish out of step.
    let output = parallelMap(input, jobs: jobs) { value -> Int in
      var sum = 0
      for step in 0..<(value % 7) * 1_000 { sum &+= step }
      return value * 2 + (sum == -1 ? 1 : 0)
    }
    #expect(output == input.map { $0 * 2 })
    let weighted = parallelMap(input, jobs: jobs, weight: { $0 % 10 }, { $0 * 3 })
    #expect(weighted == input.map { $0 * 3 })
  }

  @Test func heaviestElementsAreClaimedFirstTiesInOrder() {
    #expect(heaviestFirst([1, 5, 1, 9, 5, 0]) == [3, 1, 4, 0, 2, 5])
    #expect(heaviestFirst([]) == [])
    let claims = ClaimLog()
    _ = parallelMap(["a", "bbb", "cc", "dddd", "e"], jobs: 1, weight: { $0.count }, { claims.record($0) })
    #expect(claims.entries == ["dddd", "bbb", "cc", "a", "e"])
  }

  @Test func emptyInputAndMoreJobsThanElements() {
    #expect(parallelMap([Int](), jobs: 4) { $0 }.isEmpty)
    #expect(parallelMap([7], jobs: 8) { $0 + 1 } == [8])
  }
}

/// The order in which a run's transform saw its elements.
private final class ClaimLog: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var entries: [String] = []
  func record(_ entry: String) {
    lock.lock()
    defer { lock.unlock() }
    entries.append(entry)
  }
}

/// `BackgroundJob` runs its work while the caller goes on, and hands over the result once.
@Suite struct BackgroundJobTests {
  @Test func workRunsWhileTheCallerGoesOn() {
    let callerWentOn = DispatchSemaphore(value: 0)
    // The work finishes only once the caller has gone past the job's start: were the
    // work run inside `init`, it would time out and say so.
    let job = BackgroundJob { callerWentOn.wait(timeout: .now() + 30) == .success ? "ran alongside" : "ran first" }
    callerWentOn.signal()
    #expect(job.wait() == "ran alongside")
    #expect(job.wait() == nil)
  }

  @Test(arguments: [1, 8])
  func eachJobGivesItsOwnResult(count: Int) {
    let jobs = (0..<count).map { number in BackgroundJob { (0...number * 1_000).reduce(0, +) } }
    #expect(jobs.map { $0.wait() } == (0..<count).map { Optional((0...$0 * 1_000).reduce(0, +)) })
  }
}

/// `TakenOnce` hands each value to one taker and keeps nothing of it.
@Suite struct TakenOnceTests {
  final class Tracked: Sendable {
    let number: Int
    init(_ number: Int) { self.number = number }
  }

  @Test func eachValueIsTakenOnceAcrossWorkers() {
    let store = TakenOnce((0..<1_000).map(Tracked.init))
    let taken = parallelMap(Array(0..<2_000), jobs: 4) { index in store.take(index % 1_000)?.number }
    #expect(taken.compactMap { $0 }.sorted() == Array(0..<1_000))
    #expect(store.take(1_000) == nil && store.take(-1) == nil)
  }

  @Test func aTakenValueIsNoLongerHeld() {
    weak var watched: Tracked?
    let store: TakenOnce<Tracked> = {
      let value = Tracked(7)
      watched = value
      return TakenOnce([value])
    }()
    #expect(watched != nil, "held by the store until taken")
    #expect(store.take(0)?.number == 7)
    #expect(watched == nil, "the store let it go with the taker")
  }
}

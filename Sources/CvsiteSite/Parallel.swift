import Dispatch
import Synchronization

/// Runs `transform` on every element on up to `jobs` threads and returns the results in
/// order. Each slot is written by exactly one worker.
///
/// Workers claim elements one at a time from a shared counter, so a worker that drew
/// slow pages (or lost its core for a while) does not hold up the end of the run. With
/// `weight`, the heaviest elements are claimed first: a section page that lists five
/// hundred others starts early instead of leaving one worker busy alone at the end.
func parallelMap<Element: Sendable, Result: Sendable>(
  _ elements: [Element], jobs: Int, weight: ((Element) -> Int)? = nil, _ transform: @Sendable (Element) -> Result
) -> [Result] {
  let results = ResultSlots<Result>(count: elements.count)
  let workers = max(1, min(jobs, elements.count))
  let order = weight.map { weight in heaviestFirst(elements.map(weight)) }
  let claims = Claims()
  elements.withUnsafeBufferPointer { buffer in
    let input = UnsafeSendableBuffer(buffer: buffer)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while true {
        let claimed = claims.next()
        guard claimed < input.buffer.count else { return }
        let index = order?[claimed] ?? claimed
        results.store(transform(input.buffer[index]), at: index)
      }
    }
  }
  return results.collect()
}

/// Positions ordered by descending weight, equal weights in their order.
func heaviestFirst(_ weights: [Int]) -> [Int] {
  weights.indices.sorted { (weights[$1], $0) < (weights[$0], $1) }
}

/// The shared counter workers claim positions from.
private final class Claims: Sendable {
  private let counter = Atomic<Int>(0)
  func next() -> Int { counter.wrappingAdd(1, ordering: .relaxed).oldValue }
}

/// Fixed slots filled concurrently at distinct indices (raw memory: no array
/// exclusivity checks between workers).
private final class ResultSlots<Result>: @unchecked Sendable {
  private let storage: UnsafeMutablePointer<Result?>
  private let count: Int

  init(count: Int) {
    self.count = count
    storage = .allocate(capacity: max(count, 1))
    storage.initialize(repeating: nil, count: count)
  }

  deinit {
    storage.deinitialize(count: count)
    storage.deallocate()
  }

  func store(_ result: Result, at index: Int) { storage[index] = result }

  func collect() -> [Result] { (0..<count).compactMap { storage[$0] } }
}

private struct UnsafeSendableBuffer<Element>: @unchecked Sendable {
  let buffer: UnsafeBufferPointer<Element>
}

/// Counts finished pages across workers, for the progress line.
final class ProgressCounter: Sendable {
  private let count = Mutex(0)

  /// Counts one more page; returns how many are finished.
  func increment() -> Int {
    count.withLock { count in
      count += 1
      return count
    }
  }
}

/// Values handed out once each, by position, across workers: a value taken is the
/// taker's alone, and the store keeps nothing of it (a page's first reading is let go
/// as soon as its worker is done with it); its slots go with the last value taken.
final class TakenOnce<Element: Sendable>: Sendable {
  private struct Slots {
    var values: [Element?]
    var remaining: Int
  }

  private let slots: Mutex<Slots>
  /// How many values the store was made with.
  let count: Int

  init(_ elements: [Element]) {
    count = elements.count
    slots = Mutex(Slots(values: elements.map { $0 }, remaining: elements.count))
  }

  /// What `read` makes of the value at `index`, left in place; `nil` once taken.
  func peek<Result>(_ index: Int, _ read: (Element) -> Result?) -> Result? {
    slots.withLock { slots in
      guard slots.values.indices.contains(index), let value = slots.values[index] else { return nil }
      return read(value)
    }
  }

  /// The value at `index`, taken out; `nil` once taken.
  func take(_ index: Int) -> Element? {
    slots.withLock { slots in
      guard slots.values.indices.contains(index), let value = slots.values[index] else { return nil }
      slots.values[index] = nil
      slots.remaining -= 1
      if slots.remaining == 0 { slots.values = [] }
      return value
    }
  }
}

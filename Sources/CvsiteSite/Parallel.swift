import Dispatch

/// Runs `transform` on every element on up to `jobs` threads and returns the results in
/// order. Each slot is written by exactly one worker.
func parallelMap<Element: Sendable, Result: Sendable>(
  _ elements: [Element], jobs: Int, _ transform: @Sendable (Element) -> Result
) -> [Result] {
  let results = ResultSlots<Result>(count: elements.count)
  let workers = max(1, min(jobs, elements.count))
  elements.withUnsafeBufferPointer { buffer in
    let input = UnsafeSendableBuffer(buffer: buffer)
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      var index = worker
      while index < input.buffer.count {
        results.store(transform(input.buffer[index]), at: index)
        index += workers
      }
    }
  }
  return results.collect()
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

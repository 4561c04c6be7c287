import Synchronization

/// Changed paths waiting for a rebuild, handed to one consumer in order.
///
/// The watcher adds batches from its thread; the rebuild loop takes everything that
/// accumulated each time it wakes, so batches that arrive during a rebuild are merged
/// into the next one, and rebuilds and their announcements never overtake each other.
final class ChangeQueue: Sendable {
  private let pending = Mutex(Set<String>())
  /// Wakes the consumer; a wake-up already waiting absorbs further ones.
  let wakeUps: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  init() {
    (wakeUps, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
  }

  func add(_ paths: [String]) {
    pending.withLock { $0.formUnion(paths) }
    continuation.yield()
  }

  /// Everything added since the last call, sorted.
  func takeAll() -> [String] {
    pending.withLock { pending in
      let paths = pending.sorted()
      pending.removeAll()
      return paths
    }
  }

  /// Ends the consumer's loop.
  func finish() { continuation.finish() }
}

import Foundation
import Synchronization

/// Work started on another thread now and waited for later: what the build does while
/// it goes on with work that does not need the result.
///
/// Both cores are busy through most of a build, but not through its one-thread
/// stretches (the site-wide lists made between parsing and rendering, the files written
/// at the end): work started before them runs in the idle core's time.
///
/// The work gets a thread of its own, not one of Dispatch's shared pool: its caller may
/// be one of those threads, and waiting there while the work queues behind other
/// waiting callers would never end (tests build sites on several at once).
final class BackgroundJob<Result: Sendable>: Sendable {
  private let done = DispatchSemaphore(value: 0)
  private let result = Mutex<Result?>(nil)

  /// Starts `work` at once on a thread of its own.
  init(_ work: @escaping @Sendable () -> Result) {
    let thread = Thread { [self] in
      let value = work()
      result.withLock { $0 = value }
      done.signal()
    }
    // As much stack as a main thread gets (8 MiB), whatever the platform gives new
    // threads by default.
    thread.stackSize = 8 << 20
    thread.start()
  }

  /// The work's result, once it has finished; `nil` when asked again.
  func wait() -> Result? {
    done.wait()
    done.signal()
    return result.withLock { $0.take() }
  }
}

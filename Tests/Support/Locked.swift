import Foundation

/// A value shared between a test and the callbacks it watches (watcher batches, the
/// port a server bound, the diagnostics of each rebuild).
public final class Locked<Value>: @unchecked Sendable {  // every access holds the lock
  private let lock = NSLock()
  private var stored: Value

  public init(_ value: Value) { stored = value }

  /// The value now.
  public var value: Value {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }

  /// Changes the value under the lock.
  public func update(_ change: (inout Value) -> Void) {
    lock.lock()
    defer { lock.unlock() }
    change(&stored)
  }
}

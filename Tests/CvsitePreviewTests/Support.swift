import Foundation
import Testing

/// A value shared between a test and the callbacks it watches (watcher batches, the
/// port a server bound).
final class Locked<Value>: @unchecked Sendable {  // every access holds the lock
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  var value: Value {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }

  func update(_ change: (inout Value) -> Void) {
    lock.lock()
    defer { lock.unlock() }
    change(&stored)
  }
}

/// A new empty folder in the temporary folder, named `prefix-UUID`.
func makeTemporaryFolder(_ prefix: String, with subfolder: String? = nil) throws -> URL {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
  let folder = subfolder.map { root.appendingPathComponent($0) } ?? root
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return root
}

/// Polls `condition` for up to fifteen seconds (generous for a loaded CI machine).
func waitUntil(_ condition: @escaping @Sendable () -> Bool) async throws {
  for _ in 0..<1500 {
    if condition() { return }
    try await Task.sleep(for: .milliseconds(10))
  }
  Issue.record("condition not met within 15 s")
}

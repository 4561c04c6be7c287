import Foundation
import Testing

/// Polls `condition` for up to fifteen seconds (generous for a loaded CI machine).
func waitUntil(_ condition: @escaping @Sendable () -> Bool) async throws {
  for _ in 0..<1500 {
    if condition() { return }
    try await Task.sleep(for: .milliseconds(10))
  }
  Issue.record("condition not met within 15 s")
}

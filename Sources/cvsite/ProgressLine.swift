import Foundation

/// A progress line on standard error, only on a terminal and only once a build has run
/// for a second.
final class ProgressLine: @unchecked Sendable {
  private let lock = NSLock()
  private let started = Date()
  private let enabled = isatty(2) != 0
  private var shown = false
  private var lastDraw = Date.distantPast

  func update(_ done: Int, of total: Int) {
    guard enabled else { return }
    lock.lock()
    defer { lock.unlock() }
    let now = Date()
    guard now.timeIntervalSince(started) > 1, now.timeIntervalSince(lastDraw) > 0.1 || done == total else { return }
    lastDraw = now
    shown = true
    writeToStandardError("\r\u{1B}[2KRendering pages: \(done)/\(total)")
  }

  func finish() {
    lock.lock()
    defer { lock.unlock() }
    if shown { writeToStandardError("\r\u{1B}[2K") }
  }
}

import Foundation
import Testing
@testable import CvsitePreview

final class ChangeLog: @unchecked Sendable {
  private let lock = NSLock()
  private var batches: [[String]] = []
  func add(_ batch: [String]) {
    lock.lock()
    batches.append(batch)
    lock.unlock()
  }
  var all: [[String]] {
    lock.lock()
    defer { lock.unlock() }
    return batches
  }
}

@Suite("File watcher")
struct FileWatcherTests {
  @Test("one save is one debounced batch; new folders are watched; other files are ignored")
  func debounce() async throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("cvsite-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root.appendingPathComponent("content"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let log = ChangeLog()
    let watcher = try FileWatcher(siteRoot: root, quietPeriod: .milliseconds(50)) { log.add($0) }
    watcher.start()
    defer { watcher.stop() }
    // A save through a temporary file and a rename, plus a second write, in quick succession.
    let temporary = root.appendingPathComponent("content/.page.md.swp")
    try Data("one".utf8).write(to: temporary)
    try FileManager.default.moveItem(at: temporary, to: root.appendingPathComponent("content/page.md"))
    try Data("two".utf8).write(to: root.appendingPathComponent("content/page.md"))
    try Data("ignored".utf8).write(to: root.appendingPathComponent("notes.txt"))
    try await waitUntil { !log.all.isEmpty }
    try await Task.sleep(for: .milliseconds(200))
    #expect(log.all == [["content/page.md"]])
    try FileManager.default.createDirectory(at: root.appendingPathComponent("content/new"), withIntermediateDirectories: true)
    try await Task.sleep(for: .milliseconds(150))
    try Data("x".utf8).write(to: root.appendingPathComponent("content/new/inner.md"))
    try await waitUntil { log.all.flatMap { $0 }.contains("content/new/inner.md") }
  }

  @Test("cvsite.yml changes are reported")
  func settings() async throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("cvsite-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let log = ChangeLog()
    let watcher = try FileWatcher(siteRoot: root, quietPeriod: .milliseconds(30)) { log.add($0) }
    watcher.start()
    defer { watcher.stop() }
    try Data("title: x\n".utf8).write(to: root.appendingPathComponent("cvsite.yml"))
    try await waitUntil { log.all.flatMap { $0 }.contains("cvsite.yml") }
  }
}

/// Polls `condition` for up to five seconds.
func waitUntil(_ condition: @escaping @Sendable () -> Bool) async throws {
  for _ in 0..<500 {
    if condition() { return }
    try await Task.sleep(for: .milliseconds(10))
  }
  Issue.record("condition not met within 5 s")
}

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
    // A quiet period well above the gaps between the writes below, even on a loaded machine.
    let watcher = try FileWatcher(siteRoot: root, quietPeriod: .milliseconds(250)) { log.add($0) }
    watcher.start()
    defer { watcher.stop() }
    // A save through a temporary file and a rename, plus a second write, in quick succession.
    let temporary = root.appendingPathComponent("content/.page.md.swp")
    try Data("one".utf8).write(to: temporary)
    try FileManager.default.moveItem(at: temporary, to: root.appendingPathComponent("content/page.md"))
    try Data("two".utf8).write(to: root.appendingPathComponent("content/page.md"))
    try Data("ignored".utf8).write(to: root.appendingPathComponent("notes.txt"))
    try await waitUntil { !log.all.isEmpty }
    try await Task.sleep(for: .milliseconds(500))
    #expect(log.all == [["content/page.md"]])
    try FileManager.default.createDirectory(at: root.appendingPathComponent("content/new"), withIntermediateDirectories: true)
    try await Task.sleep(for: .milliseconds(150))
    try Data("x".utf8).write(to: root.appendingPathComponent("content/new/inner.md"))
    try await waitUntil { log.all.flatMap { $0 }.contains("content/new/inner.md") }
  }

  @Test("a file still open for writing is waited for until it is closed")
  func slowWrite() async throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("cvsite-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root.appendingPathComponent("content"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let page = root.appendingPathComponent("content/page.md")
    FileManager.default.createFile(atPath: page.path, contents: nil)
    let log = ChangeLog()
    let watcher = try FileWatcher(siteRoot: root, quietPeriod: .milliseconds(30), writeWait: .seconds(10)) { log.add($0) }
    watcher.start()
    defer { watcher.stop() }
    let handle = try FileHandle(forWritingTo: page)
    try handle.write(contentsOf: Data("# First half".utf8))
    try await Task.sleep(for: .milliseconds(300))
    #expect(log.all.isEmpty, "a half-written file was reported")
    try handle.write(contentsOf: Data(", second half\n".utf8))
    try handle.close()
    try await waitUntil { log.all.flatMap { $0 }.contains("content/page.md") }
    #expect(log.all.count == 1)
  }

  @Test("a file held open longer than writeWait is reported anyway")
  func heldOpen() async throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("cvsite-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root.appendingPathComponent("content"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let page = root.appendingPathComponent("content/page.md")
    FileManager.default.createFile(atPath: page.path, contents: nil)
    let log = ChangeLog()
    let watcher = try FileWatcher(siteRoot: root, quietPeriod: .milliseconds(30), writeWait: .milliseconds(200)) { log.add($0) }
    watcher.start()
    defer { watcher.stop() }
    let handle = try FileHandle(forWritingTo: page)
    defer { try? handle.close() }
    try handle.write(contentsOf: Data("# Kept open".utf8))
    try await waitUntil { log.all.flatMap { $0 }.contains("content/page.md") }
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

/// Polls `condition` for up to fifteen seconds (generous for a loaded CI machine).
func waitUntil(_ condition: @escaping @Sendable () -> Bool) async throws {
  for _ in 0..<1500 {
    if condition() { return }
    try await Task.sleep(for: .milliseconds(10))
  }
  Issue.record("condition not met within 15 s")
}

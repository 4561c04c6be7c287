import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsitePreview

@Suite("File watcher")
struct FileWatcherTests {
  @Test("one save is one debounced batch; new folders are watched; other files are ignored")
  func debounce() async throws {
    let root = try makeTemporaryFolder("cvsite-watch", folders: ["content"])
    defer { try? FileManager.default.removeItem(at: root) }
    let log = Locked<[[String]]>([])
    // A quiet period well above the gaps between the writes below, even on a loaded machine.
    let watcher = try FileWatcher(siteRoot: root, quietPeriod: .milliseconds(250)) { batch in
      log.update { $0.append(batch) }
    }
    watcher.start()
    defer { watcher.stop() }
    // A save through a temporary file and a rename, plus a second write, in quick succession.
    let temporary = root.appendingPathComponent("content/.page.md.swp")
    try Data("one".utf8).write(to: temporary)
    try FileManager.default.moveItem(at: temporary, to: root.appendingPathComponent("content/page.md"))
    try Data("two".utf8).write(to: root.appendingPathComponent("content/page.md"))
    try Data("ignored".utf8).write(to: root.appendingPathComponent("notes.txt"))
    try await waitUntil { !log.value.isEmpty }
    try await Task.sleep(for: .milliseconds(500))
    #expect(log.value == [["content/page.md"]])
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("content/new"), withIntermediateDirectories: true)
    try await Task.sleep(for: .milliseconds(150))
    try Data("x".utf8).write(to: root.appendingPathComponent("content/new/inner.md"))
    try await waitUntil { log.value.flatMap { $0 }.contains("content/new/inner.md") }
  }

  @Test("a file still open for writing is waited for until it is closed")
  func slowWrite() async throws {
    let root = try makeTemporaryFolder("cvsite-watch", folders: ["content"])
    defer { try? FileManager.default.removeItem(at: root) }
    let page = root.appendingPathComponent("content/page.md")
    _ = FileManager.default.createFile(atPath: page.path, contents: nil)
    // Opened before the watcher exists: whatever opening does (Foundation may open and
    // close the file once) cannot reach it, however slowly this test is scheduled.
    let handle = try FileHandle(forWritingTo: page)
    let log = Locked<[[String]]>([])
    // writeWait far beyond any stall: on a loaded 2-core machine the sleep below has taken
    // over 10 s (blocking tests hold the cooperative threads), which let the wait expire.
    let watcher = try FileWatcher(siteRoot: root, quietPeriod: .milliseconds(30), writeWait: .seconds(3600)) { batch in
      log.update { $0.append(batch) }
    }
    watcher.start()
    defer { watcher.stop() }
    try handle.write(contentsOf: Data("# First half".utf8))
    try await Task.sleep(for: .milliseconds(300))
    #expect(log.value.isEmpty, "a half-written file was reported")
    try handle.write(contentsOf: Data(", second half\n".utf8))
    try handle.close()
    try await waitUntil { log.value.flatMap { $0 }.contains("content/page.md") }
    #expect(log.value.count == 1)
  }

  @Test("a file held open longer than writeWait is reported anyway")
  func heldOpen() async throws {
    let root = try makeTemporaryFolder("cvsite-watch", folders: ["content"])
    defer { try? FileManager.default.removeItem(at: root) }
    let page = root.appendingPathComponent("content/page.md")
    _ = FileManager.default.createFile(atPath: page.path, contents: nil)
    let log = Locked<[[String]]>([])
    let watcher = try FileWatcher(siteRoot: root, quietPeriod: .milliseconds(30), writeWait: .milliseconds(200)) {
      batch in log.update { $0.append(batch) }
    }
    watcher.start()
    defer { watcher.stop() }
    let handle = try FileHandle(forWritingTo: page)
    defer { try? handle.close() }
    try handle.write(contentsOf: Data("# Kept open".utf8))
    try await waitUntil { log.value.flatMap { $0 }.contains("content/page.md") }
  }

  @Test("cvsite.yml changes are reported")
  func settings() async throws {
    let root = try makeTemporaryFolder("cvsite-watch")
    defer { try? FileManager.default.removeItem(at: root) }
    let log = Locked<[[String]]>([])
    let watcher = try FileWatcher(siteRoot: root, quietPeriod: .milliseconds(30)) { batch in
      log.update { $0.append(batch) }
    }
    watcher.start()
    defer { watcher.stop() }
    try Data("title: x\n".utf8).write(to: root.appendingPathComponent("cvsite.yml"))
    try await waitUntil { log.value.flatMap { $0 }.contains("cvsite.yml") }
  }
}

import CvsiteSite
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Watches a site's sources with inotify: `content/`, `static/`, `themes/`, `layouts/`
/// (recursively, including folders created later) and `cvsite.yml`.
///
/// Changes are debounced: events are collected until the tree has been quiet for
/// `quietPeriod`, then delivered once, so one save (often a write and a rename)
/// triggers one rebuild. A file that was modified and is still open for writing is
/// waited for (until it is closed, or at most `writeWait` of quiet), so a slow or
/// chunked write is not built half-way.
final class FileWatcher: @unchecked Sendable {
  // All mutable state below is touched only by the watcher thread.
  private let siteRoot: URL
  private let quietPeriod: Duration
  private let writeWait: Duration
  private let onChange: @Sendable ([String]) -> Void
  private var descriptor: Int32 = -1
  private var watches: [Int32: String] = [:]
  private let stopPipe: [Int32]
  private var thread: Thread?

  /// The files and folders at the top of the site that are watched.
  private let watchedFiles: Set<String>
  private let watchedFolders: [String]

  /// - Parameters:
  ///   - siteRoot: The site folder.
  ///   - settingsFile: The settings file named with `--settings`, if any.
  ///   - quietPeriod: How long the tree must be quiet before changes are delivered.
  ///   - writeWait: How long to wait, at most, for a changed file that is still open for
  ///     writing to be closed.
  ///   - onChange: Called on the watcher thread with site-relative paths that changed.
  init(
    siteRoot: URL, settingsFile: String? = nil, quietPeriod: Duration = .milliseconds(20),
    writeWait: Duration = .seconds(2),
    onChange: @escaping @Sendable ([String]) -> Void
  ) throws {
    self.siteRoot = siteRoot.standardizedFileURL
    (watchedFiles, watchedFolders) = SiteSettings.watched(in: siteRoot, named: settingsFile)
    self.quietPeriod = quietPeriod
    self.writeWait = writeWait
    self.onChange = onChange
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw WatchError(message: "cannot create a pipe: errno \(errno)") }
    stopPipe = fds
    descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { throw WatchError(message: "inotify is not available: errno \(errno)") }
    addWatch(self.siteRoot.path, relative: "")
    for folder in watchedFolders { addTree(folder) }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
    close(stopPipe[0])
    close(stopPipe[1])
  }

  /// Starts delivering changes on a background thread.
  func start() {
    let thread = Thread { [self] in run() }
    thread.name = "cvsite-watcher"
    self.thread = thread
    thread.start()
  }

  /// Stops the watcher thread.
  func stop() {
    var byte: UInt8 = 1
    _ = write(stopPipe[1], &byte, 1)
  }

  private func addTree(_ relative: String) {
    let url = siteRoot.appendingPathComponent(relative)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
      return
    }
    addWatch(url.path, relative: relative)
    let children = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    for child in children where !child.hasPrefix(".") { addTree(relative + "/" + child) }
  }

  private func addWatch(_ path: String, relative: String) {
    let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF)
    let wd = inotify_add_watch(descriptor, path, mask)
    if wd >= 0 { watches[wd] = relative }
  }

  private func run() {
    var pending = Set<String>()
    // Files modified and not closed since: someone is still writing them.
    var writing = Set<String>()
    let clock = ContinuousClock()
    var lastEvent = clock.now
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    let quietMilliseconds = Int32(
      quietPeriod.components.seconds * 1000 + quietPeriod.components.attoseconds / 1_000_000_000_000_000)
    while true {
      var fds = [
        pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stopPipe[0], events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, 2, pending.isEmpty ? -1 : quietMilliseconds)
      if ready < 0 {
        if errno == EINTR { continue }
        return
      }
      if fds[1].revents != 0 { return }
      if ready == 0 {
        // Quiet for the whole period: deliver what accumulated, unless a file is still
        // being written (then wait for its close, within reason).
        if !pending.isDisjoint(with: writing) && clock.now - lastEvent < writeWait { continue }
        let changed = pending.sorted()
        pending.removeAll()
        onChange(changed)
        continue
      }
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { continue }
      lastEvent = clock.now
      var offset = 0
      while offset + MemoryLayout<inotify_event>.size <= count {
        let (wd, mask, nameLength, name) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int, String) in
          let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
          let start = offset + MemoryLayout<inotify_event>.size
          let nameBytes = raw[start..<min(start + Int(event.len), count)].prefix { $0 != 0 }
          return (event.wd, event.mask, Int(event.len), String(decoding: nameBytes, as: UTF8.self))
        }
        offset += MemoryLayout<inotify_event>.size + nameLength
        guard let folder = watches[wd], !name.hasPrefix(".") else { continue }
        let relative = folder.isEmpty ? name : folder + "/" + name
        // At the top: the settings, the site's folders, and Markdown files pages include.
        if folder.isEmpty && !(watchedFiles.contains(name) || watchedFolders.contains(name) || name.hasSuffix(".md")) {
          continue
        }
        if mask & UInt32(IN_ISDIR) != 0 && mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { addTree(relative) }
        // Editors often save through a temporary file: report the final name only.
        if name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".tmp") { continue }
        if mask & UInt32(IN_MODIFY) != 0 { writing.insert(relative) }
        if mask & UInt32(IN_CLOSE_WRITE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO) != 0 { writing.remove(relative) }
        pending.insert(relative)
      }
    }
  }
}

/// The watcher could not start.
struct WatchError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

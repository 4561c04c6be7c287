import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Staging folders are removed when a build ends, however it ends: ``register(_:)`` and
/// ``unregister(_:)`` keep the list a signal handler empties (``removeAll()``), and
/// ``removeStale(beside:)`` clears what a killed process (SIGKILL, a power cut) left.
public enum StagingCleanup {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var folders: Set<String> = []  // guarded by `lock`

  /// Records a staging folder being written.
  static func register(_ folder: URL) {
    lock.lock()
    defer { lock.unlock() }
    folders.insert(folder.path)
  }

  /// Forgets a staging folder that was committed or discarded.
  static func unregister(_ folder: URL) {
    lock.lock()
    defer { lock.unlock() }
    folders.remove(folder.path)
  }

  /// Removes every staging folder still being written: what a command does when it is
  /// interrupted (Ctrl-C, SIGTERM), before it exits.
  public static func removeAll() {
    lock.lock()
    let pending = folders
    folders = []
    lock.unlock()
    for path in pending { try? FileManager.default.removeItem(atPath: path) }
  }

  /// Removes the staging and retired folders of `output` (`.public.cvsite-staging-PID`,
  /// `.public.cvsite-old-PID`) whose process is gone. A live process's are left alone:
  /// two builds may share a parent folder. A retired folder is the previous output: when
  /// its process died in the middle of the swap and the output is missing, it is put back.
  static func removeStale(beside output: URL) {
    let parent = output.deletingLastPathComponent()
    let prefixes = [".\(output.lastPathComponent).cvsite-staging-", ".\(output.lastPathComponent).cvsite-old-"]
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
    for name in names {
      guard let prefix = prefixes.first(where: name.hasPrefix), let pid = pid_t(name.dropFirst(prefix.count)),
        pid != getpid(), !isAlive(pid)
      else { continue }
      let folder = parent.appendingPathComponent(name)
      // Only folders cvsite made: they hold its marker file.
      guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(OutputFolder.marker).path) else {
        continue
      }
      if prefix.hasSuffix("-old-"), !FileManager.default.fileExists(atPath: output.path) {
        try? FileManager.default.moveItem(at: folder, to: output)
      } else {
        try? FileManager.default.removeItem(at: folder)
      }
    }
  }

  /// Whether a process with this id exists (`kill(pid, 0)`; a process of another user
  /// counts as alive).
  static func isAlive(_ pid: pid_t) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }
}

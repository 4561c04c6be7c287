import CvsiteSite
import Foundation
import Synchronization

/// The files `serve` serves, held in memory, as Hugo's server holds its site.
///
/// A rebuild replaces each changed file in one step under a lock, so a request made
/// during a rebuild gets the old file or the new one, never half of one. Nothing is
/// written to disk: on a site of 10,000 pages, creating and renaming the files on disk
/// was about half of a body edit's rebuild.
final class ServedFiles: OutputSink, Sendable {
  private struct State {
    /// Each file's bytes, by its path in the site (`docs/index.html`).
    var files: [String: Data] = [:]
    /// How many files each folder holds, at any depth (`docs`, `docs/guide`).
    var folders: [String: Int] = [:]
  }

  private let state = Mutex(State())

  init() {}

  func write(_ data: Data, to relativePath: String) throws {
    guard let path = OutputFolder.normalized(relativePath) else {
      throw OutputError(message: "refusing to write outside the served site: \(relativePath)")
    }
    state.withLock { state in
      if state.files.updateValue(data, forKey: path) == nil {
        for folder in Self.folders(of: path) { state.folders[folder, default: 0] += 1 }
      }
    }
  }

  func remove(_ relativePath: String) throws {
    guard let path = OutputFolder.normalized(relativePath) else { return }
    state.withLock { state in
      guard state.files.removeValue(forKey: path) != nil else { return }
      for folder in Self.folders(of: path) {
        let left = (state.folders[folder] ?? 1) - 1
        state.folders[folder] = left > 0 ? left : nil
      }
    }
  }

  /// The bytes of the file at `path` (normalised), if there is one.
  func file(at path: String) -> Data? {
    state.withLock { $0.files[path] }
  }

  /// Whether `path` (normalised; empty for the site's root) is a folder of the site.
  func isFolder(_ path: String) -> Bool {
    path.isEmpty || state.withLock { $0.folders[path] != nil }
  }

  /// Every path held, sorted.
  var paths: [String] {
    state.withLock { $0.files.keys.sorted() }
  }

  /// Drops every file.
  func removeAll() {
    state.withLock { $0 = State() }
  }

  /// The folders that hold `path`, outermost first: `a`, `a/b` for `a/b/c.html`.
  private static func folders(of path: String) -> [String] {
    var folders: [String] = []
    var end = path.utf8.startIndex
    while let slash = path.utf8[end...].firstIndex(of: UInt8(ascii: "/")) {
      folders.append(String(path[..<slash]))
      end = path.utf8.index(after: slash)
    }
    return folders
  }
}

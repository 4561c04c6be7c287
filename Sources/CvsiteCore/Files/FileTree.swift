import Foundation

/// A tree of files read by relative path: a folder on disk, or files compiled into the
/// executable (the default theme, the code-colouring grammars), so that a theme or a
/// set of language definitions loads the same way from either.
public struct FileTree: Sendable {
  enum Storage: Sendable {
    case folder(URL)
    case memory([String: [UInt8]])
  }

  let storage: Storage
  /// How the tree is named in diagnostics: a folder's path, or `built-in default theme`.
  public let label: String

  /// The files under `folder` on disk.
  public static func folder(_ folder: URL) -> FileTree {
    FileTree(storage: .folder(folder), label: folder.path)
  }

  /// Files held in memory, keyed by their path relative to the tree (`assets/site.css`).
  public static func memory(_ files: [String: [UInt8]], label: String) -> FileTree {
    FileTree(storage: .memory(files), label: label)
  }

  /// The folder on disk, for a tree read from one; `nil` for files in memory.
  public var folder: URL? {
    if case .folder(let url) = storage { return url }
    return nil
  }

  /// Whether the tree exists: the folder is there, or the files in memory are not none.
  public var exists: Bool {
    switch storage {
    case .folder(let url): return FileManager.default.fileExists(atPath: url.path)
    case .memory(let files): return !files.isEmpty
    }
  }

  /// The tree below `relative` (`languages`), a tree of its own.
  public func subtree(_ relative: String) -> FileTree {
    let prefix = relative.hasSuffix("/") ? relative : relative + "/"
    switch storage {
    case .folder(let url):
      return .folder(url.appendingPathComponent(String(prefix.dropLast())))
    case .memory(let files):
      var inside: [String: [UInt8]] = [:]
      for (path, bytes) in files where path.hasPrefix(prefix) { inside[String(path.dropFirst(prefix.count))] = bytes }
      return FileTree(storage: .memory(inside), label: label + "/" + prefix.dropLast())
    }
  }

  /// Every regular file's path relative to the tree, sorted; names starting with a dot
  /// (and everything inside such folders) are left out, and so are links that lead out
  /// of the folder.
  public func relativePaths() -> [String] {
    switch storage {
    case .memory(let files):
      return files.keys.sorted()
    case .folder(let folder):
      let manager = FileManager.default
      let root = folder.standardizedFileURL.resolvingSymlinksInPath()
      guard let enumerator = manager.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
        return []
      }
      var paths: [String] = []
      for case let url as URL in enumerator {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
        let full = url.standardizedFileURL.resolvingSymlinksInPath().path
        guard full.hasPrefix(root.path + "/") else { continue }
        let relative = String(full.dropFirst(root.path.count + 1))
        if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
        paths.append(relative)
      }
      return paths.sorted()
    }
  }

  /// The bytes of the file at `relative`; `nil` when there is none or it cannot be read.
  public func contents(_ relative: String) -> [UInt8]? {
    switch storage {
    case .memory(let files):
      return files[relative]
    case .folder(let folder):
      return FileManager.default.contents(atPath: folder.appendingPathComponent(relative).path).map { Array($0) }
    }
  }

  /// Where the file at `relative` lives: its URL for a file on disk, `nil` in memory.
  public func url(_ relative: String) -> URL? {
    folder.map { $0.appendingPathComponent(relative) }
  }

  /// The file's name in diagnostics: its path on disk, or `label/relative` in memory.
  public func displayPath(_ relative: String) -> String {
    switch storage {
    case .folder(let folder): return folder.appendingPathComponent(relative).path
    case .memory: return label + "/" + relative
    }
  }
}

import Foundation

/// A new folder in the temporary folder, named `prefix-UUID`, holding `files` (relative
/// path → text) and the empty `folders`. The caller removes it; ``TemporarySite``
/// removes itself.
public func makeTemporaryFolder(
  _ prefix: String = "cvsite-test", files: [String: String] = [:], folders: [String] = []
) throws -> URL {
  let root = temporaryPath(prefix)
  try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  for folder in folders {
    try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
  }
  for (path, text) in files { try writeFile(path, text, in: root) }
  return root
}

/// Runs `body` on a folder made as ``makeTemporaryFolder(_:files:folders:)`` makes one,
/// and removes the folder when `body` returns or throws.
public func withTemporaryFolder<Result>(
  _ prefix: String = "cvsite-test", files: [String: String] = [:], _ body: (URL) throws -> Result
) throws -> Result {
  let root = try makeTemporaryFolder(prefix, files: files)
  defer { try? FileManager.default.removeItem(at: root) }
  return try body(root)
}

/// A path in the temporary folder, `prefix-UUID`, that nothing uses yet (not created).
public func temporaryPath(_ prefix: String = "cvsite-test") -> URL {
  FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
}

/// Writes `text` to `path` below `folder`, making the folders it needs.
public func writeFile(_ path: String, _ text: String, in folder: URL) throws {
  let url = folder.appendingPathComponent(path)
  try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
  try Data(text.utf8).write(to: url)
}

/// A folder of files made in the temporary folder for one test and removed when the
/// value goes away: a site (`cvsite.yml`, `content/…`), a theme, or any tree of files.
public final class TemporarySite {
  /// The folder's root.
  public let root: URL

  /// Makes the folder with `files` (relative path → text). A site's `cvsite.yml` is one
  /// of the files; ``init(site:config:)`` adds a default one.
  public init(files: [String: String] = [:], prefix: String = "cvsite-test") throws {
    root = try makeTemporaryFolder(prefix, files: files)
  }

  /// A site: `config` as its `cvsite.yml`, then `files`.
  public convenience init(
    site files: [String: String], config: String = "title: Fixture\nbaseURL: https://example.com/\n"
  ) throws {
    try self.init(files: files, prefix: "cvsite-fixture")
    try write("cvsite.yml", config)
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  /// Writes (or replaces) one file.
  public func write(_ path: String, _ text: String) throws { try writeFile(path, text, in: root) }

  /// Removes one file or folder.
  public func remove(_ path: String) throws {
    try FileManager.default.removeItem(at: root.appendingPathComponent(path))
  }

  /// The site's default output folder, `public/`.
  public var output: URL { root.appendingPathComponent("public") }

  /// The text of `path` below `folder` (the output by default), or `nil`.
  public func read(_ path: String, in folder: URL? = nil) -> String? {
    guard let data = try? Data(contentsOf: (folder ?? output).appendingPathComponent(path)) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// Whether `path` exists below `folder` (the output by default).
  public func exists(_ path: String, in folder: URL? = nil) -> Bool {
    FileManager.default.fileExists(atPath: (folder ?? output).appendingPathComponent(path).path)
  }
}

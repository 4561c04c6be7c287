import CvsiteCore
import CvsiteMarkdown
import Foundation

#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Where a build writes: a staging folder beside the output, swapped in only when the
/// whole build succeeded, so a failed build leaves the previous output untouched.
public struct OutputFolder: Sendable {
  /// The final output folder.
  public let url: URL
  /// The staging folder the build writes into.
  public let staging: URL
  /// `staging.path`, computed once rather than for every file.
  private let stagingPath: String

  init(url: URL, staging: URL) {
    self.url = url
    self.staging = staging
    self.stagingPath = staging.path
  }

  /// Name of the marker file that identifies a folder as cvsite output, so cvsite never
  /// replaces a folder it did not make.
  static let marker = ".cvsite-output"

  /// Checks that `output` is safe to replace for the site at `siteRoot`.
  ///
  /// Refused: the site root or anything containing it, `content/`, `static/`,
  /// `themes/`, `layouts/` or anything inside them, `/`, the home folder, and an
  /// existing non-empty folder that cvsite did not create.
  public static func validate(_ output: URL, siteRoot: URL) -> Diagnostic? {
    let out = output.standardizedFileURL.resolvingSymlinksInPath().path
    let root = siteRoot.standardizedFileURL.resolvingSymlinksInPath().path
    let home = FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.resolvingSymlinksInPath().path
    func isInside(_ path: String, _ folder: String) -> Bool {
      path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
    if out == "/" || out == home {
      return Diagnostic(.error, "refusing to use \(out) as the output folder")
    }
    if isInside(root, out) {
      return Diagnostic(.error, "refusing to use \(out) as the output folder: it contains the site")
    }
    for protected in ["content", "static", "themes", "layouts"] where isInside(out, root + "/" + protected) {
      return Diagnostic(.error, "refusing to write the output into the site's \(protected)/ folder (\(out))")
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        return Diagnostic(.error, "the output path \(out) is a file, not a folder")
      }
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
      if !entries.isEmpty, !entries.contains(marker) {
        return Diagnostic(
          .error,
          "refusing to replace \(out): it is not empty and was not made by cvsite (no \(marker) file); remove it or choose another --output"
        )
      }
    }
    return nil
  }

  /// Creates a fresh staging folder beside `output`.
  public static func prepare(_ output: URL) throws -> OutputFolder {
    let parent = output.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    StagingCleanup.removeStale(beside: output)
    let staging = parent.appendingPathComponent(".\(output.lastPathComponent).cvsite-staging-\(getpid())")
    try? FileManager.default.removeItem(at: staging)
    StagingCleanup.register(staging)
    try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
    try Data("cvsite\n".utf8).write(to: staging.appendingPathComponent(marker))
    return OutputFolder(url: output, staging: staging)
  }

  /// Writes `data` at `relativePath` inside the staging folder. The path must stay
  /// inside: absolute paths and `..` components are refused.
  public func write(_ data: Data, to relativePath: String) throws {
    guard let target = Self.resolvePath(relativePath, in: stagingPath) else {
      throw OutputError(message: "refusing to write outside the output folder: \(relativePath)")
    }
    try Self.writeFile(data, atPath: target)
  }

  /// Writes `data` to `target` (created or truncated), creating its folder first.
  ///
  /// Plain system calls: `Data.write(to:)` flushes every file to disk (`fsync`) and
  /// `createDirectory(withIntermediateDirectories:)` checks each folder on the way, which
  /// a build pays once per page. The staging folder replaces the output only once the
  /// whole build is written, so no single file needs flushing.
  public static func writeFile(_ data: Data, to target: URL) throws {
    try writeFile(data, atPath: target.path)
  }

  /// ``writeFile(_:to:)`` for a file-system path (no `URL` work per file).
  public static func writeFile(_ data: Data, atPath path: String) throws {
    if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
      let folder = String(path[..<slash])
      if mkdir(folder, 0o777) != 0 && errno != EEXIST {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      }
    }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      throw OutputError(message: "cannot create \(path): \(String(cString: strerror(errno)))")
    }
    var failure: Int32 = 0
    data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
      guard let base = raw.baseAddress else { return }
      var offset = 0
      while offset < raw.count {
        let written = systemWrite(descriptor, base + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
    if close(descriptor) != 0 && failure == 0 && errno != EINTR { failure = errno }
    guard failure == 0 else {
      throw OutputError(message: "cannot write \(path): \(String(cString: strerror(failure)))")
    }
  }

  /// Replaces the output with the staging folder; the previous output is removed on
  /// `jobs` threads (``removeTree(_:jobs:)``).
  func commit(jobs: Int = 1) throws {
    defer { StagingCleanup.unregister(staging) }
    let manager = FileManager.default
    if manager.fileExists(atPath: url.path) {
      let retired = url.deletingLastPathComponent().appendingPathComponent(
        ".\(url.lastPathComponent).cvsite-old-\(getpid())")
      try? manager.removeItem(at: retired)
      try manager.moveItem(at: url, to: retired)
      do {
        try manager.moveItem(at: staging, to: url)
      } catch {
        try? manager.moveItem(at: retired, to: url)
        throw error
      }
      Self.removeTree(retired, jobs: jobs)
    } else {
      try manager.moveItem(at: staging, to: url)
    }
  }

  /// Removes `folder` and all it holds, shared out over `jobs` threads by the entries
  /// two levels down (a section's pages, the search index's parts): a site's previous
  /// output is tens of thousands of files, and unlinking them one at a time on one core
  /// took a tenth of a 10,000-page rebuild. Failures are ignored, as a single removal's
  /// were.
  static func removeTree(_ folder: URL, jobs: Int) {
    let manager = FileManager.default
    guard jobs > 1, let entries = try? manager.contentsOfDirectory(atPath: folder.path) else {
      try? manager.removeItem(at: folder)
      return
    }
    var items: [String] = []
    for entry in entries {
      let path = folder.path + "/" + entry
      // `lstat`, not `fileExists`: a link to a folder is removed, never followed.
      var status = stat()
      if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
        let inside = try? manager.contentsOfDirectory(atPath: path)
      {
        items += inside.map { path + "/" + $0 }
      } else {
        items.append(path)
      }
    }
    _ = parallelMap(items, jobs: jobs) { item in try? FileManager.default.removeItem(atPath: item) }
    // What is left is the emptied folders.
    try? manager.removeItem(at: folder)
  }

  /// Throws the staging folder away; the output stays as it was.
  func discard() {
    try? FileManager.default.removeItem(at: staging)
    StagingCleanup.unregister(staging)
  }

  /// `relativePath` inside `folder`, or nil when it would leave it (absolute paths,
  /// `..` or `.` segments, NUL bytes, backslashes).
  public static func resolve(_ relativePath: String, in folder: URL) -> URL? {
    resolvePath(relativePath, in: folder.path).map { URL(fileURLWithPath: $0) }
  }

  /// ``resolve(_:in:)`` on file-system paths.
  static func resolvePath(_ relativePath: String, in folder: String) -> String? {
    normalized(relativePath).map { (folder.hasSuffix("/") ? folder : folder + "/") + $0 }
  }

  /// `relativePath` with repeated slashes folded, or nil when it would leave the folder
  /// it is relative to (absolute paths, `..` or `.` segments, NUL bytes, backslashes).
  public static func normalized(_ relativePath: String) -> String? {
    // Bytes, not `contains("…")`: with Foundation imported that finds text through
    // CFString, a cost every written file paid.
    guard !relativePath.utf8.contains(where: { $0 == 0 || $0 == UInt8(ascii: "\\") }) else { return nil }
    let parts = relativePath.splitOmittingEmpty(atByte: UInt8(ascii: "/"))
    guard !relativePath.hasPrefix("/"), !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0 == "." })
    else { return nil }
    return parts.joined(separator: "/")
  }
}

/// A failure to write the output.
public struct OutputError: Error, CustomStringConvertible {
  /// Why the folder was refused, in one sentence.
  public var message: String
  /// A refusal saying `message`.
  public init(message: String) { self.message = message }
  /// The message.
  public var description: String { message }
}

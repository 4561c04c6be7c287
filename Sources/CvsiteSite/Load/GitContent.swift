import CvsiteCore
import Foundation

/// Files read from somewhere other than the site's folder (a git ref's pages), by site
/// path: what a page, a link check or a copied file reads instead of the disk.
struct ContentSources: Sendable {
  var files: [String: [UInt8]] = [:]

  /// The bytes of `file`: from here when held, else from the disk.
  static func bytes(of file: ContentFile, in sources: ContentSources?) throws -> [UInt8] {
    if let held = sources?.files[file.sitePath] { return held }
    return Array(try Data(contentsOf: file.url))
  }

  /// The bytes of the file at `sitePath`: from here when held, else from the site's
  /// folder on disk.
  static func bytes(atSitePath sitePath: String, root: URL, in sources: ContentSources?) -> [UInt8] {
    if let held = sources?.files[sitePath] { return held }
    return (try? Data(contentsOf: root.appendingPathComponent(sitePath))).map(Array.init) ?? []
  }
}

/// The site's pages folder as a git ref (a branch, a tag, a commit) holds it, read from
/// the repository with `git ls-tree` and one `git cat-file --batch`: nothing is checked
/// out and nothing is written.
enum GitContent {
  /// The files of `folder` (relative to the site) at `ref`, named `<ref>:<folder>/<path>`
  /// in diagnostics; their bytes; and a located error when `ref` names no commit.
  static func read(ref: String, folder: String, siteRoot: URL, location: SourceLocation?, line: String?)
    -> (files: [ContentFile], sources: ContentSources, diagnostics: [Diagnostic])
  {
    guard
      let commit = run(["rev-parse", "--verify", "--quiet", ref + "^{commit}"], in: siteRoot).flatMap({
        String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      }), !commit.isEmpty
    else {
      let refs =
        run(["for-each-ref", "--format=%(refname:short)", "refs/heads", "refs/tags", "refs/remotes"], in: siteRoot)
        .map { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) } ?? []
      let why =
        run(["rev-parse", "--git-dir"], in: siteRoot) == nil
        ? "the site is not in a git repository" : "no branch, tag or commit of the site's repository is named so"
      return (
        [], ContentSources(),
        [
          Diagnostic(
            .error, "the git ref `\(ref)` cannot be read: \(why)", at: location, sourceLine: line,
            suggestion: closest(ref, refs))
        ]
      )
    }
    guard let listing = run(["ls-tree", "-r", "-z", commit, "--", folder + "/"], in: siteRoot) else {
      return (
        [], ContentSources(), [Diagnostic(.error, "cannot list \(folder)/ at `\(ref)`", at: location, sourceLine: line)]
      )
    }
    var files: [ContentFile] = []
    var objects: [String] = []
    for entry in listing.split(separator: 0) {
      // `<mode> <type> <object>\t<path>`
      guard let tab = entry.firstIndex(of: 0x09) else { continue }
      let fields = entry[..<tab].split(separator: 0x20)
      guard fields.count == 3, fields[1].elementsEqual("blob".utf8),
        fields[0].elementsEqual("100644".utf8) || fields[0].elementsEqual("100755".utf8)
      else { continue }
      let path = String(decoding: entry[(tab + 1)...], as: UTF8.self)
      guard path.hasPrefix(folder + "/") else { continue }
      let relative = String(path.dropFirst(folder.count + 1))
      let name = String(relative.split(separator: "/").last ?? "")
      // Hidden files and folders are skipped, as in the site's own folder.
      guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
      var kind = ContentFile.Kind.resource
      if ContentFile.markdownExtensionLength(name) != nil {
        kind = .ofMarkdownFile(named: name)
        if kind == .page, name.hasPrefix("_"), !ContentFile.isSectionIndexInALanguage(name) { continue }
      }
      files.append(ContentFile(sitePath: ref + ":" + path, relativePath: relative, kind: kind, path: ""))
      objects.append(String(decoding: fields[2], as: UTF8.self))
    }
    guard !objects.isEmpty else { return ([], ContentSources(), []) }
    guard
      let contents = run(
        ["cat-file", "--batch"], in: siteRoot, input: Array((objects.joined(separator: "\n") + "\n").utf8))
    else {
      return (
        [], ContentSources(), [Diagnostic(.error, "cannot read the files of `\(ref)`", at: location, sourceLine: line)]
      )
    }
    // `<object> blob <size>\n<bytes>\n` for each, in order.
    var sources = ContentSources()
    var index = contents.startIndex
    for file in files {
      guard let newline = contents[index...].firstIndex(of: 0x0A),
        let size = contents[index..<newline].split(separator: 0x20).last.flatMap({
          Int(String(decoding: $0, as: UTF8.self))
        }),
        newline + 1 + size <= contents.endIndex
      else { break }
      sources.files[file.sitePath] = Array(contents[(newline + 1)..<(newline + 1 + size)])
      index = newline + 1 + size + 1
    }
    return (files, sources, [])
  }

  /// `git` with `arguments` in `folder`: its standard output, or nil when it failed.
  static func run(_ arguments: [String], in folder: URL, input: [UInt8]? = nil) -> [UInt8]? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-c", "core.quotepath=off"] + arguments
    process.currentDirectoryURL = folder
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let feed = input.map { _ in Pipe() }
    process.standardInput = feed ?? FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    if let feed, let input {
      // Written from another thread: git answers while it reads, and both pipes fill.
      let writer = feed.fileHandleForWriting
      Thread.detachNewThread {
        writer.write(Data(input))
        try? writer.close()
      }
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? Array(data) : nil
  }
}

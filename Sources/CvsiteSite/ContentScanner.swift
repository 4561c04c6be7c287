import CvsiteMarkdown
import Foundation

/// A file found under `content/` or `static/`.
struct ContentFile: Sendable, Hashable {
  enum Kind: Sendable, Hashable {
    /// A Markdown page.
    case page
    /// A section's own page: `_index.md`.
    case sectionIndex
    /// Any other file: copied next to the page output as is.
    case resource
  }

  /// Path relative to the site root: `content/docs/install.md`.
  let sitePath: String
  /// Path relative to the scanned folder: `docs/install.md`.
  let relativePath: String
  let kind: Kind
  let url: URL
}

/// Walks a folder of the site; hidden files and folders are skipped, and links that
/// lead outside the site are refused.
enum ContentScanner {
  static func scan(_ folderName: String, in siteRoot: URL) -> ([ContentFile], [Diagnostic]) {
    let folder = siteRoot.appendingPathComponent(folderName)
    let rootPath = siteRoot.standardizedFileURL.resolvingSymlinksInPath().path
    var files: [ContentFile] = []
    var diagnostics: [Diagnostic] = []
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
      return ([], [])
    }
    // `resolvedDirectory` is `directory` with its links resolved: an entry that is no link
    // itself resolves to it plus its name, so only links cost a full resolution.
    func walk(_ directory: URL, _ relative: String, _ resolvedDirectory: String) {
      let entries: [String]
      do {
        entries = try manager.contentsOfDirectory(atPath: directory.path).sorted()
      } catch {
        diagnostics.append(Diagnostic(.error, "cannot read folder \(folderName)/\(relative): \(error.localizedDescription)"))
        return
      }
      for name in entries where !name.hasPrefix(".") {
        let url = directory.appendingPathComponent(name, isDirectory: false)
        let relativePath = relative.isEmpty ? name : relative + "/" + name
        let sitePath = folderName + "/" + relativePath
        guard let entry = FileKind(path: resolvedDirectory + "/" + name) else { continue }
        let resolved = entry == .link ? url.resolvingSymlinksInPath().path : resolvedDirectory + "/" + name
        guard resolved == rootPath || resolved.hasPrefix(rootPath + "/") else {
          diagnostics.append(
            Diagnostic(
              .error, "\(sitePath) is a link to \(resolved), outside the site; it is not read",
              at: SourceLocation(path: sitePath, line: 1, column: 1)))
          continue
        }
        let isFolder: Bool
        switch entry {
        case .folder: isFolder = true
        case .file: isFolder = false
        case .link:
          guard let target = FileKind(path: resolved), target != .link else { continue }
          isFolder = target == .folder
        }
        if isFolder {
          walk(url, relativePath, resolved)
          continue
        }
        let kind: ContentFile.Kind
        if folderName == "content" && name == "_index.md" {
          kind = .sectionIndex
        } else if folderName == "content" && name.hasSuffix(".md") {
          kind = .page
        } else {
          kind = .resource
        }
        files.append(ContentFile(sitePath: sitePath, relativePath: relativePath, kind: kind, url: url))
      }
    }
    walk(folder, "", folder.resolvingSymlinksInPath().path)
    return (files, diagnostics)
  }
}

/// What an `lstat` says a path is; `nil` when it does not exist.
enum FileKind: Equatable {
  case file, folder, link

  init?(path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: self = .folder
    case S_IFLNK: self = .link
    default: self = .file
    }
  }
}

/// Site paths of pages: pretty URLs (`/docs/install/`).
enum PageURL {
  /// The URL of a content file: its folders, then its slug (or file name without `.md`).
  static func url(for relativePath: String, kind: ContentFile.Kind, slug: String?) -> String {
    var parts = relativePath.split(separator: "/").map(String.init)
    let file = parts.removeLast()
    if kind == .page {
      parts.append(slug ?? String(file.dropLast(3)))
    }
    return parts.isEmpty ? "/" : "/" + parts.joined(separator: "/") + "/"
  }

  /// Whether a slug is one path segment that stays where it is put.
  static func isValidSlug(_ slug: String) -> Bool {
    !slug.isEmpty && slug != "." && slug != ".." && !slug.contains("/") && !slug.contains("\\")
      && !slug.unicodeScalars.contains { $0.value < 0x20 || $0 == "?" || $0 == "#" || $0 == "%" }
  }

  /// Whether an alias is a site path that stays inside the output.
  static func isValidAlias(_ alias: String) -> Bool {
    alias.hasPrefix("/") && !alias.split(separator: "/").contains { $0 == ".." || $0 == "." }
      && !alias.unicodeScalars.contains { $0.value < 0x20 || $0 == "?" || $0 == "#" || $0 == "\\" }
  }

  /// The output file of a site path: `/docs/install/` → `docs/install/index.html`.
  static func outputPath(for url: String) -> String {
    let trimmed = url.split(separator: "/").joined(separator: "/")
    return trimmed.isEmpty ? "index.html" : trimmed + "/index.html"
  }
}

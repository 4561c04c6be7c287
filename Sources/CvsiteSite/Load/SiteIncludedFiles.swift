import CvsiteCore
import CvsiteMarkdown
import Foundation

/// The files pages include, read from the site's project and never from outside it:
/// snippets from the base paths (the project's folder, then the pages' folder, as
/// pymdownx.snippets has them by default), partials from the including page's folder
/// (`@site/…` from the project's folder). A site in a git repository may include the
/// repository's files beside it (`../../docs_src/app.py`, as FastAPI's docs do); a site
/// in no repository only its own.
struct SiteIncludedFiles: IncludedFileSource {
  let siteRoot: URL
  /// The folder no included file is read outside of: the repository holding the site,
  /// or the site's folder.
  let boundary: URL
  let contentFolder: String
  /// Folders snippets are looked for in, relative to the site's folder.
  var snippetBases: [String]
  /// Import aliases (`@fragments/`) and the folders they stand for, from the site's folder.
  var importAliases: [(prefix: String, folder: String)] = []
  /// Files larger than this are not included.
  static let maxFileBytes = 4 << 20

  init(siteRoot: URL, contentFolder: String, snippetBases: [String] = []) {
    self.siteRoot = siteRoot.standardizedFileURL.resolvingSymlinksInPath()
    boundary = Self.boundary(ofSite: self.siteRoot)
    self.contentFolder = contentFolder
    self.snippetBases = snippetBases.isEmpty ? [".", contentFolder] : snippetBases
  }

  func file(_ written: String, from page: String, as kind: IncludeKind) -> Result<IncludedFile, IncludeProblem> {
    guard !written.isEmpty, !written.contains("\u{0}") else { return .failure(IncludeProblem("an empty path")) }
    var candidates: [String]
    switch kind {
    case .snippet where written.hasPrefix("@/"):
      // VitePress' `<<< @/snippets/a.js`: from the pages' root.
      let rest = String(written.dropFirst(2))
      candidates = [contentFolder == "." ? rest : contentFolder + "/" + rest]
    case .snippet:
      candidates =
        written.hasPrefix("/")
        ? [String(written.dropFirst())]
        : snippetBases.map { base in
          base == "." ? written : base + "/" + written
        }
    case .partial:
      let folder = page.split(separator: "/").dropLast().joined(separator: "/")
      if written.hasPrefix("@site/") {
        candidates = [String(written.dropFirst("@site/".count))]
      } else if written.hasPrefix("./") || written.hasPrefix("../") {
        candidates = [(folder.isEmpty ? "" : folder + "/") + written]
      } else if let alias = importAliases.first(where: { written.hasPrefix($0.prefix) }) {
        candidates = [alias.folder + "/" + written.dropFirst(alias.prefix.count)]
      } else {
        return .failure(IncludeProblem("`\(written)` is a package, not a file of the site: its import is not read"))
      }
    }
    var outside = false
    for candidate in candidates {
      let url = siteRoot.appendingPathComponent(candidate).standardizedFileURL.resolvingSymlinksInPath()
      guard url.path.hasPrefix(boundary.path + "/") else {
        outside = true
        continue
      }
      guard FileKind(following: url.path) == .file else { continue }
      guard let data = try? Data(contentsOf: url) else { continue }
      guard data.count <= Self.maxFileBytes else {
        return .failure(IncludeProblem("`\(written)` is larger than \(Self.maxFileBytes >> 20) MB: left out"))
      }
      return .success(IncludedFile(bytes: [UInt8](data), path: sitePath(of: url)))
    }
    if outside {
      let place = boundary == siteRoot ? "the site" : "the site's repository"
      return .failure(IncludeProblem("`\(written)` is outside \(place): only files in it are included"))
    }
    let places = candidates.map { "`\($0)`" }.joined(separator: ", ")
    return .failure(IncludeProblem("no file `\(written)` to include (looked for \(places))", isMissing: true))
  }

  /// The path of `url` (inside ``boundary``) from the site's folder: `../docs_src/a.py`
  /// for a file beside it.
  private func sitePath(of url: URL) -> String {
    if url.path.hasPrefix(siteRoot.path + "/") { return String(url.path.dropFirst(siteRoot.path.count + 1)) }
    let site = siteRoot.pathComponents
    let file = url.pathComponents
    let shared = zip(site, file).prefix { $0 == $1 }.count
    return (Array(repeating: "..", count: site.count - shared) + file[shared...]).joined(separator: "/")
  }

  /// The folder a site at `root` (standardized, symlinks resolved) reads no file outside
  /// of: the repository holding it, or its own folder.
  static func boundary(ofSite root: URL) -> URL { repository(holding: root) ?? root }

  /// The text of the file at `path` (relative to the site at `root`, `..` allowed) when
  /// it lies inside the site's ``boundary(ofSite:)``, symlinks followed; nil otherwise
  /// or when it cannot be read. For settings files a settings file names (`INHERIT`).
  static func settingsText(_ path: String, site root: URL) -> String? {
    let site = root.standardizedFileURL.resolvingSymlinksInPath()
    let url = site.appendingPathComponent(path).standardizedFileURL.resolvingSymlinksInPath()
    guard url.path.hasPrefix(boundary(ofSite: site).path + "/") else { return nil }
    return try? String(contentsOf: url, encoding: .utf8)
  }

  /// The git repository `folder` is in: the nearest folder at or above it with a `.git`
  /// (a folder, or the file of a worktree), at most 16 folders up.
  static func repository(holding folder: URL) -> URL? {
    var candidate = folder
    for _ in 0..<16 {
      if FileManager.default.fileExists(atPath: candidate.appendingPathComponent(".git").path) { return candidate }
      let parent = candidate.deletingLastPathComponent()
      guard parent.path != candidate.path else { return nil }
      candidate = parent
    }
    return nil
  }
}

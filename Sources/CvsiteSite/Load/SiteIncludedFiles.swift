import CvsiteCore
import CvsiteMarkdown
import Foundation

/// The files pages include, read from the site's folder and never from outside it:
/// snippets from the base paths (the project's folder, then the pages' folder, as
/// pymdownx.snippets has them by default), partials from the including page's folder
/// (`@site/…` from the project's folder).
struct SiteIncludedFiles: IncludedFileSource {
  let siteRoot: URL
  let contentFolder: String
  /// Folders snippets are looked for in, relative to the site's folder.
  var snippetBases: [String]
  /// Files larger than this are not included.
  static let maxFileBytes = 4 << 20

  init(siteRoot: URL, contentFolder: String, snippetBases: [String] = []) {
    self.siteRoot = siteRoot.standardizedFileURL.resolvingSymlinksInPath()
    self.contentFolder = contentFolder
    self.snippetBases = snippetBases.isEmpty ? [".", contentFolder] : snippetBases
  }

  func file(_ written: String, from page: String, as kind: IncludeKind) -> Result<IncludedFile, IncludeProblem> {
    guard !written.isEmpty, !written.contains("\u{0}") else { return .failure(IncludeProblem("an empty path")) }
    var candidates: [String]
    switch kind {
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
      } else {
        return .failure(IncludeProblem("`\(written)` is a package, not a file of the site: its import is not read"))
      }
    }
    var outside = false
    for candidate in candidates {
      let url = siteRoot.appendingPathComponent(candidate).standardizedFileURL.resolvingSymlinksInPath()
      guard url.path.hasPrefix(siteRoot.path + "/") else {
        outside = true
        continue
      }
      guard FileKind(following: url.path) == .file else { continue }
      guard let data = try? Data(contentsOf: url) else { continue }
      guard data.count <= Self.maxFileBytes else {
        return .failure(IncludeProblem("`\(written)` is larger than \(Self.maxFileBytes >> 20) MB: left out"))
      }
      let path = String(url.path.dropFirst(siteRoot.path.count + 1))
      return .success(IncludedFile(bytes: [UInt8](data), path: path))
    }
    if outside {
      return .failure(IncludeProblem("`\(written)` is outside the site: only files in it are included"))
    }
    let places = candidates.map { "`\($0)`" }.joined(separator: ", ")
    return .failure(IncludeProblem("no file `\(written)` to include (looked for \(places))"))
  }
}

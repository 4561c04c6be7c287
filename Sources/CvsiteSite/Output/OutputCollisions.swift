import CvsiteCore

/// Who writes an output file: each must be the only one, or one silently replaces the
/// other (a `static/` file over a generated page, a theme asset under a content file).
enum OutputOwner: Hashable {
  /// A page (`content/docs/a.md`), and the line that gives its URL (`slug:`, else 1).
  case page(String, line: Int)
  /// A redirect page for an alias of the page at the site path, and the `aliases:` line.
  case alias(String, alias: String, line: Int)
  /// A file cvsite writes for the whole site (`sitemap.xml`, `atom.xml`, `404.html`, the
  /// search index's files and folders).
  case generated(String)
  /// A page a taxonomy adds (`tags/index.html`, `tags/swift/index.html`).
  case taxonomy(String)
  /// A later part of a section's paginated listing: the section page's site path, and
  /// the part's number (2 and on).
  case listing(String, part: Int)
  /// A file copied from the site (`static/robots.txt`, `content/docs/diagram.svg`).
  case file(String)
  /// A theme asset (`assets/cvsite.css`).
  case asset(String)

  /// How a diagnostic names it.
  var name: String {
    switch self {
    case .page(let path, _): return path
    case .alias(let path, let alias, _): return "the alias \(alias) of \(path)"
    case .generated(let file): return "the generated \(file)"
    case .taxonomy(let file): return "the taxonomy page \(file)"
    case .listing(let path, let part): return "page \(part) of the listing of \(path)"
    case .file(let path): return path
    case .asset(let path): return "the theme's \(path)"
    }
  }

  /// The file a diagnostic points at, when the owner is one the author wrote.
  var location: SourceLocation? {
    switch self {
    case .page(let path, let line), .alias(let path, _, let line):
      return SourceLocation(path: path, line: line, column: 1)
    case .file(let path): return SourceLocation(path: path, line: 1, column: 1)
    case .generated, .asset, .taxonomy, .listing: return nil
    }
  }

  var isPageOrAlias: Bool {
    switch self {
    case .page, .alias: return true
    default: return false
    }
  }

  var isPage: Bool {
    if case .page = self { return true }
    return false
  }

  var isTaxonomy: Bool {
    if case .taxonomy = self { return true }
    return false
  }
}

/// Every output path written by more than one owner, and every output file that another
/// output needs as a folder (`sitemap.xml` and an alias `/sitemap.xml/`): one error at each
/// owner the author wrote, naming the other. Two pages at one URL are left to the URL
/// check, which says so in its own words.
func outputCollisions(_ owners: [(path: String, owner: OutputOwner)]) -> [Diagnostic] {
  // Most paths have one owner: index them by their first owner and keep only the rest
  // in lists, so a build of thousands of pages makes no array per path.
  var first: [String: Int] = [:]
  first.reserveCapacity(owners.count)
  var more: [String: [OutputOwner]] = [:]
  for (index, (path, owner)) in owners.enumerated() {
    if let existing = first[path] {
      more[path, default: [owners[existing].owner]].append(owner)
    } else {
      first[path] = index
    }
  }
  var clashes: [(String, [OutputOwner])] = more.map { ($0.key, $0.value) }
  var diagnostics: [Diagnostic] = []
  // A file that is also a folder of another output: two pages included (`index.html.md`
  // is written to index.html/index.html, where the home page writes the file index.html),
  // which no URL check sees.
  for (path, owner) in owners {
    var folder = Substring(path)
    while let slash = folder.lastIndex(of: "/") {
      folder = folder[..<slash]
      guard let index = first[String(folder)] else { continue }
      let file = owners[index].owner
      if file.isPageOrAlias, owner.isPageOrAlias {
        for (one, other, written) in [(owner, file, path), (file, owner, String(folder))] {
          diagnostics.append(
            Diagnostic(
              .error,
              "\(one.name) is written to \(written), and \(other.name) to \(other == file ? String(folder) : path): one is a file where the other needs a folder; change a `slug` or a file name",
              at: one.location))
        }
      } else {
        clashes.append((String(folder), (more[String(folder)] ?? [file]) + [owner]))
      }
    }
  }
  for (path, owners) in clashes.sorted(by: { $0.0 < $1.0 }) where !owners.allSatisfy(\.isPageOrAlias) {
    // A page at a taxonomy's address has an error of its own, in the URL check's words.
    if owners.contains(where: \.isTaxonomy), owners.allSatisfy({ $0.isPage || $0.isTaxonomy }) { continue }
    let unique = owners.reduce(into: [OutputOwner]()) { if !$0.contains($1) { $0.append($1) } }
    for owner in unique {
      let others = unique.filter { $0 != owner }.map(\.name).joined(separator: " and ")
      var message = "\(owner.name) and \(others) are both written to \(path)"
      if case .file(let source) = owner, source.hasPrefix("static/"), others.contains("the theme's") {
        message += "; to replace a theme asset, put it in the site's themes/<theme>/assets/ (a theme override)"
      }
      if owner.location != nil || unique.allSatisfy({ $0.location == nil }) {
        diagnostics.append(Diagnostic(.error, message, at: owner.location))
      }
    }
  }
  return diagnostics
}

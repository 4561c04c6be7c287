import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks the links inside page bodies: internal paths must lead to a page or a file of
/// the output, and `#fragments` to an id on the target page.
struct LinkChecker {
  /// Site paths that exist (`/docs/`, `/static/logo.png`), with the ids of each page.
  var targets: [String: PageIDs] = [:]
  let basePath: String
  /// The folder of the site's pages, as messages name it (`content`).
  var contentFolder = "content"
  /// Page URLs by content path (`docs/install.md`), for links written to Markdown files.
  var pagesBySource: [String: String] = [:]
  /// Content paths by lowercased file name without `.md` (`install`), for `<doc:…>` links.
  var pagesByName: [String: [String]] = [:]
  /// Page titles by URL, the text of a `<doc:…>` link written without one.
  var titles: [String: String] = [:]
  /// Whether the pages' ids are known. Before they are, the link rewriter corrects no
  /// `#fragment` and does not read a body for that alone
  /// (``correctsFragments(in:from:)`` finds the pages to render again).
  var idsKnown = true
  /// On a translation's tree: the original of each translated page (its URL and ids),
  /// by the translation's URL. A `#fragment` the original has and the translation lacks
  /// (a heading translated, so its id changed) is a warning naming both.
  var originals: [String: (url: String, ids: PageIDs)] = [:]
  /// The folder of the language and version whose pages link (`es/`, `1.x/`), on a tree
  /// other than the root's: a link to another tree's page (`/docs/install/`) leads to
  /// this tree's page at the same place (`/es/docs/install/`) when there is one.
  var treeFolder = ""
  /// Pages read from elsewhere than the disk (a version's git ref), for locating links.
  var sources: ContentSources?
  /// In a project of another generator whose raw HTML is published as written (MkDocs'),
  /// a script or data URL in it is a warning: the project's own generator publishes it.
  /// (Its Markdown links with such URLs are left out before, with a warning each.)
  var scriptURLsAsWritten = false
  /// In a project of a generator whose page URLs end without a slash (Docusaurus'
  /// `/docs/cli`, VitePress' clean URLs), a relative link that leads nowhere from the
  /// page's URL is read from the page's folder, as a browser reads it on that site:
  /// `configuration` on `/cli/` is `/configuration/`.
  var resolvesFromPageFolder = false

  /// This tree's page for a site path written for another (`/docs/a/` →
  /// `/es/docs/a/`), when the page's tree has one.
  func translatedPath(_ path: Substring) -> String? {
    guard !treeFolder.isEmpty, path.hasPrefix("/"), !path.hasPrefix("//"), !path.hasPrefix("/" + treeFolder)
    else { return nil }
    let translated = "/" + treeFolder + path.dropFirst()
    return lookup(translated) != nil ? translated : nil
  }

  /// Registers where a page's source lives, for links to it written as Markdown files.
  mutating func addSource(_ contentPath: String, url: String, title: String) {
    pagesBySource[contentPath] = url
    titles[url] = title
    let name = contentPath.splitOmittingEmpty(atByte: UInt8(ascii: "/")).last.map(String.init) ?? contentPath
    let key = ContentFile.withoutMarkdownExtension(name).lowercased()
    pagesByName[key, default: []].append(contentPath)
  }

  mutating func addPage(url: String, html: String) {
    addPage(url: url, ids: PageIDs.ids(in: html), merging: true)
  }

  /// A page whose ids are already known (``ids(in:)`` of its body, taken when it was
  /// parsed). `merging` keeps the ids of another page already at `url`: two pages that
  /// claim one URL are an error of their own, and their links must not add anchor errors
  /// to it. Without it the page's ids replace what was there (a page edited in `serve`).
  mutating func addPage(url: String, ids: PageIDs, merging: Bool = false) {
    noteInFolder(url)
    if merging, let existing = targets[url] {
      targets[url] = existing.union(ids)
    } else {
      targets[url] = ids
    }
  }

  /// A file of the output at `path` (as on disk: `img/my logo.png`).
  mutating func addFile(path: String) {
    let url = PageURL.encoded("/" + path)
    noteInFolder(url)
    targets[url] = []
  }

  /// The targets of each folder (`/guide/` → `/guide/install/`, `/guide/a.png`), for a
  /// did-you-mean.
  var byFolder: [Substring: Set<String>] = [:]

  private mutating func noteInFolder(_ url: String) {
    guard targets[url] == nil else { return }
    byFolder[Self.folder(of: url), default: []].insert(url)
  }

  /// `/guide/` for `/guide/install/` and `/guide/a.png`.
  private static func folder(of url: String) -> Substring {
    let trimmed = url.hasSuffix("/") ? url.dropLast() : url[...]
    return trimmed.lastIndex(of: "/").map { trimmed[...$0] } ?? "/"
  }

  /// The broken links of one page body, located in its Markdown source (read only when
  /// a link is broken, to show its line): where the parse placed the link when it did
  /// (``LinkAttributes/places``), else where the source spells the URL.
  /// - Parameters:
  ///   - safety: report URLs that run script or have an unknown scheme (always errors).
  ///   - targets: report links, images and form destinations that lead nowhere (the part
  ///     `links: warn | off` governs), and `reported`.
  ///   - links: the body's URLs, when the caller has them already.
  func check(
    bodyHTML: String, page: SitePage, siteRoot: URL, reported: [LinkProblem] = [], safety: Bool = true,
    targets: Bool = true, links: LinkAttributes? = nil, writtenAs: [String: String] = [:]
  ) -> [Diagnostic] {
    let links = links ?? LinkAttributes(of: bodyHTML)
    var diagnostics: [Diagnostic] = []
    var suggested = 0
    // The source is read only when a link is broken.
    var locator: LinkLocator?
    func report(
      _ message: String, about href: String, kind: String, place: SourcePlace? = nil, suggestion: String? = nil,
      severity: Diagnostic.Severity = .error
    ) {
      if locator == nil {
        locator = LinkLocator(
          source: ContentSources.bytes(atSitePath: page.sitePath, root: siteRoot, in: sources))
      }
      guard let (line, column, text) = locator?.locate(writtenAs[href] ?? asWritten(href), kind: kind, near: place)
      else { return }
      let location = SourceLocation(path: page.sitePath, line: line, column: column)
      diagnostics.append(
        text.map {
          Diagnostic(severity, message, at: location, sourceLineBytes: $0, suggestion: suggestion)
        } ?? Diagnostic(severity, message, at: location, suggestion: suggestion))
    }
    // Every URL a page body holds goes through the one safety check, raw HTML included
    // (libcmark already neutralises what Markdown writes; raw HTML is the author's own).
    let skipped = Set(reported.map(\.url))
    let attributes = [("href", links.hrefs), ("src", links.sources), ("action", links.actions)]
    for (attribute, urls) in attributes where safety {
      for (index, url) in urls.enumerated()
      where !skipped.contains(url) && !URLSafety.isSafe(PageIDs.decodingAmpersands(url)) {
        let place = { links.place(of: attribute, at: index) }
        let scheme = URLSafety.scheme(of: PageIDs.decodingAmpersands(url)) ?? ""
        if URLSafety.scriptSchemes.contains(scheme) {
          if scriptURLsAsWritten {
            report(
              "`\(url)` in \(attribute) runs script or embeds data: published as written, as the project's raw HTML is",
              about: url, kind: attribute, place: place(), severity: .warning)
          } else {
            report(
              "`\(url)` in \(attribute) runs script or embeds data: only links such as https:, mailto: or a path are allowed",
              about: url, kind: attribute, place: place())
          }
        } else if scheme.isEmpty {
          report(
            "`\(url)` in \(attribute) holds a control character: only links such as https:, mailto: or a path are allowed",
            about: url, kind: attribute, place: place())
        } else {
          // A scheme that runs no script (`rdar:`, a typo such as `hhttps:` or `mail:`):
          // a browser cannot open it, and nothing runs. A warning, as GitHub and the
          // generators whose projects cvsite reads take it.
          report(
            "`\(url)` in \(attribute) has the unknown scheme `\(scheme):`: a browser cannot open it",
            about: url, kind: attribute, place: place(),
            suggestion: closest(scheme, URLSafety.allowedSchemes.sorted()).map { $0 + ":" }, severity: .warning)
        }
      }
    }
    guard targets else { return diagnostics }
    for problem in reported {
      report(
        problem.message, about: problem.written, kind: "rewritten", place: problem.place,
        suggestion: problem.suggestion)
    }
    for (attribute, urls) in attributes {
      for (index, href) in urls.enumerated() where !skipped.contains(href) {
        guard let (path, fragment) = resolve(href, from: page.url) else { continue }
        // Looked up only for a link reported.
        let place = { links.place(of: attribute, at: index) }
        let shown = writtenAs[href] ?? href
        let message: String
        var suggestion: String?
        if let ids = lookup(path) {
          guard attribute == "href", let fragment, !fragment.isEmpty, !ids.contains(fragment) else { continue }
          if let original = originals[path] ?? originals[path + "/"], original.ids.contains(fragment) {
            report(
              "link to `\(shown)`: the translation at \(path) has no id `\(fragment)`, which its original at \(original.url) has (the heading was translated; give it the original's id with `{#\(fragment)}`)",
              about: href, kind: attribute, place: place(), severity: .warning)
            continue
          }
          message = "link to `\(shown)`: no element with id `\(fragment)` on \(path)"
          suggestion = closest(fragment, ids).map { Self.replacingFragment(of: shown, with: $0) }
        } else {
          if suggested < Self.maximumPathSuggestions {
            suggested += 1
            suggestion = nearestTarget(to: path).map { Self.replacingPath(of: shown, resolved: path, with: $0) }
          }
          switch attribute {
          case "src": message = "missing image or file `\(shown)`: nothing at \(path)"
          case "action": message = "form posts to `\(shown)`: no page or file at \(path)"
          default: message = "broken link to `\(shown)`: no page or file at \(path)"
          }
        }
        report(message, about: href, kind: attribute, place: place(), suggestion: suggestion)
      }
    }
    return diagnostics
  }

  /// How many links of a page that lead nowhere get a did-you-mean path: each compares
  /// the targets of its folder.
  static let maximumPathSuggestions = 3

  /// The page or file nearest to `path` in its folder (`/img/logo.svg` for
  /// `/img/logo.png`); nil when none is near, or the folder holds too many to compare.
  func nearestTarget(to path: String) -> String? {
    guard let siblings = byFolder[Self.folder(of: path)], siblings.count <= 1_000 else { return nil }
    return closest(path, siblings.sorted())
  }

  /// `written` with its fragment replaced by `fragment`: `#optoins` → `#options`.
  static func replacingFragment(of written: String, with fragment: String) -> String {
    let base = written.firstIndex(of: "#").map { written[..<$0] } ?? written[...]
    return base + "#" + fragment
  }

  /// `written` (which resolved to `resolved`) leading to `target` instead: its last
  /// segment replaced, as the author wrote the rest (`../img/logo.png` → `../img/logo.svg`).
  static func replacingPath(of written: String, resolved: String, with target: String) -> String {
    func lastSegment(_ text: Substring) -> Substring {
      let trimmed = text.hasSuffix("/") ? text.dropLast() : text
      return trimmed.lastIndex(of: "/").map { trimmed[trimmed.index(after: $0)...] } ?? trimmed
    }
    let end = written.firstIndex { $0 == "#" || $0 == "?" } ?? written.endIndex
    let path = written[..<end]
    let segment = lastSegment(path)
    guard !segment.isEmpty, segment == lastSegment(resolved[...]) else { return target }
    let trimmed = path.hasSuffix("/") ? path.dropLast() : path
    let head = trimmed.dropLast(segment.count)
    return head + lastSegment(target[...]) + (path.hasSuffix("/") ? "/" : "") + written[end...]
  }

  func lookup(_ path: String) -> PageIDs? {
    if let ids = targets[path] { return ids }
    if path.hasSuffix("/index.html") { return targets[String(path.dropLast("index.html".count))] }
    if !path.hasSuffix("/") { return targets[path + "/"] }
    return nil
  }

  /// The site path and fragment of an internal link, or nil for external links.
  func resolve(_ href: String, from pageURL: String) -> (String, String?)? {
    let decoded = PageIDs.decodingAmpersands(href)
    if Self.hasScheme(decoded) { return nil }
    if decoded.hasPrefix("//") { return nil }
    let (beforeFragment, fragmentPart) = decoded.splitOnce(atByte: UInt8(ascii: "#"))
    var path = String(String(beforeFragment).splitOnce(atByte: UInt8(ascii: "?")).0)
    let fragment = fragmentPart.map(String.init)
    if path.isEmpty {
      path = pageURL
    } else if !path.hasPrefix("/") {
      path = Self.normalize(pageURL + path)
    } else {
      path = asWritten(path)
    }
    // Site paths are kept encoded one way: `a b/`, `a%20b/` and `a%20b/` all lead there.
    return (Self.normalize(PageURL.canonical(path)), fragment)
  }

  /// Whether a link starts with a URI scheme (`https:`, `mailto:`): an external link.
  /// Read as a browser reads it (``URLSafety/scheme(of:)``).
  static func hasScheme(_ link: String) -> Bool { URLSafety.scheme(of: link) != nil }

  /// `path` with `.`, `..` and empty segments resolved: `/a/./b/../c` → `/a/c`.
  static func normalize(_ path: String) -> String {
    isNormal(path) ? path : normalizeSegments(path)
  }

  static func normalizeSegments(_ path: String) -> String {
    var stack: [Substring] = []
    for part in path.splitOmittingEmpty(atByte: UInt8(ascii: "/")) {
      if part == "." { continue }
      if part == ".." { _ = stack.popLast() } else { stack.append(part) }
    }
    let joined = "/" + stack.joined(separator: "/")
    return path.hasSuffix("/") && joined != "/" ? joined + "/" : joined
  }

  /// Whether ``normalizeSegments(_:)`` would return `path` unchanged: it starts with
  /// `/` and has no empty segment and none starting with a dot (so no `.` or `..`).
  /// Most links are.
  static func isNormal(_ path: String) -> Bool {
    let bytes = path.utf8
    guard bytes.first == UInt8(ascii: "/") else { return false }
    var previous: UInt8 = 0
    for byte in bytes {
      if previous == UInt8(ascii: "/") && (byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".")) { return false }
      previous = byte
    }
    return true
  }

  /// A URL of a page's body as its Markdown wrote it: without the base path the build
  /// put before a site-absolute one (``prefixingSiteLinks(_:basePath:)``).
  func asWritten(_ url: String) -> String {
    guard basePath != "/", url.hasPrefix(basePath) else { return url }
    return "/" + url.dropFirst(basePath.count)
  }
}

/// A link problem found while rewriting a body's links, reported by the link check with
/// the others (and not checked again there).
struct LinkProblem: Sendable, Equatable {
  /// The URL as it stands in the HTML.
  var url: String
  /// What to look for in the Markdown source to place the diagnostic.
  var written: String
  var message: String
  var suggestion: String?
  /// Where the parse placed the link, when it did.
  var place: SourcePlace?
}

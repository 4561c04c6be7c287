import ContainerViews
import CvsiteCore
import Foundation

extension LinkChecker {
  /// A page body with links written the way repositories and DocC write them made into
  /// site links, and the problems found:
  /// - a relative link to a Markdown file (`install.md#linux`, `../guide/a.md`), resolved
  ///   against the page's own folder in `content/` as GitHub does, becomes that page's URL,
  ///   fragment kept;
  /// - `<doc:Name>` and `<doc:Name#heading>` become the URL of the page whose file is
  ///   `Name.md` anywhere in `content/` (case-insensitive); written without text, the
  ///   link shows that page's title;
  /// - a relative image or file (`src`) found next to the page's source is linked there;
  /// - a fragment that matches an id of its target page only case-insensitively, or only
  ///   as GitHub would slug it, is rewritten to that id.
  /// `links` are the body's URLs, when the caller has them already.
  ///
  /// `written` gives, for each URL rewritten, the URL as the page wrote it: what a
  /// problem with the new one is located by in the source.
  func rewritingLinks(
    _ html: String, page: SitePage, links: LinkAttributes? = nil
  ) -> (html: String, problems: [LinkProblem], written: [String: String]) {
    // Most bodies have nothing to rewrite: found with the byte scan the link check uses.
    guard needsRewriting(links ?? LinkAttributes(of: html), page: page) else { return (html, [], [:]) }
    var problems: [LinkProblem] = []
    var writtenAs: [String: String] = [:]
    let folder = page.contentPath.split(separator: "/").dropLast().joined(separator: "/")
    var output = ""
    output.reserveCapacity(html.utf8.count + 64)
    var rest = html[...]
    var hrefIndex = 0
    while let attribute = Self.nextURLAttribute(in: rest) {
      output += rest[..<attribute.valueStart]
      let written = String(rest[attribute.valueStart..<attribute.valueEnd])
      var replacement = written
      var text: String?
      if attribute.isHref {
        let found = problems.count
        (replacement, text) = rewrittenHref(written, folder: folder, page: page, problems: &problems)
        // The link's place, when the page's URLs read in order are the ones seen here.
        if problems.count > found, let links, hrefIndex < links.hrefs.count, links.hrefs[hrefIndex] == written {
          problems[found].place = links.place(of: "href", at: hrefIndex)
        }
        hrefIndex += 1
      } else if let source = rewrittenSource(written, folder: folder) {
        replacement = source
      }
      output += replacement
      if replacement != written, writtenAs[replacement] == nil { writtenAs[replacement] = written }
      rest = rest[attribute.valueEnd...]
      // An autolink `<doc:Name>` shows its URL as its text: the title replaces it.
      if let text, rest.hasPrefix("\">" + written + "</a>") {
        output += "\">" + escapeHTML(text) + "</a>"
        rest = rest.dropFirst(2 + written.count + 4)
      }
    }
    output += rest
    return (output, problems, writtenAs)
  }

  /// Whether the rewriter, knowing every page's ids, corrects the `#fragment` of one of
  /// `links` (as written in the output of the page at `pageURL`): a page rendered
  /// before the ids were known is then rendered again.
  func correctsFragments(in links: LinkAttributes, from pageURL: String) -> Bool {
    links.hrefs.contains { href in
      guard let (path, fragment) = resolve(href, from: pageURL), let fragment, let ids = lookup(path) else {
        return false
      }
      return fixedFragment(fragment, in: ids) != nil
    }
  }

  /// Whether `target` ends in a Markdown extension (`.md`, `.markdown`…), in any case.
  static func endsInMarkdownExtension(_ target: Substring) -> Bool {
    ContentFile.markdownExtensionLength(target) != nil
  }

  /// Whether any `href` or `src` of a body is one ``rewritingLinks(_:page:links:)``
  /// changes or reports.
  private func needsRewriting(_ links: LinkAttributes, page: SitePage) -> Bool {
    for href in links.hrefs {
      let decoded = PageIDs.decodingAmpersands(href)
      let (target, fragment) = decoded.splitOnce(atByte: UInt8(ascii: "#"))
      if Self.endsInMarkdownExtension(target) { return true }
      if target.utf8.starts(with: "doc:".utf8) || target.utf8.starts(with: "DOC:".utf8) { return true }
      if !treeFolder.isEmpty, !Self.hasScheme(decoded) {
        var path = String(String(target).splitOnce(atByte: UInt8(ascii: "?")).0)
        if basePath != "/", path.hasPrefix(basePath) { path = "/" + path.dropFirst(basePath.count) }
        if translatedPath(path[...]) != nil { return true }
      }
      if !target.isEmpty, !Self.hasScheme(decoded), !target.hasPrefix("/"),
        let (path, _) = resolve(decoded, from: page.url), lookup(path) == nil,
        rewrittenSource(
          String(target), folder: page.contentPath.split(separator: "/").dropLast().joined(separator: "/"))
          != nil
      {
        return true
      }
      if !target.isEmpty, !Self.hasScheme(decoded), !target.hasPrefix("/"),
        resolve(decoded, from: page.url).map({ lookup($0.0) == nil }) ?? true,
        pageWithoutExtension(
          String(target), folder: page.contentPath.split(separator: "/").dropLast().joined(separator: "/")) != nil
      {
        return true
      }
      if idsKnown, let fragment, !fragment.isEmpty, let (path, _) = resolve(decoded, from: page.url),
        let ids = lookup(path),
        !ids.contains(String(fragment))
      {
        return true
      }
    }
    for source in links.sources {
      if let first = source.utf8.first, first != UInt8(ascii: "/"), !Self.hasScheme(source) { return true }
    }
    return false
  }

  private func rewrittenHref(_ written: String, folder: String, page: SitePage, problems: inout [LinkProblem]) -> (
    String, String?
  ) {
    let decoded = PageIDs.decodingAmpersands(written)
    let (target, fragmentPart) = decoded.splitOnce(atByte: UInt8(ascii: "#"))
    var fragment = fragmentPart.map(String.init)
    var url: String?
    var title: String?
    if target.lowercased().hasPrefix("doc:") {
      let name = String(target.dropFirst(4))
      guard let source = docPage(named: name) else {
        let names = pagesByName.keys.sorted()
        problems.append(
          LinkProblem(
            url: written, written: "<doc:\(name)",
            message: "`<doc:\(name)>` links to no page: no \(name).md in \(contentFolder)/",
            suggestion: closest(name.lowercased(), names).flatMap { pagesByName[$0]?.first }.map {
              "<doc:\(ContentFile.withoutMarkdownExtension(String($0.split(separator: "/").last ?? "")))>"
            }))
        return (written, nil)
      }
      url = pagesBySource[source]
      title = url.flatMap { titles[$0] }
    } else if !Self.hasScheme(decoded), !target.hasPrefix("//"), Self.endsInMarkdownExtension(target) {
      // Relative to the page's folder, or (with a leading `/`) to `content/`, as GitHub
      // reads a link from the repository's root.
      var path = String(String(target).splitOnce(atByte: UInt8(ascii: "?")).0)
      if basePath != "/", path.hasPrefix(basePath) { path = "/" + path.dropFirst(basePath.count) }
      let base = path.hasPrefix("/") ? "" : (folder.isEmpty ? "/" : "/" + folder + "/")
      // A file's name as on disk: `my%20page.md` is `my page.md`.
      let source = String(Self.normalizeSegments(base + PageURL.decoded(path)).dropFirst())
      guard let found = pagesBySource[source] ?? caseInsensitiveSource(source) else {
        problems.append(
          LinkProblem(
            url: written, written: String(target),
            message: "broken link to `\(target)`: no page \(contentFolder)/\(source)",
            suggestion: closest(source, Array(pagesBySource.keys)).map { relativePath(from: folder, to: $0) }))
        return (written, nil)
      }
      url = found
    } else if !Self.hasScheme(decoded), !target.hasPrefix("/"),
      resolve(decoded, from: page.url).map({ lookup($0.0) == nil }) ?? true,
      let found = pageWithoutExtension(String(target), folder: folder)
    {
      // `./routing`: a page written relative to the source without its extension, as
      // VitePress and Docusaurus pages link, where nothing is at it relative to the URL.
      url = found
    } else if resolvesFromPageFolder, !Self.hasScheme(decoded), !target.isEmpty, !target.hasPrefix("/"),
      resolve(decoded, from: page.url).map({ lookup($0.0) == nil }) ?? false,
      let (path, _) = resolve(String(target), from: Self.folder(of: page.url)), lookup(path) != nil
    {
      // `configuration#x` on `/cli/`: where the page's own generator, whose URL has no
      // trailing slash, leads it (to the page's own URL, slash and all).
      url = targets[path] != nil || path.hasSuffix("/") ? path : path + "/"
    } else if let file = rewrittenSource(String(target), folder: folder),
      resolve(decoded, from: page.url)
        .map({ lookup($0.0) == nil }) ?? false
    {
      // A file written relative to the page's source (`img/logo.png`, `files/a.pdf`),
      // as GitHub and MkDocs read it, when it is not there relative to the page's URL.
      return (file + (fragment.map { "#" + escapeHTML($0) } ?? ""), nil)
    }
    if url == nil, !Self.hasScheme(decoded) {
      var path = String(String(target).splitOnce(atByte: UInt8(ascii: "?")).0)
      if basePath != "/", path.hasPrefix(basePath) { path = "/" + path.dropFirst(basePath.count) }
      url = translatedPath(path[...])
    }
    if url == nil, fragment != nil, let (path, _) = resolve(decoded, from: page.url), let ids = lookup(path),
      let fixed = fixedFragment(fragment, in: ids)
    {
      let base = String(decoded.prefix { $0 != "#" })
      return (escapeHTML(base + "#" + fixed), nil)
    }
    guard let url else { return (written, nil) }
    if let fragment, let ids = targets[url], let fixed = fixedFragment(fragment, in: ids) {
      return (link(url, fixed), title)
    }
    if fragment?.isEmpty == true { fragment = nil }
    return (link(url, fragment), title)
  }

  /// The folder a page's URL is in, as a URL without its trailing slash is read:
  /// `/docs/cli/` is in `/docs/`.
  static func folder(of url: String) -> String {
    guard url.count > 1 else { return url }
    let trimmed = url.hasSuffix("/") ? url.dropLast() : Substring(url)
    return trimmed.lastIndex(of: "/").map { String(trimmed[...$0]) } ?? "/"
  }

  /// The URL of the page `target` names relative to `folder` without its extension
  /// (`routing` for `routing.md`, `guide` for `guide/index.md`); `nil` when none does.
  private func pageWithoutExtension(_ target: String, folder: String) -> String? {
    let path = String(target.splitOnce(atByte: UInt8(ascii: "?")).0)
    guard !path.isEmpty, !(path.split(separator: "/").last ?? "").contains(".") || path.hasSuffix("/") else {
      return nil
    }
    let base = folder.isEmpty ? "/" : "/" + folder + "/"
    let stem = String(Self.normalizeSegments(base + PageURL.decoded(path)).dropFirst())
    guard !stem.hasPrefix("..") else { return nil }
    let trimmed = stem.hasSuffix("/") ? String(stem.dropLast()) : stem
    for suffix in [".md", ".mdx", "/index.md", "/README.md", "/_index.md", "/index.mdx"] {
      if let url = pagesBySource[trimmed + suffix] { return url }
    }
    return nil
  }

  private func link(_ url: String, _ fragment: String?) -> String {
    let path = basePath == "/" ? url : String(basePath.dropLast()) + url
    return escapeHTML(path + (fragment.map { "#" + $0 } ?? ""))
  }

  /// The id a fragment meant: itself when the page has it, else the one id equal to it
  /// ignoring case, or to its GitHub slug; `nil` when nothing needs changing or nothing fits.
  func fixedFragment(_ fragment: String?, in ids: PageIDs) -> String? {
    guard let fragment, !fragment.isEmpty, !ids.contains(fragment) else { return nil }
    let lowered = fragment.lowercased()
    if let match = ids.first(where: { $0.lowercased() == lowered }) { return match }
    let slugged = githubSlug(fragment.removingPercentEncoding ?? fragment)
    return ids.contains(slugged) ? slugged : nil
  }

  private func docPage(named name: String) -> String? {
    let key = ContentFile.withoutMarkdownExtension(name).lowercased()
    return pagesByName[key]?.sorted().first
  }

  private func caseInsensitiveSource(_ source: String) -> String? {
    let lowered = source.lowercased()
    return pagesBySource.keys.first { $0.lowercased() == lowered }.flatMap { pagesBySource[$0] }
  }

  /// A relative image or file next to the page's source, as the site serves it.
  private func rewrittenSource(_ written: String, folder: String) -> String? {
    let decoded = PageIDs.decodingAmpersands(written)
    guard !decoded.isEmpty, !Self.hasScheme(decoded), !decoded.hasPrefix("/"), !decoded.hasPrefix("#") else {
      return nil
    }
    let path = PageURL.canonical(Self.normalizeSegments("/" + (folder.isEmpty ? "" : folder + "/") + decoded))
    guard targets[path] != nil else { return nil }
    return escapeHTML(basePath == "/" ? path : String(basePath.dropLast()) + path)
  }

  /// `target` written relative to `folder` (both under `content/`).
  private func relativePath(from folder: String, to target: String) -> String {
    let from = folder.split(separator: "/")
    let to = target.split(separator: "/")
    var common = 0
    while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
    return (Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)).joined(separator: "/")
  }

  /// The next ` href="` or ` src="` value in `html`, found in one pass over its bytes
  /// (the search resumes after each value, so a page is scanned once in all).
  static func nextURLAttribute(in html: Substring) -> (valueStart: String.Index, valueEnd: String.Index, isHref: Bool)?
  {
    let utf8 = html.utf8
    var index = utf8.startIndex
    while let space = utf8[index...].firstIndex(of: 0x20) {
      var probe = utf8.index(after: space)
      let isHref: Bool
      if utf8[probe...].starts(with: "href=\"".utf8) {
        isHref = true
        probe = utf8.index(probe, offsetBy: 6)
      } else if utf8[probe...].starts(with: "src=\"".utf8) {
        isHref = false
        probe = utf8.index(probe, offsetBy: 5)
      } else {
        index = utf8.index(after: space)
        continue
      }
      guard let end = utf8[probe...].firstIndex(of: 0x22) else { return nil }
      return (probe, end, isHref)
    }
    return nil
  }
}

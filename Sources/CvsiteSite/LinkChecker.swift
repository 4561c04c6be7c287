import Foundation
import CvsiteMarkdown

/// Checks the links inside page bodies: internal paths must lead to a page or a file of
/// the output, and `#fragments` to an id on the target page.
struct LinkChecker {
  /// Site paths that exist (`/docs/`, `/static/logo.png`), with the ids of each page.
  var targets: [String: Set<String>] = [:]
  let basePath: String

  mutating func addPage(url: String, html: String) {
    targets[url] = Self.ids(in: html)
  }

  mutating func addFile(path: String) {
    targets["/" + path] = []
  }

  /// The broken links of one page body, located in its Markdown source (read only when
  /// a link is broken).
  func check(bodyHTML: String, page: SitePage, siteRoot: URL) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    var sourceLines: [Substring]?
    func source() -> [Substring] {
      if let sourceLines { return sourceLines }
      let data = (try? Data(contentsOf: siteRoot.appendingPathComponent(page.sitePath))) ?? Data()
      let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      sourceLines = lines
      return lines
    }
    for href in Self.attributeValues("href", in: bodyHTML) {
      guard let (path, fragment) = resolve(href, from: page.url) else { continue }
      let message: String
      if let ids = lookup(path) {
        guard let fragment, !fragment.isEmpty, !ids.contains(fragment) else { continue }
        message = "link to `\(href)`: no element with id `\(fragment)` on \(path)"
      } else {
        message = "broken link to `\(href)`: no page or file at \(path)"
      }
      let lines = source()
      let (line, column) = Self.locate(href, in: lines)
      diagnostics.append(
        Diagnostic(
          .error, message, at: SourceLocation(path: page.sitePath, line: line, column: column),
          sourceLine: line <= lines.count ? String(lines[line - 1]) : nil))
    }
    return diagnostics
  }

  private func lookup(_ path: String) -> Set<String>? {
    if let ids = targets[path] { return ids }
    if path.hasSuffix("/index.html") { return targets[String(path.dropLast("index.html".count))] }
    if !path.hasSuffix("/") { return targets[path + "/"] }
    return nil
  }

  /// The site path and fragment of an internal link, or nil for external links.
  func resolve(_ href: String, from pageURL: String) -> (String, String?)? {
    let decoded = href.replacingOccurrences(of: "&amp;", with: "&")
    if Self.hasScheme(decoded) { return nil }
    if decoded.hasPrefix("//") { return nil }
    let parts = decoded.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    var path = String(parts[0].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
    let fragment = parts.count > 1 ? String(parts[1]) : nil
    if path.isEmpty {
      path = pageURL
    } else if !path.hasPrefix("/") {
      path = Self.normalize(pageURL + path)
    } else if basePath != "/" && path.hasPrefix(basePath) {
      path = "/" + path.dropFirst(basePath.count)
    }
    return (Self.normalize(path), fragment)
  }

  /// Whether a link starts with a URI scheme (`https:`, `mailto:`): an external link.
  static func hasScheme(_ link: String) -> Bool {
    guard let first = link.unicodeScalars.first, ("a"..."z").contains(first)
      || ("A"..."Z").contains(first)
    else { return false }
    for scalar in link.unicodeScalars {
      if scalar == ":" { return true }
      let allowed = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        || scalar == "+" || scalar == "." || scalar == "-"
      if !allowed { return false }
    }
    return false
  }

  static func normalize(_ path: String) -> String {
    var stack: [Substring] = []
    for part in path.split(separator: "/") {
      if part == "." { continue }
      if part == ".." { _ = stack.popLast() } else { stack.append(part) }
    }
    let joined = "/" + stack.joined(separator: "/")
    return path.hasSuffix("/") && joined != "/" ? joined + "/" : joined
  }

  /// Values of an attribute in rendered HTML (double-quoted, as our renderers write).
  static func attributeValues(_ name: String, in html: String) -> [String] {
    var values: [String] = []
    let marker = " \(name)=\""
    var rest = html[...]
    while let start = rest.range(of: marker) {
      let valueStart = start.upperBound
      guard let end = rest[valueStart...].firstIndex(of: "\"") else { break }
      values.append(String(rest[valueStart..<end]))
      rest = rest[end...]
    }
    return values
  }

  static func ids(in html: String) -> Set<String> {
    Set(attributeValues("id", in: html).map { $0.replacingOccurrences(of: "&amp;", with: "&") })
  }

  /// Line and column of the first occurrence of `target` in the source (1:1 if absent).
  static func locate(_ target: String, in source: [Substring]) -> (Int, Int) {
    let plain = target.replacingOccurrences(of: "&amp;", with: "&")
    for (index, line) in source.enumerated() {
      if let range = line.range(of: plain) {
        return (index + 1, line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 1)
      }
    }
    return (1, 1)
  }
}

import CvsiteCore
import Yams

/// A navigation the settings write out (MkDocs' `nav`): its pages, sections and links in
/// order. When a site has one, it is the navigation: sections need not be folders, and a
/// page it leaves out is still built but not shown in it.
struct WrittenNavigation: Sendable, Hashable {
  /// One entry: a page of the site (by content path, `guide/install.md`), a section of
  /// entries, or a link to another site.
  indirect enum Item: Sendable, Hashable {
    case page(contentPath: String, title: String?)
    case section(title: String, items: [Item])
    case link(title: String, url: String)
  }

  /// A page the navigation names, where it is written: checked once the pages are known.
  struct Named: Sendable, Hashable {
    var contentPath: String
    var location: SourceLocation
    var sourceLine: String?
  }

  var items: [Item] = []
  /// Every page named, in order.
  var named: [Named] = []
  /// The title the navigation gives a page, by content path.
  var titles: [String: String] = [:]

  /// The content paths of the pages named.
  var shown: Set<String> = []

  /// Whether the navigation shows the page at `contentPath`.
  func shows(_ contentPath: String) -> Bool { shown.contains(contentPath) }

  /// Warnings for the pages it names that the site does not have.
  func missingPages(in contentPaths: Set<String>, contentFolder: String) -> [Diagnostic] {
    named.filter { !contentPaths.contains($0.contentPath) }.map {
      Diagnostic(
        .warning, "the navigation names `\($0.contentPath)`, which is not in \(contentFolder)/", at: $0.location,
        sourceLine: $0.sourceLine)
    }
  }
}

extension WrittenNavigation {
  /// Reads MkDocs' `nav` list: `- path.md`, `- Title: path.md`, `- Title: https://…`,
  /// `- Section: [entries]`.
  struct Builder {
    let document: YAMLDocument
    var navigation = WrittenNavigation()
    var diagnostics: [Diagnostic] = []

    init(document: YAMLDocument) { self.document = document }

    /// Sections nested deeper than this are read as their pages.
    static let maxDepth = 32

    mutating func read(_ node: Node) {
      navigation.items = entries(node, depth: 0)
    }

    private mutating func entries(_ node: Node, depth: Int) -> [Item] {
      guard let written = node.sequence.map(Array.init) else {
        diagnostics.append(document.diagnostic(.warning, "'nav' must be a list of pages and sections", at: node))
        return []
      }
      var items: [Item] = []
      for entry in written {
        var title: String?
        var value = entry
        if let mapping = entry.mapping, mapping.count == 1, let first = mapping.first {
          title = first.key.string
          value = first.value
        }
        if let target = value.scalar?.string {
          if Self.isLink(target) {
            guard URLSafety.isSafe(target), !target.contains(where: \.isWhitespace) else {
              diagnostics.append(
                document.diagnostic(.error, "'nav': `\(target)` is not a URL a page may link to", at: value))
              continue
            }
            items.append(.link(title: title ?? target, url: target))
          } else {
            items.append(page(target, title: title, node: value))
          }
        } else if value.sequence != nil {
          let inner = entries(value, depth: depth + 1)
          if depth < Self.maxDepth {
            items.append(.section(title: title ?? "", items: inner))
          } else {
            items += inner
          }
        } else {
          diagnostics.append(
            document.diagnostic(.warning, "'nav': an entry is a page, `Title: page.md`, a URL or a section", at: entry))
        }
      }
      return items
    }

    /// A URL rather than a page of the site.
    static func isLink(_ target: String) -> Bool {
      URLSafety.scheme(of: target) != nil || target.hasPrefix("//")
        || ContentFile.markdownExtensionLength(target) == nil
    }

    private mutating func page(_ written: String, title: String?, node: Node) -> Item {
      var path = written
      while path.hasPrefix("./") { path.removeFirst(2) }
      if path.hasPrefix("/") { path.removeFirst() }
      let location = document.location(of: node)
      navigation.named.append(
        Named(contentPath: path, location: location, sourceLine: document.sourceLine(location.line)))
      navigation.shown.insert(path)
      if let title, navigation.titles[path] == nil { navigation.titles[path] = title }
      return .page(contentPath: path, title: title)
    }
  }
}

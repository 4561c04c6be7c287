import CvsiteThemes

/// The site's sections and pages as a navigation tree: sections first by their page's
/// weight and title, pages by weight, then title.
enum Navigation {
  /// The pages grouped by the section that lists them, each group in tree order. Built
  /// once per render and shared by every page's tree, so a page's tree costs what the
  /// tree holds rather than a pass over the whole site per section.
  struct Index: Sendable {
    /// What the tree shows of a page.
    fileprivate struct Entry: Sendable {
      var title: String
      var url: String
      var weight: Int
      var isSectionIndex: Bool
      var sectionPath: [String]
    }
    fileprivate let entries: [Entry]
    /// Positions in `entries`, by the section that lists them.
    fileprivate let children: [[String]: [Int]]

    init(_ pages: [SitePage]) {
      var entries: [Entry] = []
      entries.reserveCapacity(pages.count)
      var groups: [[String]: [Int]] = [:]
      for page in pages {
        let sectionPath = page.sectionPath
        groups[page.isSectionIndex ? Array(sectionPath.dropLast()) : sectionPath, default: []].append(entries.count)
        entries.append(
          Entry(
            title: page.metadata.title, url: page.url, weight: page.metadata.weight, isSectionIndex: page.isSectionIndex,
            sectionPath: sectionPath))
      }
      // Sorting positions, ties in their order (as a stable sort of the pages leaves them).
      children = groups.mapValues { group in
        group.sorted { a, b in
          let (x, y) = (entries[a], entries[b])
          return (x.weight, x.title, x.url, a) < (y.weight, y.title, y.url, b)
        }
      }
      self.entries = entries
    }
  }

  /// The tree for the page at `current` (a site path such as `/docs/`); links are
  /// prefixed with the site's base path.
  static func tree(_ pages: [SitePage], current: String, basePath: String = "/") -> [NavigationLink] {
    tree(Index(pages), current: current, basePath: basePath)
  }

  /// The same, from an index built once for many pages.
  static func tree(_ index: Index, current: String, basePath: String = "/") -> [NavigationLink] {
    build(index, section: [], current: current, basePath: basePath)
  }

  private static func build(_ index: Index, section: [String], current: String, basePath: String) -> [NavigationLink] {
    let children = index.children[section] ?? []
    return children.compactMap { position in
      let page = index.entries[position]
      if page.isSectionIndex {
        if page.sectionPath.isEmpty { return nil }  // the home page is not its own child
        let nested = build(index, section: page.sectionPath, current: current, basePath: basePath)
        return NavigationLink(
          title: page.title, url: basePath + page.url.dropFirst(), isCurrent: page.url == current,
          isAncestor: current.hasPrefix(page.url), children: nested)
      }
      return NavigationLink(
        title: page.title, url: basePath + page.url.dropFirst(), isCurrent: page.url == current, isAncestor: page.url == current,
        children: [])
    }
  }
}

import CvsiteCore
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
      /// `url` under the site's base path, as links print it.
      var href: String
      var weight: Int
      var isSectionIndex: Bool
      var sectionPath: [String]
    }
    fileprivate let entries: [Entry]
    /// Positions in `entries`, by the section that lists them.
    fileprivate let children: [[String]: [Int]]
    /// Positions in `entries` by URL.
    fileprivate let byURL: [String: Int]

    /// Links are made under `basePath` (`/`, or `/docs/` for a site served below the root).
    init(_ pages: [SitePage], basePath: String = "/") {
      var entries: [Entry] = []
      entries.reserveCapacity(pages.count)
      var groups: [[String]: [Int]] = [:]
      for page in pages {
        let sectionPath = page.sectionPath
        groups[page.isSectionIndex ? Array(sectionPath.dropLast()) : sectionPath, default: []].append(entries.count)
        entries.append(
          Entry(
            title: page.metadata.title, url: page.url, href: basePath + page.url.dropFirst(),
            weight: page.metadata.weight,
            isSectionIndex: page.isSectionIndex, sectionPath: sectionPath))
      }
      // Sorting positions, ties in their order (as a stable sort of the pages leaves them).
      children = groups.mapValues { group in
        group.sorted { a, b in
          let (x, y) = (entries[a], entries[b])
          return (x.weight, x.title, x.url, a) < (y.weight, y.title, y.url, b)
        }
      }
      self.entries = entries
      var order: [Int] = []
      order.reserveCapacity(entries.count)
      let children = self.children
      if let home = children[[]]?.first(where: { entries[$0].isSectionIndex && entries[$0].sectionPath.isEmpty }) {
        order.append(home)
      }
      func visit(_ section: [String], depth: Int) {
        for position in children[section] ?? [] {
          let entry = entries[position]
          if entry.isSectionIndex, entry.sectionPath == section || entry.sectionPath.isEmpty { continue }
          order.append(position)
          if entry.isSectionIndex, depth < 64 { visit(entry.sectionPath, depth: depth + 1) }
        }
      }
      visit([], depth: 0)
      readingOrder = order
      orderOf = Dictionary(order.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
      byURL = Dictionary(
        entries.enumerated().map { ($0.element.url, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    /// Positions in `entries` in reading order: the home page, then the tree depth
    /// first (a section's page before its pages), each level as the navigation sorts it.
    fileprivate let readingOrder: [Int]
    /// Where each entry sits in `readingOrder`.
    fileprivate let orderOf: [Int: Int]

    /// How many pages the index was made from.
    var count: Int { entries.count }

    /// Every position in the pages the index was made from, once: reading order first,
    /// then any page the tree does not reach, in the pages' order.
    var readingSequence: [Int] {
      var seen = [Bool](repeating: false, count: entries.count)
      var sequence: [Int] = []
      sequence.reserveCapacity(entries.count)
      for position in readingOrder + Array(entries.indices) where !seen[position] {
        seen[position] = true
        sequence.append(position)
      }
      return sequence
    }

    /// Positions (in the pages the index was made from) of the pages `section` lists:
    /// its pages and its subsections' own pages, in navigation order.
    func listed(in section: [String]) -> [Int] {
      (children[section] ?? []).filter { !(entries[$0].isSectionIndex && entries[$0].sectionPath == section) }
    }

    /// The pages before and after the one at `url` in reading order.
    func neighbours(of url: String) -> (previous: PageLink?, next: PageLink?) {
      guard let position = byURL[url], let place = orderOf[position] else { return (nil, nil) }
      func link(_ place: Int) -> PageLink? {
        guard readingOrder.indices.contains(place) else { return nil }
        let entry = entries[readingOrder[place]]
        return PageLink(title: entry.title, url: entry.href)
      }
      return (link(place - 1), link(place + 1))
    }

    /// A link to the page at `url`, if the site has one.
    func link(to url: String) -> PageLink? {
      byURL[url].map { PageLink(title: entries[$0].title, url: entries[$0].href) }
    }

    /// The pages that hold the one at `url`, the home page first; empty for the home
    /// page and the pages at the top level.
    func breadcrumbs(of url: String) -> [PageLink] {
      let segments = url.splitOmittingEmpty(atByte: UInt8(ascii: "/"))
      guard segments.count >= 2 else { return [] }
      var result: [PageLink] = []
      var prefix = "/"
      for segment in [""] + segments.dropLast().map(String.init) {
        if !segment.isEmpty { prefix += segment + "/" }
        guard let position = byURL[prefix] else { continue }
        result.append(PageLink(title: entries[position].title, url: entries[position].href))
      }
      return result
    }

    /// The entries of `section` that are the page at `current` or hold it: at most one.
    fileprivate func onPath(of current: String, in section: [String]) -> [Int] {
      var found: [Int] = []
      var prefix = "/"
      var candidates = [prefix]
      for segment in current.splitOmittingEmpty(atByte: UInt8(ascii: "/")) {
        prefix += segment + "/"
        candidates.append(prefix)
      }
      for url in candidates {
        guard let position = byURL[url] else { continue }
        let entry = entries[position]
        let group = entry.isSectionIndex ? Array(entry.sectionPath.dropLast()) : entry.sectionPath
        if group == section, !(entry.isSectionIndex && entry.sectionPath.isEmpty) { found.append(position) }
      }
      return found
    }
  }

  /// The tree for the page at `current` (a site path such as `/docs/`); links are
  /// prefixed with the site's base path. With `expandAll` off, a section lists its pages
  /// only on pages inside it, and only up to ``openLimit`` of them, so each page's tree
  /// stays small on a large site.
  static func tree(_ pages: [SitePage], current: String, basePath: String = "/", expandAll: Bool = false)
    -> [NavigationLink]
  {
    tree(Index(pages, basePath: basePath), current: current, expandAll: expandAll)
  }

  /// The same, from an index built once for many pages (links under the index's base path).
  static func tree(_ index: Index, current: String, expandAll: Bool = false) -> [NavigationLink] {
    build(index, section: [], current: current, expandAll: expandAll)
  }

  /// Beyond this many entries, a section shows in the navigation only the entry the
  /// current page is (or is in); the section's own page lists them all. Keeps every
  /// page's navigation small, however many pages a folder holds.
  static let openLimit = 50

  private static func build(_ index: Index, section: [String], current: String, expandAll: Bool) -> [NavigationLink] {
    var children = index.children[section] ?? []
    if !expandAll, children.count > openLimit { children = index.onPath(of: current, in: section) }
    return children.compactMap { position in
      let page = index.entries[position]
      if page.isSectionIndex {
        if page.sectionPath.isEmpty { return nil }  // the home page is not its own child
        let isOpen = expandAll || current.hasPrefix(page.url)
        let nested = isOpen ? build(index, section: page.sectionPath, current: current, expandAll: expandAll) : []
        return NavigationLink(
          title: page.title, url: page.href, isCurrent: page.url == current, isAncestor: current.hasPrefix(page.url),
          children: nested)
      }
      return NavigationLink(
        title: page.title, url: page.href, isCurrent: page.url == current, isAncestor: page.url == current, children: []
      )
    }
  }
}

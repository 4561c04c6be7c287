import CvsiteCore
import CvsiteThemes

/// The site's sections and pages as a navigation tree: sections first by their page's
/// weight and title, pages by weight, then title; or, when the settings write one out
/// (``WrittenNavigation``), that navigation as written.
enum Navigation {
  /// The pages grouped by the section that lists them, each group in tree order. Built
  /// once per render and shared by every page's tree, so a page's tree costs what the
  /// tree holds rather than a pass over the whole site per section.
  struct Index: Sendable {
    /// What the tree shows of a page.
    fileprivate struct Entry: Sendable {
      enum Kind: Sendable { case page, heading, link }
      var title: String
      var url: String
      /// `url` under the site's base path, as links print it.
      var href: String
      var weight: Int
      var isSectionIndex: Bool
      var sectionPath: [String]
      var kind = Kind.page
      /// The heading the entry is under among its siblings (``PageMetadata/navGroup``).
      var group: String?
      /// In a written navigation, the key of the entries this one holds in `tree`.
      var childrenKey: [String]?
    }
    fileprivate let entries: [Entry]
    /// Positions in `entries`, by the section that lists them.
    fileprivate let children: [[String]: [Int]]
    /// The navigation tree: `children`, or the written navigation's entries by section.
    fileprivate let tree: [[String]: [Int]]
    /// Whether `tree` is a written navigation.
    fileprivate let isWritten: Bool
    /// Positions in `entries` by URL.
    fileprivate let byURL: [String: Int]
    /// How many pages the index was made from (the first entries; written sections and
    /// links follow).
    private let pageCount: Int

    /// Links are made under `basePath` (`/`, or `/docs/` for a site served below the root).
    init(_ pages: [SitePage], basePath: String = "/", written: WrittenNavigation? = nil) {
      var entries: [Entry] = []
      entries.reserveCapacity(pages.count)
      var groups: [[String]: [Int]] = [:]
      for page in pages {
        let sectionPath = page.sectionPath
        // A page the navigation leaves out is still a page: its URL leads to it.
        if page.metadata.inNavigation || (page.isSectionIndex && sectionPath.isEmpty) {
          groups[page.isSectionIndex ? Array(sectionPath.dropLast()) : sectionPath, default: []].append(entries.count)
        }
        entries.append(
          Entry(
            title: page.metadata.navTitle ?? page.metadata.title, url: page.url, href: basePath + page.url.dropFirst(),
            weight: page.metadata.weight,
            isSectionIndex: page.isSectionIndex, sectionPath: sectionPath, group: page.metadata.navGroup))
      }
      pageCount = pages.count
      // Sorting positions, ties in their order (as a stable sort of the pages leaves them).
      children = groups.mapValues { group in
        group.sorted { a, b in
          let (x, y) = (entries[a], entries[b])
          return (x.weight, x.title, x.url, a) < (y.weight, y.title, y.url, b)
        }
      }
      var order: [Int] = []
      order.reserveCapacity(entries.count)
      if let written {
        var tree: [[String]: [Int]] = [:]
        let positions = Dictionary(
          pages.enumerated().map { ($0.element.contentPath, $0.offset) }, uniquingKeysWith: { first, _ in first })
        Self.place(
          written.items, key: [], positions: positions, children: children, entries: &entries, tree: &tree,
          order: &order)
        self.tree = tree
        isWritten = true
      } else {
        tree = children
        isWritten = false
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
      }
      self.entries = entries
      readingOrder = order
      orderOf = Dictionary(order.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
      byURL = Dictionary(
        entries.prefix(pageCount).enumerated().map { ($0.element.url, $0.offset) },
        uniquingKeysWith: { first, _ in first })
    }

    /// Puts a written navigation's `items` under `key` in `tree`, in reading `order`. A
    /// section is a heading over its entries; one whose first entry is a folder's own
    /// page (`guide/index.md`) is that page, titled as the section.
    private static func place(
      _ items: [WrittenNavigation.Item], key: [String], positions: [String: Int], children: [[String]: [Int]],
      entries: inout [Entry], tree: inout [[String]: [Int]], order: inout [Int]
    ) {
      for (offset, item) in items.enumerated() {
        switch item {
        case .page(let contentPath, let title):
          guard let position = positions[contentPath], !holds(entries, position, key) else { continue }
          if let title { entries[position].title = title }
          tree[key, default: []].append(position)
          order.append(position)
        case .link(let title, let url):
          tree[key, default: []].append(entries.count)
          entries.append(
            Entry(title: title, url: "", href: url, weight: 0, isSectionIndex: false, sectionPath: [], kind: .link))
        case .section(let title, var inner, let page):
          let childKey = key + [String(offset)]
          var position: Int
          if let page, let found = positions[page], entries[found].childrenKey == nil {
            position = found
            entries[position].title = title.isEmpty ? entries[position].title : title
            order.append(position)
          } else if case .page(let path, _)? = inner.first, let found = positions[path], entries[found].isSectionIndex,
            entries[found].childrenKey == nil
          {
            position = found
            entries[position].title = title.isEmpty ? entries[position].title : title
            order.append(position)
            inner.removeFirst()
          } else {
            position = entries.count
            entries.append(
              Entry(title: title, url: "", href: "", weight: 0, isSectionIndex: false, sectionPath: [], kind: .heading))
          }
          entries[position].childrenKey = childKey
          tree[key, default: []].append(position)
          place(
            inner, key: childKey, positions: positions, children: children, entries: &entries, tree: &tree,
            order: &order)
        case .folder(let path):
          let section = path.split(separator: "/").map(String.init)
          placeFolder(
            section, key: key + [String(offset)], into: key, children: children, entries: &entries,
            tree: &tree, order: &order, depth: 0)
        }
      }
    }

    /// Puts the pages of the folder `section` under `parent` in `tree`, as the navigation
    /// made from the folders has them: a subfolder is its section page over its pages
    /// (their entries under keys made from `key`).
    private static func placeFolder(
      _ section: [String], key: [String], into parent: [String], children: [[String]: [Int]], entries: inout [Entry],
      tree: inout [[String]: [Int]], order: inout [Int], depth: Int
    ) {
      for position in children[section] ?? [] {
        let entry = entries[position]
        if entry.isSectionIndex, entry.sectionPath == section || entry.sectionPath.isEmpty { continue }
        if holds(entries, position, parent) { continue }
        tree[parent, default: []].append(position)
        order.append(position)
        guard entry.isSectionIndex, entry.childrenKey == nil, depth < 64 else { continue }
        let childKey = key + [String(position)]
        entries[position].childrenKey = childKey
        placeFolder(
          entry.sectionPath, key: childKey, into: childKey, children: children, entries: &entries, tree: &tree,
          order: &order, depth: depth + 1)
      }
    }

    /// Whether the entry at `position` is a section whose entries include those under
    /// `key`: placing it there would make it its own entry (a Docusaurus category whose
    /// doc sits in its own `autogenerated` folder), a tree without end.
    private static func holds(_ entries: [Entry], _ position: Int, _ key: [String]) -> Bool {
      guard let own = entries[position].childrenKey else { return false }
      return key.starts(with: own)
    }

    /// The link of the first page under `key`, depth first; nil when it holds none.
    fileprivate func firstPage(under key: [String], depth: Int = 0) -> String? {
      guard depth < 64 else { return nil }
      for position in tree[key] ?? [] {
        let entry = entries[position]
        if entry.kind == .page { return entry.href }
        if let inner = entry.childrenKey, let found = firstPage(under: inner, depth: depth + 1) { return found }
      }
      return nil
    }

    /// Whether the entries under `key` hold the page at `url`.
    fileprivate func holds(_ key: [String], _ url: String) -> Bool {
      (tree[key] ?? []).contains { position in
        let entry = entries[position]
        return (entry.kind == .page && entry.url == url) || (entry.childrenKey.map { holds($0, url) } ?? false)
      }
    }

    /// Positions in `entries` in reading order: the home page, then the tree depth
    /// first (a section's page before its pages), each level as the navigation sorts it.
    fileprivate let readingOrder: [Int]
    /// Where each entry sits in `readingOrder`.
    fileprivate let orderOf: [Int: Int]

    /// How many pages the index was made from.
    var count: Int { pageCount }

    /// Every position in the pages the index was made from, once: reading order first,
    /// then any page the tree does not reach, in the pages' order.
    var readingSequence: [Int] {
      var seen = [Bool](repeating: false, count: pageCount)
      var sequence: [Int] = []
      sequence.reserveCapacity(pageCount)
      for position in readingOrder + Array(0..<pageCount) where !seen[position] {
        seen[position] = true
        sequence.append(position)
      }
      return sequence
    }

    /// Positions (in the pages the index was made from) of the pages `section` lists:
    /// its pages and its subsections' own pages, in navigation order.
    func listed(in section: [String]) -> [Int] {
      (children[section] ?? []).filter { !isOwnPage($0, of: section) }
    }

    /// Whether `section` lists anything: found at its first entries, not by listing them
    /// all (asked for every closed section of every page's navigation).
    fileprivate func lists(_ section: [String]) -> Bool {
      (children[section] ?? []).contains { !isOwnPage($0, of: section) }
    }

    private func isOwnPage(_ position: Int, of section: [String]) -> Bool {
      entries[position].isSectionIndex && entries[position].sectionPath == section
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
    index.isWritten
      ? written(index, key: [], current: current, expandAll: expandAll)
      : build(index, section: [], current: current, expandAll: expandAll)
  }

  /// The written navigation under `key`: a section is open on the pages it holds. A
  /// heading (a section without a page of its own) that does not hold the current page
  /// is closed too, and leads to its first page: so each page's navigation shows the
  /// sections and the way to the page, not the whole navigation (which, repeated in
  /// every page, would make the site grow with the square of its pages).
  private static func written(_ index: Index, key: [String], current: String, expandAll: Bool) -> [NavigationLink] {
    (index.tree[key] ?? []).map { position in
      let entry = index.entries[position]
      guard let childKey = entry.childrenKey else {
        let isCurrent = entry.kind == .page && entry.url == current
        return NavigationLink(
          title: entry.title, url: entry.href, isCurrent: isCurrent, isAncestor: isCurrent, children: [])
      }
      let isCurrent = entry.kind == .page && entry.url == current
      let holds = isCurrent || index.holds(childKey, current)
      var url = entry.href
      var isOpen = expandAll || holds
      if entry.kind == .heading, !isOpen {
        // A heading leading nowhere (links only) stays open: nothing else reaches them.
        if let first = index.firstPage(under: childKey) { url = first } else { isOpen = true }
      }
      return NavigationLink(
        title: entry.title, url: url, isCurrent: isCurrent, isAncestor: holds,
        children: isOpen ? written(index, key: childKey, current: current, expandAll: expandAll) : [],
        isClosed: !isOpen && !(index.tree[childKey] ?? []).isEmpty)
    }
  }

  /// Beyond this many entries, a section shows in the navigation only the entry the
  /// current page is (or is in); the section's own page lists them all. Keeps every
  /// page's navigation small, however many pages a folder holds.
  static let openLimit = 50

  private static func build(_ index: Index, section: [String], current: String, expandAll: Bool) -> [NavigationLink] {
    var children = index.children[section] ?? []
    if !expandAll, children.count > openLimit { children = index.onPath(of: current, in: section) }
    var links: [NavigationLink] = []
    // Where the heading of the group being filled is in `links`.
    var openGroup: (title: String, at: Int)?
    for position in children {
      let page = index.entries[position]
      let link: NavigationLink
      if page.isSectionIndex {
        if page.sectionPath.isEmpty { continue }  // the home page is not its own child
        let isOpen = expandAll || current.hasPrefix(page.url)
        let nested = isOpen ? build(index, section: page.sectionPath, current: current, expandAll: expandAll) : []
        link = NavigationLink(
          title: page.title, url: page.href, isCurrent: page.url == current, isAncestor: current.hasPrefix(page.url),
          children: nested, isClosed: !isOpen && index.lists(page.sectionPath))
      } else {
        link = NavigationLink(
          title: page.title, url: page.href, isCurrent: page.url == current, isAncestor: page.url == current,
          children: [])
      }
      // Siblings of one group (sorted together by their weight) go under its heading.
      guard let group = page.group else {
        links.append(link)
        openGroup = nil
        continue
      }
      if let open = openGroup, open.title == group {
        links[open.at].children.append(link)
        links[open.at].isAncestor = links[open.at].isAncestor || link.isAncestor
      } else {
        openGroup = (group, links.count)
        links.append(NavigationLink(title: group, url: "", isAncestor: link.isAncestor, children: [link]))
      }
    }
    return links
  }
}

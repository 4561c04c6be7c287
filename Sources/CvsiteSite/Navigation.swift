import CvsiteThemes

/// The site's sections and pages as a navigation tree: sections first by their page's
/// weight and title, pages by weight, then title.
enum Navigation {
  /// The tree for the page at `current` (a site path such as `/docs/`); links are
  /// prefixed with the site's base path.
  static func tree(_ pages: [SitePage], current: String, basePath: String = "/") -> [NavigationLink] {
    build(pages, section: [], current: current, basePath: basePath)
  }

  private static func build(_ pages: [SitePage], section: [String], current: String, basePath: String) -> [NavigationLink] {
    let children = pages.filter { $0.parentSection == section }
      .sorted { ($0.metadata.weight, $0.metadata.title, $0.url) < ($1.metadata.weight, $1.metadata.title, $1.url) }
    return children.compactMap { page in
      if page.isSectionIndex {
        if page.sectionPath.isEmpty { return nil }  // the home page is not its own child
        let nested = build(pages, section: page.sectionPath, current: current, basePath: basePath)
        return NavigationLink(
          title: page.metadata.title, url: basePath + page.url.dropFirst(), isCurrent: page.url == current,
          isAncestor: current.hasPrefix(page.url), children: nested)
      }
      return NavigationLink(
        title: page.metadata.title, url: basePath + page.url.dropFirst(), isCurrent: page.url == current, isAncestor: page.url == current,
        children: [])
    }
  }
}

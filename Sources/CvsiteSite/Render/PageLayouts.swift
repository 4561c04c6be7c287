import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import CvsiteThemes
import Foundation

/// How a page becomes its layout's context: the layout it uses, its navigation and
/// furniture, and a section's listing, split into parts when paginated.
enum PageLayouts {
  /// The layout context of `page` and the layout to use: the page's `layout`, else
  /// `section` for a section page, else `page`. A section page with `list: NAME` gets
  /// its child pages after its body, as the subviews of container NAME: newest first
  /// when every one has a date, else by weight and title. With `paginate: N`, the first
  /// N are listed there and the rest on `page/2/` and on, whose contexts and output
  /// paths come back as `more`.
  static func layoutContext(
    for page: SitePage, in site: [SitePage], navigation index: Navigation.Index, config: SiteConfig,
    theme: SiteThemeAdapter, feedURL: String? = nil, gitDates: [String: String] = [:],
    taxonomies: TaxonomyIndex? = nil, base made: PageContext? = nil
  ) -> (PageContext, String, problems: [String], more: [(PageContext, String)]) {
    let layout = layoutName(of: page)
    let base =
      made
      ?? baseContext(
        for: page, navigation: index, config: config, feedURL: feedURL, gitDates: gitDates, taxonomies: taxonomies,
        languages: nil)
    func context(_ body: String) -> PageContext {
      var made = base
      made.bodyHTML = body
      return made
    }
    guard page.isSectionIndex, let container = page.metadata.list else {
      return (context(page.bodyHTML), layout, [], [])
    }
    let children = listedChildren(of: page, in: site, navigation: index)
    let perPage = page.metadata.paginate ?? max(children.count, 1)
    let parts = stride(from: 0, to: max(children.count, 1), by: perPage).map {
      Array(children[$0..<min($0 + perPage, children.count)])
    }
    let urls = parts.indices.map { config.basePath + Listings.partURL(of: page, part: $0 + 1).dropFirst() }
    var problems: [String] = []
    var contexts: [(PageContext, String)] = []
    for (number, part) in parts.enumerated() {
      let listing = theme.renderListing(container: container, pages: part, basePath: config.basePath)
      if number == 0 { problems = listing.problems }
      var made = context(number == 0 ? page.bodyHTML + listing.html : listing.html)
      if parts.count > 1 {
        made.pager = Pager(current: number + 1, urls: urls)
        if number > 0 {
          // A later part is a listing only: no introduction, description or page links.
          made.title += " · page \(number + 1)"
          made.url = urls[number]
          made.description = nil
          made.previous = nil
          made.next = nil
          made.editURL = nil
          made.canonicalURL = config.canonicalURL(Listings.partURL(of: page, part: number + 1))
        }
      }
      contexts.append((made, PageURL.outputPath(for: Listings.partURL(of: page, part: number + 1))))
    }
    return (contexts[0].0, layout, problems, Array(contexts.dropFirst()))
  }

  /// The layout a page is rendered with: its own `layout`, else `section` for a
  /// section's page, else `page`.
  static func layoutName(of page: SitePage) -> String {
    page.metadata.layout ?? (page.isSectionIndex ? "section" : "page")
  }

  /// A page's layout context before its body: navigation, furniture, terms.
  static func baseContext(
    for page: SitePage, navigation index: Navigation.Index, config: SiteConfig, feedURL: String?,
    gitDates: [String: String], taxonomies: TaxonomyIndex?, languages: PageLanguages? = nil,
    versions: PageVersions? = nil
  ) -> PageContext {
    let navigation = Navigation.tree(index, current: page.url, expandAll: config.navigation == .full)
    var context = PageContext(page: page, bodyHTML: "", navigation: navigation, config: config)
    context.addFurniture(of: page, index: index, config: config, feedURL: feedURL, gitDates: gitDates)
    if let taxonomies { context.taxonomies = taxonomies.links(of: page, basePath: config.basePath) }
    if let languages { context.addLanguages(of: page, languages, config: config) }
    if let versions { context.addVersions(of: page, versions, config: config) }
    return context
  }

  /// The pages a section's page lists, in the listing's order: newest first when every
  /// one has a date, else by weight and title.
  static func listedChildren(of page: SitePage, in site: [SitePage], navigation index: Navigation.Index)
    -> [SitePage]
  {
    Listings.positions(of: page, in: site, navigation: index).map { site[$0] }
  }

  /// What a page's files are made from besides its body, as one number: its layout, its
  /// context before the body (`base`: ``baseContext(for:navigation:config:feedURL:gitDates:taxonomies:)``,
  /// navigation and furniture), the body the link rewriter made of its own when it
  /// changed it, and for a section's page what its listing shows of each listed page
  /// (`listingKeys`: the ``SitePage/listingKey`` of each page of `site`, by position). Two
  /// renders with the same number and the same body write the same files.
  static func layoutInputs(
    for page: SitePage, base: PageContext, rewrittenBody: String?, listingKeys: [Int], in site: [SitePage],
    navigation index: Navigation.Index
  ) -> Int {
    var hasher = Hasher()
    hasher.combine(layoutName(of: page))
    hasher.combine(base)
    hasher.combine(rewrittenBody)
    if page.isSectionIndex, let container = page.metadata.list {
      hasher.combine(container)
      hasher.combine(page.metadata.paginate)
      let listed = Listings.positions(of: page, in: site, navigation: index)
      hasher.combine(listed.count)
      for position in listed { hasher.combine(listingKeys[position]) }
    }
    return hasher.finalize()
  }

  static func notFoundContext(navigation index: Navigation.Index, config: SiteConfig, words: ThemeStrings)
    -> PageContext
  {
    let home = escapeHTML(config.basePath + config.treeFolder)
    let page = SitePage(
      sitePath: "404.html", contentPath: "404.md", isSectionIndex: false,
      metadata: PageMetadata(title: words["pageNotFound"]), url: config.homePath + "404.html",
      bodyHTML:
        "<p>\(escapeHTML(words["pageNotFoundText"])) <a href=\"\(home)\">\(escapeHTML(words["homePage"]))</a></p>\n",
      headings: [], summary: "", values: DeclaredValues())
    return PageContext(
      page: page, bodyHTML: page.bodyHTML,
      navigation: Navigation.tree(index, current: "", expandAll: config.navigation == .full),
      config: config)
  }
}

/// Counts finished pages across workers, for the progress line.

import ContainerViews
import CvsiteCore
import CvsiteThemes

/// The terms of the site's taxonomies (`tags` unless `cvsite.yml` names others) and the
/// pages of each: every term gets a page at `/TAXONOMY/SLUG/`, every taxonomy a page of
/// its terms at `/TAXONOMY/`.
struct TaxonomyIndex: Sendable {
  struct Term: Sendable {
    /// The first spelling met (terms that differ only in case are one term).
    var name: String
    var slug: String
    /// Positions of the term's pages in the pages the index was made from.
    var pages: [Int]
  }

  struct Taxonomy: Sendable {
    let name: String
    /// Sorted by name, case ignored.
    let terms: [Term]
    /// Where each slug's term is in `terms`.
    let positions: [String: Int]

    init(name: String, terms: [Term]) {
      self.name = name
      self.terms = terms
      positions = Dictionary(uniqueKeysWithValues: terms.enumerated().map { ($0.element.slug, $0.offset) })
    }
  }

  private(set) var taxonomies: [Taxonomy] = []
  /// Two spellings that give one address, a term with nothing to give an address.
  private(set) var diagnostics: [Diagnostic] = []
  /// The folder of the language whose pages these are (`""`, `es/`).
  let folder: String

  init(_ pages: [SitePage], names: [String], folder: String = "") {
    self.folder = folder
    for name in names {
      var terms: [Term] = []
      var bySlug: [String: Int] = [:]
      for (position, page) in pages.enumerated() {
        for written in page.metadata.terms[name] ?? [] {
          let termSlug = slug(written)
          let location = SourceLocation(path: page.sitePath, line: 1, column: 1)
          guard !termSlug.isEmpty else {
            diagnostics.append(
              Diagnostic(
                .error, "the \(name) term `\(written)` has no letters or digits to make its address", at: location))
            continue
          }
          if let existing = bySlug[termSlug] {
            if terms[existing].name.lowercased() != written.lowercased() {
              diagnostics.append(
                Diagnostic(
                  .error,
                  "the \(name) terms `\(terms[existing].name)` and `\(written)` both give the address /\(name)/\(termSlug)/; spell one differently",
                  at: location))
              continue
            }
            if terms[existing].pages.last != position { terms[existing].pages.append(position) }
          } else {
            bySlug[termSlug] = terms.count
            terms.append(Term(name: written, slug: termSlug, pages: [position]))
          }
        }
      }
      guard !terms.isEmpty else { continue }
      terms.sort { ($0.name.lowercased(), $0.slug) < ($1.name.lowercased(), $1.slug) }
      taxonomies.append(Taxonomy(name: name, terms: terms))
    }
  }

  /// The site path of a taxonomy's page, or of one of its terms.
  func url(_ taxonomy: String, _ termSlug: String? = nil) -> String {
    "/" + folder + "\(taxonomy)/" + (termSlug.map { $0 + "/" } ?? "")
  }

  /// Every page the taxonomies add, as site paths.
  var urls: [String] {
    taxonomies.flatMap { taxonomy in [self.url(taxonomy.name)] + taxonomy.terms.map { self.url(taxonomy.name, $0.slug) }
    }
  }

  /// A page's terms, per taxonomy, as links (base path included).
  func links(of page: SitePage, basePath: String) -> [TermLinks] {
    taxonomies.compactMap { taxonomy in
      let written = page.metadata.terms[taxonomy.name] ?? []
      guard !written.isEmpty else { return nil }
      var seen = Set<String>()
      let links = written.compactMap { name -> PageLink? in
        let termSlug = slug(name)
        guard !termSlug.isEmpty, seen.insert(termSlug).inserted,
          let term = taxonomy.positions[termSlug].map({ taxonomy.terms[$0] })
        else { return nil }
        return PageLink(title: term.name, url: basePath + self.url(taxonomy.name, termSlug).dropFirst())
      }
      return links.isEmpty ? nil : TermLinks(taxonomy: taxonomy.name, terms: links)
    }
  }

  /// A page the taxonomies add: a taxonomy's terms (HTML made here), or one term's
  /// pages (listed by the theme when rendered).
  struct Page: Sendable {
    var title: String
    /// The site path.
    var url: String
    var breadcrumbs: [PageLink]
    var bodyHTML: String
    /// The positions of the pages it lists in the pages the index was made from, in
    /// the listing's order.
    var listed: [Int]
  }

  /// The pages the taxonomies add: each taxonomy's list of terms with their counts, and
  /// each term's pages (newest first when all are dated, else by title).
  func pages(
    _ site: [SitePage], navigation index: Navigation.Index, basePath base: String,
    words: ThemeStrings = ThemeStrings(language: "en", words: [:])
  ) -> [Page] {
    var result: [Page] = []
    func count(_ pages: Int) -> String {
      if pages == 1, let one = words.words["onePage"] { return one }
      if let many = words.words["pages"] { return many.replacingOccurrences(of: "{count}", with: String(pages)) }
      return "\(pages) page\(pages == 1 ? "" : "s")"
    }
    let home = index.link(to: "/" + folder) ?? PageLink(title: "Home", url: base + folder)
    for taxonomy in taxonomies {
      let title = taxonomy.name.prefix(1).uppercased() + taxonomy.name.dropFirst()
      let taxonomyURL = self.url(taxonomy.name)
      var list = "<ul class=\"cv-terms\">\n"
      for term in taxonomy.terms {
        let href = base + self.url(taxonomy.name, term.slug).dropFirst()
        list +=
          "<li><a href=\"\(escapeHTML(href))\" rel=\"tag\">\(escapeHTML(term.name))</a> "
          + "<span class=\"cv-term-count\">\(escapeHTML(count(term.pages.count)))</span></li>\n"
      }
      list += "</ul>\n"
      result.append(Page(title: title, url: taxonomyURL, breadcrumbs: [home], bodyHTML: list, listed: []))
      let crumbs = [home, PageLink(title: title, url: base + taxonomyURL.dropFirst())]
      for term in taxonomy.terms {
        var pages = term.pages
        if pages.allSatisfy({ site[$0].metadata.date != nil }) {
          pages.sort {
            let (a, b) = (site[$0], site[$1])
            return (a.metadata.date ?? "", b.metadata.title) > (b.metadata.date ?? "", a.metadata.title)
          }
        } else {
          pages.sort {
            let (a, b) = (site[$0], site[$1])
            return (a.metadata.title.lowercased(), a.url) < (b.metadata.title.lowercased(), b.url)
          }
        }
        result.append(
          Page(
            title: term.name, url: self.url(taxonomy.name, term.slug), breadcrumbs: crumbs, bodyHTML: "",
            listed: pages))
      }
    }
    return result
  }

  /// What ``context(of:site:navigation:config:theme:container:)`` makes the page from,
  /// as one number (see ``RenderMemo``); `listingKeys` are the
  /// ``SitePage/listingKey`` of the site's pages, by position.
  static func inputs(
    of page: Page, listingKeys: [Int], navigation index: Navigation.Index, config: SiteConfig, container: String?
  ) -> Int {
    var hasher = Hasher()
    hasher.combine(page.title)
    hasher.combine(page.url)
    hasher.combine(page.breadcrumbs)
    hasher.combine(page.bodyHTML)
    hasher.combine(container)
    hasher.combine(page.listed.count)
    for position in page.listed { hasher.combine(listingKeys[position]) }
    hasher.combine(Navigation.tree(index, current: page.url, expandAll: config.navigation == .full))
    return hasher.finalize()
  }

  /// The layout context of a page the taxonomies add; its listing rendered by
  /// `container` (a plain list without one), and the problems that gave.
  static func context(
    of page: Page, site: [SitePage], navigation index: Navigation.Index, config: SiteConfig,
    theme: SiteThemeAdapter, container: String?
  ) -> (PageContext, problems: [String]) {
    var body = page.bodyHTML
    var problems: [String] = []
    if !page.listed.isEmpty {
      let listed = page.listed.map { site[$0] }
      if let container {
        let listing = theme.renderListing(container: container, pages: listed, basePath: config.basePath)
        body += listing.html
        problems = listing.problems
      } else {
        body +=
          "<ul>\n"
          + listed.map {
            "<li><a href=\"\(escapeHTML(config.basePath + $0.url.dropFirst()))\">\(escapeHTML($0.metadata.title))</a></li>\n"
          }.joined() + "</ul>\n"
      }
    }
    var context = PageContext(
      title: page.title, bodyHTML: body, url: config.basePath + page.url.dropFirst(), siteTitle: config.title,
      siteDescription: config.description.isEmpty ? nil : config.description, baseURL: config.baseURL,
      language: config.language,
      navigation: Navigation.tree(index, current: page.url, expandAll: config.navigation == .full),
      basePath: config.basePath)
    context.breadcrumbs = page.breadcrumbs
    context.canonicalURL = config.canonicalURL(page.url)
    context.searchURL = config.searchURL
    return (context, problems)
  }
}

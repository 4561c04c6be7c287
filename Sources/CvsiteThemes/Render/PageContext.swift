import CvsiteCore

/// What a page layout (`layouts/page.mustache`, `section`, `404`…) receives.
public struct PageContext: Sendable, Hashable {
  /// The page title (plain text).
  public var title: String
  /// The rendered body.
  public var bodyHTML: String
  /// The page's own URL path (`/docs/install/`).
  public var url: String
  /// The page's description (front matter), for `<meta name="description">`.
  public var description: String?
  /// The site's title (`cvsite.yml`).
  public var siteTitle: String
  /// The site's description (`cvsite.yml`).
  public var siteDescription: String?
  /// The site's absolute base URL (`https://example.org/docs/`).
  public var baseURL: String {
    didSet { basePath = CvsiteCore.basePath(ofBaseURL: baseURL) }
  }
  /// The language of the page (`en`), for `<html lang>`.
  public var language: String
  /// The site navigation, current page marked.
  public var navigation: [NavigationLink]
  /// The page's headings for the table of contents.
  public var tableOfContents: [TOCLink]
  /// The home page (hides the page title in some layouts).
  public var isHome: Bool
  /// Further metadata shown by layouts (`date`, `author`…), escaped when printed.
  public var metadata: [String: String]
  /// The pages before and after this one in reading order (navigation order, across
  /// sections), when shown.
  public var previous: PageLink?
  public var next: PageLink?
  /// The pages that hold this one, the home page first (empty at the top level).
  public var breadcrumbs: [PageLink] = []
  /// Where to edit the page's source (`editURL` in `cvsite.yml` and the page's path).
  public var editURL: String?
  /// When the page last changed: `YYYY-MM-DD` or an RFC 3339 timestamp.
  public var lastUpdated: String?
  /// The page's absolute URL, for `<link rel="canonical">` and `og:url`.
  public var canonicalURL: String?
  /// The site's feed, when it has one.
  public var feedURL: String?
  /// The folder of the site's search index (`/search/`), when the site has one: the
  /// theme's search dialog reads its files.
  public var searchURL: String?
  /// The picture link previews show (`image` of the page, else of the site), absolute.
  public var imageURL: String?
  /// The start of the page's text, for a description when it has none of its own.
  public var summary: String?
  /// On a section page whose listing is split (`paginate`): where this part stands.
  public var pager: Pager?
  /// The page's terms, per taxonomy (`tags`), each a link to the term's page.
  public var taxonomies: [TermLinks] = []
  /// Style sheets and scripts of the site's own, linked after the theme's (URLs).
  public var styles: [String] = []
  public var scripts: [String] = []
  /// `ltr` or `rtl`: the direction of the page's language.
  public var direction = "ltr"
  /// The URL of the home page in the page's language (`/`, `/es/`).
  public var homeURL: String?
  /// On a site of several languages, this page in each of them (or the nearest page
  /// above it there), for a language switcher.
  public var languages: [LanguageLink] = []
  /// The page's translations for `<link rel="alternate" hreflang>`, `x-default`
  /// included (absolute URLs when the base URL names a host).
  public var alternates: [Alternate] = []
  /// On a page shown in place of a missing translation: the notice saying so, in the
  /// reader's language.
  public var untranslatedNotice: String?
  /// The language of the body when it is not the page's (an untranslated page).
  public var bodyLanguage: String?
  /// ``lastUpdated`` as the page's language writes a date (`27 novembre 2026`).
  public var lastUpdatedText: String?
  /// On a site of several versions, this page in each of them (or that version's home).
  public var versions: [VersionLink] = []
  /// On a page of an older version: the notice saying so, in the reader's language.
  public var olderVersionNotice: String?
  /// On a page of an older version: the page in the newest version (or its home).
  public var newestVersionURL: String?

  /// A page context; everything but the title and body has a default.
  public init(
    title: String, bodyHTML: String, url: String = "/", description: String? = nil, siteTitle: String,
    siteDescription: String? = nil, baseURL: String = "/", language: String = "en",
    navigation: [NavigationLink] = [], tableOfContents: [TOCLink] = [], isHome: Bool = false,
    metadata: [String: String] = [:], basePath: String? = nil
  ) {
    self.title = title
    self.bodyHTML = bodyHTML
    self.url = url
    self.description = description
    self.siteTitle = siteTitle
    self.siteDescription = siteDescription
    self.baseURL = baseURL
    self.basePath = basePath ?? CvsiteCore.basePath(ofBaseURL: baseURL)
    self.language = language
    self.navigation = navigation
    self.tableOfContents = tableOfContents
    self.isHome = isHome
    self.metadata = metadata
  }

  /// The path part of ``baseURL``, ending in `/` (`/docs/`): the prefix of asset and
  /// page links. Kept with ``baseURL`` (given to `init` by a caller that already has
  /// it, such as a site build) rather than worked out again for every page's context.
  public private(set) var basePath: String
}

/// A language of the site as a switcher offers it.
public struct LanguageLink: Sendable, Hashable {
  /// The language tag (`es`).
  public var code: String
  /// Its name in itself (`Español`).
  public var name: String
  /// The page in that language, base path included.
  public var url: String
  /// Whether this is the page's own language.
  public var isCurrent: Bool
  /// Whether the page is translated into it (else `url` is the nearest page above,
  /// or the page shown untranslated).
  public var isTranslated: Bool

  /// A language link.
  public init(code: String, name: String, url: String, isCurrent: Bool, isTranslated: Bool) {
    (self.code, self.name, self.url, self.isCurrent, self.isTranslated) = (code, name, url, isCurrent, isTranslated)
  }
}

/// A version of the site as a switcher offers it.
public struct VersionLink: Sendable, Hashable {
  /// The version's name (`2.0`).
  public var name: String
  /// The page in that version (or the version's home), base path included.
  public var url: String
  /// Whether this is the page's own version.
  public var isCurrent: Bool
  /// Whether this is the newest version.
  public var isNewest: Bool

  /// A version link.
  public init(name: String, url: String, isCurrent: Bool, isNewest: Bool) {
    (self.name, self.url, self.isCurrent, self.isNewest) = (name, url, isCurrent, isNewest)
  }
}

/// A translation of a page, for `<link rel="alternate" hreflang="…">`.
public struct Alternate: Sendable, Hashable {
  /// The language tag, or `x-default`.
  public var hreflang: String
  /// The translation's URL.
  public var url: String

  /// An alternate.
  public init(hreflang: String, url: String) { (self.hreflang, self.url) = (hreflang, url) }
}

/// One entry of the site navigation tree.
public struct NavigationLink: Sendable, Hashable {
  /// The link text.
  public var title: String
  /// Where the link goes, base path included.
  public var url: String
  /// Whether this is the page being rendered.
  public var isCurrent: Bool
  /// The current page is inside this entry.
  public var isAncestor: Bool
  /// The pages and sections below this one.
  public var children: [NavigationLink]
  /// A section whose pages this page's navigation does not show (it opens on them).
  public var isClosed: Bool

  /// A navigation link.
  public init(
    title: String, url: String, isCurrent: Bool = false, isAncestor: Bool = false, children: [NavigationLink] = [],
    isClosed: Bool = false
  ) {
    self.title = title
    self.url = url
    self.isCurrent = isCurrent
    self.isAncestor = isAncestor
    self.children = children
    self.isClosed = isClosed
  }
}

/// A link to another page of the site.
public struct PageLink: Sendable, Hashable {
  /// The page's title.
  public var title: String
  /// Where the link goes, base path included.
  public var url: String

  /// A link to a page.
  public init(title: String, url: String) {
    self.title = title
    self.url = url
  }
}

/// A page's terms in one taxonomy.
public struct TermLinks: Sendable, Hashable {
  /// The taxonomy (`tags`).
  public var taxonomy: String
  /// Each term's name and the URL of its page.
  public var terms: [PageLink]

  /// The terms of one taxonomy.
  public init(taxonomy: String, terms: [PageLink]) {
    self.taxonomy = taxonomy
    self.terms = terms
  }
}

/// The parts of a listing split over several pages (`/blog/`, `/blog/page/2/`…).
public struct Pager: Sendable, Hashable {
  /// This part's number, from 1.
  public var current: Int
  /// Each part's URL (base path included), the first being the section's own.
  public var urls: [String]

  /// A pager; `urls` holds at least one URL.
  public init(current: Int, urls: [String]) {
    self.current = current
    self.urls = urls
  }
}

/// One table-of-contents entry.
public struct TOCLink: Sendable, Hashable {
  /// The heading level (2 to 6).
  public var level: Int
  /// The heading's id: the link's fragment.
  public var id: String
  /// The heading as plain text.
  public var text: String
  /// The label of the tab panel holding the heading, if any.
  public var tab: String?

  /// A table-of-contents link; `tab` names the tab the heading sits in.
  public init(level: Int, id: String, text: String, tab: String? = nil) {
    self.level = level
    self.id = id
    self.text = text
    self.tab = tab
  }
}

extension PageContext {
  /// The template context of a layout:
  ///
  /// - `site`: `title`, `description`, `baseURL`, `basePath`, `language`, `feed`,
  ///   `styles` and `scripts` (lists of `url`: the site's own, after the theme's);
  /// - `page`: `title`, `description`, `url`, `isHome`, `meta` (the ``metadata`` map),
  ///   `previous` and `next` (`title`, `url`), `breadcrumbs` (a list of `title`, `url`)
  ///   and `hasBreadcrumbs`, `editURL`, `lastUpdated`, `canonical`, `image`, `summary`;
  /// - `page.pager`, on a section page whose listing is split: `current`, `total`, `previous`
  ///   and `next` (URLs, when there are such parts), `pages` (`number`, `url`,
  ///   `isCurrent`);
  /// - `page.taxonomies`: the page's terms, per taxonomy: `name` (`Tags`), `taxonomy`
  ///   (`tags`), `terms` (`title`, `url`);
  /// - `content`: the body HTML (print it with `{{{content}}}`);
  /// - `nav`: entries with `title`, `url` and `hasURL` (a section of a written navigation
  ///   may be a heading without a page), `isCurrent`, `isAncestor`, `hasChildren`,
  ///   `isClosed` (a section whose pages are shown only on them), `children` (same
  ///   shape; recurse with a partial); `hasNav`;
  /// - `toc`: entries with `level`, `depth` (0 for the shallowest level), `id`, `text`,
  ///   `tab`; `hasToc`;
  /// - `assets`: the URL prefix of theme assets (`/assets/`);
  /// - `generator`: `cvsite 0.1.0`.
  var templateContext: TemplateValue {
    let base = basePath
    var site: TemplateObject = [
      "title": .string(siteTitle), "baseURL": .string(baseURL), "basePath": .string(base),
      "language": .string(language), "direction": .string(direction), "home": .string(homeURL ?? base),
    ]
    if !languages.isEmpty {
      site["languages"] = .list(
        languages.map {
          [
            "code": .string($0.code), "name": .string($0.name), "url": .string($0.url),
            "isCurrent": .bool($0.isCurrent), "isTranslated": .bool($0.isTranslated),
          ]
        })
      site["hasLanguages"] = .bool(true)
    }
    if !versions.isEmpty {
      site["versions"] = .list(
        versions.map {
          [
            "name": .string($0.name), "url": .string($0.url), "isCurrent": .bool($0.isCurrent),
            "isNewest": .bool($0.isNewest),
          ]
        })
      site["hasVersions"] = .bool(true)
      if let current = versions.first(where: \.isCurrent) { site["version"] = .string(current.name) }
    }
    if let siteDescription, !siteDescription.isEmpty { site["description"] = .string(siteDescription) }
    site["styles"] = .list(styles.map { ["url": .string($0)] })
    site["scripts"] = .list(scripts.map { ["url": .string($0)] })
    var page: TemplateObject = [
      "title": .string(title), "url": .string(url), "isHome": .bool(isHome),
      "meta": .object(TemplateObject(uniqueNamesWithValues: metadata.map { ($0.key, .string($0.value)) })),
    ]
    if let description, !description.isEmpty { page["description"] = .string(description) }
    if let previous { page["previous"] = Self.pageLink(previous) }
    if let next { page["next"] = Self.pageLink(next) }
    page["breadcrumbs"] = .list(breadcrumbs.map(Self.pageLink))
    page["hasBreadcrumbs"] = .bool(!breadcrumbs.isEmpty)
    for (key, value) in [
      ("editURL", editURL), ("lastUpdated", lastUpdated), ("canonical", canonicalURL), ("summary", summary),
    ] {
      if let value, !value.isEmpty { page[key] = .string(value) }
    }
    if let imageURL, !imageURL.isEmpty { page["image"] = .string(imageURL) }
    if !alternates.isEmpty {
      page["alternates"] = .list(alternates.map { ["hreflang": .string($0.hreflang), "url": .string($0.url)] })
    }
    if let untranslatedNotice { page["untranslated"] = .string(untranslatedNotice) }
    if let olderVersionNotice { page["olderVersion"] = .string(olderVersionNotice) }
    if let newestVersionURL { page["newestVersionURL"] = .string(newestVersionURL) }
    if let bodyLanguage { page["bodyLanguage"] = .string(bodyLanguage) }
    if let lastUpdated, !lastUpdated.isEmpty { page["lastUpdatedText"] = .string(lastUpdatedText ?? lastUpdated) }
    if let feedURL, !feedURL.isEmpty { site["feed"] = .string(feedURL) }
    if let searchURL, !searchURL.isEmpty { site["search"] = .string(searchURL) }
    var pagerValue: TemplateValue?
    if let pager, pager.urls.count > 1 {
      var object: TemplateObject = [
        "current": .int(pager.current), "total": .int(pager.urls.count),
        "pages": .list(
          pager.urls.enumerated().map { index, url in
            ["number": .int(index + 1), "url": .string(url), "isCurrent": .bool(index + 1 == pager.current)]
          }),
      ]
      if pager.current > 1 { object["previous"] = .string(pager.urls[pager.current - 2]) }
      if pager.current < pager.urls.count { object["next"] = .string(pager.urls[pager.current]) }
      pagerValue = .object(object)
    }
    let minLevel = tableOfContents.map(\.level).min() ?? 2
    let toc: [TemplateValue] = tableOfContents.map { entry in
      var item: TemplateObject = [
        "level": .int(entry.level), "depth": .int(entry.level - minLevel), "id": .string(entry.id),
        "text": .string(entry.text),
      ]
      if let tab = entry.tab, !tab.isEmpty { item["tab"] = .string(tab) }
      return .object(item)
    }
    if let pagerValue { page["pager"] = pagerValue }
    page["taxonomies"] = .list(
      taxonomies.map { group in
        [
          "name": .string(group.taxonomy.prefix(1).uppercased() + group.taxonomy.dropFirst()),
          "taxonomy": .string(group.taxonomy), "terms": .list(group.terms.map(Self.pageLink)),
        ]
      })
    return [
      "site": .object(site), "page": .object(page), "content": .string(bodyHTML),
      "nav": .list(navigation.map(Self.navItem)), "hasNav": .bool(!navigation.isEmpty), "toc": .list(toc),
      "hasToc": .bool(!toc.isEmpty), "assets": .string(base + "assets/"),
      "generator": .string("cvsite \(cvsiteVersion)"),
    ]
  }

  static func pageLink(_ link: PageLink) -> TemplateValue {
    ["title": .string(link.title), "url": .string(link.url)]
  }

  /// Every key is always present, so a recursive partial never falls back to a parent's.
  static func navItem(_ link: NavigationLink) -> TemplateValue {
    [
      "title": .string(link.title), "url": .string(link.url), "hasURL": .bool(!link.url.isEmpty),
      "isCurrent": .bool(link.isCurrent),
      "isAncestor": .bool(link.isAncestor), "hasChildren": .bool(!link.children.isEmpty),
      "isClosed": .bool(link.isClosed),
      "children": .list(link.children.map(navItem)),
    ]
  }
}

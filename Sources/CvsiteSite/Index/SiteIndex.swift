import CvsiteCore
import CvsiteMarkdown
import Foundation

/// The site-wide index of a tree: what every page's render reads of the others.
///
/// It is made from a ``LoadedTree`` (``LoadedTree/makeIndex(order:)``) and depends only
/// on the published pages' navigation keys (``SitePage/navigationKey``: titles,
/// weights, dates, URLs, drafts, aliases, terms), the settings and the theme, so `serve`
/// keeps it from one rebuild to the next until one of those changes. The targets also
/// depend on each page's ids and the site's files: they are updated for edited pages
/// and dropped when files change.
struct SiteIndex: Sendable {
  /// Which reading order of the site's pages this is: a number no other reading order
  /// of the same tree had (see ``BuiltTree/ordersMade``).
  var order: Int
  /// Site paths of the published pages, in order.
  var publishedPaths: [String]
  /// Each published page's place in `publishedPaths`, by site path.
  var positions: [String: Int] = [:]
  /// The published pages, in order, while `serve` keeps them between rebuilds (a build
  /// drops their bodies as it goes, so it keeps none): each edit replaces its page.
  var published: [SitePage]?
  /// The site paths of the pages the feed shows, newest first.
  var feedPaths: [String] = []
  var navigation: Navigation.Index
  var collisions: [Diagnostic]
  var sitemap: String
  var targets: Targets?
  /// With `lastUpdated: git`: each content file's last commit date.
  var gitDates: [String: String] = [:]
  var taxonomies = TaxonomyIndex([], names: [])
  /// The pages the taxonomies add.
  var taxonomyPages: [TaxonomyIndex.Page] = []
  /// The site's feed, when it has one.
  var feedURL: String?
  /// Whether a page of the site is its 404 page (else the theme's is written).
  var hasNotFoundPage = false

  /// What depends on the site's files as well as its pages: where links may lead, and
  /// which output files two sources claim.
  struct Targets: Sendable {
    var links: LinkChecker
    var outputCollisions: [Diagnostic]
    /// In a project of another generator: the files not copied because what else is
    /// written at their place takes it (a page, or a file of the same bytes), by site
    /// path, and a warning for each that a page takes.
    var uncopied: Set<String> = []
    var yieldedOutputs: [Diagnostic] = []
  }
}

extension SiteIndex {
  /// The published pages, in order, as `pages` holds them.
  func published(in pages: [String: ParsedSitePage]) -> [SitePage] {
    published ?? publishedPaths.compactMap { pages[$0]?.page }
  }

  /// The published pages among `paths`, in order.
  func published(_ paths: Set<String>, in pages: [String: ParsedSitePage]) -> [SitePage] {
    let chosen = paths.compactMap { positions[$0] }.sorted()
    if let published { return chosen.map { published[$0] } }
    return chosen.compactMap { pages[publishedPaths[$0]]?.page }
  }

  /// Takes the page at `path` from `pages` again, when it is published: it was read again.
  mutating func refresh(_ path: String, in pages: [String: ParsedSitePage]) {
    guard let position = positions[path], let page = pages[path]?.page else { return }
    published?[position] = page
  }
}

/// What a tree knows of the other trees of its site (its languages and versions): made
/// once every tree is loaded.
struct TreeLinks: Sendable {
  /// Each page's translations.
  var translations: Translations?
  /// Each page's place in every version.
  var versionIndex: VersionIndex?
  /// On a translation's tree: each translated page's original (URL and ids), by the
  /// translation's URL (``LinkChecker/originals``).
  var originals: [String: (url: String, ids: PageIDs)] = [:]
  /// The other languages' published pages (URL and ids, when known), for links to them.
  var otherLanguages: [String: PageIDs] = [:]
}

extension LoadedTree {
  /// The index of this tree's published pages; `order` numbers its reading order.
  func makeIndex(order: Int) -> SiteIndex {
    let published = publishedPages
    let navigation = Navigation.Index(published, basePath: config.basePath, written: config.writtenNavigation)
    let gitDates =
      config.lastUpdatedFromGit
      ? place.gitDates
        ?? GitDates.lastCommitDates(contentFolder: options.siteRoot.appendingPathComponent(config.contentFolder))
      : [:]
    let taxonomies = TaxonomyIndex(published, names: config.taxonomies, folder: config.treeFolder)
    let notFound = config.homePath + "404/"
    let feed = newestDatedPages(published, count: Feeds.entries).map(\.sitePath)
    let paths = published.map(\.sitePath)
    return SiteIndex(
      order: order, publishedPaths: paths,
      positions: Dictionary(paths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first }),
      feedPaths: feed, navigation: navigation,
      collisions: urlCollisions(published) + taxonomies.diagnostics + taxonomyCollisions(published, taxonomies),
      sitemap: sitemapXML(published, config: config, gitDates: gitDates, extraURLs: taxonomies.urls),
      targets: nil, gitDates: gitDates, taxonomies: taxonomies,
      taxonomyPages: taxonomies.pages(
        published, navigation: navigation, basePath: config.basePath, words: theme.theme.words),
      feedURL: feed.isEmpty ? nil : config.absoluteURL(config.homePath + "atom.xml"),
      hasNotFoundPage: published.contains { $0.url == notFound })
  }

  /// What a page's context needs of the site's languages, on a site of several.
  func pageLanguages(_ links: TreeLinks) -> PageLanguages? {
    guard let translations = links.translations, let languageTree = place.languageTree else { return nil }
    return PageLanguages(
      translations: translations, language: languageTree.language, untranslated: languageTree.untranslated,
      words: theme.theme.words)
  }

  /// What a page's context needs of the site's versions, on a site of several.
  func pageVersions(_ links: TreeLinks) -> PageVersions? {
    guard let versionIndex = links.versionIndex, let version = place.version else { return nil }
    return PageVersions(index: versionIndex, version: version, language: config.language, words: theme.theme.words)
  }
}

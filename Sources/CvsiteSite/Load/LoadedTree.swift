import CvsiteCore
import CvsiteMarkdown
import Foundation

/// What loading gives: one tree of pages (a site of one language and one version) with
/// its settings and theme, each page's metadata (and its body once read), and the files
/// it publishes.
///
/// The site-wide index is made from it (``makeIndex(order:)``) and the render reads both
/// (``render(_:links:request:into:)``). `serve` keeps it between rebuilds and reads
/// again, with the same parser, only the pages that changed (``reread(_:parser:)``).
struct LoadedTree: Sendable {
  /// Where this tree sits on a site of several languages or versions.
  struct Place: Sendable {
    /// On a site of several languages, the language this tree holds: its files.
    var languageTree: LanguageTree?
    /// On a site of several versions, the version this tree holds.
    var version: SiteVersion?
    /// Pages and files read from elsewhere than the disk: a version's git ref.
    var sources: ContentSources?
    /// Whether the render writes the theme's assets and the static files: every tree
    /// but those after the first.
    var writesSharedFiles = true
    /// Each content file's last commit by its name in this tree, when the trees share
    /// one reading of git.
    var gitDates: [String: String]?
    /// The API reference of the site's symbol graphs, whose pages are among this tree's.
    var api: SiteAPIReference?
  }

  /// How the site is built.
  let options: BuildOptions
  /// The tree's settings: the site's, with its language and folder.
  var config: SiteConfig
  var theme: SiteThemeAdapter
  var place = Place()
  /// Whether pages keep their bodies once rendered (`serve` renders them again from
  /// memory); a one-off build drops each body once its files are written.
  var keepsBodies = false
  /// Parsed pages by site path, drafts included.
  var pages: [String: ParsedSitePage] = [:]
  var staticFiles: [ContentFile] = []
  var resources: [ContentFile] = []
  /// Folders' titles and places from `_category_.json` files.
  var categories: [[String]: FolderCategory] = [:]
  /// Whether pages are known by their metadata only (``ParsedSitePage/needsBody``):
  /// from the load until the first render, which reads every one.
  var hasUnreadPages = false

  /// A tree with nothing loaded yet.
  init(options: BuildOptions, config: SiteConfig, theme: SiteThemeAdapter, place: Place = Place()) {
    (self.options, self.config, self.theme, self.place) = (options, config, theme, place)
  }

  /// Pages that are built: drafts only when asked.
  var publishedPages: [SitePage] {
    // Sorted by site path (the keys), so the sort moves strings rather than pages.
    pages.keys.sorted().compactMap { path in
      guard let page = pages[path]?.page, options.drafts || !page.metadata.draft else { return nil }
      return page
    }
  }

  /// The parser of this tree's pages: the one loading uses, and `serve` for an edit.
  func parser(catalog: DocCSiteIndex? = nil) -> PageParser {
    PageParser(
      theme: theme, config: config, siteRoot: options.siteRoot, keepsLinks: keepsBodies, categories: categories,
      catalog: catalog, sources: place.sources, api: place.api)
  }

  /// Loads the pages among `content` by their metadata (and lists its other files), for
  /// the site-wide index; each body is read where its page is rendered.
  mutating func load(_ content: [ContentFile]) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    let (folderCategories, categoryProblems) = FolderCategory.read(content.filter { $0.kind == .resource })
    categories = folderCategories
    diagnostics += categoryProblems
    resources = content.filter { $0.kind == .resource && !FolderCategory.holds($0) }
    let sources = content.filter { $0.kind != .resource }
    if sources.isEmpty {
      diagnostics.append(Diagnostic(.warning, "no pages: \(config.contentFolder)/ holds no Markdown files"))
    }
    let parser = parser()
    // (The list of what was read goes once the pages hold it: it would keep each page's
    // first reading alive through the render, which replaces it.)
    func readHeaders() -> [Diagnostic] {
      let parsed = parallelMap(sources, jobs: options.jobs) { parser.parseHeader($0) }
      pages.reserveCapacity(parsed.count)
      for page in parsed { pages[page.page.sitePath] = page }
      hasUnreadPages = !parsed.isEmpty
      return parsed.flatMap(\.diagnostics)
    }
    diagnostics += readHeaders()
    if let api = place.api {
      // A page of the site's own at a reference page's address is that page (a
      // catalog's page for its module): the reference's is left out.
      let taken = Set(pages.values.filter { api.nodes[$0.page.sitePath] == nil }.map(\.page.url))
      for path in api.nodes.keys where taken.contains(pages[path]?.page.url ?? "") { pages[path] = nil }
    }
    reconcileImplicitSections(parser: parser)
    if let navigation = config.writtenNavigation, place.languageTree?.language.folder ?? "" == "" {
      diagnostics += navigation.missingPages(
        in: Set(sources.map(\.relativePath)), contentFolder: config.contentFolder)
    }
    return diagnostics
  }

  /// A DocC catalog's pages (by the titles read so far) and images; nil for other sites.
  func catalogIndex() -> DocCSiteIndex? {
    guard config.docc != nil || place.api != nil else { return nil }
    return DocCSiteIndex(
      pages: pages.values.map(\.page), resources: resources, basePath: config.basePath,
      topicsStyle: config.docc?.topicsStyle, api: place.api)
  }
}

import ContainerViews
import CvsiteBuiltInFiles
import CvsiteCore
import CvsiteMarkdown
import CvsiteThemes
import Foundation

/// Where a build's files go: a staging folder for `build`, nowhere for `check`, the
/// served folder for `serve`.
public protocol OutputSink: Sendable {
  func write(_ data: Data, to relativePath: String) throws
  func remove(_ relativePath: String) throws
}

extension OutputFolder: OutputSink {
  /// Does nothing: nothing was written.
  public func remove(_ relativePath: String) throws {
    guard let target = Self.resolve(relativePath, in: staging) else { return }
    try? FileManager.default.removeItem(at: target)
  }
}

/// Discards everything: for `cvsite check`.
struct DiscardingSink: OutputSink {
  init() {}
  func write(_ data: Data, to relativePath: String) throws {}
  func remove(_ relativePath: String) throws {}
}

/// A site loaded in memory: the state a build leaves behind, so that `serve` can
/// rebuild only what a change affects.
public final class SiteSession: @unchecked Sendable {
  // A session is used by one task at a time; the parallel stages only read it.
  /// How the site is built.
  public let options: BuildOptions
  var config = SiteConfig()
  var theme: SiteThemeAdapter?
  /// Parsed pages by site path, drafts included.
  var pages: [String: ParsedSitePage] = [:]
  var staticFiles: [ContentFile] = []
  var resources: [ContentFile] = []
  /// Folders' titles and places from `_category_.json` files, read by the last build.
  var categories: [[String]: FolderCategory] = [:]
  /// Output paths written by the last build, for removing stale files in `serve`.
  var writtenOutputs: Set<String> = []
  /// Changes not yet written because a rebuild failed: redone by the next rebuild.
  var pendingPages: Set<String> = []
  /// Of those, the pages whose entry in their section's listing (summary, values)
  /// changed: their section's page is rendered again too.
  var pendingListings: Set<String> = []
  var pendingNavigation = false
  var pendingFiles = false
  /// What renders derive from the whole site and keep while no page's navigation key
  /// changes (see ``SiteWide``); nil until the next render rebuilds it.
  var siteWide: SiteWide?
  /// What the last search index whose files are in place numbered and wrote.
  var search = SearchState()
  /// How many reading orders of the site's pages were made (a ``SiteWide``'s `order`).
  var ordersMade = 0
  /// Whether renders keep a ``RenderMemo`` (`serve`); a one-off build does not.
  var remembersRenders = false
  /// The memo of the last render whose files are in place; nil when renders keep none.
  var remembered: RenderMemo?
  /// What the last full render made, kept once its files are in place.
  var made = (memo: RenderMemo(), search: SearchState())
  /// The bytes of each file `serve` wrote last.
  var writtenFiles = WrittenFiles()
  /// On a site of several languages, the one this session builds: its tree of files.
  var languageTree: LanguageTree?
  /// On a site of several languages, a session per language, the default's first.
  var languageSessions: [SiteSession] = []
  /// Each page's translations, known once every language's pages are read.
  var translations: Translations?
  /// Each content file's last commit by its name in this language's tree, when the
  /// languages share one reading of git.
  var treeGitDates: [String: String]?
  /// Whether the render writes the theme's assets and the static files: every session
  /// but those of the languages after the first.
  var writesSharedFiles = true
  /// On a translation's tree: each translated page's original (URL and ids), by the
  /// translation's URL (``LinkChecker/originals``).
  var originals: [String: (url: String, ids: Set<String>)] = [:]
  /// The other languages' published pages (URL and ids, when known), for links to them.
  var otherLanguages: [String: Set<String>] = [:]
  /// On a site of several versions, the one this session builds.
  var version: SiteVersion?
  /// Each page's place in every version, known once every version's pages are read.
  var versionIndex: VersionIndex?
  /// Pages and files read from elsewhere than the disk: a version's git ref.
  var sources: ContentSources?
  /// Set by a language's session when a change needs the whole site built again.
  var needsWholeSite = false

  /// A session for the site `options` names; nothing is read until a build.
  public init(options: BuildOptions) { self.options = options }

  /// Pages that are built: drafts only when asked.
  var publishedPages: [SitePage] {
    // Sorted by site path (the keys), so the sort moves strings rather than pages.
    pages.keys.sorted().compactMap { path in
      guard let page = pages[path]?.page, options.drafts || !page.metadata.draft else { return nil }
      return page
    }
  }

  // MARK: Full build

  /// The error of a site without its folder of pages (never made, moved or deleted).
  static func missingContentFolder(_ folder: String) -> Diagnostic {
    Diagnostic(.error, "the site has no \(folder)/ folder (moved or deleted?): its pages go there")
  }

  /// Loads and renders the whole site into `sink`.
  public func build(into sink: any OutputSink, progress: (@Sendable (Int, Int) -> Void)? = nil) -> BuildResult {
    pages = [:]
    languageSessions = []
    writtenOutputs = []
    siteWide = nil
    // Everything is read again: nothing is kept from the last render.
    remembered = remembersRenders ? RenderMemo() : nil
    search = SearchState()
    var diagnostics = loadSettingsAndTheme()
    guard let theme, !diagnostics.hasErrors else {
      return .failed(diagnostics)
    }
    guard FileKind(following: options.siteRoot.appendingPathComponent(config.contentFolder).path) == .folder else {
      return .failed(diagnostics + [Self.missingContentFolder(config.contentFolder)])
    }
    var (content, contentProblems) = ContentScanner.scan(config.contentFolder, in: options.siteRoot, holdsPages: true)
    if !config.excludedPages.isEmpty { content.removeAll { config.excludedPages.excludes($0.relativePath) } }
    let (statics, staticProblems) = ContentScanner.scan("static", in: options.siteRoot, holdsPages: false)
    diagnostics += contentProblems + staticProblems
    staticFiles = statics
    if config.languages == nil, config.docc == nil { diagnostics += LanguageTrees.unconfiguredTranslations(content) }
    if config.languages != nil || config.versions != nil {
      return buildTrees(content: content, theme: theme, diagnostics: diagnostics, into: sink, progress: progress)
    }
    diagnostics += load(content, theme: theme)
    // Render even when pages have errors: the link checks then report too, and the
    // staging folder is thrown away by the caller.
    let output = renderAll(theme: theme, into: sink, progress: progress)
    writtenOutputs = output.files
    made = (output.memo, output.search)
    diagnostics += output.diagnostics
    return BuildResult(
      diagnostics: diagnostics, pageCount: output.pageCount, fileCount: output.files.count,
      changedOutputs: output.files.sorted())
  }

  /// Reads the metadata of the pages among `content` (and lists its other files), for
  /// the site-wide index; each body is read where its page is rendered.
  func load(_ content: [ContentFile], theme: SiteThemeAdapter) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    let (folderCategories, categoryProblems) = FolderCategory.read(content.filter { $0.kind == .resource })
    categories = folderCategories
    diagnostics += categoryProblems
    resources = content.filter { $0.kind == .resource && !FolderCategory.holds($0) }
    let sources = content.filter { $0.kind != .resource }
    if sources.isEmpty {
      diagnostics.append(Diagnostic(.warning, "no pages: \(config.contentFolder)/ holds no Markdown files"))
    }
    let parser = PageParser(
      theme: theme, config: config, siteRoot: options.siteRoot, keepsLinks: remembersRenders, categories: categories,
      sources: self.sources)
    // The metadata of every page first, for the site-wide index (navigation, links,
    // listings); each body is read where its page is rendered.
    // (The list of what was read goes once the pages hold it: it would keep each page's
    // first reading alive through the render, which replaces it.)
    func readHeaders() -> [Diagnostic] {
      let parsed = parallelMap(sources, jobs: options.jobs) { parser.parseHeader($0) }
      pages.reserveCapacity(parsed.count)
      for page in parsed { pages[page.page.sitePath] = page }
      return parsed.flatMap(\.diagnostics)
    }
    diagnostics += readHeaders()
    reconcileImplicitSections(parser: parser)
    if let navigation = config.writtenNavigation, languageTree?.language.folder ?? "" == "" {
      diagnostics += navigation.missingPages(
        in: Set(sources.map(\.relativePath)), contentFolder: config.contentFolder)
    }
    return diagnostics
  }

  /// Reads the settings (`cvsite.yml`, or an MkDocs project's `mkdocs.yml`) and loads
  /// the theme they name.
  func loadSettingsAndTheme() -> [Diagnostic] {
    let file = SiteSettings.file(in: options.siteRoot) ?? "cvsite.yml"
    // A DocC catalog is a folder: its settings are what it holds.
    let catalog = SiteSettings.isCatalog(file) ? Data() : nil
    guard let data = catalog ?? (try? Data(contentsOf: options.siteRoot.appendingPathComponent(file))) else {
      theme = nil
      return [
        Diagnostic(
          .error,
          "no cvsite.yml in \(options.siteRoot.path): not a cvsite site (make one with `cvsite new NAME`)")
      ]
    }
    if let problem = invalidUTF8Diagnostic([UInt8](data), path: file, what: file) {
      theme = nil
      return [problem]
    }
    let text = String(decoding: data, as: UTF8.self)
    var (config, diagnostics) = SiteSettings.read(text, file: file, root: options.siteRoot)
    if let baseURL = options.baseURL {
      if let problem = URLSafety.baseURLProblem(baseURL) {
        diagnostics.append(Diagnostic(.error, "--base-url: \(problem)"))
      } else {
        config.baseURL = baseURL
      }
    }
    self.config = config
    let available = Theme.names(
      siteRoot: options.siteRoot, searchPaths: options.themeSearchPaths, builtIn: BuiltInFiles.themes)
    if !available.contains(config.theme), var located = config.themeSetting {
      located.message =
        "theme `\(config.theme)` not found (themes here: \(available.map { "`\($0)`" }.joined(separator: ", ")))"
      located.suggestion = closest(config.theme, available)
      theme = nil
      return diagnostics + [located]
    }
    let (loaded, themeProblems) = SiteThemeAdapter.load(
      name: config.theme, siteRoot: options.siteRoot, searchPaths: options.themeSearchPaths)
    let spoken = loaded?.speaking(config.language, siteRoot: options.siteRoot)
    theme = spoken?.0
    return diagnostics + themeProblems + (spoken?.1 ?? [])
  }
}

import ContainerViews
import CvsiteBuiltInFiles
import CvsiteCore
import CvsiteMarkdown
import CvsiteThemes
import Foundation

/// A site's build, and what it leaves behind so that `serve` rebuilds only what a
/// change affects.
///
/// A build runs the stages in turn, each a value made from the one before: the settings
/// and theme, the loaded tree of pages (``LoadedTree``), the tree's index
/// (``SiteIndex``), and the render, which writes the outputs and hands back what it
/// learned of the pages. A site of several languages or versions has a session per tree,
/// and what each tree knows of the others (``TreeLinks``). `serve`'s rebuild reads the
/// changed pages again with the same parser, keeps the index while no page's navigation
/// key changed, and renders the pages the change reaches with the same render.
public struct SiteSession: Sendable {
  /// How the site is built.
  public let options: BuildOptions
  /// The site's settings as last read (on a tree's session: the tree's).
  var config = SiteConfig()
  /// The loaded pages and files; nil before a build, after the settings or theme failed
  /// to load, and on the session of a site of several trees (each tree's session has one).
  var tree: LoadedTree?
  /// The index of `tree`, kept while no page's navigation key changes; nil until the
  /// next render makes it again.
  var index: SiteIndex?
  /// What this tree knows of the other trees of its site.
  var links = TreeLinks()
  /// On a site of several languages or versions, a session per tree, the default
  /// language of the newest version first.
  var trees: [SiteSession] = []
  /// Whether renders keep a ``RenderMemo`` and pages keep their bodies (`serve`); a
  /// one-off build does not.
  var remembersRenders = false
  /// The memo of the last render whose files are in place; nil when renders keep none.
  var remembered: RenderMemo?
  /// What the last search index whose files are in place numbered and wrote.
  var search = SearchState()
  /// What the last full render made, kept once its files are in place.
  var made = (memo: RenderMemo(), search: SearchState())
  /// How many reading orders of the site's pages were made (a ``SiteIndex``'s `order`).
  var ordersMade = 0
  /// Output paths written by the last build, for removing stale files in `serve`.
  var writtenOutputs: Set<String> = []
  /// The bytes of each file `serve` wrote last.
  var writtenFiles = WrittenFiles()
  /// Changes not yet written because a rebuild failed: redone by the next rebuild.
  var pending = PendingChanges()
  /// Set by a tree's session when a change needs the whole site built again.
  var needsWholeSite = false
  /// Whether the last ``update(changed:into:)`` failed (and so wrote nothing).
  var lastUpdateFailed = false

  /// A session for the site `options` names; nothing is read until a build.
  public init(options: BuildOptions) { self.options = options }

  /// Parsed pages by site path, drafts included: those of the loaded tree.
  var pages: [String: ParsedSitePage] { tree?.pages ?? [:] }

  // MARK: Full build

  /// The error of a site without its folder of pages (never made, moved or deleted).
  static func missingContentFolder(_ folder: String) -> Diagnostic {
    Diagnostic(.error, "the site has no \(folder)/ folder (moved or deleted?): its pages go there")
  }

  /// Loads and renders the whole site into `sink`.
  public mutating func build(into sink: any OutputSink, progress: (@Sendable (Int, Int) -> Void)? = nil)
    -> BuildResult
  {
    (tree, index, links, trees, writtenOutputs) = (nil, nil, TreeLinks(), [], [])
    // Everything is read again: nothing is kept from the last render.
    remembered = remembersRenders ? RenderMemo() : nil
    search = SearchState()
    var (config, loadedTheme, problems) = Self.loadSettingsAndTheme(options)
    self.config = config
    var diagnostics = problems
    guard let theme = loadedTheme, !diagnostics.hasErrors else {
      return .failed(diagnostics)
    }
    guard FileKind(following: options.siteRoot.appendingPathComponent(config.contentFolder).path) == .folder else {
      return .failed(diagnostics + [Self.missingContentFolder(config.contentFolder)])
    }
    var (content, contentProblems) = ContentScanner.scan(config.contentFolder, in: options.siteRoot, holdsPages: true)
    if config.tolerant { content = ContentScanner.readmesBesideAnIndex(content) }
    if !config.excludedPages.isEmpty { content.removeAll { config.excludedPages.excludes($0.relativePath) } }
    let (statics, staticProblems) = ContentScanner.scan("static", in: options.siteRoot, holdsPages: false)
    diagnostics += contentProblems + staticProblems
    if config.languages == nil, config.docc == nil { diagnostics += LanguageTrees.unconfiguredTranslations(content) }
    var place = LoadedTree.Place()
    let severalTrees = config.languages != nil || config.versions != nil
    if options.symbolGraphs != nil || config.symbolGraphs != nil
      || content.contains(where: { $0.relativePath.hasSuffix(".symbols.json") })
    {
      let (api, problems) = SiteAPIReference.load(
        folder: options.symbolGraphs ?? config.symbolGraphs.map { options.siteRoot.appendingPathComponent($0) },
        shownAs: options.symbolGraphs?.path ?? config.symbolGraphs, content: content,
        contentFolder: config.contentFolder, at: config.symbolGraphsLocation, makesIndex: config.docc == nil)
      diagnostics += problems
      content.removeAll { $0.relativePath.hasSuffix(".symbols.json") }
      if let api {
        content.removeAll { api.extensionPages.contains($0.sitePath) }
        // On a site of several trees, the reference joins the default language's tree
        // of the newest version (``buildTrees``).
        if !severalTrees { content += api.files }
        // A catalog's navigation is what its pages curate: the reference joins it.
        if let written = config.writtenNavigation, let docc = config.docc {
          let root = content.first { $0.relativePath == docc.rootPage }
          let text = root.flatMap { try? String(contentsOf: $0.url, encoding: .utf8) }
          config.writtenNavigation = api.navigation(written, rootText: text)
          self.config = config
        }
        (place.api, place.sources) = (api, api.sources)
      }
    }
    if config.languages != nil || config.versions != nil {
      return buildTrees(
        content: content, staticFiles: statics, theme: theme, diagnostics: diagnostics, api: place.api, into: sink,
        progress: progress)
    }
    // Loaded in place: a copy left in a local would keep every page as first read alive
    // through the render that replaces them.
    tree = LoadedTree(options: options, config: config, theme: theme, place: place)
    tree?.keepsBodies = remembersRenders
    tree?.staticFiles = statics
    diagnostics += tree?.load(content) ?? []
    // Render even when pages have errors: the link checks then report too, and the
    // staging folder is thrown away by the caller.
    guard let output = renderTree(into: sink, progress: progress) else { return .failed(diagnostics) }
    writtenOutputs = output.files
    made = (output.memo, output.search)
    diagnostics += output.diagnostics
    return BuildResult(
      diagnostics: diagnostics, pageCount: output.pageCount, fileCount: output.files.count,
      changedOutputs: output.files.sorted())
  }

  /// One build of the site `options` names into `sink`, by a session of its own.
  static func build(_ options: BuildOptions, into sink: any OutputSink) -> BuildResult {
    var session = SiteSession(options: options)
    return session.build(into: sink)
  }

  /// Renders the loaded tree with its index (made first when there is none), and keeps
  /// the index the render completed; nil when no tree is loaded.
  mutating func renderTree(
    into sink: any OutputSink, only: Set<String>? = nil, copyFiles: Bool = true,
    progress: (@Sendable (Int, Int) -> Void)? = nil
  ) -> LoadedTree.RenderOutcome? {
    // Taken out while it renders, so that its pages are changed in place, not copied.
    guard var loaded = tree.take() else { return nil }
    defer { tree = loaded }
    let wide =
      index
      ?? {
        ordersMade += 1
        return loaded.makeIndex(order: ordersMade)
      }()
    let request = LoadedTree.RenderRequest(
      only: only, copyFiles: copyFiles, memo: remembered, reread: pending.pages, search: search, progress: progress)
    let outcome = loaded.render(wide, links: links, request: request, into: sink)
    var made = outcome.index
    // `serve` keeps the published pages in the index: an edit replaces its own.
    if remembersRenders, made.published == nil { made.published = made.published(in: loaded.pages) }
    index = made
    return outcome
  }

  /// Reads the settings (`cvsite.yml`, or an MkDocs project's `mkdocs.yml`) and loads
  /// the theme they name, speaking the site's language.
  static func loadSettingsAndTheme(_ options: BuildOptions) -> (SiteConfig, SiteThemeAdapter?, [Diagnostic]) {
    let file = SiteSettings.file(in: options.siteRoot, named: options.settingsFile) ?? "cvsite.yml"
    // A DocC catalog is a folder: its settings are what it holds.
    let catalog = SiteSettings.isCatalog(file) ? Data() : nil
    guard let data = catalog ?? (try? Data(contentsOf: options.siteRoot.appendingPathComponent(file))) else {
      return (
        SiteConfig(), nil,
        [
          Diagnostic(
            .error,
            "no cvsite.yml in \(options.siteRoot.path): not a cvsite site (make one with `cvsite new NAME`)")
        ]
      )
    }
    if let problem = invalidUTF8Diagnostic([UInt8](data), path: file, what: file) {
      return (SiteConfig(), nil, [problem])
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
    let available = Theme.names(
      siteRoot: options.siteRoot, searchPaths: options.themeSearchPaths, builtIn: BuiltInFiles.themes)
    if !available.contains(config.theme), var located = config.themeSetting {
      located.message =
        "theme `\(config.theme)` not found (themes here: \(available.map { "`\($0)`" }.joined(separator: ", ")))"
      located.suggestion = closest(config.theme, available)
      return (config, nil, diagnostics + [located])
    }
    let (loaded, themeProblems) = SiteThemeAdapter.load(
      name: config.theme, siteRoot: options.siteRoot, searchPaths: options.themeSearchPaths)
    let spoken = loaded?.speaking(config.language, siteRoot: options.siteRoot)
    return (config, spoken?.0, diagnostics + themeProblems + (spoken?.1 ?? []))
  }
}

/// Changes `serve` has not written yet because a rebuild failed: redone by the next.
struct PendingChanges: Sendable {
  /// The pages read again.
  var pages: Set<String> = []
  /// Of those, the pages whose entry in their section's listing (summary, values)
  /// changed: their section's page is rendered again too.
  var listings: Set<String> = []
  /// Whether a page's navigation key changed (or a page came or went).
  var navigation = false
  /// Whether files other than pages changed.
  var files = false
}

import CvsiteCore
import Foundation

extension SiteBuild {
  /// Reads the settings and theme, scans the pages and static files, makes the API
  /// reference, then loads and renders the site's tree (or trees) into `sink`, leaving
  /// them in `state`.
  static func loadAndRender(
    _ options: BuildOptions, state: inout BuiltSite, into sink: any OutputSink,
    progress: (@Sendable (Int, Int) -> Void)?
  ) -> BuildResult {
    var (config, loadedTheme, problems) = SiteSettings.readWithTheme(options)
    state.config = config
    var diagnostics = problems
    guard let theme = loadedTheme, !diagnostics.hasErrors else {
      return .failed(diagnostics)
    }
    guard FileKind(following: options.siteRoot.appendingPathComponent(config.contentFolder).path) == .folder else {
      return .failed(diagnostics + [missingContentFolder(config.contentFolder)])
    }
    var (content, contentProblems) = ContentScanner.scan(config.contentFolder, in: options.siteRoot, holdsPages: true)
    content = config.rewrites.apply(content)
    if config.tolerant { content = ContentScanner.readmesBesideAnIndex(content) }
    if !config.excludedPages.isEmpty { content.removeAll { config.excludedPages.excludes($0.relativePath) } }
    let (statics, staticProblems) = ContentScanner.scan("static", in: options.siteRoot, holdsPages: false)
    diagnostics += contentProblems + staticProblems
    if config.languages == nil, config.docc == nil { diagnostics += LanguageTrees.unconfiguredTranslations(content) }
    let api = loadAPIReference(options, config: &config, content: &content, diagnostics: &diagnostics)
    state.config = config
    var posts: [ContentFile] = []
    if let blog = config.blog {
      let (scanned, problems) = ContentScanner.scan(blog.folder, in: options.siteRoot, holdsPages: true)
      posts = blog.contentFiles(scanned)
      diagnostics += problems
    }
    if state.hasSeveralTrees {
      return loadAndRenderTrees(
        options, content: content, posts: posts, staticFiles: statics, theme: theme, diagnostics: diagnostics,
        api: api, state: &state, into: sink, progress: progress)
    }
    content += posts
    var place = LoadedTree.Place()
    if let api { (place.api, place.sources) = (api, api.sources) }
    // Loaded in place: a copy left in a local would keep every page as first read alive
    // through the render that replaces them.
    state.trees = [BuiltTree(config: config, keepsRenders: options.keepsState)]
    state.trees[0].tree = LoadedTree(options: options, config: config, theme: theme, place: place)
    state.trees[0].tree?.keepsBodies = options.keepsState
    state.trees[0].tree?.staticFiles = statics
    diagnostics += state.trees[0].tree?.load(content) ?? []
    // Render even when pages have errors: the link checks then report too, and the
    // staging folder is thrown away by the caller.
    guard let output = state.trees[0].render(into: sink, progress: progress) else { return .failed(diagnostics) }
    state.trees[0].writtenOutputs = output.files
    if options.keepsState { state.trees[0].remembered = output.memo }
    state.trees[0].search = output.search
    diagnostics += output.diagnostics
    return BuildResult(
      diagnostics: diagnostics, pageCount: output.pageCount, fileCount: output.files.count,
      changedOutputs: output.files.sorted())
  }

  /// The API reference of the site's symbol graphs, when it has any: its pages join
  /// `content` (on a site of one tree; ``loadAndRenderTrees`` adds them to the default
  /// language's tree of the newest version), and a catalog's written navigation gains
  /// the reference.
  private static func loadAPIReference(
    _ options: BuildOptions, config: inout SiteConfig, content: inout [ContentFile], diagnostics: inout [Diagnostic]
  ) -> SiteAPIReference? {
    guard
      options.symbolGraphs != nil || config.symbolGraphs != nil
        || content.contains(where: { $0.relativePath.hasSuffix(".symbols.json") })
    else { return nil }
    let (api, problems) = SiteAPIReference.load(
      folder: options.symbolGraphs ?? config.symbolGraphs.map { options.siteRoot.appendingPathComponent($0) },
      shownAs: options.symbolGraphs?.path ?? config.symbolGraphs, content: content,
      contentFolder: config.contentFolder, at: config.symbolGraphsLocation, makesIndex: config.docc == nil)
    diagnostics += problems
    content.removeAll { $0.relativePath.hasSuffix(".symbols.json") }
    guard let api else { return nil }
    content.removeAll { api.extensionPages.contains($0.sitePath) }
    if config.languages == nil, config.versions == nil { content += api.files }
    // A catalog's navigation is what its pages curate: the reference joins it.
    if let written = config.writtenNavigation, let docc = config.docc {
      let root = content.first { $0.relativePath == docc.rootPage }
      let text = root.flatMap { try? String(contentsOf: $0.url, encoding: .utf8) }
      config.writtenNavigation = api.navigation(written, rootText: text)
    }
    return api
  }
}

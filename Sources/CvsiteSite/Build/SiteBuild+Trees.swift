import CvsiteCore
import Foundation

extension SiteBuild {
  /// Loads and renders a site of several languages or versions: a tree per language of
  /// each version, each a site of its own (navigation, listings, taxonomies, feed,
  /// search) under its folder (`/1.x/es/`), sharing the theme, the static files and one
  /// reading of git per version; then one sitemap of them all and `versions.json`.
  ///
  /// The API reference (`api`), in one language, is published in the default language's
  /// tree of the newest version only; a blog's `posts` in the newest version's trees.
  static func loadAndRenderTrees(
    _ options: BuildOptions, content: [ContentFile], posts: [ContentFile], staticFiles: [ContentFile],
    theme: SiteThemeAdapter,
    diagnostics given: [Diagnostic], api: SiteAPIReference?, state: inout BuiltSite, into sink: any OutputSink,
    progress: (@Sendable (Int, Int) -> Void)?
  ) -> BuildResult {
    let config = state.config
    var diagnostics = given
    let languages =
      config.languages
      ?? SiteLanguages(
        all: [
          SiteLanguage(
            code: config.language, name: config.language, isRightToLeft: config.direction == "rtl", folder: "")
        ])
    let versions: [SiteVersion?] = config.versions.map { $0.all.map(Optional.some) } ?? [nil]
    // By version: its trees' places in `state.trees` (one per language), for its
    // translations.
    var groups: [Range<Int>] = []
    var shared = SharedTreeInputs(options: options, config: config, theme: theme, staticFiles: staticFiles, api: api)
    for version in versions {
      guard var read = shared.versionContent(version, content: content, diagnostics: &diagnostics) else { continue }
      // A blog's posts are the newest version's (the version at the site's root).
      if version?.isNewest != false { read.files += posts }
      let trees: [LanguageTree]
      if config.languages != nil {
        let (split, problems) = LanguageTrees.split(read.files, languages: languages, tolerant: config.tolerant)
        trees = split
        diagnostics += problems
      } else {
        trees = [LanguageTree(language: languages.defaultLanguage, files: read.files)]
      }
      let gitDates =
        config.lastUpdatedFromGit || (options.isCheckOnly && version?.isNewest != false)
        ? GitDates.lastCommitDates(
          contentFolder: options.siteRoot.appendingPathComponent(read.folder), ref: read.gitRef)
        : nil
      let groupStart = state.trees.count
      for tree in trees {
        let isFirst = state.trees.isEmpty
        // Appended first and loaded in place (see `loadAndRender`).
        state.trees.append(BuiltTree(config: config, keepsRenders: options.keepsState))
        diagnostics += shared.load(
          &state.trees[state.trees.count - 1], of: tree, version: version, read: read, gitDates: gitDates,
          isFirst: isFirst)
      }
      if options.isCheckOnly, config.languages != nil, version?.isNewest != false, let gitDates {
        diagnostics += Self.translationReport(trees, gitDates: gitDates, prefix: read.prefix)
      }
      groups.append(groupStart..<state.trees.count)
    }
    let versionIndex = config.versions.map { Self.versionIndex($0, of: state.trees) }
    let translations = groups.map { Self.translations(of: state.trees[$0], languages: languages) }
    var rendered = renderTrees(
      &state.trees, config: config, groups: groups, translations: translations, versionIndex: versionIndex,
      into: sink, progress: progress)
    diagnostics += rendered.diagnostics
    let sitemapXML = multilingualSitemapXML(
      rendered.sitemap, config: config, translations: translations.first ?? Translations(languages: languages))
    var sharedFiles: [(String, String)] = [("sitemap.xml", sitemapXML)]
    if let versionIndex { sharedFiles.append(("versions.json", versionIndex.json(basePath: config.basePath))) }
    for (path, text) in sharedFiles {
      do {
        try sink.write(Data(text.utf8), to: path)
        rendered.files.insert(path)
        state.sharedOutputs.insert(path)
      } catch {
        diagnostics.append(.ioFailure("cannot write \(path)", error))
      }
    }
    return BuildResult(
      diagnostics: diagnostics, pageCount: rendered.pageCount, fileCount: rendered.files.count,
      changedOutputs: rendered.files.sorted())
  }

  /// What every tree shares: the options and settings, the theme, its words in each
  /// language (read once), the static files and the API reference (for the first tree).
  struct SharedTreeInputs {
    let options: BuildOptions
    let config: SiteConfig
    let theme: SiteThemeAdapter
    let staticFiles: [ContentFile]
    let api: SiteAPIReference?
    var spoken: [String: SiteThemeAdapter] = [:]

    /// The content files of one version: where they are read from and how their site
    /// paths begin.
    struct VersionContent {
      var files: [ContentFile]
      var sources: ContentSources?
      var folder: String
      var prefix: String
      var gitRef: String?
    }

    /// The pages of `version`: the site's, another folder's, or a git reference's; nil,
    /// with a diagnostic, when they cannot be read.
    func versionContent(_ version: SiteVersion?, content: [ContentFile], diagnostics: inout [Diagnostic])
      -> VersionContent?
    {
      var read = VersionContent(
        files: content, folder: config.contentFolder, prefix: config.contentFolder + "/")
      switch version?.source {
      case .folder(let name)? where name != config.contentFolder:
        (read.folder, read.prefix) = (name, name + "/")
        guard FileKind(following: options.siteRoot.appendingPathComponent(name).path) == .folder else {
          diagnostics.append(
            Diagnostic(
              .error, "the version `\(version?.name ?? "")` reads its pages from \(name)/, which does not exist",
              at: version?.location, sourceLine: version?.line))
          return nil
        }
        let (scanned, problems) = ContentScanner.scan(name, in: options.siteRoot, holdsPages: true)
        read.files = scanned
        diagnostics += problems
      case .git(let ref)?:
        let fromGit = GitContent.read(
          ref: ref, folder: config.contentFolder, siteRoot: options.siteRoot, location: version?.location,
          line: version?.line)
        (read.files, read.sources, read.gitRef) = (fromGit.files, fromGit.sources, ref)
        read.prefix = ref + ":" + config.contentFolder + "/"
        diagnostics += fromGit.diagnostics
        if !fromGit.diagnostics.isEmpty { return nil }
      default: break
      }
      if !config.excludedPages.isEmpty { read.files.removeAll { config.excludedPages.excludes($0.relativePath) } }
      return read
    }

    /// Loads one language of one version into `built` (in place, see `loadAndRender`);
    /// returns the problems of loading it.
    mutating func load(
      _ built: inout BuiltTree, of tree: LanguageTree, version: SiteVersion?, read: VersionContent,
      gitDates: [String: String]?, isFirst: Bool
    ) -> [Diagnostic] {
      var settings = config
      settings.contentFolder = read.folder
      settings.isNewestVersion = version?.isNewest ?? true
      settings.language = tree.language.code
      settings.direction = tree.language.direction
      settings.treeFolder = (version?.folder ?? "") + tree.language.folder
      settings.title = tree.language.title ?? settings.title
      settings.description = tree.language.description ?? settings.description
      if let navigation = version?.navigation { settings.writtenNavigation = navigation }
      built.config = settings
      var problems: [Diagnostic] = []
      if spoken[tree.language.code] == nil {
        let (words, wordProblems) = theme.speaking(tree.language.code, siteRoot: options.siteRoot)
        spoken[tree.language.code] = words
        problems += wordProblems
      }
      guard let words = spoken[tree.language.code] else { return problems }
      var place = LoadedTree.Place(
        languageTree: tree, version: version, sources: read.sources, writesSharedFiles: isFirst)
      if config.lastUpdatedFromGit, let gitDates {
        place.gitDates = SiteBuild.keyed(gitDates, by: tree, prefix: read.prefix)
      }
      var files = tree.files
      if let api, isFirst {
        (place.api, place.sources, files) = (api, api.sources, files + api.files)
      }
      built.tree = LoadedTree(options: options, config: settings, theme: words, place: place)
      built.tree?.keepsBodies = options.keepsState
      built.tree?.staticFiles = staticFiles
      problems += (built.tree?.load(files) ?? []).filter { !tree.untranslated.contains($0.location?.path ?? "") }
      return problems
    }
  }

  /// Which page of each version and language stands for which.
  static func versionIndex(_ versions: SiteVersions, of trees: [BuiltTree]) -> VersionIndex {
    var index = VersionIndex(versions: versions)
    for tree in trees.compactMap(\.tree) {
      index.add(
        tree.publishedPages, version: tree.place.version?.name ?? "", language: tree.config.language,
        home: tree.config.homePath)
    }
    return index
  }

  /// The translations among the trees of one version.
  static func translations(of trees: ArraySlice<BuiltTree>, languages: SiteLanguages) -> Translations {
    var made = Translations(languages: languages)
    for tree in trees.compactMap(\.tree) {
      made.add(
        tree.publishedPages, language: tree.config.language, untranslated: tree.place.languageTree?.untranslated ?? [],
        home: tree.config.homePath)
    }
    return made
  }

  /// What rendering every tree wrote: its files, pages, problems and sitemap entries.
  struct RenderedTrees {
    var files = Set<String>()
    var pageCount = 0
    var diagnostics: [Diagnostic] = []
    var sitemap: [(pages: [SitePage], extraURLs: [String], gitDates: [String: String])] = []
  }

  /// Renders each tree with its links to the other languages and versions; two trees
  /// that write the same file are an error.
  static func renderTrees(
    _ trees: inout [BuiltTree], config: SiteConfig, groups: [Range<Int>], translations: [Translations],
    versionIndex: VersionIndex?, into sink: any OutputSink, progress: (@Sendable (Int, Int) -> Void)?
  ) -> RenderedTrees {
    var rendered = RenderedTrees()
    for (group, made) in zip(groups, translations) {
      for place in group {
        // (No copy of the tree is held while it renders: its pages would be copied.)
        guard let treePlace = trees[place].tree?.place, let language = trees[place].tree?.config.language else {
          continue
        }
        trees[place].links = Self.links(
          of: place, in: group, trees: trees, translations: config.languages != nil ? made : nil,
          versionIndex: versionIndex)
        guard let output = trees[place].render(into: sink, progress: progress) else { continue }
        trees[place].writtenOutputs = output.files
        if trees[place].remembered != nil { trees[place].remembered = output.memo }
        trees[place].search = output.search
        let untranslated = treePlace.languageTree?.untranslated ?? []
        rendered.diagnostics += output.diagnostics.filter { !untranslated.contains($0.location?.path ?? "") }
        for path in output.files.intersection(rendered.files).sorted() {
          rendered.diagnostics.append(
            Diagnostic(
              .error,
              "two languages or versions write \(path): a page of one lands in the folder of another (`path` of the languages or versions in cvsite.yml, or the page's `slug`)"
            ))
        }
        rendered.files.formUnion(output.files)
        rendered.pageCount += output.pageCount
        let wide = trees[place].index
        let pages = trees[place].pages
        // An older version's page whose canonical link leads to the newest is left to it.
        let published = (wide?.publishedPaths ?? []).compactMap { pages[$0]?.page }.filter { page in
          treePlace.version?.isNewest != false || versionIndex?.newest(of: page, language: language) == nil
        }
        rendered.sitemap.append((published, wide?.taxonomies.urls ?? [], wide?.gitDates ?? [:]))
      }
    }
    return rendered
  }

  /// The links of the tree at `place` to the other trees of its version (`group`).
  static func links(
    of place: Int, in group: Range<Int>, trees: [BuiltTree], translations: Translations?,
    versionIndex: VersionIndex?
  ) -> TreeLinks {
    var links = TreeLinks(translations: translations, versionIndex: versionIndex)
    for other in group where other != place {
      guard let others = trees[other].tree else { continue }
      for page in others.publishedPages { links.otherLanguages[page.url] = others.pages[page.sitePath]?.ids ?? [] }
    }
    if place != group.lowerBound, let tree = trees[place].tree, let original = trees[group.lowerBound].tree {
      links.originals = Self.originals(of: tree, in: original)
    }
    return links
  }

  /// Each content file's last commit (`gitDates`, by path under the pages folder) by its
  /// name in `tree`; `prefix` is what its site path holds before that path.
  static func keyed(_ gitDates: [String: String], by tree: LanguageTree, prefix: String) -> [String: String] {
    var keyed: [String: String] = [:]
    for file in tree.files {
      let real = String(decoding: file.sitePath.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
      if let date = gitDates[real] { keyed[file.relativePath] = date }
    }
    return keyed
  }

  /// For `cvsite check`: the pages each language lacks, and the translations whose
  /// original changed after them (by their last commits), as notes and warnings.
  static func translationReport(_ trees: [LanguageTree], gitDates: [String: String], prefix: String)
    -> [Diagnostic]
  {
    guard let original = trees.first else { return [] }
    func real(_ file: ContentFile) -> String {
      String(decoding: file.sitePath.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
    }
    var originals: [String: ContentFile] = [:]
    for file in original.files where file.kind != .resource {
      originals[LanguageTrees.identity(of: file.relativePath, kind: file.kind)] = file
    }
    var report: [Diagnostic] = []
    for tree in trees.dropFirst() {
      let translated = Set(
        tree.files.filter { $0.kind != .resource && !tree.untranslated.contains($0.sitePath) }.map {
          LanguageTrees.identity(of: $0.relativePath, kind: $0.kind)
        })
      let missing = originals.filter { !translated.contains($0.key) }.map(\.value.sitePath).sorted()
      for path in missing {
        report.append(
          Diagnostic(
            .note, "not translated into \(tree.language.name) (\(tree.language.code))",
            at: SourceLocation(path: path, line: 1, column: 1)))
      }
      for file in tree.files where file.kind != .resource && !tree.untranslated.contains(file.sitePath) {
        guard let source = originals[LanguageTrees.identity(of: file.relativePath, kind: file.kind)],
          source.sitePath != file.sitePath, let changed = gitDates[real(source)], let translated = gitDates[real(file)],
          changed > translated
        else { continue }
        report.append(
          Diagnostic(
            .warning,
            "outdated translation: its original \(source.sitePath) changed on \(changed), after this translation (\(translated))",
            at: SourceLocation(path: file.sitePath, line: 1, column: 1)))
      }
    }
    return report
  }

  /// For the tree of a translation: the original of each of its translated pages (URL
  /// and ids, from the default language's `original` tree), by the translation's URL.
  static func originals(of tree: LoadedTree, in original: LoadedTree) -> [String: (url: String, ids: PageIDs)] {
    var byIdentity: [String: (url: String, ids: PageIDs)] = [:]
    for parsed in original.pages.values {
      byIdentity[Translations.identity(of: parsed.page)] = (parsed.page.url, parsed.ids)
    }
    let untranslated = tree.place.languageTree?.untranslated ?? []
    var originals: [String: (url: String, ids: PageIDs)] = [:]
    for parsed in tree.pages.values where !untranslated.contains(parsed.page.sitePath) {
      if let found = byIdentity[Translations.identity(of: parsed.page)] { originals[parsed.page.url] = found }
    }
    return originals
  }
}

import CvsiteCore
import Foundation

extension SiteSession {
  /// Builds a site of several languages or versions: a session per language of each
  /// version, each a site of its own tree (navigation, listings, taxonomies, feed,
  /// search) under its folder (`/1.x/es/`), sharing the theme, the static files and one
  /// reading of git per version; then one sitemap of them all and `versions.json`.
  ///
  /// The API reference (`api`), in one language, is published in the default language's
  /// tree of the newest version only.
  mutating func buildTrees(
    content: [ContentFile], staticFiles: [ContentFile], theme: SiteThemeAdapter, diagnostics given: [Diagnostic],
    api: SiteAPIReference? = nil, into sink: any OutputSink, progress: (@Sendable (Int, Int) -> Void)?
  ) -> BuildResult {
    var diagnostics = given
    let languages =
      config.languages
      ?? SiteLanguages(
        all: [
          SiteLanguage(
            code: config.language, name: config.language, isRightToLeft: config.direction == "rtl", folder: "")
        ])
    let versions: [SiteVersion?] = config.versions.map { $0.all.map(Optional.some) } ?? [nil]
    var sessions: [SiteSession] = []
    // By version: its sessions' places in `sessions` (one per language), for its
    // translations.
    var groups: [Range<Int>] = []
    var shared = SharedTreeInputs(theme: theme, staticFiles: staticFiles, api: api)
    for version in versions {
      guard let read = versionContent(version, content: content, diagnostics: &diagnostics) else { continue }
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
      let groupStart = sessions.count
      for tree in trees {
        let session = loadedSession(
          of: tree, version: version, read: read, gitDates: gitDates, isFirst: sessions.isEmpty, shared: &shared)
        diagnostics += session.diagnostics
        sessions.append(session.session)
      }
      if options.isCheckOnly, config.languages != nil, version?.isNewest != false, let gitDates {
        diagnostics += Self.translationReport(trees, gitDates: gitDates, prefix: read.prefix)
      }
      groups.append(groupStart..<sessions.count)
    }
    let versionIndex = config.versions.map { Self.versionIndex($0, of: sessions) }
    let translations = groups.map { Self.translations(of: sessions[$0], languages: languages) }
    var rendered = renderTrees(
      &sessions, groups: groups, translations: translations, versionIndex: versionIndex, into: sink, progress: progress)
    diagnostics += rendered.diagnostics
    let sitemapXML = multilingualSitemapXML(
      rendered.sitemap, config: config, translations: translations.first ?? Translations(languages: languages))
    var sharedFiles: [(String, String)] = [("sitemap.xml", sitemapXML)]
    if let versionIndex { sharedFiles.append(("versions.json", versionIndex.json(basePath: config.basePath))) }
    for (path, text) in sharedFiles {
      do {
        try sink.write(Data(text.utf8), to: path)
        rendered.files.insert(path)
      } catch {
        diagnostics.append(.ioFailure("cannot write \(path)", error))
      }
    }
    trees = sessions
    writtenOutputs = rendered.files
    return BuildResult(
      diagnostics: diagnostics, pageCount: rendered.pageCount, fileCount: rendered.files.count,
      changedOutputs: rendered.files.sorted())
  }

  /// What every tree shares: the theme, its words in each language (read once), the
  /// static files and the API reference (for the first tree).
  struct SharedTreeInputs {
    let theme: SiteThemeAdapter
    let staticFiles: [ContentFile]
    let api: SiteAPIReference?
    var spoken: [String: SiteThemeAdapter] = [:]
  }

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

  /// A session for one language of one version, its tree loaded (in place, see
  /// `build`), with the problems of loading it.
  func loadedSession(
    of tree: LanguageTree, version: SiteVersion?, read: VersionContent, gitDates: [String: String]?, isFirst: Bool,
    shared: inout SharedTreeInputs
  ) -> (session: SiteSession, diagnostics: [Diagnostic]) {
    var session = SiteSession(options: options)
    var settings = config
    settings.contentFolder = read.folder
    settings.isNewestVersion = version?.isNewest ?? true
    settings.language = tree.language.code
    settings.direction = tree.language.direction
    settings.treeFolder = (version?.folder ?? "") + tree.language.folder
    settings.title = tree.language.title ?? settings.title
    settings.description = tree.language.description ?? settings.description
    if let navigation = version?.navigation { settings.writtenNavigation = navigation }
    session.config = settings
    var problems: [Diagnostic] = []
    if shared.spoken[tree.language.code] == nil {
      let (words, wordProblems) = shared.theme.speaking(tree.language.code, siteRoot: options.siteRoot)
      shared.spoken[tree.language.code] = words
      problems += wordProblems
    }
    session.remembersRenders = remembersRenders
    session.remembered = remembersRenders ? RenderMemo() : nil
    guard let words = shared.spoken[tree.language.code] else { return (session, problems) }
    var place = LoadedTree.Place(
      languageTree: tree, version: version, sources: read.sources, writesSharedFiles: isFirst)
    if config.lastUpdatedFromGit, let gitDates { place.gitDates = Self.keyed(gitDates, by: tree, prefix: read.prefix) }
    var files = tree.files
    if let api = shared.api, isFirst {
      (place.api, place.sources, files) = (api, api.sources, files + api.files)
    }
    session.tree = LoadedTree(options: options, config: settings, theme: words, place: place)
    session.tree?.keepsBodies = remembersRenders
    session.tree?.staticFiles = shared.staticFiles
    problems += (session.tree?.load(files) ?? []).filter { !tree.untranslated.contains($0.location?.path ?? "") }
    return (session, problems)
  }

  /// Which page of each version and language stands for which.
  static func versionIndex(_ versions: SiteVersions, of sessions: [SiteSession]) -> VersionIndex {
    var index = VersionIndex(versions: versions)
    for tree in sessions.compactMap(\.tree) {
      index.add(
        tree.publishedPages, version: tree.place.version?.name ?? "", language: tree.config.language,
        home: tree.config.homePath)
    }
    return index
  }

  /// The translations among the trees of one version.
  static func translations(of sessions: ArraySlice<SiteSession>, languages: SiteLanguages) -> Translations {
    var made = Translations(languages: languages)
    for tree in sessions.compactMap(\.tree) {
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
  func renderTrees(
    _ sessions: inout [SiteSession], groups: [Range<Int>], translations: [Translations], versionIndex: VersionIndex?,
    into sink: any OutputSink, progress: (@Sendable (Int, Int) -> Void)?
  ) -> RenderedTrees {
    var rendered = RenderedTrees()
    for (group, made) in zip(groups, translations) {
      for place in group {
        // (No copy of the tree is held while it renders: its pages would be copied.)
        guard let treePlace = sessions[place].tree?.place, let language = sessions[place].tree?.config.language else {
          continue
        }
        sessions[place].links = Self.links(
          of: place, in: group, sessions: sessions, translations: config.languages != nil ? made : nil,
          versionIndex: versionIndex)
        guard let output = sessions[place].renderTree(into: sink, progress: progress) else { continue }
        sessions[place].writtenOutputs = output.files
        sessions[place].made = (output.memo, output.search)
        let session = sessions[place]
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
        let wide = session.index
        // An older version's page whose canonical link leads to the newest is left to it.
        let published = (wide?.publishedPaths ?? []).compactMap { session.pages[$0]?.page }.filter { page in
          treePlace.version?.isNewest != false || versionIndex?.newest(of: page, language: language) == nil
        }
        rendered.sitemap.append((published, wide?.taxonomies.urls ?? [], wide?.gitDates ?? [:]))
      }
    }
    return rendered
  }

  /// The links of the tree at `place` to the other trees of its version (`group`).
  static func links(
    of place: Int, in group: Range<Int>, sessions: [SiteSession], translations: Translations?,
    versionIndex: VersionIndex?
  ) -> TreeLinks {
    var links = TreeLinks(translations: translations, versionIndex: versionIndex)
    for other in group where other != place {
      guard let others = sessions[other].tree else { continue }
      for page in others.publishedPages { links.otherLanguages[page.url] = others.pages[page.sitePath]?.ids ?? [] }
    }
    if place != group.lowerBound, let tree = sessions[place].tree, let original = sessions[group.lowerBound].tree {
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
  static func originals(of session: LoadedTree, in original: LoadedTree) -> [String: (url: String, ids: PageIDs)] {
    var byIdentity: [String: (url: String, ids: PageIDs)] = [:]
    for parsed in original.pages.values {
      byIdentity[Translations.identity(of: parsed.page)] = (parsed.page.url, parsed.ids)
    }
    let untranslated = session.place.languageTree?.untranslated ?? []
    var originals: [String: (url: String, ids: PageIDs)] = [:]
    for parsed in session.pages.values where !untranslated.contains(parsed.page.sitePath) {
      if let found = byIdentity[Translations.identity(of: parsed.page)] { originals[parsed.page.url] = found }
    }
    return originals
  }
}

extension SiteSession {
  /// `serve`'s rebuild of a site of several languages or versions: a page's change is
  /// rebuilt by the sessions of the trees that show it (its own, and those that show it
  /// untranslated), each as a site of one tree; a change of settings, theme, words,
  /// files other than pages, or of which pages exist or where they are, rebuilds them all.
  mutating func updateTrees(changed paths: [String], into sink: any OutputSink) -> BuildResult {
    // (Made in a closure: no copy of a tree outlives it, or a tree's update would copy
    // its pages.)
    let (folders, known, files) = { () -> (Set<String>, Set<String>, Set<String>) in
      let loaded = trees.compactMap(\.tree)
      return (
        Set(loaded.map { $0.config.contentFolder + "/" }),
        Set(loaded.flatMap { $0.place.languageTree?.files.map(\.sitePath) ?? [] }),
        Set(loaded.flatMap { ($0.resources + $0.staticFiles).map(\.sitePath) })
      )
    }()
    var pages: [String] = []
    for path in paths {
      let exists = FileManager.default.fileExists(atPath: options.siteRoot.appendingPathComponent(path).path)
      let isPage = folders.contains { path.hasPrefix($0) } && ContentFile.markdownExtensionLength(path) != nil
      if isPage, exists == known.contains(path) {
        pages.append(path)
      } else if isPage || exists || files.contains(path) {
        // A page that comes or goes changes the trees; any other file may be shared.
        return rebuildEverything(into: sink)
      }
      // Anything else came and went (an editor's temporary file): nothing to do.
    }
    let paths = pages
    let before = translationPlaces()
    var diagnostics: [Diagnostic] = []
    var changed: [String] = []
    var (pageCount, fileCount) = (0, 0)
    for place in trees.indices {
      guard let tree = trees[place].tree?.place.languageTree else { continue }
      let held = paths.filter { path in tree.files.contains { $0.sitePath == path } }
      guard !held.isEmpty else { continue }
      let result = trees[place].update(changed: held, into: sink)
      if trees[place].needsWholeSite { return rebuildEverything(into: sink) }
      diagnostics += result.diagnostics.filter { !tree.untranslated.contains($0.location?.path ?? "") }
      changed += result.changedOutputs
      // What the site's session knows it wrote no longer holds for these.
      for path in result.changedOutputs { writtenFiles.forget(path) }
      pageCount += result.pageCount
      fileCount += result.fileCount
    }
    // A page that moved changes every language's switcher and alternates.
    if translationPlaces() != before { return rebuildEverything(into: sink) }
    return BuildResult(diagnostics: diagnostics, pageCount: pageCount, fileCount: fileCount, changedOutputs: changed)
  }

  /// Where each language's published pages are, by page identity.
  private func translationPlaces() -> [String: [String: String]] {
    var places: [String: [String: String]] = [:]
    for tree in trees.compactMap(\.tree) {
      for page in tree.publishedPages {
        places[Translations.identity(of: page), default: [:]][tree.config.language] = page.url
      }
    }
    return places
  }
}

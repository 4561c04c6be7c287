import CvsiteCore
import Foundation

extension SiteSession {
  /// Builds a site of several languages or versions: a session per language of each
  /// version, each a site of its own tree (navigation, listings, taxonomies, feed,
  /// search) under its folder (`/1.x/es/`), sharing the theme, the static files and one
  /// reading of git per version; then one sitemap of them all and `versions.json`.
  func buildTrees(
    content: [ContentFile], theme: SiteThemeAdapter, diagnostics given: [Diagnostic], into sink: any OutputSink,
    progress: (@Sendable (Int, Int) -> Void)?
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
    // By version: its sessions (one per language), for its translations.
    var groups: [[SiteSession]] = []
    var spoken: [String: SiteThemeAdapter] = [:]
    for version in versions {
      var files = content
      var sources: ContentSources?
      var folder = config.contentFolder
      var prefix = config.contentFolder + "/"
      var gitRef: String?
      switch version?.source {
      case .folder(let name)? where name != config.contentFolder:
        folder = name
        prefix = name + "/"
        guard FileKind(following: options.siteRoot.appendingPathComponent(name).path) == .folder else {
          diagnostics.append(
            Diagnostic(
              .error, "the version `\(version?.name ?? "")` reads its pages from \(name)/, which does not exist",
              at: version?.location, sourceLine: version?.line))
          continue
        }
        let (scanned, problems) = ContentScanner.scan(name, in: options.siteRoot, holdsPages: true)
        files = scanned
        diagnostics += problems
      case .git(let ref)?:
        let read = GitContent.read(
          ref: ref, folder: config.contentFolder, siteRoot: options.siteRoot, location: version?.location,
          line: version?.line)
        (files, sources, gitRef) = (read.files, read.sources, ref)
        prefix = ref + ":" + config.contentFolder + "/"
        diagnostics += read.diagnostics
        if !read.diagnostics.isEmpty { continue }
      default: break
      }
      if !config.excludedPages.isEmpty { files.removeAll { config.excludedPages.excludes($0.relativePath) } }
      let trees: [LanguageTree]
      if config.languages != nil {
        let (split, problems) = LanguageTrees.split(files, languages: languages)
        trees = split
        diagnostics += problems
      } else {
        trees = [LanguageTree(language: languages.defaultLanguage, files: files)]
      }
      let gitDates =
        config.lastUpdatedFromGit || (options.isCheckOnly && version?.isNewest != false)
        ? GitDates.lastCommitDates(contentFolder: options.siteRoot.appendingPathComponent(folder), ref: gitRef)
        : nil
      var group: [SiteSession] = []
      for tree in trees {
        let session = SiteSession(options: options)
        var settings = config
        settings.contentFolder = folder
        settings.isNewestVersion = version?.isNewest ?? true
        settings.language = tree.language.code
        settings.direction = tree.language.direction
        settings.treeFolder = (version?.folder ?? "") + tree.language.folder
        settings.title = tree.language.title ?? settings.title
        settings.description = tree.language.description ?? settings.description
        session.config = settings
        if spoken[tree.language.code] == nil {
          let (words, problems) = theme.speaking(tree.language.code, siteRoot: options.siteRoot)
          spoken[tree.language.code] = words
          diagnostics += problems
        }
        session.theme = spoken[tree.language.code]
        session.staticFiles = staticFiles
        session.languageTree = tree
        session.version = version
        session.sources = sources
        session.writesSharedFiles = sessions.isEmpty
        session.remembersRenders = remembersRenders
        session.remembered = remembersRenders ? RenderMemo() : nil
        if config.lastUpdatedFromGit, let gitDates {
          session.treeGitDates = Self.keyed(gitDates, by: tree, prefix: prefix)
        }
        if let loaded = session.theme {
          diagnostics += session.load(tree.files, theme: loaded).filter {
            !tree.untranslated.contains($0.location?.path ?? "")
          }
        }
        sessions.append(session)
        group.append(session)
      }
      if options.isCheckOnly, config.languages != nil, version?.isNewest != false, let gitDates {
        diagnostics += Self.translationReport(trees, gitDates: gitDates, prefix: prefix)
      }
      groups.append(group)
    }
    var versionIndex = config.versions.map(VersionIndex.init)
    var translations: [Translations] = []
    for group in groups {
      var made = Translations(languages: languages)
      for session in group {
        made.add(
          session.publishedPages, language: session.config.language,
          untranslated: session.languageTree?.untranslated ?? [], home: session.config.homePath)
        versionIndex?.add(
          session.publishedPages, version: session.version?.name ?? "", language: session.config.language,
          home: session.config.homePath)
      }
      translations.append(made)
    }
    var files = Set<String>()
    var pageCount = 0
    var sitemap: [(pages: [SitePage], extraURLs: [String], gitDates: [String: String])] = []
    for (group, made) in zip(groups, translations) {
      for session in group {
        if config.languages != nil { session.translations = made }
        session.versionIndex = versionIndex
        for other in group where other !== session {
          for page in other.publishedPages {
            session.otherLanguages[page.url] = other.pages[page.sitePath]?.ids ?? []
          }
        }
        if let original = group.first, session !== original {
          session.originals = Self.originals(of: session, in: original)
        }
        guard let loaded = session.theme else { continue }
        let output = session.renderAll(theme: loaded, into: sink, progress: progress)
        session.writtenOutputs = output.files
        session.made = (output.memo, output.search)
        let untranslated = session.languageTree?.untranslated ?? []
        diagnostics += output.diagnostics.filter { !untranslated.contains($0.location?.path ?? "") }
        for path in output.files.intersection(files).sorted() {
          diagnostics.append(
            Diagnostic(
              .error,
              "two languages or versions write \(path): a page of one lands in the folder of another (`path` of the languages or versions in cvsite.yml, or the page's `slug`)"
            ))
        }
        files.formUnion(output.files)
        pageCount += output.pageCount
        let wide = session.siteWide
        // An older version's page whose canonical link leads to the newest is left to it.
        let published = (wide?.publishedPaths ?? []).compactMap { session.pages[$0]?.page }.filter { page in
          session.version?.isNewest != false
            || versionIndex?.newest(of: page, language: session.config.language) == nil
        }
        sitemap.append((published, wide?.taxonomies.urls ?? [], wide?.gitDates ?? [:]))
      }
    }
    let sitemapXML = multilingualSitemapXML(
      sitemap, config: config, translations: translations.first ?? Translations(languages: languages))
    var shared: [(String, String)] = [("sitemap.xml", sitemapXML)]
    if let versionIndex { shared.append(("versions.json", versionIndex.json(basePath: config.basePath))) }
    for (path, text) in shared {
      do {
        try sink.write(Data(text.utf8), to: path)
        files.insert(path)
      } catch {
        diagnostics.append(.ioFailure("cannot write \(path)", error))
      }
    }
    languageSessions = sessions
    writtenOutputs = files
    return BuildResult(
      diagnostics: diagnostics, pageCount: pageCount, fileCount: files.count, changedOutputs: files.sorted())
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

  /// For the session of a translation: the original of each of its translated pages
  /// (URL and ids, from the default language's `original` session), by the
  /// translation's URL.
  static func originals(of session: SiteSession, in original: SiteSession) -> [String: (url: String, ids: Set<String>)]
  {
    var byIdentity: [String: (url: String, ids: Set<String>)] = [:]
    for parsed in original.pages.values {
      byIdentity[Translations.identity(of: parsed.page)] = (parsed.page.url, parsed.ids)
    }
    let untranslated = session.languageTree?.untranslated ?? []
    var originals: [String: (url: String, ids: Set<String>)] = [:]
    for parsed in session.pages.values where !untranslated.contains(parsed.page.sitePath) {
      if let found = byIdentity[Translations.identity(of: parsed.page)] { originals[parsed.page.url] = found }
    }
    return originals
  }
}

extension SiteSession {
  /// `serve`'s rebuild of a site of several languages: a page's change is rebuilt by
  /// the sessions of the languages that show it (its own, and those that show it
  /// untranslated), each as a site of one language; a change of settings, theme, words,
  /// files other than pages, or of which pages exist or where they are, rebuilds them all.
  func updateLanguages(changed paths: [String], into sink: any OutputSink) -> BuildResult {
    let folders = Set(languageSessions.map { $0.config.contentFolder + "/" })
    let known = Set(languageSessions.flatMap { $0.languageTree?.files.map(\.sitePath) ?? [] })
    let files = Set(languageSessions.flatMap { ($0.resources + $0.staticFiles).map(\.sitePath) })
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
    for session in languageSessions {
      guard let tree = session.languageTree else { continue }
      let held = paths.filter { path in tree.files.contains { $0.sitePath == path } }
      guard !held.isEmpty else { continue }
      let result = session.update(changed: held, into: sink)
      if session.needsWholeSite { return rebuildEverything(into: sink) }
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
    for session in languageSessions {
      for page in session.publishedPages {
        places[Translations.identity(of: page), default: [:]][session.config.language] = page.url
      }
    }
    return places
  }
}

import CvsiteCore
import Foundation

extension SiteSession {
  /// Builds a site of several languages: a session per language, each a site of its
  /// own tree (navigation, listings, taxonomies, feed, search) under its folder, sharing
  /// the theme, the static files and one reading of git; then one sitemap of them all.
  func buildLanguages(
    _ languages: SiteLanguages, content: [ContentFile], theme: SiteThemeAdapter, diagnostics given: [Diagnostic],
    into sink: any OutputSink, progress: (@Sendable (Int, Int) -> Void)?
  ) -> BuildResult {
    var diagnostics = given
    let (trees, problems) = LanguageTrees.split(content, languages: languages)
    diagnostics += problems
    let gitDates =
      config.lastUpdatedFromGit || options.isCheckOnly
      ? GitDates.lastCommitDates(contentFolder: options.siteRoot.appendingPathComponent(config.contentFolder)) : nil
    var sessions: [SiteSession] = []
    for (index, tree) in trees.enumerated() {
      let session = SiteSession(options: options)
      var settings = config
      settings.language = tree.language.code
      settings.direction = tree.language.direction
      settings.languageFolder = tree.language.folder
      settings.title = tree.language.title ?? settings.title
      settings.description = tree.language.description ?? settings.description
      session.config = settings
      let (spoken, wordProblems) = theme.speaking(tree.language.code, siteRoot: options.siteRoot)
      diagnostics += wordProblems
      session.theme = spoken
      session.staticFiles = staticFiles
      session.languageTree = tree
      session.writesSharedFiles = index == 0
      session.remembersRenders = remembersRenders
      session.remembered = remembersRenders ? RenderMemo() : nil
      if config.lastUpdatedFromGit, let gitDates { session.treeGitDates = Self.keyed(gitDates, by: tree, config) }
      diagnostics += session.load(tree.files, theme: spoken).filter {
        !tree.untranslated.contains($0.location?.path ?? "")
      }
      sessions.append(session)
    }
    if options.isCheckOnly, let gitDates { diagnostics += Self.translationReport(trees, gitDates: gitDates, config) }
    var translations = Translations(languages: languages)
    for session in sessions {
      translations.add(
        session.publishedPages, language: session.config.language,
        untranslated: session.languageTree?.untranslated ?? [])
    }
    var files = Set<String>()
    var pageCount = 0
    var sitemap: [(pages: [SitePage], extraURLs: [String], gitDates: [String: String])] = []
    for session in sessions {
      session.translations = translations
      for other in sessions where other !== session {
        for page in other.publishedPages {
          session.otherLanguages[page.url] = other.pages[page.sitePath]?.ids ?? []
        }
      }
      if let original = sessions.first, session !== original {
        session.originals = Self.originals(of: session, in: original)
      }
      guard let spoken = session.theme else { continue }
      let output = session.renderAll(theme: spoken, into: sink, progress: progress)
      session.writtenOutputs = output.files
      session.made = (output.memo, output.search)
      let untranslated = session.languageTree?.untranslated ?? []
      diagnostics += output.diagnostics.filter { !untranslated.contains($0.location?.path ?? "") }
      for path in output.files.intersection(files).sorted() {
        diagnostics.append(
          Diagnostic(
            .error,
            "two languages write \(path): a page of one lands in the folder of another (`path` of the languages in cvsite.yml, or the page's `slug`)"
          ))
      }
      files.formUnion(output.files)
      pageCount += output.pageCount
      let wide = session.siteWide
      sitemap.append(
        (
          (wide?.publishedPaths ?? []).compactMap { session.pages[$0]?.page }, wide?.taxonomies.urls ?? [],
          wide?.gitDates ?? [:]
        ))
    }
    do {
      try sink.write(
        Data(multilingualSitemapXML(sitemap, config: config, translations: translations).utf8), to: "sitemap.xml")
      files.insert("sitemap.xml")
    } catch {
      diagnostics.append(.ioFailure("cannot write sitemap.xml", error))
    }
    languageSessions = sessions
    writtenOutputs = files
    return BuildResult(
      diagnostics: diagnostics, pageCount: pageCount, fileCount: files.count, changedOutputs: files.sorted())
  }

  /// Each content file's last commit (`gitDates`, by path under the content folder) by
  /// its name in `tree`.
  static func keyed(_ gitDates: [String: String], by tree: LanguageTree, _ config: SiteConfig) -> [String: String] {
    var keyed: [String: String] = [:]
    let prefix = config.contentFolder.utf8.count + 1
    for file in tree.files {
      let real = String(decoding: file.sitePath.utf8.dropFirst(prefix), as: UTF8.self)
      if let date = gitDates[real] { keyed[file.relativePath] = date }
    }
    return keyed
  }

  /// For `cvsite check`: the pages each language lacks, and the translations whose
  /// original changed after them (by their last commits), as notes and warnings.
  static func translationReport(_ trees: [LanguageTree], gitDates: [String: String], _ config: SiteConfig)
    -> [Diagnostic]
  {
    guard let original = trees.first else { return [] }
    let prefix = config.contentFolder.utf8.count + 1
    func real(_ file: ContentFile) -> String { String(decoding: file.sitePath.utf8.dropFirst(prefix), as: UTF8.self) }
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
    let folder = config.contentFolder
    let known = Set(languageSessions.flatMap { $0.languageTree?.files.map(\.sitePath) ?? [] })
    let everything = paths.contains { path in
      guard path.hasPrefix(folder + "/"), ContentFile.markdownExtensionLength(path) != nil else { return true }
      // A page that comes or goes changes the trees.
      let exists = FileManager.default.fileExists(atPath: options.siteRoot.appendingPathComponent(path).path)
      return exists != known.contains(path)
    }
    if everything { return rebuildLanguages(into: sink) }
    let before = translationPlaces()
    var diagnostics: [Diagnostic] = []
    var changed: [String] = []
    var (pageCount, fileCount) = (0, 0)
    for session in languageSessions {
      guard let tree = session.languageTree else { continue }
      let held = paths.filter { path in tree.files.contains { $0.sitePath == path } }
      guard !held.isEmpty else { continue }
      let result = session.update(changed: held, into: sink)
      if session.needsWholeSite { return rebuildLanguages(into: sink) }
      diagnostics += result.diagnostics.filter { !tree.untranslated.contains($0.location?.path ?? "") }
      changed += result.changedOutputs
      // What the site's session knows it wrote no longer holds for these.
      for path in result.changedOutputs { writtenFiles.forget(path) }
      pageCount += result.pageCount
      fileCount += result.fileCount
    }
    // A page that moved changes every language's switcher and alternates.
    if translationPlaces() != before { return rebuildLanguages(into: sink) }
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

  /// Builds every language again, into memory, then writes what changed.
  private func rebuildLanguages(into sink: any OutputSink) -> BuildResult {
    let previous = writtenOutputs
    let memory = MemorySink()
    var result = build(into: memory)
    guard result.succeeded else { return result }
    do {
      let changed = try memory.flush(into: sink, known: &writtenFiles)
      (result.fileCount, result.changedOutputs) = (changed.count, changed)
    } catch {
      result.diagnostics.append(.ioFailure("cannot write the output", error))
      return result
    }
    for stale in previous.subtracting(writtenOutputs).sorted() {
      try? sink.remove(stale)
      writtenFiles.forget(stale)
    }
    return result
  }
}

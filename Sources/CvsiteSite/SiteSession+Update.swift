import CvsiteCore
import CvsiteMarkdown
import Foundation

extension SiteSession {
  /// Rebuilds what changes to `paths` (site-relative: `content/a.md`, `static/x.css`,
  /// `themes/...`, `cvsite.yml`) affect, writing into `sink` only when the result has
  /// no error, so a failed rebuild leaves the served site as it was.
  ///
  /// A page edit re-renders that page, and its section's page when what the listing
  /// shows of it (summary, values) changed. A change of a title, weight, date, slug,
  /// draft flag, or an added or removed page renders, from the bodies kept in memory,
  /// the pages whose layout inputs differ from their last render (``RenderMemo``: the
  /// pages whose navigation shows the change, their neighbours, the listings); the other
  /// pages keep their files. A settings or theme change rebuilds everything. Only files
  /// whose bytes changed are written.
  public func update(changed paths: [String], into sink: any OutputSink) -> BuildResult {
    if !languageSessions.isEmpty, remembersRenders { return updateLanguages(changed: paths, into: sink) }
    // A `SiteSession` whose last build dropped its pages' bodies builds again, remembering.
    let wasServing = remembersRenders
    remembersRenders = true
    let folder = config.contentFolder
    let content = options.siteRoot.appendingPathComponent(folder)
    if paths.contains(where: { $0 == folder || $0.hasPrefix(folder + "/") }),
      FileKind(following: content.path) != .folder
    {
      return contentFolderGone(from: sink)
    }
    if theme == nil || !wasServing
      || paths.contains(where: {
        $0 == config.settingsFile || $0 == "cvsite.yml" || $0.hasPrefix("themes/") || $0.hasPrefix("layouts/")
          || FolderCategory.fileNames.contains(String($0.split(separator: "/").last ?? ""))
      })
      || paths.contains(where: isFolderChange)
    {
      return rebuildEverything(into: sink)
    }
    guard let theme else { return rebuildEverything(into: sink) }
    let parser = PageParser(
      theme: theme, config: config, siteRoot: options.siteRoot, keepsLinks: remembersRenders, categories: categories,
      catalog: catalogIndex(), sources: sources)
    var touched = Set<String>()
    var lookalikes: [Diagnostic] = []
    var navigationChanged = false
    var filesChanged = false
    // A file pages include (a partial, a snippet) changes those pages.
    var changedPaths = Set(paths)
    for (pagePath, parsed) in pages
    where !parsed.includes.isEmpty && parsed.includes.contains(where: changedPaths.contains) {
      changedPaths.insert(pagePath)
    }
    for path in changedPaths {
      let url = options.siteRoot.appendingPathComponent(path)
      let exists = FileManager.default.fileExists(atPath: url.path)
      if path.hasPrefix(folder + "/") && ContentFile.markdownExtensionLength(path) != nil {
        let relative = String(path.dropFirst(folder.count + 1))
        if config.excludedPages.excludes(relative) { continue }
        // `_part.mdx`: a partial, no page (the pages that include it were added above).
        let name = String(relative.split(separator: "/").last ?? "")
        if name.hasPrefix("_"), ContentFile.Kind.ofMarkdownFile(named: name) == .page,
          !ContentFile.isSectionIndexInALanguage(name)
        {
          continue
        }
        let previous = pages[path]?.page
        // A page that arrives beside one whose name differs only by case or Unicode
        // normalisation (which the dictionary of pages takes for the same path) is the
        // error a full build gives, and is not read over the other.
        let twins: [String]
        if let stored = pages.index(forKey: path).map({ pages.keys[$0] }) {
          twins = stored.utf8.elementsEqual(path.utf8) ? [] : [stored]
        } else {
          let key = LookalikeNames.key(path)
          twins = pages.compactMap { $0.value.isImplicit || LookalikeNames.key($0.key) != key ? nil : $0.key }
        }
        if exists, !twins.isEmpty {
          lookalikes += LookalikeNames.problems(twins + [path])
          continue
        }
        if exists {
          let kind = ContentFile.Kind.ofMarkdownFile(named: url.lastPathComponent)
          let file =
            languageTree?.files.first { $0.sitePath == path }
            ?? ContentFile(sitePath: path, relativePath: relative, kind: kind, url: url)
          let parsed = parser.parse(file)
          pages[path] = parsed
          if previous.map({ Self.navigationKey($0) != Self.navigationKey(parsed.page) }) ?? true {
            navigationChanged = true
          }
          if previous.map({ $0.summary != parsed.page.summary || $0.values != parsed.page.values }) ?? true {
            pendingListings.insert(path)
          }
        } else if previous != nil, twins.isEmpty {
          pages[path] = nil
          navigationChanged = true
        }
        touched.insert(path)
      } else if path.hasPrefix(folder + "/") || path.hasPrefix("static/") {
        filesChanged = true
      }
    }
    // In a DocC catalog, `<doc:>` links show their page's title and topics its abstract:
    // a page that changes either is shown differently by pages not read again here.
    if config.docc != nil, navigationChanged || !pendingListings.isEmpty { return rebuildEverything(into: sink) }
    // Only pages coming, going or changing their draft flag or URL change which folders
    // need a made-up section, and each of those changes the navigation.
    if navigationChanged { reconcileImplicitSections(parser: parser) }
    pendingPages.formUnion(touched)
    pendingNavigation = pendingNavigation || navigationChanged
    pendingFiles = pendingFiles || filesChanged
    // What the render keeps of the whole site holds navigation keys, and files as link
    // targets: drop what the changes make stale.
    if navigationChanged { siteWide = nil }
    if filesChanged { siteWide?.targets = nil }
    if pendingFiles {
      staticFiles = ContentScanner.scan("static", in: options.siteRoot, holdsPages: false).0
      resources = ContentScanner.scan(folder, in: options.siteRoot, holdsPages: true).0.filter {
        $0.kind == .resource && !config.excludedPages.excludes($0.relativePath)
          && !FolderCategory.holds($0)
      }
    }
    var diagnostics = pages.values.flatMap(\.diagnostics) + lookalikes
    guard !diagnostics.hasErrors else {
      return .failed(diagnostics)
    }
    var only: Set<String>? = nil
    if !pendingNavigation {
      var selected = pendingPages
      for path in pendingListings {
        guard let page = pages[path]?.page else { continue }
        // The section page that lists this page.
        let section = page.parentSection
        if let index = pages.values.first(where: { $0.page.isSectionIndex && $0.page.sectionPath == section }) {
          selected.insert(index.page.sitePath)
        }
      }
      only = selected
    }
    if only != nil, let collisions = siteWide?.collisions {
      // Edited pages keep their URLs (else navigation changed) but maybe not their ids.
      if collisions.isEmpty {
        for path in pendingPages {
          guard let parsed = pages[path], options.drafts || !parsed.page.metadata.draft else { continue }
          siteWide?.targets?.links.addPage(url: parsed.page.url, ids: parsed.ids)
        }
      } else {
        siteWide?.targets = nil
      }
    }
    let memory = MemorySink()
    let written = renderAll(theme: theme, into: memory, only: only, copyFiles: pendingFiles, progress: nil)
    diagnostics += written.diagnostics
    guard !diagnostics.hasErrors else {
      return .failed(diagnostics)
    }
    let changed: [String]
    do {
      changed = try memory.flush(into: sink, known: &writtenFiles)
    } catch {
      return BuildResult(
        diagnostics: diagnostics + [.ioFailure("cannot write the output", error)], pageCount: 0,
        fileCount: 0,
        changedOutputs: [])
    }
    remembered = only == nil ? written.memo : (remembered ?? RenderMemo()).merging(written.memo)
    search = written.search
    if only == nil || pendingFiles {
      // A partial render leaves the pages it did not render, and their search records.
      let records = config.searchPath + "/p/"
      for stale in writtenOutputs.subtracting(written.files).sorted()
      where only == nil || !(stale.hasSuffix(".html") || stale.hasPrefix(records)) {
        try? sink.remove(stale)
        writtenFiles.forget(stale)
      }
    }
    if only == nil { writtenOutputs = written.files } else { writtenOutputs.formUnion(written.files) }
    for path in touched where pages[path] == nil {
      // A removed page: its output goes too, unless another page wrote it just now (a
      // folder's `index.md` removed leaves its made-up section page, or its `_index.md`,
      // at the same URL).
      let relative = String(path.dropFirst(folder.count + 1))
      let kind = ContentFile.Kind.ofMarkdownFile(named: String(relative.split(separator: "/").last ?? ""))
      let output = PageURL.outputPath(
        for: PageURL.url(
          for: relative, kind: kind, slug: nil, strippingNumberPrefixes: config.stripsNumberPrefixes))
      if !written.files.contains(output) {
        try? sink.remove(output)
        writtenFiles.forget(output)
      }
    }
    pendingPages = []
    pendingListings = []
    pendingNavigation = false
    pendingFiles = false
    return BuildResult(
      diagnostics: diagnostics, pageCount: written.pageCount, fileCount: changed.count, changedOutputs: changed)
  }

  /// Whether `path` is a whole folder of content or static files that came or went (a
  /// folder moved in or out, `content/` itself): page by page updates cannot follow
  /// that, a full rebuild does.
  private func isFolderChange(_ path: String) -> Bool {
    let folder = config.contentFolder
    if path == folder || path == "static" { return true }
    guard path.hasPrefix(folder + "/") || path.hasPrefix("static/"), ContentFile.markdownExtensionLength(path) == nil
    else { return false }
    if FileKind(following: options.siteRoot.appendingPathComponent(path).path) == .folder { return true }
    let inside = path + "/"
    return pages.keys.contains { $0.hasPrefix(inside) }
      || (staticFiles + resources).contains { $0.sitePath.hasPrefix(inside) }
  }

  /// `content/` was moved or deleted while serving: serve what a build would make of
  /// the site now (no pages: every path a 404) and say why, rather than the old pages.
  private func contentFolderGone(from sink: any OutputSink) -> BuildResult {
    for stale in writtenOutputs.sorted() { try? sink.remove(stale) }
    writtenFiles.forgetAll()
    remembered = nil
    writtenOutputs = []
    pages = [:]
    siteWide = nil
    pendingPages = []
    pendingListings = []
    pendingNavigation = false
    pendingFiles = false
    return .failed([SiteSession.missingContentFolder(config.contentFolder)])
  }

  /// Builds the whole site again, into memory, then writes what changed and removes what
  /// is no longer made. A language's session cannot build on its own: it asks the
  /// site's session to rebuild them all.
  func rebuildEverything(into sink: any OutputSink) -> BuildResult {
    if languageTree != nil {
      needsWholeSite = true
      return .failed([])
    }
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
    (remembered, search) = made
    for stale in previous.subtracting(writtenOutputs).sorted() {
      try? sink.remove(stale)
      writtenFiles.forget(stale)
    }
    pendingPages = []
    pendingListings = []
    pendingNavigation = false
    pendingFiles = false
    return result
  }

  /// What the navigation, listings, feed and sitemap show of a page.
  static func navigationKey(_ page: SitePage) -> [String] {
    [
      page.metadata.title, page.metadata.navTitle ?? "", String(page.metadata.inNavigation),
      String(page.metadata.weight), page.metadata.date ?? "", page.url,
      String(page.metadata.draft),
      page.metadata.aliases.joined(separator: ","),
      // Terms make the taxonomies' pages and every page's term links.
      page.metadata.terms.sorted { $0.key < $1.key }.map { $0.key + ":" + $0.value.joined(separator: ",") }
        .joined(separator: ";"),
    ]
  }
}

/// Keeps written files in memory until the whole rebuild is known to be good.
final class MemorySink: OutputSink, @unchecked Sendable {
  private let lock = NSLock()
  private var files: [(String, Data)] = []

  func write(_ data: Data, to relativePath: String) throws {
    lock.lock()
    defer { lock.unlock() }
    files.append((relativePath, data))
  }

  func remove(_ relativePath: String) throws {}

  /// Writes the files kept into `sink`, those whose bytes `known` says the path holds
  /// already excepted; returns the paths written, in order.
  func flush(into sink: any OutputSink, known: inout WrittenFiles) throws -> [String] {
    lock.lock()
    defer { lock.unlock() }
    var written: [String] = []
    for (path, data) in files {
      let hash = WrittenFiles.hash(data)
      guard !known.holds(hash, at: path) else { continue }
      known.forget(path)
      try sink.write(data, to: path)
      known.record(hash, at: path)
      written.append(path)
    }
    files = []
    return written
  }
}

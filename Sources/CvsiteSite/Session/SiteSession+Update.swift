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
  public mutating func update(changed paths: [String], into sink: any OutputSink) -> BuildResult {
    // A failed build writes nothing. When the first one failed, nothing has been written
    // at all: the next builds everything, or the pages it never wrote would stay missing
    // once the error is fixed. (After a good build, a failed one leaves its output.)
    let nothingWritten = lastUpdateFailed && writtenFiles.isEmpty
    let result = updating(changed: nothingWritten ? paths + ["cvsite.yml"] : paths, into: sink)
    lastUpdateFailed = !result.succeeded
    return result
  }

  private mutating func updating(changed paths: [String], into sink: any OutputSink) -> BuildResult {
    if !trees.isEmpty, remembersRenders { return updateTrees(changed: paths, into: sink) }
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
    guard tree != nil, wasServing,
      !paths.contains(where: {
        $0 == config.settingsFile || $0 == "cvsite.yml" || config.settingsInputs.contains($0)
          || $0.hasPrefix("themes/") || $0.hasPrefix("layouts/")
          || FolderCategory.fileNames.contains(String($0.split(separator: "/").last ?? ""))
      }),
      !paths.contains(where: isFolderChange), !paths.contains(where: changesReference)
    else {
      return rebuildEverything(into: sink)
    }
    guard let change = tree?.reread(paths) else { return rebuildEverything(into: sink) }
    // In a DocC catalog, `<doc:>` links show their page's title and topics its abstract:
    // a page that changes either is shown differently by pages not read again here.
    if config.docc != nil, change.navigation || !change.listings.isEmpty { return rebuildEverything(into: sink) }
    pending.pages.formUnion(change.pages)
    pending.listings.formUnion(change.listings)
    pending.navigation = pending.navigation || change.navigation
    pending.files = pending.files || change.files
    // The index holds navigation keys, and files as link targets: drop what the
    // changes make stale.
    if change.navigation { index = nil }
    if let pages = tree?.pages { for path in change.pages { index?.refresh(path, in: pages) } }
    if change.files { index?.targets = nil }
    if pending.files { tree?.rescanFiles() }
    var diagnostics = (tree?.problems ?? []) + change.lookalikes
    guard !diagnostics.hasErrors else {
      return .failed(diagnostics)
    }
    var only: Set<String>? = nil
    if !pending.navigation, let tree {
      var selected = pending.pages
      for path in pending.listings {
        guard let page = tree.pages[path]?.page else { continue }
        // The section page that lists this page.
        if let section = tree.sectionPage(of: page) { selected.insert(section) }
      }
      only = selected
    }
    if only != nil, let collisions = index?.collisions {
      // Edited pages keep their URLs (else navigation changed) but maybe not their ids.
      if collisions.isEmpty {
        for path in pending.pages {
          guard let parsed = tree?.pages[path], options.drafts || !parsed.page.metadata.draft else { continue }
          index?.targets?.links.addPage(url: parsed.page.url, ids: parsed.ids)
        }
      } else {
        index?.targets = nil
      }
    }
    let memory = MemorySink()
    guard let written = renderTree(into: memory, only: only, copyFiles: pending.files) else {
      return rebuildEverything(into: sink)
    }
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
    if only == nil || pending.files {
      // A partial render leaves the pages it did not render, and their search records.
      let records = config.searchPath + "/p/"
      for stale in writtenOutputs.subtracting(written.files).sorted()
      where only == nil || !(stale.hasSuffix(".html") || stale.hasPrefix(records)) {
        try? sink.remove(stale)
        writtenFiles.forget(stale)
      }
    }
    if only == nil { writtenOutputs = written.files } else { writtenOutputs.formUnion(written.files) }
    for path in change.pages where tree?.pages[path] == nil {
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
    pending = PendingChanges()
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
    guard let tree else { return false }
    return tree.pages.keys.contains { $0.hasPrefix(inside) }
      || (tree.staticFiles + tree.resources).contains { $0.sitePath.hasPrefix(inside) }
  }

  /// Whether `path` is a symbol graph, or a page the API reference is made with (one
  /// that extends a symbol's page, or the module's page it adds topics to): the
  /// reference is made again with everything else.
  private func changesReference(_ path: String) -> Bool {
    guard let api = tree?.place.api else { return false }
    return path.hasSuffix(".symbols.json") || api.extensionPages.contains(path) || api.sources.files[path] != nil
  }

  /// `content/` was moved or deleted while serving: serve what a build would make of
  /// the site now (no pages: every path a 404) and say why, rather than the old pages.
  private mutating func contentFolderGone(from sink: any OutputSink) -> BuildResult {
    for stale in writtenOutputs.sorted() { try? sink.remove(stale) }
    writtenFiles.forgetAll()
    remembered = nil
    writtenOutputs = []
    tree = nil
    trees = []
    index = nil
    pending = PendingChanges()
    return .failed([SiteSession.missingContentFolder(config.contentFolder)])
  }

  /// Builds the whole site again, into memory, then writes what changed and removes what
  /// is no longer made. A tree's session cannot build on its own: it asks the site's
  /// session to rebuild them all.
  mutating func rebuildEverything(into sink: any OutputSink) -> BuildResult {
    if tree?.place.languageTree != nil || tree?.place.version != nil {
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
    pending = PendingChanges()
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

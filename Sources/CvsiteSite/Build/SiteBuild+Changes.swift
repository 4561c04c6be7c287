import CvsiteCore
import CvsiteMarkdown
import Foundation

/// What a rebuild of changed pages came to.
enum TreeUpdate {
  /// The change needs the whole site built again.
  case wholeSite
  /// Done (or failed, writing nothing): its result.
  case done(BuildResult)
}

extension BuiltTree {
  /// Rebuilds what changes to `paths` affect in this tree, writing into `sink` only
  /// when the result has no error.
  ///
  /// A page edit re-renders that page, and its section's page when what the listing
  /// shows of it (summary, values) changed. A change of a title, weight, date, slug,
  /// draft flag, or an added or removed page renders, from the bodies kept in memory,
  /// the pages whose layout inputs differ from their last render (``RenderMemo``: the
  /// pages whose navigation shows the change, their neighbours, the listings); the other
  /// pages keep their files. Only files whose bytes changed (`writtenFiles`) are written.
  mutating func update(
    _ options: BuildOptions, changed paths: [String], writtenFiles: inout WrittenFiles, into sink: any OutputSink
  ) -> TreeUpdate {
    guard let change = tree?.reread(paths) else { return .wholeSite }
    // In a DocC catalog, `<doc:>` links show their page's title and topics its abstract:
    // a page that changes either is shown differently by pages not read again here.
    if config.docc != nil, change.navigation || !change.listings.isEmpty { return .wholeSite }
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
    guard !diagnostics.hasErrors else { return .done(.failed(diagnostics)) }
    let only = pagesToRender()
    if only != nil { keepLinkTargets(drafts: options.drafts) }
    let memory = MemorySink()
    guard let written = render(into: memory, only: only, copyFiles: pending.files) else { return .wholeSite }
    diagnostics += written.diagnostics
    guard !diagnostics.hasErrors else { return .done(.failed(diagnostics)) }
    let changed: [String]
    do {
      changed = try memory.flush(into: sink, known: &writtenFiles)
    } catch {
      return .done(
        BuildResult(
          diagnostics: diagnostics + [.ioFailure("cannot write the output", error)], pageCount: 0, fileCount: 0,
          changedOutputs: []))
    }
    remembered = only == nil ? written.memo : (remembered ?? RenderMemo()).merging(written.memo)
    search = written.search
    removeStale(after: written, only: only, removed: change.pages, writtenFiles: &writtenFiles, from: sink)
    pending = PendingChanges()
    return .done(
      BuildResult(
        diagnostics: diagnostics, pageCount: written.pageCount, fileCount: changed.count, changedOutputs: changed))
  }

  /// The pages a rebuild renders: those read again and the section pages that list
  /// them; nil (every page) when a navigation key changed.
  private func pagesToRender() -> Set<String>? {
    guard !pending.navigation, let tree else { return nil }
    var selected = pending.pages
    for path in pending.listings {
      guard let page = tree.pages[path]?.page else { continue }
      // The section page that lists this page.
      if let section = tree.sectionPage(of: page) { selected.insert(section) }
    }
    return selected
  }

  /// Before a render of some pages: the edited pages keep their URLs (else navigation
  /// changed) but maybe not their ids, which the link targets learn.
  private mutating func keepLinkTargets(drafts: Bool) {
    guard let collisions = index?.collisions else { return }
    guard collisions.isEmpty else {
      index?.targets = nil
      return
    }
    for path in pending.pages {
      guard let parsed = tree?.pages[path], drafts || !parsed.page.metadata.draft else { continue }
      index?.targets?.links.addPage(url: parsed.page.url, ids: parsed.ids)
    }
  }

  /// Removes what the render no longer made: with every page rendered, or files other
  /// than pages changed, the outputs not written again (a partial render leaves the
  /// pages it did not render, and their search records); and the outputs of the
  /// `removed` pages, unless another page wrote them just now (a folder's `index.md`
  /// removed leaves its made-up section page, or its `_index.md`, at the same URL).
  private mutating func removeStale(
    after written: LoadedTree.RenderOutcome, only: Set<String>?, removed: Set<String>,
    writtenFiles: inout WrittenFiles, from sink: any OutputSink
  ) {
    if only == nil || pending.files {
      let records = config.searchPath + "/p/"
      for stale in writtenOutputs.subtracting(written.files).sorted()
      where only == nil || !(stale.hasSuffix(".html") || stale.hasPrefix(records)) {
        try? sink.remove(stale)
        writtenFiles.forget(stale)
      }
    }
    if only == nil { writtenOutputs = written.files } else { writtenOutputs.formUnion(written.files) }
    let folder = config.contentFolder
    for path in removed where tree?.pages[path] == nil {
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
  }
}

extension SiteBuild {
  /// A rebuild of a site of several languages or versions: a page's change is rebuilt
  /// in the trees that show it (its own, and those that show it untranslated), each as
  /// a site of one tree; a change of files other than pages, or of which pages exist or
  /// where they are, rebuilds them all.
  static func updateTrees(
    _ options: BuildOptions, changed paths: [String], state: inout BuiltSite, into sink: any OutputSink
  ) -> TreeUpdate {
    // (Made in a closure: no copy of a tree outlives it, or a tree's update would copy
    // its pages.)
    let (folders, known, files) = { () -> (Set<String>, Set<String>, Set<String>) in
      let loaded = state.trees.compactMap(\.tree)
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
        return .wholeSite
      }
      // Anything else came and went (an editor's temporary file): nothing to do.
    }
    let before = translationPlaces(of: state.trees)
    var total = BuildResult(diagnostics: [], pageCount: 0, fileCount: 0, changedOutputs: [])
    for place in state.trees.indices {
      guard let tree = state.trees[place].tree?.place.languageTree else { continue }
      let held = pages.filter { path in tree.files.contains { $0.sitePath == path } }
      guard !held.isEmpty else { continue }
      guard
        case .done(let result) = state.trees[place].update(
          options, changed: held, writtenFiles: &state.writtenFiles, into: sink)
      else { return .wholeSite }
      total.diagnostics += result.diagnostics.filter { !tree.untranslated.contains($0.location?.path ?? "") }
      total.changedOutputs += result.changedOutputs
      total.pageCount += result.pageCount
      total.fileCount += result.fileCount
    }
    // A page that moved changes every language's switcher and alternates.
    return translationPlaces(of: state.trees) != before ? .wholeSite : .done(total)
  }

  /// Where each language's published pages are, by page identity.
  private static func translationPlaces(of trees: [BuiltTree]) -> [String: [String: String]] {
    var places: [String: [String: String]] = [:]
    for tree in trees.compactMap(\.tree) {
      for page in tree.publishedPages {
        places[Translations.identity(of: page), default: [:]][tree.config.language] = page.url
      }
    }
    return places
  }
}

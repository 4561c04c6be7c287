import CvsiteCore
import Foundation

/// What one render of a tree goes by, fixed before its first page: the tree's theme,
/// settings and parser, what is asked of the render, and how pages are kept.
struct TreeRenderRun: Sendable {
  let theme: SiteThemeAdapter
  let config: SiteConfig
  let options: BuildOptions
  let sink: any OutputSink
  let request: LoadedTree.RenderRequest
  let wide: SiteIndex
  /// Links are checked (warned of) when the site asks, and always by `check`.
  let linkPolicy: SiteConfig.LinkPolicy
  /// The parser of the pages known by their metadata only; nil when every page is read.
  let parser: PageParser?
  /// Whether pages are known by their metadata only (``ParsedSitePage/needsBody``).
  let unread: Bool
  /// Whether pages keep their bodies once rendered (`serve`).
  let keepsBodies: Bool
  /// Whether the search index's page bundles are written as pages are read.
  let spools: Bool
  /// Whether each page's first (metadata) reading leaves the tree while the first round
  /// reads the page again: a build that reads each body there and keeps no memo.
  let handsOver: Bool
  /// The pages whose search records changed since the last render; nil: every page's.
  let changedRecords: Set<String>?
  let languages: PageLanguages?
  let versions: PageVersions?
  /// How many pages the progress line counts to.
  let total: Int
  private let counter = ProgressCounter()

  init(
    tree: LoadedTree, wide: SiteIndex, links: TreeLinks, request: LoadedTree.RenderRequest, sink: any OutputSink,
    total: Int
  ) {
    (theme, config, options, self.sink, self.request, self.wide) =
      (tree.theme, tree.config, tree.options, sink, request, wide)
    linkPolicy = tree.options.isCheckOnly && tree.config.links == .off ? .warn : tree.config.links
    unread = tree.hasUnreadPages
    parser = unread ? tree.parser(catalog: tree.catalogIndex()) : nil
    keepsBodies = tree.keepsBodies
    spools = unread && !keepsBodies && tree.config.search
    handsOver = unread && !keepsBodies && request.memo == nil
    changedRecords = request.memo == nil ? request.only : request.reread
    (languages, versions) = (tree.pageLanguages(links), tree.pageVersions(links))
    self.total = total
  }

  /// Counts one more page rendered on the progress line, when one is shown.
  func reportProgress() {
    if let progress = request.progress { progress(counter.increment(), total) }
  }

  /// The rendering of pages of `site`, their links checked by `checker`.
  func rendering(_ site: [SitePage], checker: LinkChecker) -> PageRendering {
    let remembers = request.memo != nil
    return PageRendering(
      theme: theme, sink: sink, config: config, siteRoot: options.siteRoot, site: site,
      navigation: wide.navigation, feedURL: wide.feedURL, gitDates: wide.gitDates, taxonomies: wide.taxonomies,
      checker: checker, linkPolicy: linkPolicy, memo: request.memo, reread: remembers ? request.reread : [],
      listingKeys: remembers ? site.map(\.listingKey) : [], languages: languages, versions: versions)
  }

  /// Reads (when still unread) and renders the jobs of `store` on every core, in batches:
  /// a worker parses a batch, then renders it. Parsing and rendering each run through
  /// much code and data of their own: done in turn page by page, both ran measurably
  /// slower (the caches held neither).
  ///
  /// A listing shows its pages' summaries: it waits until every page is read. A page
  /// rendered lets go of its body unless bodies are kept.
  func readAndRender(
    _ store: TakenOnce<LoadedTree.RoundJob>, with rendering: PageRendering, spool: PassageSpool?
  ) -> [[LoadedTree.RoundResult]] {
    let batch = 256
    let weights = batchWeights(store, batch: batch)
    let count = store.count
    let work: @Sendable (Int) -> [LoadedTree.RoundResult] = { number in
      let range = (number * batch)..<min(number * batch + batch, count)
      let jobs = range.compactMap { store.take($0) }
      var results = jobs.map { read($0, spool: spool) }
      for (offset, job) in jobs.enumerated() where !results[offset].waits {
        if job.publishes {
          let page = results[offset].parsed
          results[offset].render = rendering.render(page.page, links: page.links)
          reportProgress()
        }
        if !keepsBodies {
          results[offset].parsed.page.dropRendered()
          // The URLs a body came with are kept only where bodies are (`serve`).
          if results[offset].parsed.links != nil { results[offset].parsed.links = nil }
        }
      }
      return results
    }
    return parallelMap(Array(weights.indices), jobs: options.jobs, weight: { weights[$0] }, work)
  }

  /// A job's page, parsed when it was still unread, its passages spooled.
  private func read(_ job: LoadedTree.RoundJob, spool: PassageSpool?) -> LoadedTree.RoundResult {
    var parsed = job.parsed
    let file = parsed.source
    if let file, let parser {
      let implicit = parsed.isImplicit
      parsed = parser.parse(file)
      parsed.isImplicit = implicit
    }
    if let spool, let record = parsed.search, spool.add(parsed.page, record: record, basePath: config.basePath) {
      parsed.search?.passagesJSON = []
    }
    var result = LoadedTree.RoundResult(parsed: parsed, file: file, position: job.position)
    result.waits = unread && job.publishes && parsed.page.isSectionIndex && parsed.page.metadata.list != nil
    return result
  }

  /// Each batch's weight: its pages' sizes, a listing's weighed by the pages it lists.
  private func batchWeights(_ store: TakenOnce<LoadedTree.RoundJob>, batch: Int) -> [Int] {
    let listingWeight = 2_048
    let navigation = wide.navigation
    return stride(from: 0, to: store.count, by: batch).map { start in
      (start..<min(start + batch, store.count)).reduce(0) { sum, index in
        sum
          + (store.peek(index) { job in
            let page = job.parsed.page
            return max(page.bodyHTML.utf8.count, job.parsed.sourceSize)
              + (page.isSectionIndex && page.metadata.list != nil
                ? navigation.listed(in: page.sectionPath).count * listingWeight : 0)
          } ?? 0)
      }
    }
  }
}

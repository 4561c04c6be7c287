import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import CvsiteThemes
import Foundation

extension LoadedTree {
  struct RenderOutcome {
    var diagnostics: [Diagnostic] = []
    var pageCount = 0
    /// Every output of the site, those kept from the last render included.
    var files: Set<String> = []
    /// What each page rendered was made from: the memo of the next rebuild, once this
    /// one's files are in place.
    var memo = RenderMemo()
    /// What the search index numbered and wrote.
    var search = SearchState()
    /// The index rendered with, its link targets made.
    var index: SiteIndex
  }

  /// What a render is asked for, and what `serve` knows of the last one.
  struct RenderRequest {
    /// The site paths of the pages to render; nil: every page.
    var only: Set<String>?
    /// Whether static files, resources and the theme's assets are written.
    var copyFiles = true
    /// What the last render made each output from (`serve`); nil: no memo is kept.
    var memo: RenderMemo?
    /// With a memo, the pages read again since the last render.
    var reread: Set<String> = []
    /// What the last search index numbered and wrote.
    var search = SearchState()
    var progress: (@Sendable (Int, Int) -> Void)?
  }

  /// A page of the first round of a render: the page (parsed there when it was still
  /// unread: `file` is then where it came from), and its files unless it waits for the
  /// second round.
  struct RoundResult: Sendable {
    var parsed: ParsedSitePage
    var file: ContentFile?
    /// The job's place in the site's order.
    var position: Int
    var render: PageRender?
    /// Whether the page waits for the second round.
    var waits = false
  }

  /// A page the first round reads or renders: `publishes` when it is among those asked
  /// for (a draft or a page left out is read for its problems only), `position` its
  /// place in the site's order.
  typealias RoundJob = (parsed: ParsedSitePage, publishes: Bool, position: Int)

  /// What the first round leaves for the rest of the render: the pages rendered, those
  /// that wait for every page to be read, and the files read.
  struct FirstRound {
    var renders: [String: PageRender] = [:]
    var waiting: [ParsedSitePage] = []
    var read: [ContentFile] = []
  }

  /// Renders published pages and the site-wide outputs into `sink`, with `wide` the
  /// index of this tree and `links` what it knows of the other trees: every page, or
  /// only those whose site paths are in the request's `only` (static files and assets
  /// then only when `copyFiles`). What it learns of the pages (read, then rid of their
  /// bodies) replaces what the load made of them; the index it returns has its link
  /// targets.
  ///
  /// A page known only by its metadata (``ParsedSitePage/needsBody``, as a build loads
  /// them) is parsed where it is rendered, and its body is dropped once its files are
  /// written unless renders are remembered (`serve`): what stays is what the rest of the
  /// site needs of it (summary, ids, links, search record). Two kinds of page wait until
  /// every body is read: a section page that lists its pages (it shows their summaries),
  /// and a page with a link whose `#fragment` matches an id of its target only once
  /// corrected (rendered again, from its source, with the correction).
  mutating func render(
    _ wide: SiteIndex, links: TreeLinks, request: RenderRequest, into sink: any OutputSink
  ) -> RenderOutcome {
    var outcome = RenderOutcome(index: wide)
    var published = wide.published(in: pages)
    var selected = request.only.map { wide.published($0, in: pages) } ?? published
    let run = TreeRenderRun(tree: self, wide: wide, links: links, request: request, sink: sink, total: selected.count)
    var targets = wide.targets ?? self.targets(published, index: wide, links: links)
    outcome.diagnostics += wide.collisions + targets.yieldedOutputs + targets.outputCollisions
    // Two outputs at one place fail to be written: said already, in the author's terms.
    let collides = !(wide.collisions + targets.outputCollisions).isEmpty
    // With every page read (`serve`), the search index is made from their records on
    // a thread of its own while the pages render; otherwise once they are read.
    var searchJob = run.unread ? nil : startSearchIndex(published, run: run)
    let spool = run.spools ? passageSpool(published, run: run) : nil
    let selectedPaths = selected.map(\.sitePath)
    // The round's jobs are taken from a store: with the pages handed over, no one else
    // holds a page's first reading.
    let store = TakenOnce(firstRoundJobs(selected, run: run))
    if run.handsOver {
      for index in 0..<store.count { if let path = store.sourcePath(index) { pages[path] = nil } }
      (published, selected) = ([], [])
    }
    var round = firstRound(store, site: published, checker: targets.links, spool: spool, run: run, outcome: &outcome)
    var again: [ContentFile] = []
    if run.unread {
      published = wide.published(in: pages)
      selected = selectedPaths.compactMap { pages[$0]?.page }
      searchJob = finishReading(published, spool: spool, run: run, outcome: &outcome)
      targets.links = LinkChecker(basePath: config.basePath)
      targets.links.scriptURLsAsWritten = config.tolerant && config.trustsRawHTML
      targets.links = linkTargets(published, links: links, extraPages: wide.taxonomies.urls)
      again = pagesToCorrect(round, checker: targets.links)
      round.read = []
    }
    outcome.index.targets = targets
    hasUnreadPages = false
    secondRound(round.waiting, again: again, site: published, checker: targets.links, run: run, into: &round.renders)
    outcome.diagnostics += checkLinks(of: selected, renders: round.renders, checker: targets.links, run: run)
    var unlocated = Set<String>()
    collect(selected, renders: round.renders, into: &outcome, unlocated: &unlocated)
    writeTaxonomyPages(site: published, run: run, into: &outcome, unlocated: &unlocated)
    outcome.pageCount = outcome.files.count
    if let search = searchJob?.wait() {
      outcome.diagnostics += search.problems
      outcome.files.formUnion(search.paths)
      outcome.search = search.state
    }
    writeSiteFiles(selected, run: run, into: &outcome, unlocated: &unlocated)
    if request.copyFiles { copyFiles(sink: sink, into: &outcome) }
    if collides { outcome.diagnostics.removeAll { $0.isIOFailure && $0.message.hasPrefix("cannot write ") } }
    return outcome
  }

  /// The search index of `published`, started on a thread of its own.
  private func startSearchIndex(
    _ published: [SitePage], run: TreeRenderRun, spooled: [UInt64]? = nil
  ) -> BackgroundJob<SearchOutcome>? {
    startSearchIndex(
      published, navigation: run.wide.navigation, order: run.wide.order, changed: run.changedRecords,
      last: run.request.search, keepsTerms: run.request.memo != nil, into: run.sink, spooled: spooled)
  }

  /// A build that keeps no bodies writes the search index's page bundles as pages are
  /// read, numbered in reading order as the index numbers them.
  private func passageSpool(_ published: [SitePage], run: TreeRenderRun) -> PassageSpool {
    PassageSpool(
      indexing: SearchIndex.readingOrder(published, navigation: run.wide.navigation).compactMap { page in
        page.metadata.searchable && !page.metadata.draft ? page.sitePath : nil
      }, write: SearchIndex.writer(into: run.sink, folder: config.searchPath + "/"))
  }

  /// The first round's jobs: every selected page, and every page still unread (drafts
  /// too: their problems are reported).
  ///
  /// A build that writes the search index's page bundles as pages are read (below)
  /// reads them in reading order: a bundle, eight pages in a row, is then whole within
  /// a batch instead of held until its last page comes (85 MB of passages at 100,000
  /// pages whose folders sort otherwise than their navigation). Each job keeps its
  /// place in the site's order, in which the problems found are reported.
  private func firstRoundJobs(_ selected: [SitePage], run: TreeRenderRun) -> [RoundJob] {
    var jobs = selected.compactMap { page in pages[page.sitePath].map { (parsed: $0, publishes: true, position: 0) } }
    for index in jobs.indices { jobs[index].position = index }
    if run.spools, run.request.only == nil, jobs.count == selected.count {
      let sequence = run.wide.navigation.readingSequence
      if Self.isPermutation(sequence, of: jobs.count) { jobs = sequence.map { jobs[$0] } }
    }
    if run.unread {
      let chosen = Set(selected.map(\.sitePath))
      for (path, parsed) in pages where parsed.needsBody && !chosen.contains(path) {
        jobs.append((parsed, false, jobs.count))
      }
    }
    return jobs
  }

  /// Reads and renders the jobs in `store` on every core, and puts what the render read
  /// in place of what the metadata read made of each page; the problems found go to
  /// `outcome` in the site's order.
  private mutating func firstRound(
    _ store: TakenOnce<RoundJob>, site: [SitePage], checker: LinkChecker, spool: PassageSpool?, run: TreeRenderRun,
    outcome: inout RenderOutcome
  ) -> FirstRound {
    var firstChecker = checker
    firstChecker.idsKnown = !run.unread
    var results = run.readAndRender(store, with: run.rendering(site, checker: firstChecker), spool: spool)
    // The round's results go as they are taken (only the files read stay listed).
    // (Made to their size at once: grown as they fill, each growth leaves the old
    // storage behind.)
    let resultCount = results.reduce(0) { $0 + $1.count }
    var round = FirstRound(renders: [String: PageRender](minimumCapacity: resultCount))
    round.read.reserveCapacity(run.unread ? resultCount : 0)
    var readProblems: [(position: Int, [Diagnostic])] = []
    for index in results.indices {
      for result in results[index] {
        let path = result.parsed.page.sitePath
        if let file = result.file {
          pages[path] = result.parsed
          if !result.parsed.diagnostics.isEmpty { readProblems.append((result.position, result.parsed.diagnostics)) }
          round.read.append(file)
        }
        if let render = result.render {
          round.renders[path] = render
        } else if result.waits {
          round.waiting.append(result.parsed)
        }
      }
      results[index] = []
    }
    for (_, found) in readProblems.sorted(by: { $0.position < $1.position }) { outcome.diagnostics += found }
    return round
  }

  /// Once every page is read: the search index is made from their records while the
  /// rest of the site is rendered (the pages as first read go first: the index is made
  /// while they would be held), and, when it took the records over (its bundles are
  /// written; nothing reads the records after it), the tree lets them go.
  private mutating func finishReading(
    _ published: [SitePage], spool: PassageSpool?, run: TreeRenderRun, outcome: inout RenderOutcome
  ) -> BackgroundJob<SearchOutcome>? {
    let spooled = finishSpool(spool, published: published, navigation: run.wide.navigation, outcome: &outcome)
    let job = startSearchIndex(published, run: run, spooled: spooled)
    if run.handsOver, spooled != nil {
      for page in published { pages[page.sitePath]?.search = nil }
    }
    return job
  }

  /// The pages read in the first round with a link whose fragment `checker` corrects:
  /// they are read and rendered again.
  private func pagesToCorrect(_ round: FirstRound, checker: LinkChecker) -> [ContentFile] {
    round.read.filter { file in
      guard let page = pages[file.sitePath]?.page, let render = round.renders[file.sitePath] else { return false }
      return checker.correctsFragments(in: render.links, from: page.url)
    }
  }

  /// Second round: the pages that waited for the others, with every page's summary and
  /// ids known, and those read again for their corrected links.
  private mutating func secondRound(
    _ waiting: [ParsedSitePage], again: [ContentFile], site: [SitePage], checker: LinkChecker, run: TreeRenderRun,
    into renders: inout [String: PageRender]
  ) {
    guard !waiting.isEmpty || !again.isEmpty else { return }
    let second = run.rendering(site, checker: checker)
    let jobs: [(parsed: ParsedSitePage?, file: ContentFile?)] =
      waiting.map { ($0, nil) } + again.map { (pages[$0.sitePath], $0) }
    let secondRound = parallelMap(jobs, jobs: options.jobs) { job -> PageRender? in
      var page = job.parsed?.page
      var links = job.parsed?.links
      if let file = job.file, let parser = run.parser {
        // Read again for its corrected links; its problems were reported the first time.
        let parsed = parser.parse(file)
        (page, links) = (parsed.page, parsed.links)
      }
      guard let page else { return nil }
      let made = second.render(page, links: links)
      if job.file == nil { run.reportProgress() }
      return made
    }
    for (job, made) in zip(jobs, secondRound) {
      guard let made, let path = job.parsed?.page.sitePath ?? job.file?.sitePath else { continue }
      renders[path] = made
      if job.file == nil, !keepsBodies {
        pages[path]?.page.dropRendered()
        if pages[path]?.links != nil { pages[path]?.links = nil }
      }
    }
  }

  /// Where the links of the pages rendered before every page's ids were known lead.
  private func checkLinks(
    of selected: [SitePage], renders: [String: PageRender], checker: LinkChecker, run: TreeRenderRun
  ) -> [Diagnostic] {
    guard run.linkPolicy != .off else { return [] }
    let (siteRoot, policy) = (options.siteRoot, run.linkPolicy)
    let unchecked = selected.compactMap { page in
      renders[page.sitePath].flatMap { $0.linksChecked ? nil : (page, $0) }
    }
    let problems = parallelMap(unchecked, jobs: options.jobs) { page, made in
      checker.checkTargets(
        page, siteRoot: siteRoot, links: made.links, reported: made.reported, policy: policy,
        writtenAs: made.writtenAs)
    }
    return problems.flatMap { $0 }
  }

  /// The files, memos and problems of the pages rendered; a problem without a place is
  /// said once for the whole site (`unlocated` holds those said).
  private func collect(
    _ selected: [SitePage], renders: [String: PageRender], into outcome: inout RenderOutcome,
    unlocated: inout Set<String>
  ) {
    for page in selected {
      guard let made = renders[page.sitePath] else { continue }
      outcome.files.formUnion(made.files)
      if let remembered = made.memo { outcome.memo.pages[page.sitePath] = remembered }
      outcome.diagnostics += made.problems.filter { $0.location != nil || unlocated.insert($0.message).inserted }
    }
  }

  /// Whether `sequence` holds each of `0..<count` once.
  static func isPermutation(_ sequence: [Int], of count: Int) -> Bool {
    guard sequence.count == count else { return false }
    var seen = [Bool](repeating: false, count: count)
    for index in sequence {
      guard (0..<count).contains(index), !seen[index] else { return false }
      seen[index] = true
    }
    return true
  }
}

extension TakenOnce where Element == LoadedTree.RoundJob {
  /// The site path of job `index` when its page is still to be read, without taking it.
  func sourcePath(_ index: Int) -> String? {
    peek(index) { $0.parsed.source == nil ? nil : $0.parsed.page.sitePath }
  }
}

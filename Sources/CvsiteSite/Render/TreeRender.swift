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
    let (theme, options, only, progress) = (self.theme, self.options, request.only, request.progress)
    var published = wide.published(in: pages)
    // Pages read only for their metadata: their ids are not known yet, so the link
    // rewriter first sees every page without ids (it then corrects no fragment).
    let unread = hasUnreadPages
    var targets =
      wide.targets
      ?? SiteIndex.Targets(
        links: linkTargets(published, links: links, extraPages: wide.taxonomies.urls),
        outputCollisions: outputCollisions(outputOwners(published, index: wide)))
    outcome.diagnostics += wide.collisions + targets.outputCollisions
    // Two outputs at one place fail to be written: said already, in the author's terms.
    let collides = !(wide.collisions + targets.outputCollisions).isEmpty
    var selected = only.map { wide.published($0, in: pages) } ?? published
    let linkPolicy: SiteConfig.LinkPolicy = options.isCheckOnly && config.links == .off ? .warn : config.links
    let keepsBodies = self.keepsBodies
    let config = self.config
    let parser = unread ? self.parser(catalog: catalogIndex()) : nil
    let (languages, versions) = (pageLanguages(links), pageVersions(links))
    let changedRecords = request.memo == nil ? only : request.reread
    func rendering(_ site: [SitePage], checker: LinkChecker) -> PageRendering {
      PageRendering(
        theme: theme, sink: sink, config: config, siteRoot: options.siteRoot, site: site,
        navigation: wide.navigation, feedURL: wide.feedURL, gitDates: wide.gitDates, taxonomies: wide.taxonomies,
        checker: checker, linkPolicy: linkPolicy, memo: request.memo,
        reread: request.memo == nil ? [] : request.reread,
        listingKeys: request.memo == nil ? [] : site.map(\.listingKey), languages: languages, versions: versions)
    }

    // First round: every selected page, and every page still unread (drafts too: their
    // problems are reported), parsed where needed and rendered.
    let total = selected.count
    let counter = ProgressCounter()
    var jobs = selected.compactMap { page in pages[page.sitePath].map { (parsed: $0, publishes: true, position: 0) } }
    // A build that writes the search index's page bundles as pages are read (below)
    // reads them in reading order: a bundle, eight pages in a row, is then whole within
    // a batch instead of held until its last page comes (85 MB of passages at 100,000
    // pages whose folders sort otherwise than their navigation). Each job keeps its
    // place in the site's order, in which the problems found are reported.
    let spools = unread && !keepsBodies && config.search
    for index in jobs.indices { jobs[index].position = index }
    if spools, only == nil, jobs.count == selected.count {
      let sequence = wide.navigation.readingSequence
      if Self.isPermutation(sequence, of: jobs.count) { jobs = sequence.map { jobs[$0] } }
    }
    if unread {
      let chosen = Set(selected.map(\.sitePath))
      for (path, parsed) in pages where parsed.needsBody && !chosen.contains(path) {
        jobs.append((parsed, false, jobs.count))
      }
    }
    // With every page read (`serve`), the search index is made from their records on
    // a thread of its own while the pages render; otherwise once they are read.
    var searchJob =
      unread
      ? nil
      : startSearchIndex(
        published, navigation: wide.navigation, order: wide.order, changed: changedRecords, last: request.search,
        keepsTerms: request.memo != nil, into: sink)
    // A build that keeps no bodies writes the search index's page bundles as pages are
    // read, numbered in reading order as the index numbers them.
    let spool =
      spools
      ? PassageSpool(
        indexing: SearchIndex.readingOrder(published, navigation: wide.navigation).compactMap { page in
          page.metadata.searchable && !page.metadata.draft ? page.sitePath : nil
        }, write: SearchIndex.writer(into: sink, folder: config.searchPath + "/"))
      : nil
    let basePath = config.basePath
    let listingWeight = 2_048
    let navigation = wide.navigation
    let weight = { (job: (parsed: ParsedSitePage, publishes: Bool, position: Int)) in
      let page = job.parsed.page
      return max(page.bodyHTML.utf8.count, job.parsed.sourceSize)
        + (page.isSectionIndex && page.metadata.list != nil
          ? navigation.listed(in: page.sectionPath).count * listingWeight : 0)
    }
    // Pages go in batches: a worker parses a batch, then renders it. Parsing and
    // rendering each run through much code and data of their own: done in turn page by
    // page, both ran measurably slower (the caches held neither).
    let batch = 256
    let batchWeights = stride(from: 0, to: jobs.count, by: batch).map { start in
      jobs[start..<min(start + batch, jobs.count)].reduce(0) { $0 + weight($1) }
    }
    // A build that reads each body here lets each page's first (metadata) reading go as
    // soon as the page is read again: the jobs are taken from a store, the site's list
    // of pages is no one's during the round (listings wait for the second), and the
    // tree's pages to be read again leave it until their new readings come back. Held
    // through the round, the first readings were a fifth of a large build's memory.
    let handsOver = unread && !keepsBodies && request.memo == nil
    let selectedPaths = selected.map(\.sitePath)
    if handsOver {
      for job in jobs where job.parsed.source != nil { pages[job.parsed.page.sitePath] = nil }
      (published, selected) = ([], [])
    }
    // The round's rendering and its link checker (the pages as first read, without
    // their ids) go with the round; the store lets go of its slots with the last job.
    let store = TakenOnce(jobs)
    jobs = []
    var firstRound: [[RoundResult]] = {
      var firstChecker = targets.links
      firstChecker.idsKnown = !unread
      let first = rendering(published, checker: firstChecker)
      let count = store.count
      return parallelMap(Array(batchWeights.indices), jobs: options.jobs, weight: { batchWeights[$0] }) {
        number -> [RoundResult] in
        let range = (number * batch)..<min(number * batch + batch, count)
        let batch = range.compactMap { store.take($0) }
        var results = batch.map { job -> RoundResult in
          var parsed = job.parsed
          let file = parsed.source
          if let file, let parser {
            let implicit = parsed.isImplicit
            parsed = parser.parse(file)
            parsed.isImplicit = implicit
          }
          if let spool, let record = parsed.search, spool.add(parsed.page, record: record, basePath: basePath) {
            parsed.search?.passagesJSON = []
          }
          var result = RoundResult(parsed: parsed, file: file, position: job.position)
          // A listing shows its pages' summaries: it waits until every page is read.
          result.waits = unread && job.publishes && parsed.page.isSectionIndex && parsed.page.metadata.list != nil
          return result
        }
        for (offset, job) in batch.enumerated() {
          if job.publishes, !results[offset].waits {
            let page = results[offset].parsed
            results[offset].render = first.render(page.page, links: page.links)
            if let progress { progress(counter.increment(), total) }
          }
          if !keepsBodies, !results[offset].waits {
            results[offset].parsed.page.dropRendered()
            // The URLs a body came with are kept only where bodies are (`serve`).
            if results[offset].parsed.links != nil { results[offset].parsed.links = nil }
          }
        }
        return results
      }
    }()
    // What the metadata read made of each page is replaced by what the render read; the
    // round's results go as they are taken (only the files read stay listed).
    // (Made to their size at once: grown as they fill, each growth leaves the old
    // storage behind.)
    let resultCount = firstRound.reduce(0) { $0 + $1.count }
    var renders = [String: PageRender](minimumCapacity: resultCount)
    var waiting: [ParsedSitePage] = []
    var again: [ContentFile] = []
    var read: [ContentFile] = []
    read.reserveCapacity(unread ? resultCount : 0)
    var readProblems: [(position: Int, [Diagnostic])] = []
    for index in firstRound.indices {
      for result in firstRound[index] {
        let path = result.parsed.page.sitePath
        if let file = result.file {
          pages[path] = result.parsed
          if !result.parsed.diagnostics.isEmpty { readProblems.append((result.position, result.parsed.diagnostics)) }
          read.append(file)
        }
        if let render = result.render {
          renders[path] = render
        } else if result.waits {
          waiting.append(result.parsed)
        }
      }
      firstRound[index] = []
    }
    firstRound = []
    for (_, found) in readProblems.sorted(by: { $0.position < $1.position }) { outcome.diagnostics += found }
    readProblems = []
    if unread {
      // Every page is read now: the search index is made from their records while the
      // rest of the site is rendered.
      // (The pages as first read go first: the index is made while they would be held.)
      published = wide.published(in: pages)
      selected = selectedPaths.compactMap { pages[$0]?.page }
      let spooled = finishSpool(spool, published: published, navigation: navigation, outcome: &outcome)
      searchJob = startSearchIndex(
        published, navigation: navigation, order: wide.order, changed: changedRecords, last: request.search,
        keepsTerms: request.memo != nil, into: sink, spooled: spooled)
      // The index took the records over (its bundles are written; nothing reads the
      // records after it): the tree lets them go, and the index each once it is counted.
      if handsOver, spooled != nil {
        for page in published { pages[page.sitePath]?.search = nil }
      }
      // The link targets know each page's ids (the first round's go first: two at once
      // were the peak of a large build's memory).
      targets.links = LinkChecker(basePath: config.basePath)
      targets.links.scriptURLsAsWritten = config.tolerant && config.trustsRawHTML
      targets.links = linkTargets(published, links: links, extraPages: wide.taxonomies.urls)
      for file in read {
        guard let page = pages[file.sitePath]?.page, let render = renders[file.sitePath],
          targets.links.correctsFragments(in: render.links, from: page.url)
        else { continue }
        again.append(file)
      }
      read = []
    }
    outcome.index.targets = targets
    hasUnreadPages = false

    // Second round: the pages that waited for the others, with every page's summary and
    // ids known.
    if !waiting.isEmpty || !again.isEmpty {
      let second = rendering(published, checker: targets.links)
      let jobs: [(parsed: ParsedSitePage?, file: ContentFile?)] =
        waiting.map { ($0, nil) } + again.map { (pages[$0.sitePath], $0) }
      let secondRound = parallelMap(jobs, jobs: options.jobs) { job -> PageRender? in
        var page = job.parsed?.page
        var links = job.parsed?.links
        if let file = job.file, let parser {
          // Read again for its corrected links; its problems were reported the first time.
          let parsed = parser.parse(file)
          (page, links) = (parsed.page, parsed.links)
        }
        guard let page else { return nil }
        let made = second.render(page, links: links)
        if job.file == nil, let progress { progress(counter.increment(), total) }
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

    // Where the links of the pages rendered before every page's ids were known lead.
    if linkPolicy != .off {
      let checker = targets.links
      let siteRoot = options.siteRoot
      let unchecked = selected.compactMap { page in
        renders[page.sitePath].flatMap { $0.linksChecked ? nil : (page, $0) }
      }
      let problems = parallelMap(unchecked, jobs: options.jobs) { page, made in
        checker.checkTargets(
          page, siteRoot: siteRoot, links: made.links, reported: made.reported, policy: linkPolicy,
          writtenAs: made.writtenAs)
      }
      outcome.diagnostics += problems.flatMap { $0 }
    }
    var unlocated = Set<String>()
    for page in selected {
      guard let made = renders[page.sitePath] else { continue }
      outcome.files.formUnion(made.files)
      if let remembered = made.memo { outcome.memo.pages[page.sitePath] = remembered }
      outcome.diagnostics += made.problems.filter { $0.location != nil || unlocated.insert($0.message).inserted }
    }
    let site = published
    let memo = request.memo
    let listingKeys = memo == nil ? [] : site.map(\.listingKey)
    // The taxonomies' own pages: their terms, and each term's pages, on every core.
    let listing = theme.schema.containers[PageParser.implicitListing] != nil ? PageParser.implicitListing : nil
    let taxonomyPages = wide.taxonomyPages
    let listedCount = { (page: TaxonomyIndex.Page) in page.listed.count }
    let madePages = parallelMap(taxonomyPages, jobs: options.jobs, weight: listedCount) {
      made -> (String?, [Diagnostic], memo: Int?) in
      let path = PageURL.outputPath(for: made.url)
      var fingerprint: Int?
      if let memo {
        let inputs = TaxonomyIndex.inputs(
          of: made, listingKeys: listingKeys, navigation: navigation, config: config, container: listing)
        if memo.taxonomyPages[path] == inputs { return (path, [], inputs) }
        fingerprint = inputs
      }
      let (context, listingProblems) = TaxonomyIndex.context(
        of: made, site: site, navigation: navigation, config: config, theme: theme, container: listing)
      let (document, problem) = theme.renderDocumentReporting(context, layout: "page")
      // Theme problems are said once for the whole site, below.
      let problems = (listingProblems + [problem].compactMap { $0 }).map { Diagnostic(.error, $0) }
      do {
        try sink.write(Data(document), to: path)
      } catch {
        return (nil, problems + [.ioFailure("cannot write \(path)", error)], nil)
      }
      return (path, problems, fingerprint)
    }
    for (path, problems, fingerprint) in madePages {
      if let path {
        outcome.files.insert(path)
        if let fingerprint { outcome.memo.taxonomyPages[path] = fingerprint }
      }
      outcome.diagnostics += problems.filter { $0.location != nil || unlocated.insert($0.message).inserted }
    }
    outcome.pageCount = outcome.files.count
    if let search = searchJob?.wait() {
      outcome.diagnostics += search.problems
      outcome.files.formUnion(search.paths)
      outcome.search = search.state
    }

    func emit(_ text: String, _ path: String) {
      do {
        try sink.write(Data(text.utf8), to: path)
        outcome.files.insert(path)
      } catch {
        outcome.diagnostics.append(.ioFailure("cannot write \(path)", error))
      }
    }
    for page in selected {
      for alias in page.metadata.aliases {
        emit(redirectPage(to: page.url, config: config), PageURL.outputPath(for: alias))
      }
    }
    // A site of several languages has one sitemap of them all, written once they are made.
    if place.languageTree == nil { emit(wide.sitemap, "sitemap.xml") }
    let folder = config.treeFolder
    let feedPages = wide.feedPaths.compactMap { pages[$0]?.page }
    if let feed = atomFeed(feedPages, config: config, gitDates: wide.gitDates) { emit(feed, folder + "atom.xml") }
    if !wide.hasNotFoundPage {
      let (html, problem) = theme.renderPageReporting(
        PageLayouts.notFoundContext(navigation: navigation, config: config, words: theme.theme.words), layout: "404")
      if let problem, unlocated.insert(problem).inserted { outcome.diagnostics.append(Diagnostic(.error, problem)) }
      emit(html, folder + "404.html")
    }
    if request.copyFiles {
      for file in resources {
        if let held = place.sources?.files[file.sitePath] {
          do {
            try sink.write(Data(held), to: folder + file.relativePath)
            outcome.files.insert(folder + file.relativePath)
          } catch {
            outcome.diagnostics.append(.ioFailure("cannot write \(folder + file.relativePath)", error))
          }
        } else {
          copy(file.url, to: folder + file.relativePath, sink: sink, outcome: &outcome)
        }
      }
      if place.writesSharedFiles {
        for file in staticFiles {
          copy(file.url, to: file.relativePath, sink: sink, outcome: &outcome)
        }
        for asset in theme.assets {
          write(asset, sink: sink, outcome: &outcome)
        }
      }
    }
    if collides { outcome.diagnostics.removeAll { $0.isIOFailure && $0.message.hasPrefix("cannot write ") } }
    return outcome
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

  /// Writes a theme asset to its place in the output.
  func write(_ asset: ThemeFile, sink: any OutputSink, outcome: inout RenderOutcome) {
    guard let bytes = asset.contents() else {
      outcome.diagnostics.append(.ioFailure("cannot read the theme file \(asset.displayPath)"))
      return
    }
    do {
      try sink.write(Data(bytes), to: asset.outputPath)
      outcome.files.insert(asset.outputPath)
    } catch {
      outcome.diagnostics.append(.ioFailure("cannot write \(asset.outputPath)", error))
    }
  }

  func copy(_ url: URL, to path: String, sink: any OutputSink, outcome: inout RenderOutcome) {
    do {
      try sink.write(try Data(contentsOf: url), to: path)
      outcome.files.insert(path)
    } catch {
      outcome.diagnostics.append(.ioFailure("cannot copy \(url.path) to \(path)", error))
    }
  }

}

import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import CvsiteThemes
import Foundation

extension SiteSession {
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
  }

  /// A page of the first round of a render: the page (parsed there when it was still
  /// unread: `file` is then where it came from), and its files unless it waits for the
  /// second round.
  struct RoundResult: Sendable {
    var parsed: ParsedSitePage
    var file: ContentFile?
    var render: PageRender?
    /// Whether the page waits for the second round.
    var waits = false
  }

  /// Renders published pages and the site-wide outputs into `sink`: every page, or only
  /// those whose site paths are in `only` (static files and assets then only when
  /// `copyFiles`).
  ///
  /// A page known only by its metadata (``ParsedSitePage/needsBody``, as a build loads
  /// them) is parsed where it is rendered, and its body is dropped once its files are
  /// written unless renders are remembered (`serve`): what stays is what the rest of the
  /// site needs of it (summary, ids, links, search record). Two kinds of page wait until
  /// every body is read: a section page that lists its pages (it shows their summaries),
  /// and a page with a link whose `#fragment` matches an id of its target only once
  /// corrected (rendered again, from its source, with the correction).
  func renderAll(
    theme: SiteThemeAdapter, into sink: any OutputSink, only: Set<String>? = nil, copyFiles: Bool = true,
    progress: (@Sendable (Int, Int) -> Void)?
  ) -> RenderOutcome {
    var outcome = RenderOutcome()
    var published: [SitePage]
    let wide: SiteWide
    if let cached = siteWide {
      published = cached.publishedPaths.compactMap { pages[$0]?.page }
      wide = cached
    } else {
      published = publishedPages
      let navigation = Navigation.Index(published, basePath: config.basePath, written: config.writtenNavigation)
      ordersMade += 1
      let gitDates =
        config.lastUpdatedFromGit
        ? treeGitDates
          ?? GitDates.lastCommitDates(contentFolder: options.siteRoot.appendingPathComponent(config.contentFolder))
        : [:]
      let taxonomies = TaxonomyIndex(published, names: config.taxonomies, folder: config.treeFolder)
      wide = SiteWide(
        order: ordersMade, publishedPaths: published.map(\.sitePath), navigation: navigation,
        collisions: urlCollisions(published) + taxonomies.diagnostics + taxonomyCollisions(published, taxonomies),
        sitemap: sitemapXML(published, config: config, gitDates: gitDates, extraURLs: taxonomies.urls),
        targets: nil, gitDates: gitDates, taxonomies: taxonomies,
        taxonomyPages: taxonomies.pages(
          published, navigation: navigation, basePath: config.basePath, words: theme.theme.words),
        feedURL: newestDatedPages(published, count: 1).isEmpty ? nil : config.absoluteURL(config.homePath + "atom.xml"))
    }
    // Pages read only for their metadata: their ids are not known yet, so the link
    // rewriter first sees every page without ids (it then corrects no fragment).
    let unread = pages.values.contains { $0.needsBody }
    var targets =
      wide.targets
      ?? Targets(
        links: linkTargets(published, theme: theme, extraPages: wide.taxonomies.urls),
        outputCollisions: outputCollisions(outputOwners(published, theme: theme, wide: wide)))
    outcome.diagnostics += wide.collisions + targets.outputCollisions
    // Two outputs at one place fail to be written: said already, in the author's terms.
    let collides = !(wide.collisions + targets.outputCollisions).isEmpty
    siteWide = wide
    var selected = only.map { paths in published.filter { paths.contains($0.sitePath) } } ?? published
    let linkPolicy: SiteConfig.LinkPolicy = options.isCheckOnly && config.links == .off ? .warn : config.links
    let keepsBodies = remembersRenders
    let config = self.config
    let parser =
      unread
      ? PageParser(
        theme: theme, config: config, siteRoot: options.siteRoot, keepsLinks: keepsBodies, categories: categories,
        catalog: catalogIndex(), sources: sources)
      : nil
    func rendering(_ site: [SitePage], checker: LinkChecker) -> PageRendering {
      PageRendering(
        theme: theme, sink: sink, config: config, siteRoot: options.siteRoot, site: site,
        navigation: wide.navigation, feedURL: wide.feedURL, gitDates: wide.gitDates, taxonomies: wide.taxonomies,
        checker: checker, linkPolicy: linkPolicy, memo: remembered, reread: remembered == nil ? [] : pendingPages,
        listingKeys: remembered == nil ? [] : site.map(\.listingKey), languages: pageLanguages,
        versions: pageVersions)
    }

    // First round: every selected page, and every page still unread (drafts too: their
    // problems are reported), parsed where needed and rendered.
    let total = selected.count
    let counter = ProgressCounter()
    var jobs = selected.compactMap { page in pages[page.sitePath].map { (parsed: $0, publishes: true) } }
    if unread {
      let chosen = Set(selected.map(\.sitePath))
      for (path, parsed) in pages where parsed.needsBody && !chosen.contains(path) {
        jobs.append((parsed, false))
      }
    }
    // With every page read (`serve`), the search index is made from their records on
    // a thread of its own while the pages render; otherwise once they are read.
    var searchJob =
      unread
      ? nil : startSearchIndex(published, navigation: wide.navigation, order: wide.order, only: only, into: sink)
    var firstChecker = targets.links
    firstChecker.idsKnown = !unread
    // A build that keeps no bodies writes the search index's page bundles as pages are
    // read, numbered in reading order as the index numbers them.
    let spool =
      unread && !keepsBodies && config.search
      ? PassageSpool(
        indexing: Self.readingOrder(published, navigation: wide.navigation).compactMap { page in
          page.metadata.searchable && !page.metadata.draft ? page.sitePath : nil
        }, write: Self.searchWriter(into: sink, folder: config.searchPath + "/"))
      : nil
    let basePath = config.basePath
    let listingWeight = 2_048
    let navigation = wide.navigation
    let weight = { (job: (parsed: ParsedSitePage, publishes: Bool)) in
      let page = job.parsed.page
      return max(page.bodyHTML.utf8.count, job.parsed.sourceSize)
        + (page.isSectionIndex && page.metadata.list != nil
          ? navigation.listed(in: page.sectionPath).count * listingWeight : 0)
    }
    // Pages go in batches: a worker parses a batch, then renders it. Parsing and
    // rendering each run through much code and data of their own: done in turn page by
    // page, both ran measurably slower (the caches held neither).
    let batch = 256
    var batches = stride(from: 0, to: jobs.count, by: batch).map { Array(jobs[$0..<min($0 + batch, jobs.count)]) }
    // The round's rendering lists the pages as first read: it goes with the round.
    var firstRound: [[RoundResult]] = {
      let first = rendering(published, checker: firstChecker)
      return parallelMap(batches, jobs: options.jobs, weight: { $0.reduce(0) { $0 + weight($1) } }) {
        batch -> [RoundResult] in
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
          var result = RoundResult(parsed: parsed, file: file)
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
          if !keepsBodies, !results[offset].waits { results[offset].parsed.page.dropRendered() }
        }
        return results
      }
    }()
    // What the metadata read made of each page is replaced by what the render read; the
    // round's results go as they are taken (only the files read stay listed).
    (jobs, batches) = ([], [])
    var renders: [String: PageRender] = [:]
    var waiting: [ParsedSitePage] = []
    var again: [ContentFile] = []
    var read: [ContentFile] = []
    for index in firstRound.indices {
      for result in firstRound[index] {
        let path = result.parsed.page.sitePath
        if let file = result.file {
          pages[path] = result.parsed
          outcome.diagnostics += result.parsed.diagnostics
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
    if unread {
      // Every page is read now: the search index is made from their records while the
      // rest of the site is rendered.
      // (The pages as first read go first: the index is made while they would be held.)
      published = (siteWide?.publishedPaths ?? []).compactMap { pages[$0]?.page }
      selected = selected.compactMap { pages[$0.sitePath]?.page }
      searchJob = startSearchIndex(
        published, navigation: navigation, order: wide.order, only: only, into: sink,
        spooled: finishSpool(spool, published: published, navigation: navigation, outcome: &outcome))
      // The link targets know each page's ids.
      targets.links = linkTargets(published, theme: theme, extraPages: wide.taxonomies.urls)
      for file in read {
        guard let page = pages[file.sitePath]?.page, let render = renders[file.sitePath],
          targets.links.correctsFragments(in: render.links, from: page.url)
        else { continue }
        again.append(file)
      }
      read = []
    }
    siteWide?.targets = targets

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
        if job.file == nil, !keepsBodies { pages[path]?.page.dropRendered() }
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
    let memo = remembered
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
    if languageTree == nil { emit(wide.sitemap, "sitemap.xml") }
    let folder = config.treeFolder
    if let feed = atomFeed(published, config: config, gitDates: wide.gitDates) { emit(feed, folder + "atom.xml") }
    if !published.contains(where: { $0.url == config.homePath + "404/" }) {
      let (html, problem) = theme.renderPageReporting(
        Self.notFoundContext(navigation: navigation, config: config, words: theme.theme.words), layout: "404")
      if let problem, unlocated.insert(problem).inserted { outcome.diagnostics.append(Diagnostic(.error, problem)) }
      emit(html, folder + "404.html")
    }
    if copyFiles {
      for file in resources {
        if let held = sources?.files[file.sitePath] {
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
      if writesSharedFiles {
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

  /// The search index's files written (paths in the output), the problems met, and what
  /// the next index is compared with.
  typealias SearchOutcome = (paths: [String], problems: [Diagnostic], state: SearchState)

  /// What a search index numbered and wrote: the next one writes again only the bundles
  /// of records that changed when it numbers the same pages.
  struct SearchState: Sendable {
    /// The reading order the pages were numbered in (``SiteWide/order``).
    var order: Int?
    /// The site paths of the pages indexed, in number order.
    var indexedPaths: [String] = []
    /// The hash of each bundle of records.
    var bundleHashes: [UInt64]?
    /// The pages indexed, in number order.
    var pages: [SearchIndex.Page] = []
    /// Each indexed page's number, by site path; made when first asked.
    fileprivate(set) var numbers: [String: Int]?

    init(order: Int? = nil, indexedPaths: [String] = [], pages: [SearchIndex.Page] = []) {
      (self.order, self.indexedPaths, self.pages) = (order, indexedPaths, pages)
    }

    /// The indexed pages with the records of the pages at `changed` (site paths) taken
    /// again from `site`, and their numbers; nil when one of them comes into the index
    /// or leaves it (the numbers move). For pages in the order this index was made in.
    mutating func updating(_ changed: Set<String>, in site: [String: ParsedSitePage], basePath: String)
      -> (pages: [SearchIndex.Page], changed: Set<Int>)?
    {
      guard pages.count == indexedPaths.count else { return nil }
      if numbers == nil {
        numbers = Dictionary(indexedPaths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
      }
      var updated = pages
      var numbered = Set<Int>()
      for path in changed {
        let parsed = site[path]
        switch (numbers?[path], parsed?.search, parsed?.page) {
        case (nil, nil, _): continue
        case (let number?, let record?, let page?):
          updated[number] = SearchIndex.Page(page, record: record, basePath: basePath)
          numbered.insert(number)
        default: return nil
        }
      }
      return (updated, numbered)
    }
  }

  /// Starts making and writing the search index of the published pages that have a
  /// search record, on a thread of its own: every file, or the shared ones and those
  /// holding the pages whose records changed. `nil` when the site has no search.
  ///
  /// Pages are numbered in reading order (`navigation` is made from `published`), so
  /// results that score alike come in the order the site's navigation reads. When the
  /// indexed pages are not the ones the last index numbered (a page took `search:
  /// false` or gave it up), every record is written again: the numbers moved.
  ///
  /// The records that changed are those of the pages in `only`, or with a memo of the
  /// last render (`serve`) those of the pages read again since.
  ///
  /// `spooled` are the hashes of the page bundles a ``PassageSpool`` wrote already, for
  /// the same pages in the same order: those bundles are not made again.
  func startSearchIndex(
    _ published: [SitePage], navigation: Navigation.Index, order: Int, only: Set<String>?,
    into sink: any OutputSink, spooled: [UInt64]? = nil
  ) -> BackgroundJob<SearchOutcome>? {
    guard config.search else { return nil }
    let changed = remembered == nil ? only : pendingPages
    var indexed: [SearchIndex.Page]
    var indexedPaths: [String]
    var onlyIDs: Set<Int>?
    if search.order == order, let changed, let kept = search.updating(changed, in: pages, basePath: config.basePath) {
      (indexed, indexedPaths, onlyIDs) = (kept.pages, search.indexedPaths, kept.changed)
    } else {
      (indexed, indexedPaths, onlyIDs) = ([], [], changed == nil ? nil : [])
      for page in Self.readingOrder(published, navigation: navigation) {
        guard let record = pages[page.sitePath]?.search else { continue }
        if changed?.contains(page.sitePath) == true { onlyIDs?.insert(indexed.count) }
        indexedPaths.append(page.sitePath)
        indexed.append(SearchIndex.Page(page, record: record, basePath: config.basePath))
      }
      if indexedPaths != search.indexedPaths { onlyIDs = nil }
    }
    let index = SearchIndex(pages: indexed, english: config.isEnglish)
    var (wanted, known, jobs, numbered) = (onlyIDs, search.bundleHashes, options.jobs, indexedPaths)
    if let spooled { (wanted, known) = ([], spooled) }
    var made = SearchState(order: order, indexedPaths: numbered, pages: indexed)
    // Numbered as before: the table of numbers made for the last index still holds.
    if onlyIDs != nil, numbered == search.indexedPaths { made.numbers = search.numbers }
    let unwritten = made
    let folder = config.searchPath + "/"
    let writer = Self.searchWriter(into: sink, folder: folder)
    return BackgroundJob { [wanted, known, jobs] in
      let (paths, problems, hashes) = index.write(onlyPages: wanted, known: known, jobs: jobs, writer)
      var state = unwritten
      state.bundleHashes = hashes
      return (paths.map { folder + $0 }, problems, state)
    }
  }

  /// The hashes of the page bundles `spool` wrote, when it numbered the pages the index
  /// numbers (those of `published` with a search record, in reading order); otherwise
  /// nil, and an error: a page's `draft` or `search` changed while the site was built.
  func finishSpool(
    _ spool: PassageSpool?, published: [SitePage], navigation: Navigation.Index, outcome: inout RenderOutcome
  ) -> [UInt64]? {
    guard let spool else { return nil }
    let (hashes, problems) = spool.finish()
    outcome.diagnostics += problems
    let indexed = Self.readingOrder(published, navigation: navigation).compactMap { page in
      pages[page.sitePath]?.search == nil ? nil : page.sitePath
    }
    if let hashes, indexed == spool.paths { return hashes }
    outcome.diagnostics.append(
      Diagnostic(.error, "pages changed while the site was built (draft or search flags): build again"))
    return nil
  }

  /// Writes a file of the search index (a path under the search folder) into `sink`.
  static func searchWriter(into sink: any OutputSink, folder: String = SiteConfig.searchFolder + "/")
    -> @Sendable (String, [UInt8]) -> Diagnostic?
  {
    { path, bytes in
      do {
        try sink.write(Data(bytes), to: folder + path)
        return nil
      } catch {
        return .ioFailure("cannot write \(folder + path)", error)
      }
    }
  }

  /// The pages in the order the search index numbers them: the navigation's reading
  /// order when it holds every page (it is made from `published`), else as given.
  static func readingOrder(_ published: [SitePage], navigation: Navigation.Index) -> [SitePage] {
    navigation.count == published.count ? navigation.readingSequence.map { published[$0] } : published
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

  /// What a render derives from the whole site that depends only on the published pages'
  /// navigation keys (``navigationKey(_:)``: titles, weights, dates, URLs, drafts,
  /// aliases), the settings and the theme: kept from one rebuild to the next until one
  /// of those changes. The targets also depend on each page's ids and the site's files:
  /// they are updated for edited pages and dropped when files change.
  struct SiteWide {
    /// Which reading order of the site's pages this is: a number no other order had in
    /// this session (see ``SiteSession/ordersMade``).
    var order: Int
    /// Site paths of the published pages, in order.
    var publishedPaths: [String]
    var navigation: Navigation.Index
    var collisions: [Diagnostic]
    var sitemap: String
    var targets: Targets?
    /// With `lastUpdated: git`: each content file's last commit date.
    var gitDates: [String: String] = [:]
    var taxonomies = TaxonomyIndex([], names: [])
    /// The pages the taxonomies add.
    var taxonomyPages: [TaxonomyIndex.Page] = []
    /// The site's feed, when it has one.
    var feedURL: String?
  }

  /// What depends on the site's files as well as its pages: where links may lead, and
  /// which output files two sources claim.
  struct Targets {
    var links: LinkChecker
    var outputCollisions: [Diagnostic]
  }

  /// A page of the site at the address of a taxonomy's page, which would overwrite it.
  func taxonomyCollisions(_ published: [SitePage], _ taxonomies: TaxonomyIndex) -> [Diagnostic] {
    let made = Set(taxonomies.urls)
    return published.filter { made.contains($0.url) }.map { page in
      Diagnostic(
        .error,
        "\(page.url) is also a page cvsite makes for a taxonomy (`taxonomies` in cvsite.yml); move the page or leave the taxonomy out",
        at: SourceLocation(path: page.sitePath, line: 1, column: 1))
    }
  }

  /// Two pages (or a page and an alias) at one URL are errors at each page.
  func urlCollisions(_ published: [SitePage]) -> [Diagnostic] {
    // Each URL's owners: the page and the line that gives it the URL (`slug:` or
    // `aliases:`, else line 1).
    var owners: [String: [(path: String, line: Int)]] = [:]
    for page in published {
      owners[page.url, default: []].append((page.sitePath, page.metadata.slugLine ?? 1))
      for alias in page.metadata.aliases {
        owners[LinkChecker.normalize(PageURL.canonical(alias + "/")), default: []].append(
          (page.sitePath, page.metadata.aliasesLine ?? 1))
      }
    }
    var diagnostics: [Diagnostic] = []
    for (url, claims) in owners where claims.count > 1 {
      let paths = claims.map(\.path)
      var reported = Set<String>()
      for claim in claims.sorted(by: { $0.path < $1.path }) where reported.insert(claim.path).inserted {
        let others = paths.filter { $0 != claim.path }
        diagnostics.append(
          Diagnostic(
            .error, "two pages map to \(url): \(([claim.path] + others).joined(separator: " and "))",
            at: SourceLocation(path: claim.path, line: claim.line, column: 1)))
      }
    }
    return diagnostics
  }

  /// The site path of part `number` (from 1) of a section page's listing: the page's own
  /// for the first, `page/N/` below it for the others.
  static func listingPartURL(of page: SitePage, part number: Int) -> String {
    number == 1 ? page.url : page.url + "page/\(number)/"
  }

  /// An output file and who writes it.
  typealias OwnedOutput = (path: String, owner: OutputOwner)

  /// Every output file and who writes it.
  func outputOwners(_ published: [SitePage], theme: SiteThemeAdapter, wide: SiteWide) -> [OwnedOutput] {
    var owners: [OwnedOutput] = []
    owners.reserveCapacity(published.count + staticFiles.count + resources.count + theme.assets.count + 3)
    for page in published {
      owners.append((page.outputPath, .page(page.sitePath, line: page.metadata.slugLine ?? 1)))
      if page.isSectionIndex, page.metadata.list != nil, let perPage = page.metadata.paginate, perPage > 0 {
        let listed = Self.listedPositions(of: page, in: published, navigation: wide.navigation).count
        let parts = (listed + perPage - 1) / perPage
        if parts > 1 {
          for part in 2...parts {
            owners.append(
              (PageURL.outputPath(for: Self.listingPartURL(of: page, part: part)), .listing(page.sitePath, part: part)))
          }
        }
      }
      for alias in page.metadata.aliases {
        owners.append(
          (PageURL.outputPath(for: alias), .alias(page.sitePath, alias: alias, line: page.metadata.aliasesLine ?? 1)))
      }
    }
    for made in wide.taxonomyPages {
      let path = PageURL.outputPath(for: made.url)
      owners.append((path, .taxonomy(path)))
    }
    if config.search {
      // The search index's files: its meta file, and folders whose files it numbers.
      let folder = config.searchPath
      owners.append((folder + "/meta.json", .generated(folder + "/meta.json")))
      for part in ["t", "r", "p"] {
        owners.append((folder + "/" + part, .generated("search index (\(folder)/\(part)/)")))
      }
    }
    let folder = config.treeFolder
    if languageTree == nil || writesSharedFiles { owners.append(("sitemap.xml", .generated("sitemap.xml"))) }
    if wide.feedURL != nil { owners.append((folder + "atom.xml", .generated(folder + "atom.xml"))) }
    if !published.contains(where: { $0.url == config.homePath + "404/" }) {
      owners.append((folder + "404.html", .generated(folder + "404.html")))
    }
    for file in resources { owners.append((folder + file.relativePath, .file(file.sitePath))) }
    if writesSharedFiles {
      for file in staticFiles { owners.append((file.relativePath, .file(file.sitePath))) }
      for asset in theme.assets { owners.append((asset.outputPath, .asset(asset.outputPath))) }
    }
    return owners
  }

  /// What a page's context needs of the site's languages, on a site of several.
  var pageLanguages: PageLanguages? {
    guard let translations, let languageTree, let theme else { return nil }
    return PageLanguages(
      translations: translations, language: languageTree.language, untranslated: languageTree.untranslated,
      words: theme.theme.words)
  }

  /// What a page's context needs of the site's versions, on a site of several.
  var pageVersions: PageVersions? {
    guard let versionIndex, let version, let theme else { return nil }
    return PageVersions(index: versionIndex, version: version, language: config.language, words: theme.theme.words)
  }

  /// A DocC catalog's pages (by the titles read so far) and images; nil for other sites.
  func catalogIndex() -> DocCSiteIndex? {
    guard config.docc != nil else { return nil }
    return DocCSiteIndex(
      pages: pages.values.map(\.page), resources: resources, basePath: config.basePath,
      topicsStyle: config.docc?.topicsStyle)
  }

  func linkTargets(_ published: [SitePage], theme: SiteThemeAdapter, extraPages: [String] = []) -> LinkChecker {
    var checker = LinkChecker(basePath: config.basePath)
    checker.contentFolder = config.contentFolder
    checker.originals = originals
    checker.treeFolder = config.treeFolder
    checker.sources = sources
    // Another language's pages are places a link may lead, its own first.
    for (url, ids) in otherLanguages { checker.addPage(url: url, ids: ids, merging: true) }
    for url in extraPages { checker.addPage(url: url, html: "") }
    for page in published {
      if let ids = pages[page.sitePath]?.ids {
        checker.addPage(url: page.url, ids: ids, merging: true)
      } else {
        checker.addPage(url: page.url, html: page.bodyHTML)
      }
      for alias in page.metadata.aliases {
        checker.addPage(url: LinkChecker.normalize(PageURL.canonical(alias + "/")), html: "")
      }
      checker.addSource(page.contentPath, url: page.url, title: page.metadata.title)
    }
    let folder = config.treeFolder
    for file in staticFiles { checker.addFile(path: file.relativePath) }
    for file in resources { checker.addFile(path: folder + file.relativePath) }
    for asset in theme.assets { checker.addFile(path: asset.outputPath) }
    for file in ["sitemap.xml", folder + "atom.xml", folder + "404.html"] { checker.addFile(path: file) }
    return checker
  }

  /// The layout context of `page` and the layout to use: the page's `layout`, else
  /// `section` for a section page, else `page`. A section page with `list: NAME` gets
  /// its child pages after its body, as the subviews of container NAME: newest first
  /// when every one has a date, else by weight and title. With `paginate: N`, the first
  /// N are listed there and the rest on `page/2/` and on, whose contexts and output
  /// paths come back as `more`.
  static func layoutContext(
    for page: SitePage, in site: [SitePage], navigation index: Navigation.Index, config: SiteConfig,
    theme: SiteThemeAdapter, feedURL: String? = nil, gitDates: [String: String] = [:],
    taxonomies: TaxonomyIndex? = nil, base made: PageContext? = nil
  ) -> (PageContext, String, problems: [String], more: [(PageContext, String)]) {
    let layout = layoutName(of: page)
    let base =
      made
      ?? baseContext(
        for: page, navigation: index, config: config, feedURL: feedURL, gitDates: gitDates, taxonomies: taxonomies,
        languages: nil)
    func context(_ body: String) -> PageContext {
      var made = base
      made.bodyHTML = body
      return made
    }
    guard page.isSectionIndex, let container = page.metadata.list else {
      return (context(page.bodyHTML), layout, [], [])
    }
    let children = listedChildren(of: page, in: site, navigation: index)
    let perPage = page.metadata.paginate ?? max(children.count, 1)
    let parts = stride(from: 0, to: max(children.count, 1), by: perPage).map {
      Array(children[$0..<min($0 + perPage, children.count)])
    }
    let urls = parts.indices.map { config.basePath + listingPartURL(of: page, part: $0 + 1).dropFirst() }
    var problems: [String] = []
    var contexts: [(PageContext, String)] = []
    for (number, part) in parts.enumerated() {
      let listing = theme.renderListing(container: container, pages: part, basePath: config.basePath)
      if number == 0 { problems = listing.problems }
      var made = context(number == 0 ? page.bodyHTML + listing.html : listing.html)
      if parts.count > 1 {
        made.pager = Pager(current: number + 1, urls: urls)
        if number > 0 {
          // A later part is a listing only: no introduction, description or page links.
          made.title += " · page \(number + 1)"
          made.url = urls[number]
          made.description = nil
          made.previous = nil
          made.next = nil
          made.editURL = nil
          made.canonicalURL = config.canonicalURL(listingPartURL(of: page, part: number + 1))
        }
      }
      contexts.append((made, PageURL.outputPath(for: listingPartURL(of: page, part: number + 1))))
    }
    return (contexts[0].0, layout, problems, Array(contexts.dropFirst()))
  }

  /// The layout a page is rendered with: its own `layout`, else `section` for a
  /// section's page, else `page`.
  static func layoutName(of page: SitePage) -> String {
    page.metadata.layout ?? (page.isSectionIndex ? "section" : "page")
  }

  /// A page's layout context before its body: navigation, furniture, terms.
  static func baseContext(
    for page: SitePage, navigation index: Navigation.Index, config: SiteConfig, feedURL: String?,
    gitDates: [String: String], taxonomies: TaxonomyIndex?, languages: PageLanguages? = nil,
    versions: PageVersions? = nil
  ) -> PageContext {
    let navigation = Navigation.tree(index, current: page.url, expandAll: config.navigation == .full)
    var context = PageContext(page: page, bodyHTML: "", navigation: navigation, config: config)
    context.addFurniture(of: page, index: index, config: config, feedURL: feedURL, gitDates: gitDates)
    if let taxonomies { context.taxonomies = taxonomies.links(of: page, basePath: config.basePath) }
    if let languages { context.addLanguages(of: page, languages, config: config) }
    if let versions { context.addVersions(of: page, versions, config: config) }
    return context
  }

  /// The pages a section's page lists, in the listing's order: newest first when every
  /// one has a date, else by weight and title.
  static func listedChildren(of page: SitePage, in site: [SitePage], navigation index: Navigation.Index)
    -> [SitePage]
  {
    listedPositions(of: page, in: site, navigation: index).map { site[$0] }
  }

  /// ``listedChildren(of:in:navigation:)`` as positions in `site`.
  static func listedPositions(of page: SitePage, in site: [SitePage], navigation index: Navigation.Index) -> [Int] {
    // The index is made from `site`, so its positions are positions in `site`.
    let positions =
      index.count == site.count
      ? index.listed(in: page.sectionPath)
      : site.indices.filter { site[$0].parentSection == page.sectionPath && site[$0].sitePath != page.sitePath }
    let newestFirst = !positions.isEmpty && positions.allSatisfy { site[$0].metadata.date != nil }
    return positions.sorted {
      let (a, b) = (site[$0].metadata, site[$1].metadata)
      if newestFirst, a.date != b.date { return (a.date ?? "") > (b.date ?? "") }
      return (a.weight, a.title, $0) < (b.weight, b.title, $1)
    }
  }

  /// What a page's files are made from besides its body, as one number: its layout, its
  /// context before the body (`base`: ``baseContext(for:navigation:config:feedURL:gitDates:taxonomies:)``,
  /// navigation and furniture), the body the link rewriter made of its own when it
  /// changed it, and for a section's page what its listing shows of each listed page
  /// (`listingKeys`: the ``SitePage/listingKey`` of each page of `site`, by position). Two
  /// renders with the same number and the same body write the same files.
  static func layoutInputs(
    for page: SitePage, base: PageContext, rewrittenBody: String?, listingKeys: [Int], in site: [SitePage],
    navigation index: Navigation.Index
  ) -> Int {
    var hasher = Hasher()
    hasher.combine(layoutName(of: page))
    hasher.combine(base)
    hasher.combine(rewrittenBody)
    if page.isSectionIndex, let container = page.metadata.list {
      hasher.combine(container)
      hasher.combine(page.metadata.paginate)
      let listed = listedPositions(of: page, in: site, navigation: index)
      hasher.combine(listed.count)
      for position in listed { hasher.combine(listingKeys[position]) }
    }
    return hasher.finalize()
  }

  static func notFoundContext(navigation index: Navigation.Index, config: SiteConfig, words: ThemeStrings)
    -> PageContext
  {
    let home = escapeHTML(config.basePath + config.treeFolder)
    let page = SitePage(
      sitePath: "404.html", contentPath: "404.md", isSectionIndex: false,
      metadata: PageMetadata(title: words["pageNotFound"]), url: config.homePath + "404.html",
      bodyHTML:
        "<p>\(escapeHTML(words["pageNotFoundText"])) <a href=\"\(home)\">\(escapeHTML(words["homePage"]))</a></p>\n",
      headings: [], summary: "", values: DeclaredValues())
    return PageContext(
      page: page, bodyHTML: page.bodyHTML,
      navigation: Navigation.tree(index, current: "", expandAll: config.navigation == .full),
      config: config)
  }
}

/// Counts finished pages across workers, for the progress line.
final class ProgressCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func increment() -> Int {
    lock.lock()
    defer { lock.unlock() }
    count += 1
    return count
  }
}

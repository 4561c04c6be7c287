import CvsiteCore
import CvsiteThemes
import Foundation

extension LoadedTree {
  /// The taxonomies' own pages (their terms, and each term's pages), on every core; a
  /// page whose inputs the memo holds unchanged is not written again.
  func writeTaxonomyPages(
    site: [SitePage], run: TreeRenderRun, into outcome: inout RenderOutcome, unlocated: inout Set<String>
  ) {
    let (theme, config, sink, memo) = (run.theme, run.config, run.sink, run.request.memo)
    let navigation = run.wide.navigation
    let listingKeys = memo == nil ? [] : site.map(\.listingKey)
    let listing = theme.schema.containers[PageParser.implicitListing] != nil ? PageParser.implicitListing : nil
    let listedCount = { (page: TaxonomyIndex.Page) in page.listed.count }
    let madePages = parallelMap(run.wide.taxonomyPages, jobs: options.jobs, weight: listedCount) {
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
      // Theme problems are said once for the whole site.
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
  }

  /// The redirects of the pages' aliases, the sitemap, the feed and the 404 page.
  func writeSiteFiles(
    _ selected: [SitePage], run: TreeRenderRun, into outcome: inout RenderOutcome, unlocated: inout Set<String>
  ) {
    let sink = run.sink
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
    let wide = run.wide
    // A site of several languages has one sitemap of them all, written once they are made.
    if place.languageTree == nil { emit(wide.sitemap, "sitemap.xml") }
    let folder = config.treeFolder
    let feedPages = wide.feedPaths.compactMap { pages[$0]?.page }
    if let feed = atomFeed(feedPages, config: config, gitDates: wide.gitDates) { emit(feed, folder + "atom.xml") }
    if let blog = config.blog {
      // A Docusaurus blog's own feeds, where Docusaurus writes them.
      let posts = pages.values.map(\.page).filter { blog.holdsPost($0.contentPath, kind: .page) && !$0.isSectionIndex }
      let home = config.homePath + blog.route + "/"
      if let atom = atomFeed(posts, config: config, gitDates: wide.gitDates, title: blog.title, home: home) {
        emit(atom, folder + blog.route + "/atom.xml")
      }
      if let rss = BlogFeeds.rss(posts, blog: blog, config: config) { emit(rss, folder + blog.route + "/rss.xml") }
    }
    if !wide.hasNotFoundPage {
      let (html, problem) = theme.renderPageReporting(
        PageLayouts.notFoundContext(navigation: wide.navigation, config: config, words: theme.theme.words),
        layout: "404")
      if let problem, unlocated.insert(problem).inserted { outcome.diagnostics.append(Diagnostic(.error, problem)) }
      emit(html, folder + "404.html")
    }
  }

  /// The tree's resources, and where the tree writes them the site's static files and
  /// the theme's assets.
  func copyFiles(sink: any OutputSink, into outcome: inout RenderOutcome) {
    let folder = config.treeFolder
    let uncopied = outcome.index.targets?.uncopied ?? []
    for file in resources where !uncopied.contains(file.sitePath) {
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
    guard place.writesSharedFiles else { return }
    for file in staticFiles where !uncopied.contains(file.sitePath) {
      copy(file.url, to: file.relativePath, sink: sink, outcome: &outcome)
    }
    for asset in theme.assets {
      write(asset, sink: sink, outcome: &outcome)
    }
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

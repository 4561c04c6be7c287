import CvsiteCore
import Foundation

/// What one page's render gave: its files (written, or kept from the last render), the
/// problems found, what its files were made from, and the links left to check once
/// every page's ids are known.
///
/// A build keeps one for every page until its links are checked: what most pages leave
/// empty is kept out of line (``PageRenderDetails``).
struct PageRender: Sendable {
  var files: [String]
  /// The body's links to the site itself, as written in the output (after rewriting),
  /// when where they lead is still to be checked.
  var links = LinkAttributes()
  /// Whether where the links lead was checked with the page (every page's ids known).
  var linksChecked = false
  private var details = OutOfLine<PageRenderDetails>()

  init(files: [String], problems: [Diagnostic], memo: RenderMemo.Entry?) {
    self.files = files
    details.value = PageRenderDetails(problems: problems, memo: memo)
  }

  var problems: [Diagnostic] {
    get { details.read(\.problems) }
    set { details.value.problems = newValue }
  }
  var memo: RenderMemo.Entry? {
    get { details.read(\.memo) }
    set { details.value.memo = newValue }
  }
  /// What the link rewriter found wrong, reported with the link check.
  var reported: [LinkProblem] {
    get { details.read(\.reported) }
    set { details.value.reported = newValue }
  }
  /// For each URL the link rewriter changed, the URL as the page wrote it.
  var writtenAs: [String: String] {
    get { details.read(\.writtenAs) }
    set { details.value.writtenAs = newValue }
  }
}

/// What ``PageRender`` keeps out of line.
struct PageRenderDetails: Sendable, Equatable, DefaultInitializable {
  var problems: [Diagnostic] = []
  var memo: RenderMemo.Entry?
  var reported: [LinkProblem] = []
  var writtenAs: [String: String] = [:]
}

/// Renders one page into its files: its links rewritten and checked for safety, its
/// layout around its body, its files written. Made once per render and shared by every
/// worker. Where the links lead is checked with the page when every page's ids are
/// known (``LinkChecker/idsKnown``); otherwise the page's links come back with its
/// render, for ``LinkChecker/checkTargets(_:siteRoot:links:reported:policy:)`` once
/// they are.
struct PageRendering: Sendable {
  let theme: SiteThemeAdapter
  let sink: any OutputSink
  let config: SiteConfig
  let siteRoot: URL
  /// The published pages, in order.
  let site: [SitePage]
  let navigation: Navigation.Index
  let feedURL: String?
  let gitDates: [String: String]
  let taxonomies: TaxonomyIndex
  /// Where links may lead, for the link rewriter and, once every page's ids are known
  /// (``LinkChecker/idsKnown``), for the link check.
  let checker: LinkChecker
  /// What a link that leads nowhere is (`links:` in the settings).
  let linkPolicy: SiteConfig.LinkPolicy
  /// The memo of the last render (`serve`): a page whose body was not read again and
  /// whose layout inputs are those of its last render keeps its files as they are.
  let memo: RenderMemo?
  /// The pages read again since the last render.
  let reread: Set<String>
  /// The ``SitePage/listingKey`` of each page of ``site``, by position (with a memo).
  let listingKeys: [Int]
  /// On a site of several languages: the page's translations and this language's words.
  var languages: PageLanguages? = nil
  /// On a site of several versions: the page in each version, and this one's words.
  var versions: PageVersions? = nil

  func render(_ given: SitePage, links known: LinkAttributes?) -> PageRender {
    var page = given
    var links = known ?? LinkAttributes(of: page.bodyHTML)
    let (body, linkProblems, writtenAs) = checker.rewritingLinks(page.bodyHTML, page: page, links: links)
    let rewritten = body != page.bodyHTML
    if rewritten {
      page.bodyHTML = body
      links = links.placesGiven(to: LinkAttributes(of: body))
    }
    // URLs that run script are errors whatever `links:` says.
    var made = PageRender(
      files: [],
      problems: checker.check(
        bodyHTML: page.bodyHTML, page: page, siteRoot: siteRoot, reported: linkProblems, targets: false,
        links: links, writtenAs: writtenAs),
      memo: nil)
    if checker.idsKnown {
      made.problems += checker.checkTargets(
        page, siteRoot: siteRoot, links: links, reported: linkProblems, policy: linkPolicy, writtenAs: writtenAs)
      made.linksChecked = true
    } else {
      (made.links, made.reported, made.writtenAs) = (links.intoSite, linkProblems, writtenAs)
    }
    // The context before its body, made once: hashed for the memo, then rendered.
    let base = PageLayouts.baseContext(
      for: page, navigation: navigation, config: config, feedURL: feedURL, gitDates: gitDates,
      taxonomies: taxonomies, languages: languages, versions: versions)
    var fingerprint: Int?
    if let memo {
      let inputs = PageLayouts.layoutInputs(
        for: page, base: base, rewrittenBody: rewritten ? body : nil, listingKeys: listingKeys, in: site,
        navigation: navigation)
      if !reread.contains(page.sitePath), let last = memo.pages[page.sitePath], last.inputs == inputs {
        (made.files, made.memo) = (last.files, last)
        return made
      }
      fingerprint = inputs
    }
    let (context, layout, listingProblems, more) = PageLayouts.layoutContext(
      for: page, in: site, navigation: navigation, config: config, theme: theme, base: base)
    let (document, layoutProblem) = theme.renderDocumentReporting(context, layout: layout)
    // Theme problems are said once for the whole site, not once per page.
    for problem in listingProblems + [layoutProblem].compactMap({ $0 }) {
      made.problems.append(Diagnostic(.error, problem))
    }
    var documents = [(document, page.outputPath)]
    for (part, path) in more { documents.append((theme.renderDocumentReporting(part, layout: layout).0, path)) }
    for (document, path) in documents {
      do {
        try sink.write(Data(document), to: path)
        made.files.append(path)
      } catch {
        made.problems.append(.ioFailure("cannot write \(path)", error))
        made.files = []
        return made
      }
    }
    made.memo = fingerprint.map { RenderMemo.Entry(inputs: $0, files: made.files) }
    return made
  }
}

extension LinkChecker {
  /// The links of `page` (with the problems the rewriter `reported`) that lead nowhere,
  /// as `policy` makes them: errors, warnings, or nothing. The page's source (under
  /// `siteRoot`) is read only to place a problem.
  func checkTargets(
    _ page: SitePage, siteRoot: URL, links: LinkAttributes, reported: [LinkProblem], policy: SiteConfig.LinkPolicy,
    writtenAs: [String: String] = [:]
  ) -> [Diagnostic] {
    guard policy != .off else { return [] }
    return check(
      bodyHTML: "", page: page, siteRoot: siteRoot, reported: reported, safety: false, links: links,
      writtenAs: writtenAs
    )
    .map { policy == .warn ? $0.asWarning : $0 }
  }
}

extension LinkAttributes {
  /// The URLs that lead into the site (no scheme, not `//host`): the only ones whose
  /// targets the link check looks up.
  var intoSite: LinkAttributes {
    func leadsIn(_ url: String) -> Bool {
      let decoded = PageIDs.decodingAmpersands(url)
      return !LinkChecker.hasScheme(decoded) && !decoded.hasPrefix("//")
    }
    // Each URL kept with its place, when known (links placed before images).
    var links = LinkAttributes()
    func keep(_ urls: [String], image: Bool, into kept: inout [String], placing keptPlaces: inout LinkPlaces) {
      for (index, url) in urls.enumerated() where leadsIn(url) {
        if let place = places.place(of: index, image: image) { keptPlaces.add(place, of: kept.count, image: image) }
        kept.append(url)
      }
    }
    keep(hrefs, image: false, into: &links.hrefs, placing: &links.places)
    keep(sources, image: true, into: &links.sources, placing: &links.places)
    links.actions = actions.filter(leadsIn)
    return links
  }
}

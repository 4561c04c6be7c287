import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import CvsiteThemes
import Foundation

/// The search index's files written (paths in the output), the problems met, and what
/// the next index is compared with.
typealias SearchOutcome = (paths: [String], problems: [Diagnostic], state: SearchState)

/// What a search index numbered and wrote: the next one writes again only the bundles
/// of records that changed when it numbers the same pages.
struct SearchState: Sendable {
  /// The reading order the pages were numbered in (``SiteIndex/order``).
  var order: Int?
  /// The site paths of the pages indexed, in number order.
  var indexedPaths: [String] = []
  /// The hash of each bundle of records.
  var bundleHashes: [UInt64]?
  /// The terms as the index numbered them, kept for the next index (`serve`).
  var terms: SearchTerms?
  /// The pages indexed, in number order.
  var pages: [SearchIndex.Page] = []
  /// Each indexed page's number, by site path; made when first asked.
  var numbers: [String: Int]?

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

extension LoadedTree {
  /// Starts making and writing the search index of the published pages that have a
  /// search record, on a thread of its own: every file, or the shared ones and those
  /// holding the pages whose records changed. `nil` when the site has no search.
  ///
  /// Pages are numbered in reading order (`navigation` is made from `published`), so
  /// results that score alike come in the order the site's navigation reads. When the
  /// indexed pages are not the ones the last index numbered (a page took `search:
  /// false` or gave it up), every record is written again: the numbers moved.
  ///
  /// `changed` are the site paths of the pages whose records changed since `last` was
  /// made (nil: every page's). With `keepsTerms` (`serve`), the index's terms are kept
  /// in the state it returns, and those of `last` are reused.
  ///
  /// `spooled` are the hashes of the page bundles a ``PassageSpool`` wrote already, for
  /// the same pages in the same order: those bundles are not made again.
  func startSearchIndex(
    _ published: [SitePage], navigation: Navigation.Index, order: Int, changed: Set<String>?, last: SearchState,
    keepsTerms: Bool = false, into sink: any OutputSink, spooled: [UInt64]? = nil
  ) -> BackgroundJob<SearchOutcome>? {
    guard config.search else { return nil }
    var search = last
    var indexed: [SearchIndex.Page]
    var indexedPaths: [String]
    var onlyIDs: Set<Int>?
    // A one-off build whose page bundles were spooled hands the records over to the
    // index: it needs neither their URLs and titles nor the records after it.
    let handsOver = spooled != nil && !keepsTerms
    var handed: [SearchRecord] = []
    if search.order == order, let changed, let kept = search.updating(changed, in: pages, basePath: config.basePath) {
      (indexed, indexedPaths, onlyIDs) = (kept.pages, search.indexedPaths, kept.changed)
    } else {
      (indexed, indexedPaths, onlyIDs) = ([], [], changed == nil ? nil : [])
      for page in SearchIndex.readingOrder(published, navigation: navigation) {
        guard let record = pages[page.sitePath]?.search else { continue }
        if changed?.contains(page.sitePath) == true { onlyIDs?.insert(indexed.count) }
        indexedPaths.append(page.sitePath)
        if handsOver {
          handed.append(record)
        } else {
          indexed.append(SearchIndex.Page(page, record: record, basePath: config.basePath))
        }
      }
      if indexedPaths != search.indexedPaths { onlyIDs = nil }
    }
    // (The spool numbered these pages in this order: it wrote every bundle the index has.)
    let index =
      handsOver
      ? SearchIndex(handing: handed, english: config.isEnglish) : SearchIndex(pages: indexed, english: config.isEnglish)
    handed = []
    var (wanted, known, jobs, numbered) = (onlyIDs, search.bundleHashes, options.jobs, indexedPaths)
    let terms = onlyIDs == nil ? nil : search.terms
    if let spooled { (wanted, known) = ([], spooled) }
    var made = SearchState(order: order, indexedPaths: numbered, pages: indexed)
    // Numbered as before: the table of numbers made for the last index still holds.
    if onlyIDs != nil, numbered == search.indexedPaths { made.numbers = search.numbers }
    let unwritten = made
    let folder = config.searchPath + "/"
    let writer = SearchIndex.writer(into: sink, folder: folder)
    return BackgroundJob { [wanted, known, jobs] in
      let (paths, problems, hashes, kept) = index.write(
        onlyPages: wanted, known: known, terms: terms, keepsTerms: keepsTerms, jobs: jobs, writer)
      var state = unwritten
      (state.bundleHashes, state.terms) = (hashes, kept)
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
    let indexed = SearchIndex.readingOrder(published, navigation: navigation).compactMap { page in
      pages[page.sitePath]?.search == nil ? nil : page.sitePath
    }
    if let hashes, indexed == spool.paths { return hashes }
    outcome.diagnostics.append(
      Diagnostic(.error, "pages changed while the site was built (draft or search flags): build again"))
    return nil
  }
}

extension SearchIndex {
  /// Writes a file of the search index (a path under the search folder) into `sink`.
  static func writer(into sink: any OutputSink, folder: String = SiteConfig.searchFolder + "/")
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

}

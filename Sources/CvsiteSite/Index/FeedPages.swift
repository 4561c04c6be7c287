import Foundation

/// How the site's feed is made.
enum Feeds {
  /// How many pages the feed shows.
  static let entries = 20
}

/// The first `count` dated pages (section pages left out), newest first, then by URL;
/// equal keys keep their order in `pages`. The same as a stable sort of them all cut to
/// `count`, without sorting (or copying) every page.
func newestDatedPages(_ pages: [SitePage], count: Int) -> [SitePage] {
  func precedes(_ a: SitePage, _ b: SitePage) -> Bool {
    (a.metadata.date ?? "", b.url) > (b.metadata.date ?? "", a.url)
  }
  var newest: [SitePage] = []
  guard count > 0 else { return newest }
  newest.reserveCapacity(count + 1)
  for page in pages where page.metadata.date != nil && !page.isSectionIndex {
    if newest.count == count, let last = newest.last, !precedes(page, last) { continue }
    // After every page it does not precede, so equal keys stay in order.
    let position = newest.firstIndex { precedes(page, $0) } ?? newest.count
    newest.insert(page, at: position)
    if newest.count > count { newest.removeLast() }
  }
  return newest
}

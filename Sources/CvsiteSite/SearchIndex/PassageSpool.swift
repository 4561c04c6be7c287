import CvsiteCore
import Synchronization

/// Writes the search index's page bundles (`search/p/<k>.json`) while pages are
/// rendered, each as soon as its last page is read, so that a build keeps no page's
/// passages: only the terms stay in memory until the index is made.
///
/// The pages' numbers come from the reading order before any body is read; the bundles
/// are byte for byte those ``SearchIndex/write(onlyPages:known:jobs:_:)`` makes from
/// whole records, and their hashes let it skip them.
final class PassageSpool: Sendable {
  /// The site paths of the pages indexed, in number order.
  let paths: [String]
  /// Each indexed page's number, by site path.
  let numbers: [String: Int]
  /// Pages per bundle.
  let bundle: Int
  private let write: @Sendable (String, [UInt8]) -> Diagnostic?
  private let state: Mutex<State>

  /// What the workers share.
  private struct State {
    /// Each page's entry in its bundle, until the bundle is written.
    var entries: [[UInt8]?]
    /// Pages each bundle still waits for.
    var remaining: [Int]
    /// Each bundle's hash, once written.
    var hashes: [UInt64?]
    var problems: [Diagnostic] = []
  }

  /// A spool for the pages at `paths` (site paths, in number order), writing through
  /// `write` (a path under the search folder and its bytes; a problem, if it failed).
  init(indexing paths: [String], write: @escaping @Sendable (String, [UInt8]) -> Diagnostic?) {
    self.paths = paths
    numbers = Dictionary(paths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    let bundle = SearchIndex.bundleSize(pages: paths.count)
    self.bundle = bundle
    self.write = write
    let count = (paths.count + bundle - 1) / bundle
    state = Mutex(
      State(
        entries: Array(repeating: nil, count: paths.count),
        remaining: (0..<count).map { min(bundle, paths.count - $0 * bundle) },
        hashes: Array(repeating: nil, count: count)))
  }

  /// Takes the record of the page at `page.sitePath`; returns whether the spool numbers
  /// it (its passages are then written with its bundle, and need not be kept).
  func add(_ page: SitePage, record: SearchRecord, basePath: String) -> Bool {
    guard let number = numbers[page.sitePath] else { return false }
    var entry: [UInt8] = []
    SearchIndex.appendEntry(SearchIndex.Page(page, record: record, basePath: basePath), to: &entry)
    let index = number / bundle
    let bundle = self.bundle
    // The bundle's entries, taken out when this was its last page.
    let full = state.withLock { state -> [[UInt8]]? in
      guard state.entries[number] == nil else { return nil }
      state.entries[number] = entry
      state.remaining[index] -= 1
      guard state.remaining[index] == 0 else { return nil }
      let ids = index * bundle..<min(state.entries.count, (index + 1) * bundle)
      defer { for id in ids { state.entries[id] = nil } }
      return ids.compactMap { state.entries[$0] }
    }
    if let full {
      // Made and written outside the lock: the other workers go on meanwhile.
      let json = SearchIndex.bundleJSON(entries: full)
      var hash = FNV1a()
      hash.add(json)
      let problem = write("p/\(index).json", json)
      state.withLock { state in
        state.hashes[index] = hash.value
        if let problem { state.problems.append(problem) }
      }
    }
    return true
  }

  /// Each bundle's hash, when every bundle was written (nil when a page the spool
  /// numbered never came), and the problems writing met.
  func finish() -> (hashes: [UInt64]?, problems: [Diagnostic]) {
    state.withLock { state in
      let written = state.hashes.compactMap { $0 }
      return (written.count == state.hashes.count ? written : nil, state.problems)
    }
  }
}

/// The ids in a page's body, each once, sorted: what a link's `#fragment` is looked up
/// in. A build keeps every page's ids until its links are checked: a sorted array takes
/// about half the memory of a set of the same strings, and is read in the same order on
/// every run.
struct PageIDs: Sendable, Hashable, Sequence, ExpressibleByArrayLiteral {
  private var sorted: [String]

  init(_ ids: some Sequence<String>) {
    var all = Array(ids)
    all.sort()
    var kept: [String] = []
    kept.reserveCapacity(all.count)
    for id in all where kept.last != id { kept.append(id) }
    sorted = kept
  }

  init(arrayLiteral ids: String...) { self.init(ids) }

  var isEmpty: Bool { sorted.isEmpty }
  var count: Int { sorted.count }

  func contains(_ id: String) -> Bool {
    var (low, high) = (0, sorted.count)
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < id { low = middle + 1 } else { high = middle }
    }
    return low < sorted.count && sorted[low] == id
  }

  /// These ids and `other`'s.
  func union(_ other: PageIDs) -> PageIDs {
    other.isEmpty ? self : isEmpty ? other : PageIDs(sorted + other.sorted)
  }

  func makeIterator() -> IndexingIterator<[String]> { sorted.makeIterator() }
}

/// The terms of a search index as its last write numbered them, and each page's terms
/// by number: `serve` keeps them, so that the next write after an edit looks up only
/// the edited pages' terms (on 10,000 pages, looking up every page's terms again was
/// most of the time a body edit's rebuild took).
struct SearchTerms: Sendable {
  /// The terms' bytes one after the other, by number.
  private var bytes: [UInt8] = []
  /// Where each term's bytes end in `bytes`.
  private var ends: [UInt32] = []
  /// Every page's terms by number, in its record's order, one page after the other.
  private var pageTerms: [UInt32] = []
  /// Where each page's terms end in `pageTerms`.
  private var pageEnds: [Int] = []

  init() {}

  /// The terms of `table`, and the pages' terms by their numbers there (`pageTerms`,
  /// each page's ending at its entry of `pageEnds`). When more than half of the table's
  /// terms are held by no page any more (`live` are), nothing is kept: the next write
  /// numbers the terms afresh.
  init(_ table: TermCounter, pageTerms: [UInt32], pageEnds: [Int], live: Int) {
    guard table.count <= 2 * live + 1_024 else { return }
    (bytes, ends) = table.packedTerms()
    (self.pageTerms, self.pageEnds) = (pageTerms, pageEnds)
  }

  /// How many pages' terms are kept.
  var pageCount: Int { pageEnds.count }

  /// The numbers of page `page`'s terms.
  func terms(ofPage page: Int) -> ArraySlice<UInt32> {
    pageTerms[(page == 0 ? 0 : pageEnds[page - 1])..<pageEnds[page]]
  }

  /// How many terms page `page` has.
  func termCount(ofPage page: Int) -> Int { terms(ofPage: page).count }

  /// Adds these terms to the empty `table`, in number order: each gets its number here.
  func intern(into table: TermCounter) {
    bytes.withUnsafeBufferPointer { bytes in
      var start = 0
      for end in ends {
        _ = table.intern(UnsafeBufferPointer(rebasing: bytes[start..<Int(end)]))
        start = Int(end)
      }
    }
  }
}

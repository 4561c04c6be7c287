import ContainerViews
import CvsiteCore

/// What the search index keeps of one page: its terms, counted per field, and its
/// passages (the text between headings and container children) for result excerpts.
struct SearchRecord: Sendable, Equatable {
  /// A step on the way to a passage: a heading, or a child of a container.
  struct Crumb: Sendable, Equatable {
    /// The container's name (`tabs`, `steps`); empty for a heading.
    var container: String
    /// The heading's text, or the child's label (a tab's label, a card's title).
    var text: String
  }

  /// How often a term occurs in each field of the page.
  struct Counts: Sendable, Equatable {
    var title = false
    var heading = false
    /// The term is the name of the page's symbol (`containerValue` on the page of
    /// `containerValue(_:_:)`): a query of that word finds the page first.
    var name = false
    var body: UInt32 = 0
  }

  /// The passages as the JSON array a record file holds (`[{"a":…,"c":[…],"x":…}]`):
  /// made once when the page is read, and one block of memory to keep until the index
  /// is written, instead of strings and arrays for each passage and crumb.
  var passagesJSON: [UInt8]
  /// The page's terms, each once, their UTF-8 bytes one after the other: a page has
  /// hundreds of terms, and a string for each would cost a site of 10,000 pages
  /// millions of them.
  var termBytes: [UInt8] = []
  /// Where each term ends in ``termBytes``.
  var termEnds: [UInt32] = []
  /// `counts[i]` belongs to term `i`.
  var counts: [Counts] = []
  /// The number of terms in the body: a long page's many hits weigh less each.
  var length = 0

  /// A record whose passages are already written as JSON (``PassageWriter``).
  init(passagesJSON: [UInt8], termBytes: [UInt8], termEnds: [UInt32], counts: [Counts], length: Int) {
    self.passagesJSON = passagesJSON
    self.termBytes = termBytes
    self.termEnds = termEnds
    self.counts = counts
    self.length = length
  }

  /// The bytes of term `index`.
  func termRange(_ index: Int) -> Range<Int> {
    (index == 0 ? 0 : Int(termEnds[index - 1]))..<Int(termEnds[index])
  }
}

/// A container child in a page's ``PageStructure``: what a
/// passage inside it says about where it is.
struct SearchChildMark: Sendable {
  /// The container's name.
  var container: String
  /// The child's label or title; `nil` for an untitled child.
  var label: String?
  /// The child's id: a fragment that leads into it (and opens a tab).
  var id: String
}

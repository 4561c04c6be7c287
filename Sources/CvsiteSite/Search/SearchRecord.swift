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

  /// How often a term occurs in each field of the page, in four bytes: a large site
  /// keeps every page's counts until its index is made (eight bytes each took 40 MB at
  /// 100,000 pages).
  struct Counts: Sendable, Equatable {
    /// Bit 31: title; bit 30: heading; bit 29: name; bits 0–28: the body's count.
    private(set) var packed: UInt32 = 0
    private static let bodyMask: UInt32 = (1 << 29) - 1

    init(title: Bool = false, heading: Bool = false, name: Bool = false, body: UInt32 = 0) {
      (self.title, self.heading, self.name, self.body) = (title, heading, name, body)
    }

    /// The counts whose four bytes are `packed`.
    init(packed: UInt32) { self.packed = packed }

    var title: Bool {
      get { packed & 1 << 31 != 0 }
      set { packed = newValue ? packed | 1 << 31 : packed & ~(1 << 31) }
    }
    var heading: Bool {
      get { packed & 1 << 30 != 0 }
      set { packed = newValue ? packed | 1 << 30 : packed & ~(1 << 30) }
    }
    /// The term is the name of the page's symbol (`containerValue` on the page of
    /// `containerValue(_:_:)`): a query of that word finds the page first.
    var name: Bool {
      get { packed & 1 << 29 != 0 }
      set { packed = newValue ? packed | 1 << 29 : packed & ~(1 << 29) }
    }
    /// How often the term is in the body (at most 2^29 − 1: a page's text is indexed
    /// up to 1 MiB).
    var body: UInt32 {
      get { packed & Self.bodyMask }
      set { packed = packed & ~Self.bodyMask | min(newValue, Self.bodyMask) }
    }
  }

  /// The passages as the JSON array a record file holds (`[{"a":…,"c":[…],"x":…}]`):
  /// made once when the page is read, and one block of memory to keep until the index
  /// is written, instead of strings and arrays for each passage and crumb.
  var passagesJSON: [UInt8]
  /// The page's terms, each once, one after the other: its length in bytes (a varint),
  /// then its UTF-8 bytes. A page has hundreds of terms: a string for each would cost a
  /// site of 10,000 pages millions of them, and an array of where each ends took 23 MB
  /// at 100,000 pages.
  var termBytes: [UInt8] = []
  /// Each term's ``Counts`` in its four bytes, in the order of the terms: the array the
  /// index reuses for the terms' numbers once it has read them.
  var packedCounts: [UInt32] = []
  /// The number of terms in the body: a long page's many hits weigh less each.
  var length = 0

  /// A record whose passages are already written as JSON (``PassageWriter``).
  init(passagesJSON: [UInt8], termBytes: [UInt8], packedCounts: [UInt32], length: Int) {
    self.passagesJSON = passagesJSON
    self.termBytes = termBytes
    self.packedCounts = packedCounts
    self.length = length
  }

  /// How many terms the page has.
  var termCount: Int { packedCounts.count }
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

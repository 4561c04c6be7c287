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

/// A container child whose body carries search markers (``SearchMarkers``): what a
/// passage inside it says about where it is.
struct SearchChildMark: Sendable {
  /// The container's name.
  var container: String
  /// The child's label or title; `nil` for an untitled child.
  var label: String?
  /// The child's id: a fragment that leads into it (and opens a tab).
  var id: String
}

/// Invisible marks put around container output and children's bodies while a page is
/// rendered, so that the search extractor knows which child each passage sits in, and
/// then removed from the HTML. ASCII control characters (U+0001 to U+0005): Markdown
/// cannot produce them unless the source holds them, and then the page is rendered
/// without marks. Being ASCII, they leave an ASCII body ASCII, which Swift makes a
/// string of without the full UTF-8 check (with noncharacters, each container's output
/// was checked byte by byte, at every level of nesting).
enum SearchMarkers {
  /// U+0001: a container's output begins. Text up to the first child is the
  /// container's own (tab buttons, step numbers): not indexed.
  static let containerOpen = "\u{01}"
  /// U+0002: a container's output ends.
  static let containerClose = "\u{02}"
  /// U+0003 + decimal index + U+0004: a child's body begins; the index is into the
  /// page's ``SearchChildMark`` list.
  static func childOpen(_ index: Int) -> String { "\u{03}" + String(index) + "\u{04}" }
  /// U+0005: a child's body ends.
  static let childClose = "\u{05}"

  /// Whether `byte` is one of the marks' bytes (0x01…0x05).
  @inline(__always)
  static func isMark(_ byte: UInt8) -> Bool { byte &- 1 < 5 }

  /// `body` between the marks of child `index`, copied once.
  static func wrapping(child index: Int, _ body: String) -> String {
    var marked = ""
    marked.reserveCapacity(body.utf8.count + 24)
    marked += childOpen(index)
    marked += body
    marked += childClose
    return marked
  }

  /// A container's `output` between its marks, copied once.
  static func wrapping(container output: String) -> String {
    var marked = ""
    marked.reserveCapacity(output.utf8.count + 2)
    marked += containerOpen
    marked += output
    marked += containerClose
    return marked
  }

  /// The byte that ends a child's opening mark, after its index.
  static var childOpenEnd: UInt8 { 0x04 }

  /// Whether `bytes` hold a mark already: the page must then be rendered without.
  static func occur(in bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return false }
      let raw = UnsafeRawPointer(base)
      var index = 0
      // Sixteen bytes at a time, up to a word with a byte below 6 (rare in text; a NUL
      // is one, and is no mark): that word's bytes are then looked at one by one.
      while index + 16 <= buffer.count {
        let low = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian
        let high = raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self).littleEndian
        if ByteWords.below(low, 6) | ByteWords.below(high, 6) != 0,
          (index..<index + 16).contains(where: { isMark(base[$0]) })
        {
          return true
        }
        index += 16
      }
      return (index..<buffer.count).contains { isMark(base[$0]) }
    }
  }
}

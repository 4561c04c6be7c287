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

  /// The text under one heading or inside one container child.
  struct Passage: Sendable, Equatable {
    /// The fragment id that leads to the passage (a heading's id, a child's id); empty
    /// for the top of the page.
    var anchor: String
    /// Outermost first.
    var crumbs: [Crumb]
    /// Plain text, white space collapsed, cut at ``SearchExtractor/passageLimit``.
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

  init(passages: [Passage], termBytes: [UInt8], termEnds: [UInt32], counts: [Counts], length: Int) {
    passagesJSON = Self.json(passages)
    self.termBytes = termBytes
    self.termEnds = termEnds
    self.counts = counts
    self.length = length
  }

  /// The bytes of term `index`.
  func termRange(_ index: Int) -> Range<Int> {
    (index == 0 ? 0 : Int(termEnds[index - 1]))..<Int(termEnds[index])
  }

  /// `passages` as the JSON array a record file holds.
  static func json(_ passages: [Passage]) -> [UInt8] {
    var json: [UInt8] = []
    json.reserveCapacity(passages.reduce(2) { $0 + $1.text.utf8.count + 64 })
    json.append("[")
    for (offset, passage) in passages.enumerated() {
      json.append(offset > 0 ? ",{\"a\":" : "{\"a\":")
      appendJSONString(passage.anchor, to: &json)
      json.append(",\"c\":[")
      for (number, crumb) in passage.crumbs.enumerated() {
        json.append(number > 0 ? ",[" : "[")
        appendJSONString(crumb.container, to: &json)
        json.append(",")
        appendJSONString(crumb.text, to: &json)
        json.append("]")
      }
      json.append("],\"x\":")
      appendJSONString(passage.text, to: &json)
      json.append("}")
    }
    json.append("]")
    return json
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
/// then removed from the HTML. Unicode noncharacters: Markdown cannot produce them
/// unless the source holds them, and then the page is rendered without marks.
enum SearchMarkers {
  /// U+FDD0: a container's output begins. Text up to the first child is the
  /// container's own (tab buttons, step numbers): not indexed.
  static let containerOpen = mark(0x90)
  /// U+FDD1: a container's output ends.
  static let containerClose = mark(0x91)
  /// U+FDD2 + decimal index + U+FDD3: a child's body begins; the index is into the
  /// page's ``SearchChildMark`` list.
  static func childOpen(_ index: Int) -> String { childOpenLead + String(index) + childOpenEnd }
  private static let childOpenLead = mark(0x92)
  private static let childOpenEnd = mark(0x93)
  /// U+FDD4: a child's body ends.
  static let childClose = mark(0x94)

  /// U+FDxx from its last UTF-8 byte (Swift refuses noncharacters in literals).
  private static func mark(_ last: UInt8) -> String { String(decoding: [0xEF, 0xB7, last], as: UTF8.self) }

  /// The three bytes every mark starts with.
  static let lead: (UInt8, UInt8) = (0xEF, 0xB7)
  /// The range of the third byte.
  static let third: ClosedRange<UInt8> = 0x90...0x94

  /// Whether `bytes` hold a mark already: the page must then be rendered without.
  static func occur(in bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      // 0xEF leads only U+F000…U+FFFF: rare in text, so the search skips almost everything.
      var index = 0
      while let found = firstOffset(of: [lead.0, lead.1], in: buffer, within: index..<buffer.count) {
        if found + 2 < buffer.count, third.contains(buffer[found + 2]) { return true }
        index = found + 1
      }
      return false
    }
  }
}

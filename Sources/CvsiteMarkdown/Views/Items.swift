import ContainerViews
import CvsiteCore

/// A piece of a page body between parsing and views.
indirect enum Item {
  /// A block rendered by libcmark; `tight` for a paragraph of a tight list (no `<p>`).
  case html(String, tight: Bool)
  case heading(HeadingItem)
  case list(ListItem)
  case quote([Item])
  case container(ContainerItem)
  case leaf(LeafItem)
  /// A rendered code block: plain HTML in content, a subview titled by its `title` (and
  /// carrying its info string's values) as a container's child.
  case code(String, CodeItem)
}

/// What a code block's info string says about the block as a subview.
struct CodeItem {
  var title: String?
  var attributes: WrittenAttributes
  var line: Int
  /// The URLs and ids of its HTML, when its renderer knows them.
  var facts: BodyFacts?
}

struct HeadingItem {
  var level: Int
  var id: String
  /// The heading's inline content as HTML (a section title).
  var titleHTML: String
  var text: String
  /// The whole `<hN id=…>…</hN>` block.
  var html: String
  var attributes: WrittenAttributes
  var line: Int
  var column: Int
}

struct ListItem {
  /// `<ul>\n`, `<ol>\n` or `<ol start="N">\n`, and the matching end tag.
  var open: String
  var close: String
  var items: [[Item]]
  /// Each item's plain text, for ids of list-item subviews.
  var texts: [String]
}

/// A container directive (or `:::group`) while and after its content is read.
final class ContainerItem {
  let name: String
  let declaration: ContainerDeclaration?
  let labelHTML: String?
  let labelText: String?
  let attributes: WrittenAttributes
  let id: String
  let line: Int
  let column: Int
  let fence: Int
  var childHeadingLevel: Int
  /// The opener's line, for a block written in another generator's indented syntax
  /// (``DirectiveLine/writtenOpener``).
  var writtenOpener: Int?
  var items: [Item] = []

  var isGroup: Bool { name == "group" }

  init(
    name: String, declaration: ContainerDeclaration?, label: (html: String, text: String)?,
    attributes: WrittenAttributes, id: String, line: Int, column: Int, fence: Int, childHeadingLevel: Int
  ) {
    self.name = name
    self.declaration = declaration
    self.labelHTML = label?.html
    self.labelText = label?.text
    self.attributes = attributes
    self.id = id
    self.line = line
    self.column = column
    self.fence = fence
    self.childHeadingLevel = childHeadingLevel
  }
}

struct LeafItem {
  var name: String
  var labelHTML: String?
  var labelText: String?
  var attributes: WrittenAttributes
  var id: String
  var line: Int
  var column: Int
}

/// How the `#` link after a heading starts: what a summary looks for to leave it out.
public let headingAnchorOpening = "<a class=\"cv-anchor\""

/// The `#` link cvsite puts after a heading's text when heading anchors are on.
func headingAnchorLink(id: String) -> String {
  headingAnchorOpening + " href=\"#\(escapeHTML(id))\" aria-label=\"Link to this section\">#</a>"
}

/// The attributes cvsite adds to a heading's tag: ` id="…"`, and ` class="…"` for classes.
func headingTagAttributes(id: String, classes: [String], html: [(name: String, value: String)] = []) -> String {
  var attributes = " id=\"\(escapeHTML(id))\""
  if !classes.isEmpty { attributes += " class=\"\(escapeHTML(classes.joined(separator: " ")))\"" }
  for (name, value) in html { attributes += " \(escapeHTML(name))=\"\(escapeHTML(value))\"" }
  return attributes
}

/// cmark's HTML for a heading with cvsite's `id` (and classes, and anchor link) added.
func decorateHeading(
  _ html: String, level: Int, id: String, classes: [String], extra: [(name: String, value: String)] = [],
  anchor: Bool
) -> String {
  let attributes = headingTagAttributes(id: id, classes: classes, html: extra)
  if let range = HeadingBytes(html, level: level), anchor ? range.hasClose : true {
    let link = anchor ? " " + headingAnchorLink(id: id) : ""
    let end = anchor ? range.contentEnd : range.end
    return "<h\(level)" + attributes + html[range.afterName..<end] + link + html[end...]
  }
  let open = "<h\(level)"
  guard html.hasPrefix(open) else { return html }
  var result = open + attributes + String(html.dropFirst(open.count))
  let close = "</h\(level)>\n"
  if anchor, result.hasSuffix(close) {
    result = String(result.dropLast(close.count)) + " " + headingAnchorLink(id: id) + close
  }
  return result
}

/// The inline content of cmark's `<hN>…</hN>\n`.
func headingInnerHTML(_ html: String, level: Int) -> String {
  if let range = HeadingBytes(html, level: level), range.hasOpen, range.hasClose {
    return String(html[range.contentStart..<range.contentEnd])
  }
  let open = "<h\(level)>"
  let close = "</h\(level)>\n"
  guard html.hasPrefix(open), html.hasSuffix(close), html.utf8.count >= open.utf8.count + close.utf8.count else {
    return html
  }
  return String(html.dropFirst(open.count).dropLast(close.count))
}

/// Where the parts of cmark's `<hN>…</hN>\n` are, found on bytes. `nil` (and `hasOpen`,
/// `hasClose` false) whenever a non-ASCII byte sits next to a part: there a character-wise
/// match could differ from a byte-wise one, and the callers compare characters instead.
struct HeadingBytes {
  /// After `<hN`.
  var afterName: String.Index
  var end: String.Index
  /// After `<hN>`, when `hasOpen` (the byte after it is ASCII too).
  var contentStart: String.Index
  /// At `</hN>\n`, when `hasClose`.
  var contentEnd: String.Index
  var hasOpen = false
  var hasClose = false

  init?(_ html: String, level: Int) {
    guard (1...6).contains(level) else { return nil }
    let utf8 = html.utf8
    let count = utf8.count
    let digit = UInt8(0x30 + level)
    let start = utf8.startIndex
    func byte(_ offset: Int) -> UInt8 { utf8[utf8.index(start, offsetBy: offset)] }
    guard count >= 4, byte(0) == 0x3C, byte(1) == 0x68, byte(2) == digit, byte(3) < 0x80 else { return nil }
    afterName = utf8.index(start, offsetBy: 3)
    end = utf8.endIndex
    contentStart = utf8.index(start, offsetBy: 4)
    contentEnd = end
    hasOpen = count >= 5 && byte(3) == 0x3E && byte(4) < 0x80
    // `</hN>\n` after at least `<hN` and one more byte, which must be ASCII.
    if count >= 10, byte(count - 7) < 0x80, byte(count - 6) == 0x3C, byte(count - 5) == 0x2F, byte(count - 4) == 0x68,
      byte(count - 3) == digit, byte(count - 2) == 0x3E, byte(count - 1) == 0x0A
    {
      hasClose = true
      contentEnd = utf8.index(start, offsetBy: count - 6)
    }
  }
}

internal import CCmark
import ContainerViews
import CvsiteCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the HTML of a libcmark node and what is below it, byte for byte as libcmark's
/// own HTML renderer does, and takes, as it goes, the facts of what it wrote
/// (``BodyFacts``), when asked. It can also give headings their own opening and closing
/// tags (ids, classes, a `#` link), in the order they are written.
///
/// The escapes are cvsite's one escaping path (``htmlEntity(for:apostrophe:)``, which
/// escapes what libcmark's HTML escape does) and a URL is escaped as libcmark
/// escapes an `href`. Libcmark's options other than `unsafe` (source positions, hard
/// breaks, no breaks) are not used by cvsite and not written.
struct CMarkHTMLWriter {
  /// Whether raw HTML is written as it is (otherwise as `<!-- raw HTML omitted -->`)
  /// and URLs that run script kept.
  let unsafe: Bool
  /// What was written.
  let output = ByteStore(capacity: 4_096)
  /// Whether ``facts`` are taken.
  var takesFacts = false
  /// The facts of what was written, when they are taken.
  var facts = BodyFacts()
  /// Whether ``facts`` are what a scan of the whole output finds. Raw HTML that leaves
  /// an attribute value open (an odd number of `"`) is read differently there: the
  /// value runs on into what follows.
  private(set) var factsAreExact = true
  /// The facts of custom blocks' HTML known where it was made (code blocks): taken as
  /// they are instead of read from the HTML.
  var knownFacts: [OpaquePointer: BodyFacts] = [:]
  /// The tags written for the headings in place of `<hN>` and `</hN>`, the first heading
  /// written taking the first.
  var headingTags: [HeadingTags] = []
  private var nextHeading = 0
  /// The closing tag of the heading being written, when it has its own, and whether its
  /// facts are read from it.
  private var headingClose: String?
  private var readsHeadingClose = true

  init(unsafe: Bool) { self.unsafe = unsafe }

  /// Appends the HTML of `node` and of every node below it.
  mutating func write(_ root: OpaquePointer) {
    // The image whose alternative text is being written: inside it only text is written.
    var plain: OpaquePointer?
    var node = root
    var entering = true
    while true {
      let type = cmark_node_get_type(node)
      let isLeaf = Self.isLeaf(type)
      if !entering, plain == node { plain = nil }
      if plain != nil {
        writePlain(node, type)
      } else {
        write(node, type, entering: entering, plain: &plain)
      }
      // The next event, as libcmark's iterator gives it: into the first child, else out
      // of a node without children, else to the next sibling or out of the parent.
      if entering, !isLeaf {
        if let child = cmark_node_first_child(node) {
          node = child
        } else {
          entering = false
        }
        continue
      }
      if node == root { return }
      if let next = cmark_node_next(node) {
        node = next
        entering = true
      } else if let parent = cmark_node_parent(node) {
        node = parent
        entering = false
      } else {
        return
      }
    }
  }

  /// Node types the iterator enters and never exits.
  private static func isLeaf(_ type: cmark_node_type) -> Bool {
    switch type {
    case CMARK_NODE_TEXT, CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE,
      CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK:
      return true
    default: return false
    }
  }

  /// Inside an image: its text, escaped, and a space for a line break.
  private mutating func writePlain(_ node: OpaquePointer, _ type: cmark_node_type) {
    switch type {
    case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE: escaped(cmark_node_get_literal(node))
    case CMARK_NODE_LINEBREAK, CMARK_NODE_SOFTBREAK: output.append(0x20)
    default: break
    }
  }

  private mutating func write(
    _ node: OpaquePointer, _ type: cmark_node_type, entering: Bool, plain: inout OpaquePointer?
  ) {
    switch type {
    case CMARK_NODE_DOCUMENT: break
    case CMARK_NODE_TEXT: escaped(cmark_node_get_literal(node))
    case CMARK_NODE_SOFTBREAK: output.append(0x0A)
    case CMARK_NODE_LINEBREAK: output.append("<br />\n")
    case CMARK_NODE_CODE:
      output.append("<code>")
      escaped(cmark_node_get_literal(node))
      output.append("</code>")
    case CMARK_NODE_EMPH: output.append(entering ? "<em>" : "</em>")
    case CMARK_NODE_STRONG: output.append(entering ? "<strong>" : "</strong>")
    case CMARK_NODE_HTML_INLINE: rawHTML(node)
    case CMARK_NODE_CUSTOM_INLINE: verbatim(entering ? cmark_node_get_on_enter(node) : cmark_node_get_on_exit(node))
    case CMARK_NODE_LINK:
      guard entering else {
        output.append("</a>")
        return
      }
      output.append("<a href=\"")
      url(node, image: false)
      if let title = Self.title(of: node) {
        output.append("\" title=\"")
        escaped(title)
      }
      output.append("\">")
    case CMARK_NODE_IMAGE:
      if entering {
        output.append("<img src=\"")
        url(node, image: true)
        output.append("\" alt=\"")
        plain = node
      } else {
        if let title = Self.title(of: node) {
          output.append("\" title=\"")
          escaped(title)
        }
        output.append("\" />")
      }
    case CMARK_NODE_PARAGRAPH:
      // Not wrapped in a tight list.
      if let item = cmark_node_parent(node), let list = cmark_node_parent(item),
        cmark_node_get_type(list) == CMARK_NODE_LIST, cmark_node_get_list_tight(list) != 0
      {
        return
      }
      if entering {
        lineBreak()
        output.append("<p>")
      } else {
        output.append("</p>\n")
      }
    case CMARK_NODE_HEADING: heading(node, entering: entering)
    case CMARK_NODE_BLOCK_QUOTE:
      lineBreak()
      output.append(entering ? "<blockquote>\n" : "</blockquote>\n")
    case CMARK_NODE_LIST: list(node, entering: entering)
    case CMARK_NODE_ITEM:
      if entering {
        lineBreak()
        output.append("<li>")
      } else {
        output.append("</li>\n")
      }
    case CMARK_NODE_CODE_BLOCK: codeBlock(node)
    case CMARK_NODE_HTML_BLOCK:
      lineBreak()
      rawHTML(node)
      lineBreak()
    case CMARK_NODE_CUSTOM_BLOCK:
      lineBreak()
      let known = takesFacts ? knownFacts[node] : nil
      if let known, entering { facts.append(known) }
      verbatim(entering ? cmark_node_get_on_enter(node) : cmark_node_get_on_exit(node), read: known == nil)
      lineBreak()
    case CMARK_NODE_THEMATIC_BREAK:
      lineBreak()
      output.append("<hr />\n")
    default: break
    }
  }

  /// A heading: the tags made for it when the page's headings were read (its id and
  /// anchor), or a bare `<hN>`.
  private mutating func heading(_ node: OpaquePointer, entering: Bool) {
    let level = UInt8(truncatingIfNeeded: cmark_node_get_heading_level(node))
    if entering {
      lineBreak()
      if nextHeading < headingTags.count {
        let tags = headingTags[nextHeading]
        nextHeading += 1
        if takesFacts, let known = tags.facts {
          facts.ids.append(known.id)
          if let href = known.href { facts.hrefs.append(href) }
        }
        verbatim(tags.open, read: tags.facts == nil)
        headingClose = tags.close
        readsHeadingClose = tags.facts == nil
      } else {
        output.append("<h")
        output.append(0x30 + level)
        output.append(0x3E)
      }
    } else if let close = headingClose {
      verbatim(close, read: readsHeadingClose)
      output.append(0x0A)
      headingClose = nil
    } else {
      output.append("</h")
      output.append(0x30 + level)
      output.append(">\n")
    }
  }

  private mutating func list(_ node: OpaquePointer, entering: Bool) {
    let bullet = cmark_node_get_list_type(node) == CMARK_BULLET_LIST
    guard entering else {
      output.append(bullet ? "</ul>\n" : "</ol>\n")
      return
    }
    lineBreak()
    let start = Int(cmark_node_get_list_start(node))
    if bullet {
      output.append("<ul>\n")
    } else if start == 1 {
      output.append("<ol>\n")
    } else {
      output.append("<ol start=\"")
      output.append(string: String(start))
      output.append("\">\n")
    }
  }

  /// A code block, its info string's first word naming the language.
  private mutating func codeBlock(_ node: OpaquePointer) {
    lineBreak()
    let info = cmark_node_get_fence_info(node).map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }
    if let info, info.pointee != 0 {
      // The info string's first word names the language.
      var length = 0
      while info[length] != 0, !Self.isSpace(info[length]) { length += 1 }
      output.append("<pre><code class=\"language-")
      output.appendEscaped(UnsafeBufferPointer(start: info, count: length))
      output.append("\">")
    } else {
      output.append("<pre><code>")
    }
    escaped(cmark_node_get_literal(node))
    output.append("</code></pre>\n")
  }

  /// libcmark's `cr()`: a line break unless the output is empty or ends with one.
  private mutating func lineBreak() {
    if let last = output.last, last != 0x0A { output.append(0x0A) }
  }

  /// libcmark's space for an info string: space, tab, line feed, vertical tab, form
  /// feed, carriage return.
  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

  private mutating func escaped(_ text: UnsafePointer<CChar>?) {
    guard let text else { return }
    output.appendEscaped(
      UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text)))
  }

  /// HTML written as it is; its attributes taken into the facts unless `read` is false.
  private mutating func verbatim(_ text: UnsafePointer<CChar>?, read: Bool = true) {
    guard let text else { return }
    let html = UnsafeBufferPointer(
      start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text))
    output.append(html)
    // Only HTML with an attribute value has any.
    if read, takesFacts, strstr(text, "=\"") != nil { facts.take(html: html) }
  }

  private mutating func verbatim(_ html: String, read: Bool) {
    output.append(string: html)
    if read, takesFacts { facts.take(html: html) }
  }

  private mutating func rawHTML(_ node: OpaquePointer) {
    if unsafe {
      let literal = cmark_node_get_literal(node)
      verbatim(literal)
      if takesFacts, factsAreExact, let literal, Self.hasOddQuotes(literal) { factsAreExact = false }
    } else {
      output.append("<!-- raw HTML omitted -->")
    }
  }

  /// Whether `text` holds an odd number of `"`.
  private static func hasOddQuotes(_ text: UnsafePointer<CChar>) -> Bool {
    var odd = false
    var rest = text
    while let quote = strchr(rest, 0x22) {
      odd.toggle()
      rest = UnsafePointer(quote) + 1
    }
    return odd
  }

  /// The URL of a link or image as libcmark writes it, taken into the facts with where
  /// the parse found the link (in the text it read). A URL that runs script is left out
  /// unless the writer is unsafe.
  private mutating func url(_ node: OpaquePointer, image: Bool) {
    let start = output.count
    if let url = cmark_node_get_url(node) {
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(url).assumingMemoryBound(to: UInt8.self), count: strlen(url))
      if unsafe || !isDangerousURL(bytes) { appendEscapedHref(bytes, to: output) }
    }
    guard takesFacts else { return }
    let written = output.string(from: start)
    let place = SourcePlace(line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node)))
    if image { facts.addSource(written, at: place) } else { facts.addHref(written, at: place) }
  }

  /// A link's or image's title; nil when it has none. libcmark gives the same empty
  /// string for no title and for an empty one (`[a](/u "")`), and writes `title=""` for
  /// the second only: no title is the one empty string libcmark returns for every node
  /// without a title, an empty title one of its own.
  private static func title(of node: OpaquePointer) -> UnsafePointer<CChar>? {
    guard let title = cmark_node_get_title(node) else { return nil }
    return UInt(bitPattern: title) == noTitle ? nil : title
  }

  /// The address of what libcmark returns as the title of a link that has none.
  private static let noTitle: UInt = {
    guard let link = cmark_node_new(CMARK_NODE_LINK) else { return 0 }
    defer { cmark_node_free(link) }
    return UInt(bitPattern: cmark_node_get_title(link))
  }()
}

/// The tags a heading is written with in place of `<hN>` and `</hN>`.
struct HeadingTags {
  var open: String
  /// What replaces `</hN>`; nil to keep it.
  var close: String?
  /// What the tags hold of note, when the page knows: the id (as the HTML has it) and,
  /// in `close`, a link's URL; nil when the tags are to be read for them.
  var facts: (id: String, href: String?)?
}

/// Whether libcmark drops a URL from its HTML as one that runs script: `javascript:`,
/// `vbscript:`, `file:` and `data:` other than a PNG, GIF, JPEG or WebP image, in any
/// case.
func isDangerousURL(_ url: UnsafeBufferPointer<UInt8>) -> Bool {
  func starts(with prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard url.count >= count else { return false }
    for index in 0..<count where url[index] | 0x20 != prefix.utf8Start[index] | 0x20 { return false }
    return true
  }
  for image in ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"] as [StaticString]
  where starts(with: image) {
    return false
  }
  return starts(with: "javascript:") || starts(with: "vbscript:") || starts(with: "file:") || starts(with: "data:")
}

/// A URL as libcmark escapes it for an attribute: bytes outside a safe set as `%XX`,
/// `&` as `&amp;` and `'` as `&#x27;`.
func appendEscapedHref(_ url: UnsafeBufferPointer<UInt8>, to output: ByteStore) {
  var copied = 0
  for index in url.indices {
    let byte = url[index]
    guard !hrefSafe(byte) else { continue }
    output.append(UnsafeBufferPointer(rebasing: url[copied..<index]))
    switch byte {
    case UInt8(ascii: "&"): output.append("&amp;")
    case UInt8(ascii: "'"): output.append("&#x27;")
    default:
      let hex: StaticString = "0123456789ABCDEF"
      output.append(0x25)
      output.append(hex.utf8Start[Int(byte >> 4)])
      output.append(hex.utf8Start[Int(byte & 0xF)])
    }
    copied = index + 1
  }
  output.append(UnsafeBufferPointer(rebasing: url[copied...]))
}

/// libcmark's safe bytes of a URL: letters, digits and `-_.+!*(),%#@?=;:/$~`.
private func hrefSafe(_ byte: UInt8) -> Bool {
  switch byte {
  case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
    UInt8(ascii: "0")...UInt8(ascii: "9"):
    return true
  case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "!"),
    UInt8(ascii: "*"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: "%"),
    UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: "?"), UInt8(ascii: "="), UInt8(ascii: ";"),
    UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "$"), UInt8(ascii: "~"):
    return true
  default: return false
  }
}

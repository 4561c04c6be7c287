import CvsiteCore
import CvsiteMarkdown
import Foundation

/// A page of the site once its Markdown is parsed and its body rendered.
///
/// A value, stored in one shared object that is never changed (a change makes a new
/// one): a build passes every page through several site-wide lists, and copying a
/// dozen strings and arrays each time (a reference count on each, in memory another
/// thread wrote) cost as much as everything else done between parsing and rendering.
struct SitePage: Sendable {
  /// The page's fields, kept together in ``Storage``.
  private struct Fields {
    let sitePath: String
    let contentPath: String
    let isSectionIndex: Bool
    var metadata: PageMetadata
    var url: String
    var bodyHTML: String
    var headings: [HeadingInfo]
    var summary: String
    var values: DeclaredValues
    var headingTabs: [String: String]
    let sectionPath: [String]
    var listingKey: Int
  }

  /// Never changed once made: a change makes new storage (see `change`), a few times
  /// in a page's life, while passing the page on copies one reference.
  private final class Storage: Sendable {
    let fields: Fields
    init(_ fields: Fields) { self.fields = fields }
  }

  private var storage: Storage

  /// Changes the fields: the page gets storage of its own holding the changed fields.
  private mutating func change(_ body: (inout Fields) -> Void) {
    var fields = storage.fields
    body(&fields)
    storage = Storage(fields)
  }

  /// Changes a field a listing shows, and ``listingKey`` with it.
  private mutating func changeListed(_ body: (inout Fields) -> Void) {
    change {
      body(&$0)
      $0.listingKey = Self.listingKey(of: $0)
    }
  }

  /// `content/docs/install.md`.
  var sitePath: String { storage.fields.sitePath }
  /// `docs/install.md`, relative to `content/`.
  var contentPath: String { storage.fields.contentPath }
  var isSectionIndex: Bool { storage.fields.isSectionIndex }
  var metadata: PageMetadata {
    get { storage.fields.metadata }
    set { changeListed { $0.metadata = newValue } }
  }
  /// `/docs/install/`.
  var url: String {
    get { storage.fields.url }
    set { changeListed { $0.url = newValue } }
  }
  /// The rendered body (containers included), without the page layout.
  var bodyHTML: String {
    get { storage.fields.bodyHTML }
    set { change { $0.bodyHTML = newValue } }
  }
  var headings: [HeadingInfo] {
    get { storage.fields.headings }
    set { change { $0.headings = newValue } }
  }
  /// Plain-text summary: the description, or the start of the body text.
  var summary: String {
    get { storage.fields.summary }
    set { changeListed { $0.summary = newValue } }
  }
  /// The front-matter values the theme declares: read by the section's listing.
  var values: DeclaredValues {
    get { storage.fields.values }
    set { changeListed { $0.values = newValue } }
  }
  /// Heading id → the label of the tab (or other labelled child) it sits in.
  var headingTabs: [String: String] {
    get { storage.fields.headingTabs }
    set { change { $0.headingTabs = newValue } }
  }
  /// Drops what only the page's own files are made from (its body and the headings of
  /// its table of contents), once they are written: what a build keeps of a page is
  /// what other pages show of it.
  mutating func dropRendered() {
    change {
      $0.bodyHTML = ""
      $0.headings = []
      $0.headingTabs = [:]
    }
  }

  /// The section folders the page belongs to: `["docs"]`; empty at the top.
  var sectionPath: [String] { storage.fields.sectionPath }
  /// What a listing shows of the page (its URL, title, date, summary and values), as
  /// one number: a listing whose pages have the same keys is the same.
  var listingKey: Int { storage.fields.listingKey }

  init(
    sitePath: String, contentPath: String, isSectionIndex: Bool, metadata: PageMetadata, url: String,
    bodyHTML: String, headings: [HeadingInfo], summary: String, values: DeclaredValues,
    headingTabs: [String: String] = [:]
  ) {
    var fields = Fields(
      sitePath: sitePath, contentPath: contentPath, isSectionIndex: isSectionIndex, metadata: metadata, url: url,
      bodyHTML: bodyHTML, headings: headings, summary: summary, values: values, headingTabs: headingTabs,
      sectionPath: contentPath.splitOmittingEmpty(atByte: UInt8(ascii: "/")).dropLast().map(String.init),
      listingKey: 0)
    fields.listingKey = Self.listingKey(of: fields)
    storage = Storage(fields)
  }

  /// What ``listingKey`` is for `fields`. The text is hashed as its UTF-8 bytes: the
  /// same bytes are the same text here, and it is several times faster than hashing
  /// strings.
  private static func listingKey(of fields: Fields) -> Int {
    var hasher = Hasher()
    for text in [fields.url, fields.metadata.title, fields.metadata.date ?? "\u{0}", fields.summary] {
      var text = text
      text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
      hasher.combine(0xFF as UInt8)  // a byte no text holds: two texts cannot run together
    }
    hasher.combine(fields.values)
    return hasher.finalize()
  }

  /// The section that lists this page: its folder for pages, the parent folder for a
  /// section's own page.
  var parentSection: [String] {
    isSectionIndex ? Array(sectionPath.dropLast()) : sectionPath
  }

  /// Output file inside the output folder.
  var outputPath: String { PageURL.outputPath(for: url) }
}

/// Strips tags and decodes the few entities cmark emits: a summary or title as text.
func plainText(fromHTML html: String, limit: Int = .max) -> String {
  plainText(fromHTML: html, limit: limit, ascii: asciiPlainText(fromHTML: html, limit: limit))
}

/// ``plainText(fromHTML:limit:)`` with `asciiPlainText` already asked.
private func plainText(fromHTML html: String, limit: Int, ascii: [UInt8]?) -> String {
  if let text = ascii, !text.contains(0x26) {
    // ASCII, no entity: `.whitespaces` holds two ASCII characters, space and tab.
    return String(decoding: trimmingBlanks(text), as: UTF8.self)
  }
  let text = ascii.map { String(decoding: $0, as: UTF8.self) } ?? characterPlainText(fromHTML: html, limit: limit)
  guard text.containsUTF8Byte(0x26) else { return text.trimmingCharacters(in: .whitespaces) }
  return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
    .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
    .replacingOccurrences(of: "&amp;", with: "&").trimmingCharacters(in: .whitespaces)
}

/// `text` without the spaces and tabs at either end.
private func trimmingBlanks(_ text: [UInt8]) -> ArraySlice<UInt8> {
  let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
  guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) }) else {
    return []
  }
  return text[first...last]
}

/// `characterPlainText` on bytes, for HTML whose part read is ASCII (each byte one
/// character; `\r\n`, one character, is whitespace as its two bytes are). Nil when a
/// non-ASCII byte is met, before the end or right after the last byte read (it could
/// join that byte's character).
private func asciiPlainText(fromHTML html: String, limit: Int) -> [UInt8]? {
  let result = html.utf8.withContiguousStorageIfAvailable { bytes -> [UInt8]? in
    var text: [UInt8] = []
    text.reserveCapacity(min(limit, bytes.count))
    var inTag = false
    var lastWasSpace = true
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      guard byte < 0x80 else { return nil }
      if byte == 0x3C {
        inTag = true
        continue
      }
      if byte == 0x3E {
        inTag = false
        continue
      }
      if inTag { continue }
      if byte == 0x20 || (0x09...0x0D).contains(byte) {
        if !lastWasSpace { text.append(0x20) }
        lastWasSpace = true
      } else {
        text.append(byte)
        lastWasSpace = false
      }
      if text.count >= limit {
        if index < bytes.count && bytes[index] >= 0x80 { return nil }
        break
      }
    }
    return text
  }
  return result ?? nil
}

/// Strips tags character by character, collapsing whitespace, up to `limit` characters.
private func characterPlainText(fromHTML html: String, limit: Int) -> String {
  var text = ""
  var inTag = false
  var lastWasSpace = true
  // `text.count` walks the whole string: count appends instead, and ask the string only
  // once they reach `limit` (each append adds at most one character, since one may merge
  // with the character before it, so `text.count <= appended`).
  var appended = 0
  for character in html {
    if character == "<" {
      inTag = true
      continue
    }
    if character == ">" {
      inTag = false
      continue
    }
    if inTag { continue }
    if character.isWhitespace {
      if !lastWasSpace {
        text.append(" ")
        appended += 1
      }
      lastWasSpace = true
    } else {
      text.append(character)
      appended += 1
      lastWasSpace = false
    }
    if appended >= limit && text.count >= limit { break }
  }
  return text
}

/// A summary of at most about 160 characters, cut at a word.
func summary(of bodyHTML: String) -> String {
  let html = summarySource(bodyHTML)
  let ascii = asciiPlainText(fromHTML: html, limit: 400)
  if let ascii, !ascii.contains(0x26) {
    // ASCII text without entities, its whitespace collapsed to single spaces: each
    // byte is one character, so the cut below can count bytes.
    let text = trimmingBlanks(ascii)
    guard text.count > 160 else { return String(decoding: text, as: UTF8.self) }
    let cut = text.prefix(160)
    return String(decoding: cut.lastIndex(of: 0x20).map { cut[..<$0] } ?? cut, as: UTF8.self) + "…"
  }
  let text = plainText(fromHTML: html, limit: 400, ascii: ascii)
  guard text.count > 160 else { return text }
  let cut = text.prefix(160)
  return (cut.lastIndex(of: " ").map { String(cut[..<$0]) } ?? String(cut)) + "…"
}

/// The start of a body (its first 16 KB, enough for a summary) without the spans that
/// are no words of a summary, each from its opening to the next closing, and the space
/// before it: the `#` links after headings, footnote references (their numbers), code
/// blocks (a summary is prose; the block's title goes with it) and tab bars (their
/// labels repeat the panels' titles).
///
/// One pass: at each `<` the openings are compared in turn. A kind whose closing is
/// missing is not cut from there on. (Two spans side by side take one space before
/// them away, not two; cvsite never writes two such spans side by side.)
func summarySource(_ html: String) -> String {
  if let result = html.utf8.withContiguousStorageIfAvailable({ summarySource(html, bytes: $0) }) {
    return result
  }
  let bytes = Array(html.utf8)
  return bytes.withUnsafeBufferPointer { summarySource(html, bytes: $0) }
}

private let nonProseSpans: [(opening: [UInt8], closing: [UInt8])] = [
  (Array(headingAnchorOpening.utf8), Array("</a>".utf8)),
  (Array("<sup class=\"footnote-ref\">".utf8), Array("</sup>".utf8)),
  (Array("<div class=\"cv-code".utf8), Array("</pre></div>".utf8)),
  (Array("<div class=\"cv-tablist\"".utf8), Array("</div>".utf8)),
]

private func summarySource(_ html: String, bytes all: UnsafeBufferPointer<UInt8>) -> String {
  let buffer = UnsafeBufferPointer(rebasing: all.prefix(16 * 1024))
  guard let base = buffer.baseAddress else { return "" }
  let count = buffer.count
  let spans = nonProseSpans
  var result: [UInt8] = []
  var copied = 0
  var index = 0
  var open = [Bool](repeating: true, count: spans.count)
  while index < count, let found = memchr(base + index, Int32(UInt8(ascii: "<")), count - index) {
    let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    index = start + 1
    // Every opening is `<a `, `<sup` or `<div`: most tags are passed over on their name.
    guard start + 1 < count else { break }
    switch base[start + 1] {
    case UInt8(ascii: "a"), UInt8(ascii: "s"), UInt8(ascii: "d"): break
    default: continue
    }
    guard
      let kind = spans.indices.first(where: {
        open[$0] && count - start >= spans[$0].opening.count
          && memcmp(base + start, spans[$0].opening, spans[$0].opening.count) == 0
      })
    else { continue }
    let (opening, closing) = spans[kind]
    guard let end = firstOffset(of: closing, in: buffer, within: (start + opening.count)..<count) else {
      open[kind] = false
      continue
    }
    if result.isEmpty { result.reserveCapacity(count) }
    // The space cmark's heading text leaves before the link goes too.
    let cut = start > copied && buffer[start - 1] == 0x20 ? start - 1 : start
    result += buffer[copied..<cut]
    copied = end + closing.count
    index = copied
  }
  guard copied > 0 else { return buffer.count == all.count ? html : String(decoding: buffer, as: UTF8.self) }
  result += buffer[copied...]
  return String(decoding: result, as: UTF8.self)
}

extension SitePage {
  /// What the navigation, listings, feed and sitemap show of a page.
  var navigationKey: [String] {
    [
      metadata.title, metadata.navTitle ?? "", String(metadata.inNavigation),
      String(metadata.weight), metadata.date ?? "", url,
      String(metadata.draft),
      metadata.aliases.joined(separator: ","),
      // Terms make the taxonomies' pages and every page's term links.
      metadata.terms.sorted { $0.key < $1.key }.map { $0.key + ":" + $0.value.joined(separator: ",") }
        .joined(separator: ";"),
    ]
  }
}

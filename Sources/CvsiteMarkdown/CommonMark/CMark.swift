internal import CCmark
internal import CCmarkArena

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The node kinds of libcmark that cvsite cares about. Internal: no cmark type leaves
/// this module.
enum CMarkKind {
  case document, blockQuote, list, item, codeBlock, htmlBlock, paragraph, heading, thematicBreak
  case customBlock, text, softBreak, lineBreak, code, htmlInline, emphasis, strong, link, image, customInline
  case other

  init(_ type: cmark_node_type) {
    switch type {
    case CMARK_NODE_DOCUMENT: self = .document
    case CMARK_NODE_BLOCK_QUOTE: self = .blockQuote
    case CMARK_NODE_LIST: self = .list
    case CMARK_NODE_ITEM: self = .item
    case CMARK_NODE_CODE_BLOCK: self = .codeBlock
    case CMARK_NODE_HTML_BLOCK: self = .htmlBlock
    case CMARK_NODE_PARAGRAPH: self = .paragraph
    case CMARK_NODE_HEADING: self = .heading
    case CMARK_NODE_THEMATIC_BREAK: self = .thematicBreak
    case CMARK_NODE_CUSTOM_BLOCK: self = .customBlock
    case CMARK_NODE_TEXT: self = .text
    case CMARK_NODE_SOFTBREAK: self = .softBreak
    case CMARK_NODE_LINEBREAK: self = .lineBreak
    case CMARK_NODE_CODE: self = .code
    case CMARK_NODE_HTML_INLINE: self = .htmlInline
    case CMARK_NODE_EMPH: self = .emphasis
    case CMARK_NODE_STRONG: self = .strong
    case CMARK_NODE_LINK: self = .link
    case CMARK_NODE_IMAGE: self = .image
    case CMARK_NODE_CUSTOM_INLINE: self = .customInline
    default: self = .other
    }
  }
}

/// A parsed libcmark document. Its nodes, buffers and rendered HTML come from the
/// calling thread's arena (`CCmarkArena`), released all at once when the thread's last
/// document goes. Not `Sendable`: it lives inside one synchronous page parse, on one
/// thread, as the arena requires.
final class CMarkDocument {
  let root: CMarkNode
  let renderOptions: Int32
  #if DEBUG
  private let owner = pthread_self()
  #endif

  /// Parses `bytes` (the whole page body). `validateUTF8` replaces invalid sequences.
  init?(bytes: [UInt8], allowRawHTML: Bool, validateUTF8: Bool) {
    var options = allowRawHTML ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT
    renderOptions = options
    if validateUTF8 { options |= CMARK_OPT_VALIDATE_UTF8 }
    cv_arena_retain()
    guard let parser = cmark_parser_new_with_mem(options, cv_arena_allocator()) else {
      cv_arena_release()
      return nil
    }
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { cmark_parser_feed(parser, $0, buffer.count) }
    }
    let pointer = cmark_parser_finish(parser)
    cmark_parser_free(parser)
    guard let pointer else {
      cv_arena_release()
      return nil
    }
    root = CMarkNode(raw: pointer)
  }

  // The tree is not freed node by node: the arena drops it with everything else.
  deinit {
    #if DEBUG
    assert(pthread_equal(owner, pthread_self()) != 0, "a CMarkDocument must stay on the thread that parsed it")
    #endif
    cv_arena_release()
  }

  /// HTML of one block, exactly as cmark renders it within its document.
  func html(_ node: CMarkNode) -> String {
    var writer = writer()
    writer.write(node.raw)
    return writer.output.string
  }

  /// A writer of this document's HTML, raw HTML kept or not as the document was read.
  func writer() -> CMarkHTMLWriter { CMarkHTMLWriter(unsafe: renderOptions & CMARK_OPT_UNSAFE != 0) }

  /// libcmark's own HTML of one block: what ``html(_:)`` is compared with.
  func libcmarkHTML(_ node: CMarkNode) -> String {
    guard let cString = cmark_render_html(node.raw, renderOptions) else { return "" }
    return String(cString: cString)
  }
}

/// A borrowed node of a ``CMarkDocument``; valid only while the document lives.
struct CMarkNode {
  let raw: OpaquePointer

  var kind: CMarkKind { CMarkKind(cmark_node_get_type(raw)) }
  var firstChild: CMarkNode? { cmark_node_first_child(raw).map(CMarkNode.init) }
  var lastChild: CMarkNode? { cmark_node_last_child(raw).map(CMarkNode.init) }
  var next: CMarkNode? { cmark_node_next(raw).map(CMarkNode.init) }
  var parent: CMarkNode? { cmark_node_parent(raw).map(CMarkNode.init) }
  var startLine: Int { Int(cmark_node_get_start_line(raw)) }
  var startColumn: Int { Int(cmark_node_get_start_column(raw)) }
  var endLine: Int { Int(cmark_node_get_end_line(raw)) }
  var headingLevel: Int { Int(cmark_node_get_heading_level(raw)) }
  var isBulletList: Bool { cmark_node_get_list_type(raw) == CMARK_BULLET_LIST }
  var listStart: Int { Int(cmark_node_get_list_start(raw)) }
  var isTightList: Bool { cmark_node_get_list_tight(raw) != 0 }
  var literal: String? { cmark_node_get_literal(raw).map { String(cString: $0) } }

  /// Whether the node is a directive's marker block; indented up to three spaces more
  /// than its list item's content (an indented block's opener four columns into a
  /// `- ` item sits two columns in).
  var isMarker: Bool {
    guard let literal = cmark_node_get_literal(raw) else { return false }
    var start = literal
    while start.pointee == 0x20, literal.distance(to: start) < 3 { start += 1 }
    return strncmp(start, PreparedBody.markerPrefix, PreparedBody.markerPrefix.utf8.count) == 0
  }

  /// Whether the node's literal contains `byte`, without making a Swift string of it.
  func literalContains(_ byte: UInt8) -> Bool {
    guard let literal = cmark_node_get_literal(raw) else { return false }
    return strchr(literal, Int32(byte)) != nil
  }

  /// Whether the node's literal contains `needle`, without making a Swift string of it.
  func literalContains(_ needle: StaticString) -> Bool {
    guard let literal = cmark_node_get_literal(raw) else { return false }
    return needle.withUTF8Buffer { buffer in
      buffer.baseAddress.map { strstr(literal, UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) != nil }
        ?? false
    }
  }

  var children: [CMarkNode] {
    var result: [CMarkNode] = []
    var cursor = firstChild
    while let node = cursor {
      result.append(node)
      cursor = node.next
    }
    return result
  }

  /// The node's text with markup removed: what a heading's slug and a TOC use.
  var plainText: String {
    var text = ""
    appendPlainText(to: &text)
    return text
  }

  private func appendPlainText(to text: inout String) {
    switch cmark_node_get_type(raw) {
    case CMARK_NODE_TEXT, CMARK_NODE_CODE: text += literal ?? ""
    case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text += " "
    default:
      var cursor = firstChild
      while let node = cursor {
        node.appendPlainText(to: &text)
        cursor = node.next
      }
    }
  }

  func setLiteral(_ string: String) { _ = cmark_node_set_literal(raw, string) }
}

/// Plain CommonMark through libcmark: the oracle for cvsite's fidelity and the floor
/// of its benchmark.
public enum CommonMark {
  /// Renders `markdown` as the `cmark` command does (safe mode unless `allowRawHTML`).
  public static func html(_ markdown: String, allowRawHTML: Bool = false) -> String {
    html(bytes: Array(markdown.utf8), allowRawHTML: allowRawHTML)
  }

  /// Renders UTF-8 `bytes` as the `cmark` command does: libcmark's own one-call API and
  /// allocator, so the benchmark's floor is libcmark as shipped.
  public static func html(bytes: [UInt8], allowRawHTML: Bool = false) -> String {
    let options = allowRawHTML ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT
    let rendered = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { base in
        base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
          cmark_markdown_to_html($0, buffer.count, options)
        }
      } ?? cmark_markdown_to_html("", 0, options)
    }
    guard let rendered else { return "" }
    defer { free(rendered) }
    return String(cString: rendered)
  }
}

extension CMarkNode {
  /// Merges adjacent text nodes below this node.
  func consolidateText() { cmark_consolidate_text_nodes(raw) }

  /// Inserts, after this node, a custom inline printing `html` verbatim and then a text
  /// node with `rest`; returns the text node.
  func insertAfter(html: String, rest: String) -> CMarkNode? {
    guard let custom = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_INLINE, cv_arena_allocator()) else { return nil }
    _ = cmark_node_set_on_enter(custom, html)
    _ = cmark_node_set_on_exit(custom, "")
    guard cmark_node_insert_after(raw, custom) != 0 else {
      cmark_node_free(custom)
      return nil
    }
    guard let text = cmark_node_new_with_mem(CMARK_NODE_TEXT, cv_arena_allocator()) else { return nil }
    _ = cmark_node_set_literal(text, rest)
    guard cmark_node_insert_after(custom, text) != 0 else {
      cmark_node_free(text)
      return nil
    }
    return CMarkNode(raw: text)
  }
}

/// The calling thread's cmark arena, as tests observe it.
enum CMarkArena {
  /// Bytes the thread's arena holds: 0 once every document of the thread is gone.
  static var bytesHeld: Int { cv_arena_bytes_held() }
}

/// The text a character reference (`&eacute;`, `&#233;`, `&amp;`) stands for, as
/// Markdown reads it; nil for text that is no reference.
public func characterReferenceText(_ reference: String) -> String? {
  guard reference.first == "&", reference.last == ";", reference.utf8.count <= 40,
    let document = CMarkDocument(bytes: Array(reference.utf8), allowRawHTML: false, validateUTF8: true),
    let paragraph = document.root.firstChild, let text = paragraph.firstChild, text.kind == .text, text.next == nil,
    let literal = text.literal, literal != reference
  else { return nil }
  return literal
}

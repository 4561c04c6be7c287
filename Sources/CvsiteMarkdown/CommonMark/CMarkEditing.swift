internal import CCmark
internal import CCmarkArena

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tree edits the GFM layer makes on a parsed document: new nodes come from the calling
/// thread's arena, like the document's own, so they live and die with it.
extension CMarkNode {
  /// A new custom block printing `enter` before its children and `exit` after them
  /// (cmark puts each on its own line).
  static func customBlock(enter: String, exit: String) -> CMarkNode? {
    guard let raw = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_BLOCK, cv_arena_allocator()) else { return nil }
    _ = cmark_node_set_on_enter(raw, enter)
    _ = cmark_node_set_on_exit(raw, exit)
    return CMarkNode(raw: raw)
  }

  /// A new custom inline printing `enter` before its children and `exit` after them.
  static func customInline(enter: String, exit: String = "") -> CMarkNode? {
    guard let raw = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_INLINE, cv_arena_allocator()) else { return nil }
    _ = cmark_node_set_on_enter(raw, enter)
    _ = cmark_node_set_on_exit(raw, exit)
    return CMarkNode(raw: raw)
  }

  /// A new text node.
  static func text(_ literal: String) -> CMarkNode? {
    guard let raw = cmark_node_new_with_mem(CMARK_NODE_TEXT, cv_arena_allocator()) else { return nil }
    _ = cmark_node_set_literal(raw, literal)
    return CMarkNode(raw: raw)
  }

  /// A new link to `url` whose text is `text`; cmark escapes both when it renders them,
  /// and drops a dangerous URL in safe mode.
  static func link(url: String, text: String) -> CMarkNode? {
    guard let raw = cmark_node_new_with_mem(CMARK_NODE_LINK, cv_arena_allocator()), let label = CMarkNode.text(text)
    else { return nil }
    _ = cmark_node_set_url(raw, url)
    _ = cmark_node_append_child(raw, label.raw)
    return CMarkNode(raw: raw)
  }

  var url: String? { cmark_node_get_url(raw).map { String(cString: $0) } }

  /// Sets a link's or an image's URL.
  func setURL(_ url: String) { _ = cmark_node_set_url(raw, url) }

  /// Takes the node out of its tree (it stays in the arena).
  func unlink() { cmark_node_unlink(raw) }

  /// Appends `child` (unlinked from wherever it was) as the last child; false when cmark
  /// refuses the nesting.
  @discardableResult func append(_ child: CMarkNode) -> Bool { cmark_node_append_child(raw, child.raw) != 0 }

  /// Puts `sibling` right before this node.
  @discardableResult func insertBefore(_ sibling: CMarkNode) -> Bool { cmark_node_insert_before(raw, sibling.raw) != 0 }

  /// Puts `sibling` right after this node.
  @discardableResult func insertAfter(_ sibling: CMarkNode) -> Bool { cmark_node_insert_after(raw, sibling.raw) != 0 }

  var previous: CMarkNode? { cmark_node_previous(raw).map(CMarkNode.init) }

  /// Moves every child of `other` to the end of this node's children.
  func adoptChildren(of other: CMarkNode) {
    while let child = other.firstChild {
      child.unlink()
      append(child)
    }
  }

  /// The literal's bytes, without a Swift string in between.
  var literalBytes: [UInt8] {
    guard let literal = cmark_node_get_literal(raw) else { return [] }
    let count = strlen(literal)
    return literal.withMemoryRebound(to: UInt8.self, capacity: count) {
      Array(UnsafeBufferPointer(start: $0, count: count))
    }
  }

  func setLiteral(bytes: [UInt8]) { setLiteral(String(decoding: bytes, as: UTF8.self)) }

  /// Whether a text node below this one holds `byte`.
  func hasText(containing byte: UInt8) -> Bool { hasText { $0.literalContains(byte) } }

  /// Whether a text node below this one satisfies `test`.
  func hasText(where test: (CMarkNode) -> Bool) -> Bool {
    var stack = [self]
    while let node = stack.popLast() {
      var cursor = node.firstChild
      while let child = cursor {
        if child.kind == .text {
          if test(child) { return true }
        } else if child.firstChild != nil {
          stack.append(child)
        }
        cursor = child.next
      }
    }
    return false
  }

  func isSame(_ other: CMarkNode?) -> Bool { other.map { $0.raw == raw } ?? false }
}

extension CMarkNode {
  /// Visits every node under this one (itself first), in document order, with the block
  /// it sits in: a paragraph, heading or custom block for the inlines in it, the nearest
  /// such (or this node) otherwise. A node's children are listed after it is visited,
  /// so `visit` may change or unlink the node it is given.
  func forEachWithBlock(_ visit: (_ node: CMarkNode, _ block: CMarkNode) -> Void) {
    var stack = [(self, self)]
    while let (node, block) = stack.popLast() {
      visit(node, block)
      let isBlock = [.paragraph, .heading, .customBlock].contains(node.kind)
      var children: [(CMarkNode, CMarkNode)] = []
      var cursor = node.firstChild
      while let child = cursor {
        children.append((child, isBlock ? node : block))
        cursor = child.next
      }
      stack += children.reversed()
    }
  }
}

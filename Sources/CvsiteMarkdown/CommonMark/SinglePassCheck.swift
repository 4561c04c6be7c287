/// What one parse of an optimistically rewritten body shows about its lines: enough to
/// prove that a parse of the unrewritten body would have chosen the same rewrites, so that
/// the two-parse path would have produced this very tree.
///
/// The two bodies differ only on rewritten lines, so cmark reads every other line in the
/// same state unless a rewritten line left a different state behind:
/// - a directive line is paragraph text for the unrewritten parse and a closed one-line
///   HTML block here. That is safe when the run of consecutive directive lines stays in one
///   container (no lazy continuation): after no open paragraph (a blank line, a `>`-only
///   line, a closed heading, break, code or HTML block) or after a paragraph of that same
///   container; and before a blank line, a block that interrupts a paragraph there too (ATX
///   heading, block quote, list item that may interrupt one), or a paragraph of that same
///   container whose first line could not be a setext underline or a link reference
///   definition (then both parses hold an open paragraph there);
/// - an ATX heading stays an ATX heading with or without its attribute block.
/// Each directive line must then be its own marker block (never code, raw HTML or paragraph
/// text), each cut line an ATX heading, and no uncut attribute line a heading's text.
struct SinglePassCheck {
  private enum Start: UInt8 { case none, interruptsParagraph, paragraph, other }
  private enum LeafEnd: UInt8 { case none, closed, paragraph }

  let body: PageBody
  /// The outermost block starting on each line.
  private var starts: [Start]
  /// The leaf block ending on each line.
  private var leafEnds: [LeafEnd]
  private var atxLines: [Bool]
  private var setextTextLines: [Bool]
  /// The container of each marker block, by line.
  private var markerParents: [Int: OpaquePointer] = [:]
  /// The container of each paragraph, by its first and by its last line.
  private var paragraphStartParents: [Int: OpaquePointer] = [:]
  private var paragraphEndParents: [Int: OpaquePointer] = [:]

  init(_ root: CMarkNode, body: PageBody) {
    self.body = body
    let count = body.lineCount + 2
    starts = [Start](repeating: .none, count: count)
    leafEnds = [LeafEnd](repeating: .none, count: count)
    atxLines = [Bool](repeating: false, count: count)
    setextTextLines = [Bool](repeating: false, count: count)
    var stack = [root]
    while let node = stack.popLast() {
      let kind = node.kind
      let start = min(max(0, node.startLine), count - 1)
      let end = min(max(start, node.endLine), count - 1)
      if kind != .document, starts[start] == .none { starts[start] = Self.classify(node, kind: kind, line: start) }
      switch kind {
      case .document, .blockQuote, .list, .item:
        var cursor = node.firstChild
        while let child = cursor {
          stack.append(child)
          cursor = child.next
        }
      case .htmlBlock:
        leafEnds[end] = .closed
        if node.isMarker { markerParents[start] = node.parent?.raw }
      case .heading:
        leafEnds[end] = .closed
        if end == start { atxLines[start] = true } else { setextTextLines[end - 1] = true }
      case .codeBlock, .thematicBreak:
        leafEnds[end] = .closed
      case .paragraph:
        leafEnds[end] = .paragraph
        paragraphStartParents[start] = node.parent?.raw
        paragraphEndParents[end] = node.parent?.raw
      default:
        leafEnds[end] = .paragraph
      }
    }
  }

  /// Whether a block starting a line here would also start there after an open paragraph.
  private static func classify(_ node: CMarkNode, kind: CMarkKind, line: Int) -> Start {
    switch kind {
    case .blockQuote: return .interruptsParagraph
    case .heading: return node.endLine == node.startLine ? .interruptsParagraph : .other
    case .list:
      guard let item = node.firstChild, item.firstChild?.startLine == line else { return .other }
      return node.isBulletList || node.listStart == 1 ? .interruptsParagraph : .other
    case .item:
      // A later item of a list already open: the list, not a paragraph, receives it.
      return node.firstChild?.startLine == line ? .interruptsParagraph : .other
    case .paragraph: return .paragraph
    default: return .other
    }
  }

  /// Whether the guessed rewrites are the ones the two-parse path would choose.
  /// - Parameters:
  ///   - directives: every candidate line that scans as a directive (all became markers).
  ///   - cutHeadings: the attribute lines whose block was cut.
  ///   - attributeLines: every non-directive candidate line ending with an attribute block.
  func holds(directives: [Int: DirectiveLine], cutHeadings: [Int: AttributeBlock], attributeLines: [Int]) -> Bool {
    for line in attributeLines {
      let isCut = cutHeadings[line] != nil
      guard line < atxLines.count else { return false }
      if isCut ? !atxLines[line] : (atxLines[line] || setextTextLines[line]) { return false }
    }
    for line in directives.keys {
      guard let parent = markerParents[line] else { return false }
      if directives[line - 1] == nil, !endsWithoutParagraph(line - 1),
        paragraphEndParents[line - 1].map({ $0 != parent }) ?? true
      {
        return false
      }
      if directives[line + 1] != nil {
        guard markerParents[line + 1] == parent else { return false }
      } else if !interruptsParagraph(line + 1), !continuesParagraph(line + 1, in: parent) {
        return false
      }
    }
    return true
  }

  /// No paragraph is open after this line in either parse.
  private func endsWithoutParagraph(_ line: Int) -> Bool {
    line <= body.frontMatterLines || isBlankAfterQuotes(body.line(line)) || leafEnds[line] == .closed
  }

  /// This line starts a paragraph of `parent` here, and would continue a paragraph of
  /// `parent` left open by the line before it: it is no setext underline (`=`, `-`) and no
  /// link reference definition (`[`), which only a paragraph's first line can start.
  private func continuesParagraph(_ line: Int, in parent: OpaquePointer) -> Bool {
    guard line <= body.lineCount, starts[line] == .paragraph, paragraphStartParents[line] == parent else {
      return false
    }
    let text = body.line(line)
    let start = directiveStart(text)
    guard start < text.endIndex else { return false }
    return text[start] != 0x3D && text[start] != 0x2D && text[start] != 0x5B
  }

  /// This line would end a paragraph left open by the line before it.
  private func interruptsParagraph(_ line: Int) -> Bool {
    line > body.lineCount || isBlankAfterQuotes(body.line(line)) || starts[line] == .interruptsParagraph
  }
}

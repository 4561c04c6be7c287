/// Pieces of a page parsed on their own, as inline content, in one extra libcmark parse
/// per page: table cells (which GFM splits before it parses inlines) and the paragraph
/// lines before a table's header. The page's link reference definitions follow them, so
/// `[text][ref]` in a cell resolves as it does in the page.
///
/// Each piece is a unit between marker HTML blocks. A cell unit starts with a no-break
/// space, which no block syntax starts with and which cmark's emphasis rules treat as the
/// whitespace of a line start; it is removed after parsing.
struct MiniDocument {
  private var bytes: [UInt8] = []
  private(set) var unitCount = 0
  private static let marker: [UInt8] = Array("\n\n<!--cvsite-unit-->\n\n".utf8)
  private static let noBreakSpace: [UInt8] = [0xC2, 0xA0]

  /// Adds a cell (one line of inline Markdown, already trimmed and unescaped).
  mutating func addCell(_ cell: [UInt8]) {
    bytes += Self.marker
    bytes += Self.noBreakSpace
    bytes += cell
    unitCount += 1
  }

  /// Adds paragraph lines, parsed as the paragraph they were.
  mutating func addParagraph(_ lines: [UInt8]) {
    bytes += Self.marker
    bytes += lines
    unitCount += 1
  }

  /// Parses the units and returns each one's blocks (none when a unit left none, as a
  /// prefix of link reference definitions does), in the order they were added.
  /// `references` are appended after the units.
  func parse(references: [UInt8], allowRawHTML: Bool) -> (document: CMarkDocument, units: [[CMarkNode]])? {
    var text = bytes
    text += Self.marker
    text += references
    text.append(0x0A)
    guard let document = CMarkDocument(bytes: text, allowRawHTML: allowRawHTML, validateUTF8: true) else {
      return nil
    }
    var units: [[CMarkNode]] = []
    units.reserveCapacity(unitCount)
    var cursor = document.root.firstChild
    while let node = cursor, units.count <= unitCount {
      cursor = node.next
      if node.kind == .htmlBlock, node.literal?.hasPrefix("<!--cvsite-unit-->") == true {
        units.append([])
      } else if let last = units.indices.last {
        units[last].append(node)
      }
    }
    // The last marker opens the references, not a unit.
    if units.count > unitCount { units.removeLast(units.count - unitCount) }
    while units.count < unitCount { units.append([]) }
    return (document, units)
  }

  /// Removes the no-break space a cell unit starts with.
  static func dropCellLead(_ paragraph: CMarkNode) {
    guard let first = paragraph.firstChild, first.kind == .text else { return }
    let literal = first.literalBytes
    guard literal.starts(with: noBreakSpace) else { return }
    if literal.count == 2 {
      first.unlink()
    } else {
      first.setLiteral(bytes: Array(literal.dropFirst(2)))
    }
  }
}

extension GFMPass {
  /// The lines of the page that may define link references (`[label]: destination`,
  /// possibly with a title on the next lines), without block-quote markers: enough for
  /// a cell's `[text][label]` to resolve as it does in the page.
  func referenceDefinitionLines(_ root: CMarkNode) -> [UInt8] {
    var output: [UInt8] = []
    var inDefinition = false
    guard body.frontMatterLines < body.lineCount else { return output }
    let literal = BlockShape(root, body: body).literalLines
    for line in (body.frontMatterLines + 1)...body.lineCount {
      if literal[line] {
        inDefinition = false
        continue
      }
      let text = body.line(line)
      let start = directiveStart(text)
      let content = text[start...]
      if content.isEmpty {
        if inDefinition { output.append(0x0A) }
        inDefinition = false
        continue
      }
      if !inDefinition, content.first == 0x5B, content.count > 3, content.contains(0x5D), content.contains(0x3A) {
        inDefinition = true
        output.append(0x0A)
      }
      if inDefinition {
        output += content
        output.append(0x0A)
      }
    }
    return output
  }
}

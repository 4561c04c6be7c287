import CvsiteCore

extension PageBuilder {
  /// One block of a scope.
  mutating func buildBlock(_ node: CMarkNode, depth: Int, inContainer: Bool) -> Item {
    let document = prepared.document
    switch node.kind {
    case .heading:
      return .heading(buildHeading(node))
    case .list, .blockQuote:
      guard depth < Self.maxBlockDepth else {
        if hasMarker(from: node.startLine, to: node.endLine) {
          diagnostics.append(
            source.diagnostic(
              .error, "directives nested deeper than \(Self.maxBlockDepth) block levels are not read",
              line: node.startLine, column: node.startColumn))
        }
        return .html(document.html(node), tight: false)
      }
      if node.kind == .blockQuote {
        if let callout = quoteCallout(node), let item = buildQuoteCallout(node, callout, depth: depth) { return item }
        return .quote(buildScope(node, depth: depth + 1))
      }
      return .list(buildList(node, depth: depth, inContainer: inContainer))
    case .paragraph:
      let tight = node.parent?.parent.map { $0.kind == .list && $0.isTightList } ?? false
      if !schema.inlines.isEmpty { InlineDirectives(schema: schema).apply(to: node, builder: &self) }
      return .html(document.html(node), tight: tight)
    case .customBlock:
      if let code = codeBlocks[node.raw] { return .code(document.html(node), code) }
      return .html(document.html(node), tight: false)
    default:
      return .html(document.html(node), tight: false)
    }
  }

  private mutating func buildList(_ node: CMarkNode, depth: Int, inContainer: Bool) -> ListItem {
    let open: String
    if node.isBulletList {
      open = "<ul>\n"
    } else {
      open = node.listStart == 1 ? "<ol>\n" : "<ol start=\"\(node.listStart)\">\n"
    }
    var items: [[Item]] = []
    var texts: [String] = []
    var cursor = node.firstChild
    while let item = cursor {
      cursor = item.next
      items.append(buildScope(item, depth: depth + 1))
      texts.append(inContainer ? item.plainText : "")
    }
    return ListItem(open: open, close: node.isBulletList ? "</ul>\n" : "</ol>\n", items: items, texts: texts)
  }

  private func hasMarker(from lower: Int, to upper: Int) -> Bool {
    let lines = prepared.markerLines
    var low = 0
    var high = lines.count
    while low < high {
      let mid = (low + high) / 2
      if lines[mid] < lower { low = mid + 1 } else { high = mid }
    }
    return low < lines.count && lines[low] <= upper
  }

  private mutating func buildHeading(_ node: CMarkNode) -> HeadingItem {
    let level = node.headingLevel
    let attributeLine = node.endLine > node.startLine ? node.endLine - 1 : node.startLine
    let attributes = headingChecker.check(
      prepared.headingAttributes[attributeLine], own: [], line: attributeLine, into: &diagnostics)
    let text = node.plainText
    let id = claimHeadingID(explicit: attributes.id, title: text, line: node.startLine, column: node.startColumn)
    let raw = prepared.document.html(node)
    lastHeadingLevel = level
    headings.append(HeadingInfo(level: level, id: id, text: attributes.tocLabel ?? text))
    return HeadingItem(
      level: level, id: id, titleHTML: headingInnerHTML(raw, level: level), text: text,
      html: decorateHeading(
        raw, level: level, id: id, classes: attributes.classes, extra: attributes.html, anchor: options.headingAnchors),
      attributes: attributes, line: attributeLine, column: node.startColumn)
  }
}

import ContainerViews
import CvsiteCore

extension PageBuilder {
  /// Whether the page's body can be written in one walk of its libcmark tree: no block
  /// directives and no block quote that is a callout. Inline directives are rewritten in
  /// the tree first, as custom inlines written as they are.
  var isPlainPage: Bool {
    prepared.directives.isEmpty && !hasQuoteCallouts(prepared.document.root)
  }

  /// A page without directives: one walk of its libcmark tree, its headings written with
  /// their ids.
  mutating func buildPlain() -> [Item] {
    var decorated: [HeadingTags] = []
    var stack = [prepared.document.root]
    let inlines = schema.inlines.isEmpty ? nil : InlineDirectives(schema: schema)
    while let node = stack.popLast() {
      switch node.kind {
      case .document, .blockQuote, .list, .item: stack += node.children.reversed()
      case .paragraph: inlines?.apply(to: node, builder: &self)
      case .heading:
        let level = node.headingLevel
        let line = node.endLine > node.startLine ? node.endLine - 1 : node.startLine
        let attributes = headingChecker.check(prepared.headingAttributes[line], own: [], line: line, into: &diagnostics)
        for entry in attributes.values {
          diagnostics.append(
            source.diagnostic(
              .warning, "`\(entry.name)` is not read by any enclosing container", line: line, column: entry.column))
        }
        let text = node.plainText
        let id = claimHeadingID(explicit: attributes.id, title: text, line: node.startLine, column: node.startColumn)
        headings.append(HeadingInfo(level: level, id: id, text: attributes.tocLabel ?? text))
        let open = "<h\(level)" + headingTagAttributes(id: id, classes: attributes.classes, html: attributes.html) + ">"
        var tags = HeadingTags(
          open: open, close: options.headingAnchors ? " " + headingAnchorLink(id: id) + "</h\(level)>" : nil)
        // An id and a `#` link to it, unless attributes of the author's own come too.
        if attributes.html.isEmpty {
          let written = escapeHTML(id)
          tags.facts = (written, options.headingAnchors ? "#" + written : nil)
        }
        decorated.append(tags)
      default: break
      }
    }
    // No container here: a value written on a code block is read by nobody.
    for code in codeBlocks.values {
      for entry in code.attributes.values {
        diagnostics.append(
          source.diagnostic(
            .warning, "`\(entry.name)` is not read by any enclosing container", line: code.line, column: entry.column))
      }
    }
    // One walk writes the body, its headings' tags and all, and takes its facts.
    let document = prepared.document
    var writer = document.writer()
    writer.headingTags = decorated
    writer.takesFacts = true
    for (node, code) in codeBlocks { if let known = code.facts { writer.knownFacts[node] = known } }
    writer.write(document.root.raw)
    var facts = writer.facts
    // Places in the page as written, when it was rewritten from another generator's syntax.
    if source.asWritten != nil {
      facts.hrefPlaces = facts.hrefPlaces.map(source.writtenPlace)
      facts.sourcePlaces = facts.sourcePlaces.map(source.writtenPlace)
    }
    // Raw HTML left open: the finished body is read instead.
    self.facts = writer.factsAreExact ? facts : nil
    return [.html(writer.output.string, tight: false)]
  }
}

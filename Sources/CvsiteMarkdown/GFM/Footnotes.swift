import ContainerViews
import CvsiteCore

/// A footnote definition read from the list item its line was rewritten to.
struct Footnote {
  /// The label as written in the definition.
  var label: String
  /// The item holding the definition's blocks.
  var item: CMarkNode
  var line: Int
  var column: Int
  /// How many references point here.
  var references = 0

  /// The id the definition's `<li>` gets: the label when it is plain (as `cmark-gfm`
  /// writes it), else its slug.
  var idStem: String {
    let plain = !label.isEmpty && label.utf8.allSatisfy { isASCIIAlphanumeric($0) || $0 == 0x2D || $0 == 0x5F }
    return plain ? label : (slug(label).isEmpty ? "note" : slug(label))
  }
}

extension GFMPass {
  /// Records a definition; a second one for the same label is a warning and is dropped.
  mutating func define(_ footnote: FootnoteLine, item: CMarkNode) {
    let key = footnote.label.lowercased()
    let line = item.startLine
    let column = directiveStart(body.line(line)) - body.line(line).startIndex + 1
    if let first = definitions[key] {
      diagnostics.append(
        body.source.diagnostic(
          .warning,
          "footnote `[^\(footnote.label)]` is defined twice (first at line \(first.line)); this one is ignored",
          line: line, column: column))
      orphans.append(item)
      return
    }
    definitions[key] = Footnote(label: footnote.label, item: item, line: line, column: column)
  }

  /// Replaces `[^label]` in the text below `parent` with numbered references.
  mutating func linkFootnoteReferences(in parent: CMarkNode, depth: Int = 0) {
    var cursor = parent.firstChild
    while let node = cursor {
      cursor = node.next
      switch node.kind {
      case .emphasis, .strong, .customInline:
        if depth < Self.maximumInlineDepth { linkFootnoteReferences(in: node, depth: depth + 1) }
      case .text:
        guard node.literalContains(0x5E) else { continue }
        // The text is read once: each reference found cuts it, and each piece of text is
        // copied once, however many references it holds.
        let literal = node.literalBytes
        var start = 0
        var pieceStart = 0
        var last = node
        var changed = false
        while let (found, label) = nextFootnoteReference(in: literal, from: start) {
          start = found.upperBound
          let key = label.lowercased()
          guard var footnote = definitions[key] else {
            // Left as text.
            reportUndefined(label, near: parent)
            continue
          }
          if footnote.references == 0 {
            referenced.append(key)
            referenceNumbers[key] = referenced.count
          }
          footnote.references += 1
          definitions[key] = footnote
          let number = referenceNumbers[key] ?? 0
          let stem = footnote.idStem
          let referenceID = "fnref-\(stem)" + (footnote.references > 1 ? "-\(footnote.references)" : "")
          if footnote.references == 1 { claimedIDs.append("fn-\(stem)") }
          claimedIDs.append(referenceID)
          let html =
            "<sup class=\"footnote-ref\"><a href=\"#fn-\(escapeHTML(stem))\" id=\"\(escapeHTML(referenceID))\""
            + " data-footnote-ref aria-describedby=\"footnote-label\">\(number)</a></sup>"
          guard let reference = CMarkNode.customInline(enter: html) else { break }
          if changed {
            guard let text = CMarkNode.text(String(decoding: literal[pieceStart..<found.lowerBound], as: UTF8.self))
            else { break }
            last.insertAfter(text)
            last = text
          } else {
            node.setLiteral(bytes: Array(literal[0..<found.lowerBound]))
            changed = true
          }
          last.insertAfter(reference)
          last = reference
          pieceStart = found.upperBound
        }
        if changed, pieceStart < literal.count,
          let text = CMarkNode.text(String(decoding: literal[pieceStart...], as: UTF8.self))
        {
          last.insertAfter(text)
        }
      default: break
      }
    }
  }

  ///
  /// The search starts where the last undefined reference of the same container was
  /// found, so that a paragraph of thousands of them is read once, not once for each.
  private mutating func reportUndefined(_ label: String, near container: CMarkNode) {
    let needle = Array("[^\(label)]".utf8)
    var first = max(1, container.startLine)
    var skip = 0
    if let cursor = undefinedCursor, cursor.container == container.raw { (first, skip) = (cursor.line, cursor.offset) }
    let last = min(body.lineCount, max(first, container.endLine))
    var line = max(1, container.startLine)
    var column = 1
    if first <= last {
      for candidate in first...last {
        let text = body.line(candidate)
        let from = candidate == first ? min(skip, text.count) : 0
        let searched = text.dropFirst(from)
        guard let found = searched.withUnsafeBufferPointer({ firstOffset(of: needle, in: $0, within: 0..<$0.count) })
        else { continue }
        line = candidate
        column = from + found + 1
        undefinedCursor = (container.raw, candidate, from + found + needle.count)
        break
      }
    }
    // A suggestion compares the label with every definition's: for the first ones only,
    // which are all that is shown of a page's problems.
    undefinedCount += 1
    var suggestion: String?
    if undefinedCount <= 100 {
      if definitionLabels == nil { definitionLabels = definitions.values.map(\.label).sorted() }
      suggestion = closest(label, definitionLabels ?? []).map { "[^\($0)]" }
    }
    diagnostics.append(
      body.source.diagnostic(
        .warning, "footnote `[^\(label)]` has no definition (add a `[^\(label)]: …` line); it stays as text",
        line: line, column: column, suggestion: suggestion))
  }

  /// Moves the referenced definitions, in order of first reference, into a footnotes
  /// section at the end of the page, with a link back to each reference; drops the rest.
  mutating func finishFootnotes(_ root: CMarkNode) {
    var items: [CMarkNode] = orphans
    var section: CMarkNode?
    if !referenced.isEmpty {
      // Labelled by a heading screen readers find (and references point at it), as GitHub does.
      section = CMarkNode.customBlock(
        enter: "<section class=\"footnotes\" data-footnotes aria-labelledby=\"footnote-label\">\n"
          + "<h2 id=\"footnote-label\" class=\"cv-sr\">Footnotes</h2>\n<ol>",
        exit: "</ol>\n</section>")
      claimedIDs.append("footnote-label")
    }
    for (index, key) in referenced.enumerated() {
      guard let footnote = definitions[key], let section,
        let entry = CMarkNode.customBlock(enter: "<li id=\"fn-\(escapeHTML(footnote.idStem))\">", exit: "</li>")
      else { continue }
      items.append(footnote.item)
      entry.adoptChildren(of: footnote.item)
      var links: [String] = []
      for reference in 1...max(1, footnote.references) {
        let target = "fnref-\(footnote.idStem)" + (reference > 1 ? "-\(reference)" : "")
        let label = "\(index + 1)" + (reference > 1 ? "-\(reference)" : "")
        links.append(
          "<a href=\"#\(escapeHTML(target))\" class=\"footnote-backref\" data-footnote-backref"
            + " aria-label=\"Back to reference \(label)\">↩"
            + (reference > 1 ? "<sup class=\"footnote-ref\">\(reference)</sup>" : "") + "</a>")
      }
      let backLinks = links.joined(separator: " ")
      if let last = entry.lastChild, last.kind == .paragraph,
        let inline = CMarkNode.customInline(enter: " " + backLinks)
      {
        last.append(inline)
      } else if let block = CMarkNode.customBlock(enter: backLinks, exit: "") {
        entry.append(block)
      }
      section.append(entry)
    }
    for (key, footnote) in definitions where footnote.references == 0 {
      items.append(footnote.item)
      diagnostics.append(
        body.source.diagnostic(
          .warning, "footnote `[^\(definitions[key]?.label ?? key)]` is never referenced; it is left out",
          line: footnote.line, column: footnote.column))
    }
    for item in items {
      let list = item.parent
      item.unlink()
      if let list, list.kind == .list, list.firstChild == nil { list.unlink() }
    }
    if let section { root.append(section) }
  }
}

/// The first `[^label]` in `text` from `start`: its byte range and label.
func nextFootnoteReference(in text: [UInt8], from start: Int = 0) -> (Range<Int>, String)? {
  var index = start
  while index + 3 < text.count {
    guard text[index] == 0x5B, text[index + 1] == 0x5E else {
      index += 1
      continue
    }
    var end = index + 2
    while end < text.count, text[end] != 0x5D, text[end] != 0x20, text[end] != 0x09, text[end] != 0x5B { end += 1 }
    if end < text.count, end > index + 2, text[end] == 0x5D {
      return (index..<(end + 1), String(decoding: text[(index + 2)..<end], as: UTF8.self))
    }
    index += 1
  }
  return nil
}

import ContainerViews
import CvsiteCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PageBuilder {
  /// Whether the page can be rendered by libcmark in one call: no block directives, no
  /// block quote that is a callout, and safe mode (so every `<hN>` in the output is a
  /// heading). Inline directives are
  /// rewritten in the tree first, as custom inlines cmark prints as they are.
  var isPlainPage: Bool {
    prepared.directives.isEmpty && !options.allowRawHTML && !hasQuoteCallouts(prepared.document.root)
  }

  /// A page without directives: one cmark render, with ids spliced into the headings.
  mutating func buildPlain() -> [Item] {
    var decorated: [(open: String, close: String?)] = []
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
        decorated.append((open, options.headingAnchors ? " " + headingAnchorLink(id: id) + "</h\(level)>" : nil))
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
    let document = prepared.document
    guard !decorated.isEmpty else { return [.html(document.html(document.root), tight: false)] }
    return [.html(document.withHTML(document.root) { spliceHeadings($0, decorated) }, tight: false)]
  }

  /// Replaces the n-th `<hN>` (and `</hN>` when anchors are on) of safe-mode cmark output.
  private func spliceHeadings(_ bytes: UnsafeBufferPointer<UInt8>, _ decorated: [(open: String, close: String?)])
    -> String
  {
    let extra = decorated.reduce(0) { $0 + $1.open.utf8.count + ($1.close?.utf8.count ?? 0) }
    return String(unsafeUninitializedCapacity: bytes.count + extra) { output in
      var written = 0
      func put(_ part: UnsafeBufferPointer<UInt8>) {
        guard let source = part.baseAddress, let target = output.baseAddress, !part.isEmpty else { return }
        (target + written).initialize(from: source, count: part.count)
        written += part.count
      }
      func put(_ text: String) {
        var text = text
        text.withUTF8 { put($0) }
      }
      var next = 0
      var index = 0
      var copied = 0
      var pendingClose: String?
      while index + 3 < bytes.count {
        guard bytes[index] == 0x3C else {
          index = nextTag(in: bytes, from: index + 1)
          continue
        }
        if next < decorated.count, bytes[index + 1] == 0x68, (0x31...0x36).contains(bytes[index + 2]),
          bytes[index + 3] == 0x3E
        {
          put(UnsafeBufferPointer(rebasing: bytes[copied..<index]))
          put(decorated[next].open)
          pendingClose = decorated[next].close
          next += 1
          index += 4
          copied = index
        } else if let close = pendingClose, index + 4 < bytes.count, bytes[index + 1] == 0x2F, bytes[index + 2] == 0x68,
          (0x31...0x36).contains(bytes[index + 3]), bytes[index + 4] == 0x3E
        {
          put(UnsafeBufferPointer(rebasing: bytes[copied..<index]))
          put(close)
          pendingClose = nil
          index += 5
          copied = index
        } else {
          index += 1
        }
      }
      put(UnsafeBufferPointer(rebasing: bytes[copied...]))
      return written
    }
  }
}

/// The offset of the next `<` at or after `start`, or the end of `bytes`.
private func nextTag(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
  guard let base = bytes.baseAddress, start < bytes.count, let found = memchr(base + start, 0x3C, bytes.count - start)
  else { return bytes.count }
  return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
}

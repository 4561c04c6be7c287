import ContainerViews
import CvsiteCore

/// A walk over every inline of a page for what needs no extension: anchors written in raw
/// HTML (`<a name="intro">`, `<a id="x">`) stay link targets when raw HTML is off (the
/// anchor is kept, with nothing but its id), and images without alt text are reported.
struct AnchorsAndImages {
  let body: PageBody
  let allowRawHTML: Bool
  var diagnostics: [Diagnostic] = []
  /// The ids of the anchors kept.
  var anchorIDs: [String] = []

  init(body: PageBody, allowRawHTML: Bool) {
    self.body = body
    self.allowRawHTML = allowRawHTML
  }

  mutating func apply(to root: CMarkNode) {
    root.forEachWithBlock { node, block in
      switch node.kind {
      case .htmlInline, .htmlBlock:
        if !allowRawHTML, let id = anchorID(node.literalBytes) {
          keepAnchor(node, id: id, in: block)
        } else if allowRawHTML, let id = anchorID(node.literalBytes) {
          anchorIDs.append(id)
        }
      case .image:
        if node.firstChild == nil || node.plainText.allSatisfy({ $0 == " " }) { reportMissingAlt(node, in: block) }
      default:
        break
      }
    }
  }

  /// An anchor in raw HTML becomes `<a id="…"></a>` (its closing tag, if any, stays
  /// omitted with the rest of the raw HTML).
  private mutating func keepAnchor(_ node: CMarkNode, id: String, in block: CMarkNode) {
    // `## <a name="setup"></a>Setup`: the heading's own id is the same; the anchor goes.
    if block.kind == .heading, githubSlug(block.plainText) == id {
      if let next = node.next, next.kind == .htmlInline, next.literal == "</a>" { next.unlink() }
      node.unlink()
      return
    }
    let html = "<a id=\"\(escapeHTML(id))\"></a>"
    let replacement =
      node.kind == .htmlInline
      ? CMarkNode.customInline(enter: html) : CMarkNode.customBlock(enter: html, exit: "")
    guard let replacement else { return }
    // `<a name="x"></a>`: the closing tag goes with its anchor.
    if node.kind == .htmlInline, let next = node.next, next.kind == .htmlInline, next.literal == "</a>" {
      next.unlink()
    }
    node.insertBefore(replacement)
    node.unlink()
    anchorIDs.append(id)
  }

  private mutating func reportMissingAlt(_ image: CMarkNode, in block: CMarkNode) {
    let url = image.url ?? ""
    var line = max(1, block.startLine)
    var column = 1
    let last = min(body.lineCount, max(line, block.endLine))
    if line <= last {
      for candidate in line...last {
        let text = body.line(candidate)
        if let found = text.firstRange(of: Array("![".utf8)) {
          line = candidate
          column = found.lowerBound - text.startIndex + 1
          break
        }
      }
    }
    diagnostics.append(
      body.source.diagnostic(
        .warning, "image `\(url)` has no alt text: describe it for readers who cannot see it", line: line,
        column: column))
  }
}

/// The id an `<a name="…">` or `<a id="…">` start tag (alone, as raw HTML) names.
func anchorID(_ html: [UInt8]) -> String? {
  guard html.count > 4, html[0] == 0x3C, html[1] | 0x20 == 0x61, html[2] == 0x20 || html[2] == 0x09 || html[2] == 0x0A
  else { return nil }
  let text = String(decoding: html, as: UTF8.self)
  for attribute in ["id", "name"] {
    for quote in ["\"", "'"] {
      for separator in [" ", "\t", "\n"] {
        let marker = separator + attribute + "=" + quote
        guard let start = text.firstRange(of: marker)?.upperBound,
          let end = text[start...].firstIndex(of: Character(quote))
        else { continue }
        let value = String(text[start..<end])
        if !value.isEmpty, !value.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) { return value }
      }
    }
  }
  return nil
}

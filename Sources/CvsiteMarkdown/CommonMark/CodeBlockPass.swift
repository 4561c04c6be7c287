internal import CCmark
import CvsiteCore

/// Replaces every code block of a parsed page with the HTML a ``CodeBlockRendering``
/// makes of it, and places its problems in the page.
enum CodeBlockPass {
  static func apply(_ renderer: any CodeBlockRendering, to document: CMarkDocument, source: SourceText)
    -> [Diagnostic]
  {
    var blocks: [CMarkNode] = []
    collect(document.root, into: &blocks, depth: 0)
    var diagnostics: [Diagnostic] = []
    for node in blocks {
      let info = cmark_node_get_fence_info(node.raw).map { String(cString: $0) } ?? ""
      let output = renderer.renderCodeBlock(code: node.literal ?? "", info: info)
      var html = output.html
      if html.utf8.last == 0x0A { html.removeLast() }
      guard let replacement = CMarkNode.customBlock(enter: html, exit: "") else { continue }
      node.insertBefore(replacement)
      node.unlink()
      for problem in output.problems {
        let column = problem.infoOffset.map { infoColumn(line: node.startLine, node: node, source: source) + $0 }
        diagnostics.append(
          source.diagnostic(
            problem.severity, problem.message, line: node.startLine, column: column ?? node.startColumn,
            suggestion: problem.suggestion))
      }
    }
    return diagnostics
  }

  /// The 1-based column where the info string starts on the fence line.
  private static func infoColumn(line: Int, node: CMarkNode, source: SourceText) -> Int {
    let bytes = Array(source.lineText(line).utf8)
    var index = max(0, node.startColumn - 1)
    while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: ">") { index += 1 }
    if index < bytes.count {
      let fence = bytes[index]
      while index < bytes.count, bytes[index] == fence { index += 1 }
    }
    while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
    return index + 1
  }

  private static func collect(_ node: CMarkNode, into blocks: inout [CMarkNode], depth: Int) {
    var cursor = node.firstChild
    while let child = cursor {
      cursor = child.next
      switch child.kind {
      case .codeBlock: blocks.append(child)
      case .document, .blockQuote, .list, .item, .customBlock:
        if depth < 200 { collect(child, into: &blocks, depth: depth + 1) }
      default: break
      }
    }
  }
}

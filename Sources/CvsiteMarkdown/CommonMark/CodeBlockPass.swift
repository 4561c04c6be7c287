internal import CCmark
import CvsiteCore

/// Replaces every code block of a parsed page with the HTML a ``CodeBlockRendering``
/// makes of it, and places its problems in the page.
enum CodeBlockPass {
  /// The rendered blocks, keyed by the custom block that replaced each, for the page
  /// builder to make them ``Item/code(_:_:)`` items: subviews that carry their title and
  /// the container values written in their info strings.
  static func apply(
    _ renderer: any CodeBlockRendering, to document: CMarkDocument, source: SourceText, checker: AttributeChecker
  ) -> (blocks: [OpaquePointer: CodeItem], diagnostics: [Diagnostic]) {
    var nodes: [CMarkNode] = []
    collect(document.root, into: &nodes, depth: 0)
    var diagnostics: [Diagnostic] = []
    var blocks: [OpaquePointer: CodeItem] = [:]
    for node in nodes {
      let info = cmark_node_get_fence_info(node.raw).map { String(cString: $0) } ?? ""
      let output = renderer.renderCodeBlock(code: node.literal ?? "", info: info)
      var html = output.html
      if html.utf8.last == 0x0A { html.removeLast() }
      guard let replacement = CMarkNode.customBlock(enter: html, exit: "") else { continue }
      node.insertBefore(replacement)
      node.unlink()
      let infoStart = output.problems.isEmpty && output.values.isEmpty ? 1 : infoColumn(node: node, source: source)
      for problem in output.problems {
        diagnostics.append(
          source.diagnostic(
            problem.severity, problem.message, line: node.startLine,
            column: problem.infoOffset.map { infoStart + $0 } ?? node.startColumn, suggestion: problem.suggestion))
      }
      let values = typedValues(
        output.values, renderer: renderer, line: node.startLine, infoStart: infoStart, checker: checker,
        into: &diagnostics)
      blocks[replacement.raw] = CodeItem(
        title: output.title, attributes: values, line: node.startLine, facts: output.facts)
    }
    return (blocks, diagnostics)
  }

  /// The info string's container values, typed like a heading's `{…}`: a name that is
  /// neither the renderer's nor the theme's is an error with a did-you-mean over both.
  private static func typedValues(
    _ values: [CodeBlockOutput.Value], renderer: any CodeBlockRendering, line: Int, infoStart: Int,
    checker: AttributeChecker, into diagnostics: inout [Diagnostic]
  ) -> WrittenAttributes {
    var attributes: [RawAttribute] = []
    for value in values {
      guard checker.schema.values[value.name] != nil else {
        let names = renderer.valueNames + checker.schema.values.keys.sorted()
        diagnostics.append(
          checker.source.diagnostic(
            .error,
            "`\(value.name)` is not a code block value or a value of this theme; a block may carry "
              + names.map { "`\($0)`" }.joined(separator: ", "),
            line: line, column: infoStart + value.infoOffset, suggestion: closest(value.name, names)))
        continue
      }
      attributes.append(RawAttribute(kind: .pair(key: value.name, value: value.value), offset: value.infoOffset))
    }
    guard !attributes.isEmpty else { return WrittenAttributes() }
    return checker.check(
      AttributeBlock(attributes: attributes, start: 0, end: 0), own: [], line: line, columnOffset: infoStart - 1,
      into: &diagnostics)
  }

  /// The 1-based column where the info string starts on the fence line.
  private static func infoColumn(node: CMarkNode, source: SourceText) -> Int {
    let bytes = Array(source.lineText(node.startLine).utf8)
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

/// The body parsed by libcmark after cvsite's line rewriting: directive fences became
/// one-line HTML comment markers (an HTML block interrupts a paragraph and keeps line
/// numbers), and heading attribute blocks were cut from their lines.
struct PreparedBody {
  let document: CMarkDocument
  /// Directive fence lines that became markers, by line.
  var directives: [Int: DirectiveLine] = [:]
  /// Attribute blocks cut from heading lines, by line.
  var headingAttributes: [Int: AttributeBlock] = [:]
  /// Lines holding markers, sorted.
  var markerLines: [Int] = []

  static let markerPrefix = "<!--cvsite:"

  /// Parses `body` (the page with its front matter blanked, so lines match the file).
  static func prepare(
    _ body: [UInt8], source: SourceText, options: MarkdownOptions, validateUTF8: Bool,
    into diagnostics: inout [Diagnostic]
  ) -> PreparedBody? {
    let lines = SourceText(path: source.path, bytes: body)
    let parse = { (bytes: [UInt8]) in
      CMarkDocument(bytes: bytes, allowRawHTML: options.allowRawHTML, validateUTF8: validateUTF8)
    }
    let candidates = candidateLines(lines)
    guard !candidates.isEmpty, let first = parse(body) else { return parse(body).map { PreparedBody(document: $0) } }
    let shape = BlockShape(first.root, lineCount: lines.lineCount)
    var directives: [Int: DirectiveLine] = [:]
    var headingAttributes: [Int: AttributeBlock] = [:]
    for line in candidates where !shape.literalLines[line] {
      let text = lines.bytes[lines.lineRange(line)]
      if let directive = scanDirectiveLine(text) {
        directives[line] = directive
      } else if shape.headingTextLines.contains(line), let block = trailingAttributeBlock(text) {
        headingAttributes[line] = block
      }
    }
    guard !directives.isEmpty || !headingAttributes.isEmpty else { return PreparedBody(document: first) }
    for attempt in 0..<3 {
      let rewritten = rewrite(lines, directives: directives, headings: headingAttributes)
      guard let document = parse(rewritten) else { return nil }
      let found = markerBlocks(document.root)
      let missing = directives.keys.filter { !found.contains($0) }
      if missing.isEmpty || attempt == 2 {
        var prepared = PreparedBody(document: document, directives: directives, headingAttributes: headingAttributes)
        for line in missing { prepared.directives[line] = nil }
        prepared.markerLines = prepared.directives.keys.sorted()
        return prepared
      }
      for line in missing.sorted() {
        diagnostics.append(
          source.diagnostic(
            .error, "this directive fence is read as paragraph text here; indent it as its block (at most 3 spaces)",
            line: line, column: (directives[line]?.offset ?? 0) + 1))
        directives[line] = nil
      }
    }
    return nil
  }

  /// Lines that may be directive fences (`::` after indentation and `>`) or headings
  /// ending with `}`: a cheap filter so plain pages are parsed once.
  private static func candidateLines(_ text: SourceText) -> [Int] {
    var result: [Int] = []
    for line in 1...max(1, text.lineCount) {
      let range = text.lineRange(line)
      guard !range.isEmpty else { continue }
      let slice = text.bytes[range]
      let start = directiveStart(slice)
      if start + 1 < range.upperBound, text.bytes[start] == 0x3A, text.bytes[start + 1] == 0x3A {
        result.append(line)
        continue
      }
      var end = range.upperBound
      while end > range.lowerBound, isSpace(text.bytes[end - 1]) { end -= 1 }
      if end > range.lowerBound, text.bytes[end - 1] == 0x7D { result.append(line) }
    }
    return result
  }

  private static func rewrite(
    _ text: SourceText, directives: [Int: DirectiveLine], headings: [Int: AttributeBlock]
  ) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(text.bytes.count + directives.count * 16)
    var copied = 0
    for line in (Set(directives.keys).union(headings.keys)).sorted() {
      let range = text.lineRange(line)
      output += text.bytes[copied..<range.lowerBound]
      if let directive = directives[line] {
        output += text.bytes[range.lowerBound..<(range.lowerBound + directive.offset)]
        output += Array("\(markerPrefix)\(line)-->".utf8)
      } else if let block = headings[line] {
        var end = block.start
        while end > range.lowerBound, isSpace(text.bytes[end - 1]) { end -= 1 }
        output += text.bytes[range.lowerBound..<end]
      }
      copied = range.upperBound
    }
    output += text.bytes[copied...]
    return output
  }

  /// Lines of marker HTML blocks that cmark kept as blocks.
  private static func markerBlocks(_ root: CMarkNode) -> Set<Int> {
    var found = Set<Int>()
    var stack = [root]
    while let node = stack.popLast() {
      switch node.kind {
      case .document, .blockQuote, .list, .item: stack += node.children
      case .htmlBlock:
        if node.literal?.hasPrefix(markerPrefix) == true { found.insert(node.startLine) }
      default: break
      }
    }
    return found
  }
}

/// What a first parse tells about lines: which are code or raw HTML (never directives),
/// which end a heading's text (may carry attributes).
struct BlockShape {
  var literalLines: [Bool]
  var headingTextLines = Set<Int>()

  init(_ root: CMarkNode, lineCount: Int) {
    literalLines = [Bool](repeating: false, count: lineCount + 2)
    var stack = [root]
    while let node = stack.popLast() {
      switch node.kind {
      case .document, .blockQuote, .list, .item: stack += node.children
      case .codeBlock, .htmlBlock:
        let lower = max(0, node.startLine)
        let upper = min(lineCount + 1, max(lower, node.endLine))
        for line in lower...upper { literalLines[line] = true }
      case .heading:
        headingTextLines.insert(node.endLine > node.startLine ? node.endLine - 1 : node.startLine)
      default: break
      }
    }
  }
}

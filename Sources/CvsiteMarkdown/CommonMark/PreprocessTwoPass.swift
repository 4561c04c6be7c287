import CvsiteCore

extension PreparedBody {
  /// A parse of a rewritten body, kept so the two-parse path need not repeat it.
  typealias Guess = (document: CMarkDocument, directives: Set<Int>, headings: Set<Int>)

  /// The defining path: a first parse of the unrewritten body tells which candidate lines
  /// are code or raw HTML (never directives) and which end a heading's text (may carry
  /// attributes); then the rewritten body is parsed. A directive line that cmark still
  /// reads as paragraph text is a diagnostic, and the body is parsed again without it.
  static func prepareTwoPass(
    _ body: PageBody, options: MarkdownOptions, validateUTF8: Bool, reusing guess: Guess? = nil,
    into diagnostics: inout [Diagnostic]
  ) -> PreparedBody? {
    let plainGuess = guess.flatMap { $0.directives.isEmpty && $0.headings.isEmpty ? $0.document : nil }
    guard let first = plainGuess ?? parse(body.bytes(), options, validateUTF8) else {
      return parse(body.bytes(), options, validateUTF8).map { PreparedBody(document: $0) }
    }
    var parses = (guess == nil ? 0 : 1) + (plainGuess == nil ? 1 : 0)
    let shape = BlockShape(first.root, body: body)
    var directives = body.writtenBlocks
    var headingAttributes: [Int: AttributeBlock] = [:]
    var footnotes: [Int: FootnoteLine] = [:]
    for line in body.candidateLines(footnotes: options.gfm) where !shape.literalLines[line] {
      let text = body.line(line)
      if options.gfm, let footnote = body.footnoteLine(line) {
        footnotes[line] = footnote
      } else if let directive = scanDirectiveLine(text) {
        directives[line] = directive
      } else if shape.headingTextLines.contains(line), let block = trailingAttributeBlock(text) {
        headingAttributes[line] = block
      }
    }
    alignClosingFences(&directives, in: body)
    guard !directives.isEmpty || !headingAttributes.isEmpty || !footnotes.isEmpty else {
      return PreparedBody(document: first, parses: parses)
    }
    var reusable = guess.flatMap {
      footnotes.isEmpty && $0.directives == Set(directives.keys) && $0.headings == Set(headingAttributes.keys)
        ? $0.document : nil
    }
    for attempt in 0..<3 {
      let document: CMarkDocument
      if let reused = reusable {
        document = reused
        reusable = nil
      } else {
        guard
          let parsed = parse(
            body.rewritten(directives: directives, headings: headingAttributes, footnotes: footnotes), options,
            validateUTF8)
        else { return nil }
        document = parsed
        parses += 1
      }
      let found = markerBlocks(document.root)
      let missing = directives.keys.filter { !found.contains($0) }
      if missing.isEmpty || attempt == 2 {
        var prepared = PreparedBody(
          document: document, directives: directives, headingAttributes: headingAttributes, parses: parses)
        prepared.footnotes = footnotes
        for line in missing { prepared.directives[line] = nil }
        prepared.markerLines = prepared.directives.keys.sorted()
        return prepared
      }
      for line in missing.sorted() {
        diagnostics.append(
          body.source.diagnostic(
            .error, "this directive fence is read as paragraph text here; indent it as its block (at most 3 spaces)",
            line: line, column: (directives[line]?.offset ?? 0) + 1))
        directives[line] = nil
      }
    }
    return nil
  }
}

/// What a first parse tells about lines: which are code or raw HTML (never directives),
/// which end a heading's text (may carry attributes).
struct BlockShape {
  var literalLines: [Bool]
  var headingTextLines = Set<Int>()

  init(_ root: CMarkNode, body: PageBody) {
    let lineCount = body.lineCount
    literalLines = [Bool](repeating: false, count: lineCount + 2)
    var stack = [root]
    while let node = stack.popLast() {
      switch node.kind {
      case .document, .blockQuote, .list, .item: stack += node.children
      case .codeBlock, .htmlBlock:
        let lower = min(max(0, node.startLine), lineCount + 1)
        var end = node.endLine
        if node.kind == .codeBlock {
          // A fence left open until its container closes ends, for cmark, on the line
          // that closed the container: that line is not code.
          let contentLines = node.literalBytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
          let closing = node.startLine + contentLines + 1
          if end >= closing, closing <= lineCount {
            let text = body.line(closing)
            let start = directiveStart(text)
            let isFence =
              text[start...].starts(with: [0x60, 0x60, 0x60]) || text[start...].starts(with: [0x7E, 0x7E, 0x7E])
            end = isFence ? closing : closing - 1
          }
        }
        let upper = min(lineCount + 1, max(lower, end))
        for line in lower...upper { literalLines[line] = true }
      case .heading:
        headingTextLines.insert(node.endLine > node.startLine ? node.endLine - 1 : node.startLine)
      default: break
      }
    }
  }
}

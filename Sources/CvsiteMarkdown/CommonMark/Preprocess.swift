import CvsiteCore

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
  /// Footnote definitions rewritten as list items, by line.
  var footnotes: [Int: FootnoteLine] = [:]
  /// How many times libcmark parsed the body: 1 unless the single-parse check failed.
  var parses = 1

  static let markerPrefix = "<!--cvsite:"

  /// Parses the body, once when a cheap line scan guesses every rewrite right.
  ///
  /// The rewrites are defined by a first parse of the unrewritten body (see
  /// ``prepareTwoPass(_:options:validateUTF8:reusing:into:)``). Here they are guessed from
  /// the lines alone, the guessed body is parsed, and ``SinglePassCheck`` proves from that
  /// tree that the first parse would have chosen the same rewrites; when it cannot, the
  /// two-parse path runs, so the result is the same either way.
  static func prepare(
    _ body: PageBody, options: MarkdownOptions, validateUTF8: Bool, into diagnostics: inout [Diagnostic]
  ) -> PreparedBody? {
    let candidates = body.candidateLines(footnotes: options.gfm)
    guard !candidates.isEmpty || !body.writtenBlocks.isEmpty else {
      return parse(body.bytes(), options, validateUTF8).map { PreparedBody(document: $0) }
    }
    // Footnote definitions are rare: their pages take the defining path, which knows from
    // a first parse which `[^x]:` lines are code.
    if options.gfm, candidates.contains(where: { body.footnoteLine($0) != nil }) {
      return prepareTwoPass(body, options: options, validateUTF8: validateUTF8, into: &diagnostics)
    }
    var directives = body.writtenBlocks
    var headings: [Int: AttributeBlock] = [:]
    var attributeLines: [Int] = []
    for line in candidates {
      let text = body.line(line)
      if let directive = scanDirectiveLine(text) {
        directives[line] = directive
      } else if let block = trailingAttributeBlock(text) {
        attributeLines.append(line)
        if looksLikeATXHeading(text) { headings[line] = block }
      }
    }
    alignClosingFences(&directives, in: body)
    let bytes =
      directives.isEmpty && headings.isEmpty ? body.bytes() : body.rewritten(directives: directives, headings: headings)
    guard let document = parse(bytes, options, validateUTF8) else {
      return prepareTwoPass(body, options: options, validateUTF8: validateUTF8, into: &diagnostics)
    }
    let check = SinglePassCheck(document.root, body: body)
    guard check.holds(directives: directives, cutHeadings: headings, attributeLines: attributeLines) else {
      let guess = (document: document, directives: Set(directives.keys), headings: Set(headings.keys))
      return prepareTwoPass(body, options: options, validateUTF8: validateUTF8, reusing: guess, into: &diagnostics)
    }
    var prepared = PreparedBody(document: document, directives: directives, headingAttributes: headings)
    prepared.markerLines = directives.keys.sorted()
    return prepared
  }

  /// A closing fence indented (by one to three spaces) past its opener (`  :::` under a
  /// list the container holds, as Docusaurus pages write it) closes that container: it
  /// is written at the opener's column, which ends the list.
  static func alignClosingFences(_ directives: inout [Int: DirectiveLine], in body: PageBody) {
    var open: [Int] = []
    for line in directives.keys.sorted() {
      guard let directive = directives[line], directive.writtenOpener == nil else { continue }
      switch directive.kind {
      case .open: open.append(directive.offset)
      case .close:
        guard let column = open.popLast(), directive.offset > column, directive.offset <= 3,
          body.line(line).prefix(directive.offset).allSatisfy({ $0 == 0x20 })
        else { continue }
        directives[line]?.offset = column
      case .leaf: break
      }
    }
  }

  static func parse(_ bytes: [UInt8], _ options: MarkdownOptions, _ validateUTF8: Bool) -> CMarkDocument? {
    CMarkDocument(bytes: bytes, allowRawHTML: options.allowRawHTML, validateUTF8: validateUTF8)
  }

  /// Lines of marker HTML blocks that cmark kept as blocks.
  static func markerBlocks(_ root: CMarkNode) -> Set<Int> {
    var found = Set<Int>()
    var stack = [root]
    while let node = stack.popLast() {
      switch node.kind {
      case .document, .blockQuote, .list, .item: stack += node.children
      case .htmlBlock:
        if node.isMarker { found.insert(node.startLine) }
      default: break
      }
    }
    return found
  }
}

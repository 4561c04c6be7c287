import CvsiteCore

/// GitHub Flavored Markdown on libcmark, which has no extension API: a pass over the tree
/// cmark parsed, which rewrites it the way `cmark-gfm -e table -e strikethrough -e autolink
/// -e tasklist -e footnotes` would have built it. Tables come from paragraphs' source
/// lines; strikethrough, autolinks and footnote references from text nodes; task lists
/// from list items; footnote definitions from the list items the line rewrite made of
/// them (``FootnoteLine``). What it adds is cmark's own custom nodes, so every renderer of
/// the tree (the one-call plain path, directive containers) prints it.
struct GFMPass {
  let body: PageBody
  let options: MarkdownOptions
  let footnoteLines: [Int: FootnoteLine]
  var diagnostics: [Diagnostic] = []
  /// Links this pass made (their text is not searched again).
  var autolinks = Set<OpaquePointer>()
  /// Ids the pass gave footnotes and their references; headings avoid them.
  var claimedIDs: [String] = []
  /// Footnote definitions by normalized label.
  var definitions: [String: Footnote] = [:]
  /// Labels in order of first reference.
  var referenced: [String] = []
  /// Each referenced label's number (its place in ``referenced``, from 1).
  var referenceNumbers: [String: Int] = [:]
  /// Where the last undefined reference was found: its container, and the line and byte
  /// offset to look from for the next one in that container (references come in order).
  var undefinedCursor: (container: OpaquePointer, line: Int, offset: Int)?
  /// How many references to no definition were met, and the definitions' labels sorted
  /// (made for the first one's suggestion).
  var undefinedCount = 0
  var definitionLabels: [String]?
  /// Lines whose footnote definition was read (the outermost item starting there).
  var definedLines = Set<Int>()
  /// Definitions dropped as repeats: their items leave the page too.
  var orphans: [CMarkNode] = []
  /// Whether the page has `[^` anywhere (else no text is searched for references).
  var mayHaveFootnoteReferences = false
  /// The abbreviations an MkDocs page defines.
  var abbreviations: [Abbreviation] = []
  /// The mini documents cells were parsed in: their nodes stay in the arena as long as
  /// the page's document, but the documents are kept until the pass ends.
  var keptDocuments: [CMarkDocument] = []

  init(body: PageBody, options: MarkdownOptions, footnoteLines: [Int: FootnoteLine]) {
    self.body = body
    self.options = options
    self.footnoteLines = footnoteLines
  }

  /// Applies every extension to `document`'s tree.
  mutating func apply(to document: CMarkDocument) {
    var inlineContainers: [InlineSlot] = []
    var tables: [TablePlan] = []
    var tasks: [CMarkNode] = []
    collect(document.root, into: &inlineContainers, tables: &tables, tasks: &tasks)
    let cells = buildTables(tables, root: document.root)
    mayHaveFootnoteReferences = body.source.bytes.withUnsafeBufferPointer {
      firstOffset(of: Array("[^".utf8), in: $0, within: 0..<$0.count) != nil
    }
    for slot in inlineContainers {
      switch slot {
      case .node(let node): processInlines(node, document: document)
      case .table(let index):
        for cell in cells[index] { processInlines(cell, document: document) }
      }
    }
    for item in tasks { markTask(item) }
    finishFootnotes(document.root)
  }

  /// Whether the bytes before an item's text hold a second list marker after the first.
  private func containsTwoMarkers(_ prefix: ArraySlice<UInt8>) -> Bool {
    var index = prefix.startIndex
    while index < prefix.endIndex, prefix[index] != 0x20, prefix[index] != 0x09 { index += 1 }
    return prefix[index...].contains { $0 != 0x20 && $0 != 0x09 }
  }

  /// How deep inside emphasis and links the inline extensions look (cmark nests as deep
  /// as the input asks; the walks recurse).
  static let maximumInlineDepth = 64

  enum InlineSlot {
    case node(CMarkNode)
    case table(Int)
  }

  /// Walks the blocks in document order: paragraphs and headings to process, tables,
  /// task items, footnote definitions.
  private mutating func collect(
    _ root: CMarkNode, into slots: inout [InlineSlot], tables: inout [TablePlan], tasks: inout [CMarkNode]
  ) {
    var stack = [root]
    while let node = stack.popLast() {
      switch node.kind {
      case .document, .blockQuote, .list, .customBlock:
        var children: [CMarkNode] = []
        var cursor = node.firstChild
        while let child = cursor {
          children.append(child)
          cursor = child.next
        }
        stack += children.reversed()
      case .item:
        if let footnote = footnoteLines[node.startLine], !definedLines.contains(node.startLine) {
          definedLines.insert(node.startLine)
          define(footnote, item: node)
        } else if let paragraph = node.firstChild, paragraph.kind == .paragraph {
          tasks.append(node)
        }
        var children: [CMarkNode] = []
        var cursor = node.firstChild
        while let child = cursor {
          children.append(child)
          cursor = child.next
        }
        stack += children.reversed()
      case .paragraph:
        if let plan = tablePlan(node) {
          slots.append(.table(tables.count))
          tables.append(plan)
        } else {
          slots.append(.node(node))
        }
      case .heading:
        slots.append(.node(node))
      default: break
      }
    }
  }

  /// Parses every table's cells in one mini document and builds the tables.
  private mutating func buildTables(_ tables: [TablePlan], root: CMarkNode) -> [[CMarkNode]] {
    guard !tables.isEmpty else { return [] }
    var mini = MiniDocument()
    var needsReferences = false
    for plan in tables {
      if let prefix = plan.prefix {
        mini.addParagraph(prefix)
        if prefix.contains(0x5B) { needsReferences = true }
      }
      for row in plan.rows {
        for cell in row {
          mini.addCell(cell)
          if cell.contains(0x5B) { needsReferences = true }
        }
      }
      if let suffix = plan.suffix {
        mini.addParagraph(suffix)
        if suffix.contains(0x5B) { needsReferences = true }
      }
    }
    let references = needsReferences ? referenceDefinitionLines(root) : []
    guard let (document, units) = mini.parse(references: references, allowRawHTML: options.allowRawHTML) else {
      return tables.map { _ in [] }
    }
    keptDocuments.append(document)
    var result: [[CMarkNode]] = []
    var unit = 0
    for plan in tables {
      var prefix: CMarkNode?
      if plan.prefix != nil {
        prefix = units[unit].first { $0.kind == .paragraph }
        unit += 1
      }
      let count = plan.rows.reduce(0) { $0 + $1.count }
      let cells = units[unit..<(unit + count)].map { $0.first { $0.kind == .paragraph } }
      unit += count
      var suffix: [CMarkNode] = []
      if plan.suffix != nil {
        suffix = units[unit]
        unit += 1
      }
      for cell in cells {
        guard let cell else { continue }
        MiniDocument.dropCellLead(cell)
        cell.unlink()
      }
      prefix?.unlink()
      for block in suffix { block.unlink() }
      result.append(buildTable(plan, prefix: prefix, cells: cells, suffix: suffix))
    }
    return result
  }

  /// Footnote references, autolinks and strikethrough in one paragraph, heading or cell.
  private mutating func processInlines(_ container: CMarkNode, document: CMarkDocument) {
    let pythonMarkdown = options.dialect == .mkdocs
    guard pythonMarkdown || needsInlinePass(container) else { return }
    container.consolidateText()
    if mayHaveFootnoteReferences { linkFootnoteReferences(in: container) }
    var openBrackets = 0
    linkAutolinks(in: container, openBrackets: &openBrackets)
    strike(container)
    if pythonMarkdown { pythonMarkdownInlines(container, document: document) }
  }

  /// Whether any text below `container` holds what an inline extension starts with: a
  /// tilde, `www.`, `://`, an `@`, or (when the page has `[^`) a caret. Most paragraphs hold
  /// none, and are left as cmark built them.
  private func needsInlinePass(_ container: CMarkNode) -> Bool {
    container.hasText { text in
      text.literalContains(0x7E) || text.literalContains(0x40) || text.literalContains("www.")
        || text.literalContains("://") || (mayHaveFootnoteReferences && text.literalContains(0x5E))
    }
  }

  /// Replaces each text node's extended autolinks with links, below `parent` (never
  /// inside a link or an image). `openBrackets` counts the `[` cmark left as text and no
  /// `]` closed yet: `cmark-gfm` makes no `www.` or `http://` link there (e-mail it does).
  private mutating func linkAutolinks(in parent: CMarkNode, openBrackets: inout Int, depth: Int = 0) {
    var cursor = parent.firstChild
    while let node = cursor {
      cursor = node.next
      switch node.kind {
      case .emphasis, .strong, .customInline:
        if depth < Self.maximumInlineDepth { linkAutolinks(in: node, openBrackets: &openBrackets, depth: depth + 1) }
      case .text:
        let hasBrackets = node.literalContains(0x5B) || node.literalContains(0x5D)
        let mayLink =
          node.literalContains(0x2E)
          && (node.literalContains(0x77) || node.literalContains(0x3A) || node.literalContains(0x40))
        guard hasBrackets || mayLink else { continue }
        let literal = node.literalBytes
        let bracketsBefore = openBrackets
        if hasBrackets {
          for byte in literal {
            if byte == 0x5B { openBrackets += 1 } else if byte == 0x5D { openBrackets = max(0, openBrackets - 1) }
          }
        }
        guard mayLink else { continue }
        let matches = extendedAutolinks(in: literal, bracketsBefore: bracketsBefore)
        guard !matches.isEmpty else { continue }
        var last = node
        var copied = 0
        node.setLiteral(bytes: Array(literal[0..<matches[0].range.lowerBound]))
        for match in matches {
          if match.range.lowerBound > copied, copied > 0,
            let text = CMarkNode.text(String(decoding: literal[copied..<match.range.lowerBound], as: UTF8.self))
          {
            last.insertAfter(text)
            last = text
          }
          guard
            let link = CMarkNode.link(url: match.url, text: String(decoding: literal[match.range], as: UTF8.self))
          else { continue }
          last.insertAfter(link)
          autolinks.insert(link.raw)
          last = link
          copied = match.range.upperBound
        }
        if copied < literal.count, let rest = CMarkNode.text(String(decoding: literal[copied...], as: UTF8.self)) {
          last.insertAfter(rest)
        }
      default: break
      }
    }
  }

  /// `[ ]` and `[x]` followed by a space or tab on a list item's first line (read in the
  /// source, as `cmark-gfm` does): a disabled checkbox, and the item's first paragraph
  /// becomes its `<label>`, so a screen reader announces the box with the item's text.
  private func markTask(_ item: CMarkNode) {
    guard let paragraph = item.firstChild, paragraph.kind == .paragraph, paragraph.startLine == item.startLine,
      let text = paragraph.firstChild, text.kind == .text, paragraph.startLine <= body.lineCount
    else { return }
    let line = body.line(paragraph.startLine)
    let start = line.startIndex + paragraph.startColumn - 1
    // One list marker on the line, as `cmark-gfm` reads a task (`- - [ ]` is no task).
    let markerStart = directiveStart(line)
    guard markerStart < start, !containsTwoMarkers(line[markerStart..<start]) else { return }
    guard start >= line.startIndex, start + 3 < line.endIndex, line[start] == 0x5B, line[start + 2] == 0x5D,
      line[start + 3] == 0x20 || line[start + 3] == 0x09
    else { return }
    let checked: Bool
    switch line[start + 1] {
    case 0x20: checked = false
    case 0x78, 0x58: checked = true
    default: return
    }
    let literal = text.literalBytes
    guard literal.count >= 3, literal[0] == 0x5B, literal[2] == 0x5D else { return }
    let input = "<input type=\"checkbox\"\(checked ? " checked=\"\"" : "") disabled=\"\" /> "
    guard let label = CMarkNode.customInline(enter: "<label class=\"cv-task\">" + input, exit: "</label>") else {
      return
    }
    text.setLiteral(bytes: Array(literal.dropFirst(3).drop { $0 == 0x20 || $0 == 0x09 }))
    label.adoptChildren(of: paragraph)
    paragraph.append(label)
  }
}

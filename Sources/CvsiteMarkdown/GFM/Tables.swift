/// A paragraph that holds a pipe table: the lines before its header row stay a paragraph.
struct TablePlan {
  let paragraph: CMarkNode
  let alignments: [ColumnAlignment]
  /// The paragraph's lines before the header row, when there are any.
  let prefix: [UInt8]?
  /// The paragraph's lines from the first lazy continuation line on, which end the table
  /// (`cmark-gfm` starts a new block there).
  let suffix: [UInt8]?
  /// The header row first, then the body rows, each cut or padded to the header's width.
  let rows: [[[UInt8]]]
}

extension GFMPass {
  /// The table a paragraph holds, read from its source lines as `cmark-gfm` reads them:
  /// the first line that is a delimiter row with as many cells as the line before it
  /// makes that line the header; every later line of the paragraph is a row.
  mutating func tablePlan(_ paragraph: CMarkNode) -> TablePlan? {
    let first = paragraph.startLine
    let last = paragraph.endLine
    guard last > first, first >= 1, last <= body.lineCount else { return nil }
    // Cheap test first: a delimiter row has a `-` and (but for one case) a `|`.
    var hasCandidate = false
    for line in (first + 1)...last where body.line(line).contains(0x2D) {
      hasCandidate = true
      break
    }
    guard hasCandidate else { return nil }
    let quotes = quoteDepth(paragraph)
    let itemColumn = innermostItemContentColumn(paragraph)
    var lines: [ArraySlice<UInt8>] = []
    var lazy: [Bool] = []
    lines.reserveCapacity(last - first + 1)
    for line in first...last {
      let text = body.line(line)
      if line == first {
        let offset = min(text.count, max(0, paragraph.startColumn - 1))
        lines.append(text.dropFirst(offset))
        lazy.append(false)
      } else {
        let (content, markers) = strippingQuoteMarkers(text, depth: quotes)
        lines.append(content)
        var indent = content.startIndex
        while indent < content.endIndex, content[indent] == 0x20 || content[indent] == 0x09 { indent += 1 }
        lazy.append(markers < quotes || indent - text.startIndex + 1 < itemColumn)
      }
    }
    for index in 1..<lines.count where !lazy[index] {
      guard let alignments = delimiterRow(lines[index]), let header = tableCells(lines[index - 1]) else { continue }
      guard header.count == alignments.count else {
        if lines[index - 1].contains(0x7C) {
          let line = first + index
          diagnostics.append(
            body.source.diagnostic(
              .warning,
              "this delimiter row has \(alignments.count) cell\(alignments.count == 1 ? "" : "s") but the header row above has \(header.count): it is no table (GFM needs the same count)",
              line: line, column: directiveStart(body.line(line)) - body.line(line).startIndex + 1))
        }
        continue
      }
      var rows = [header]
      var end = index + 1
      while end < lines.count, !lazy[end], var cells = tableCells(lines[end]) {
        if cells.count > alignments.count { cells.removeLast(cells.count - alignments.count) }
        while cells.count < alignments.count { cells.append([]) }
        rows.append(cells)
        end += 1
      }
      return TablePlan(
        paragraph: paragraph, alignments: alignments, prefix: joined(lines[0..<(index - 1)]),
        suffix: joined(lines[end...]),
        rows: rows)
    }
    return nil
  }

  private func joined(_ lines: ArraySlice<ArraySlice<UInt8>>) -> [UInt8]? {
    guard !lines.isEmpty else { return nil }
    var bytes: [UInt8] = []
    for (offset, line) in lines.enumerated() {
      if offset > 0 { bytes.append(0x0A) }
      bytes += line
    }
    return bytes
  }

  /// Builds the table's nodes in place of its paragraph from the parsed prefix paragraph
  /// and cells; returns the inline containers made (prefix first), for the inline passes.
  func buildTable(_ plan: TablePlan, prefix: CMarkNode?, cells: [CMarkNode?], suffix: [CMarkNode]) -> [CMarkNode] {
    // Focusable, so that a table wider than the screen can be scrolled from the keyboard
    // without JavaScript; the theme's script keeps that for the tables that scroll.
    guard
      let table = CMarkNode.customBlock(
        enter: "<div class=\"cv-table\" tabindex=\"0\">\n<table>", exit: "</table>\n</div>")
    else { return [] }
    var made: [CMarkNode] = []
    var cellIndex = 0
    for (rowIndex, row) in plan.rows.enumerated() {
      if rowIndex == 0, let head = CMarkNode.customBlock(enter: "<thead>", exit: "</thead>") {
        table.append(head)
      } else if rowIndex == 1, let tbody = CMarkNode.customBlock(enter: "<tbody>", exit: "</tbody>") {
        table.append(tbody)
      }
      guard let group = table.lastChild, let tableRow = CMarkNode.customBlock(enter: "<tr>", exit: "</tr>") else {
        continue
      }
      group.append(tableRow)
      for column in 0..<row.count {
        let style = plan.alignments[column].styleAttribute
        let open = rowIndex == 0 ? "<th scope=\"col\"\(style)>" : "<td\(style)>"
        let close = rowIndex == 0 ? "</th>\n" : "</td>\n"
        guard let cell = CMarkNode.customInline(enter: open, exit: close) else { continue }
        if cellIndex < cells.count, let parsed = cells[cellIndex] { cell.adoptChildren(of: parsed) }
        cellIndex += 1
        tableRow.append(cell)
        made.append(cell)
      }
    }
    if let prefix {
      plan.paragraph.insertBefore(prefix)
      made.insert(prefix, at: 0)
    }
    plan.paragraph.insertBefore(table)
    for block in suffix {
      plan.paragraph.insertBefore(block)
      if block.kind == .paragraph { made.append(block) }
    }
    plan.paragraph.unlink()
    return made
  }
}

/// How many block quotes hold `node`.
func quoteDepth(_ node: CMarkNode) -> Int {
  var depth = 0
  var cursor = node.parent
  while let parent = cursor {
    if parent.kind == .blockQuote { depth += 1 }
    cursor = parent.parent
  }
  return depth
}

/// A continuation line without up to `depth` block-quote markers (`>` after spaces), and
/// how many it had.
func strippingQuoteMarkers(_ line: ArraySlice<UInt8>, depth: Int) -> (ArraySlice<UInt8>, Int) {
  var index = line.startIndex
  var markers = 0
  for _ in 0..<depth {
    var probe = index
    while probe < line.endIndex, line[probe] == 0x20 || line[probe] == 0x09 { probe += 1 }
    guard probe < line.endIndex, line[probe] == 0x3E else { break }
    index = probe + 1
    markers += 1
  }
  return (line[index...], markers)
}

/// The column where the content of the list item holding `node` starts (1 outside any
/// item, or when a block quote is nearer): a continuation line indented less is lazy.
func innermostItemContentColumn(_ node: CMarkNode) -> Int {
  var cursor = node.parent
  while let parent = cursor {
    switch parent.kind {
    case .blockQuote: return 1
    case .item: return parent.firstChild?.startColumn ?? 1
    default: cursor = parent.parent
    }
  }
  return 1
}

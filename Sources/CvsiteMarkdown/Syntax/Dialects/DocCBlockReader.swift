import CvsiteCore

/// DocC's block directives in a catalog's pages (``DocCDirectiveLines`` says what each
/// line is), read into cvsite's directives: a directive with a body opens a block that a
/// `}` alone on its line closes; settings blocks leave the page; a grid of links or of
/// topics becomes cards.
struct DocCBlockReader: DialectLineReader {
  private var lines: DocCDirectiveLines
  /// Whether the catalog shows `## Topics` in a style of its own.
  private let readsTopics: Bool

  /// The kind of a DocC block directive's block: closed by a `}` of its own.
  static let directiveBlock = WalkBlock.Closing.tagged("@")

  init(catalog: (any DocCCatalogIndex)?) {
    lines = DocCDirectiveLines(catalog: catalog)
    readsTopics = catalog?.topicsVisualStyle != nil
  }

  func mayRead(_ source: SourceText, from firstLine: Int) -> Bool {
    DocCDirectiveLines.mayHaveDirectives(source, from: firstLine, orTopics: readsTopics)
  }

  mutating func read(_ line: inout WalkedLine, walk: inout LineWalk) -> Bool {
    if !lines.isLeavingOut, closesDirective(line, walk: &walk) {
      walk.blankLine = nil
      return true
    }
    // A grid of topics ends at the first line that is not one of its cards.
    if let top = walk.blocks.last, top.directive == "Topics",
      !lines.topicsAreCards || DocCDirectiveLines.docLinkItem(line.text) == nil
    {
      line.closings.events += walk.closeBlocks(downTo: walk.blocks.count - 1)
    }
    let enclosing = walk.blocks.last { $0.closing == Self.directiveBlock }
    guard
      let action = lines.read(
        line.text, width: line.relativeWidth, line: line.number, enclosing: enclosing?.directive,
        grid: enclosing?.grid, inTopicsGrid: enclosing?.directive == "Topics")
    else { return false }
    return apply(action, to: line, walk: &walk)
  }

  /// Does what `action` says of `line`; false when the line is still to be read as the
  /// page's (a problem reported, a directive not read, a block too deep).
  private func apply(_ action: DocCDirectiveLines.Action, to line: WalkedLine, walk: inout LineWalk) -> Bool {
    let closings = line.closings
    switch action {
    case .leaveOut:
      walk.leaveOut(line.number, after: closings.events, indent: closings.indent)
    case .leaveOutReporting(let message, let suggestion, let isError):
      walk.diagnostics.append(
        walk.source.diagnostic(
          isError ? .error : .warning, message, line: line.number, column: line.width + 1, suggestion: suggestion))
      walk.leaveOut(line.number, after: closings.events, indent: closings.indent)
    case .open(let container, let label, let attributes, let directive, let grid):
      guard walk.blocks.count < DialectBlocks.maxDepth else { return false }
      openDirective(container, label: label, attributes: attributes, line: line, walk: &walk)
      walk.blocks[walk.blocks.count - 1].directive = directive
      walk.blocks[walk.blocks.count - 1].grid = grid
      walk.blankLine = nil
    case .openWith(let container, let label, let attributes, let text, let directive):
      guard walk.blocks.count < DialectBlocks.maxDepth else { return false }
      openWith(
        container, label: label, attributes: attributes, text: text, directive: directive, line: line, walk: &walk)
    case .card(let label, let href, let body, let opensGrid):
      guard walk.blocks.count < DialectBlocks.maxDepth - 1 else { return false }
      card(label: label, href: href, body: body, opensGrid: opensGrid, line: line, walk: &walk)
    case .replace(let markdown):
      walk.place(closings.events, line: line.number, indent: closings.indent)
      walk.replacedLines[line.number] = ArraySlice(
        Array(repeating: 0x20, count: max(0, walk.componentIndent(line.width))) + Array(markdown.utf8))
      walk.blankLine = nil
    case .problem(let message, let suggestion):
      walk.diagnostics.append(
        walk.source.diagnostic(.error, message, line: line.number, column: line.width + 1, suggestion: suggestion))
      return false
    case .unread(let name, let known):
      let message =
        known
        ? "the DocC directive `@\(name)` is not read yet: its lines are shown as written"
        : "unknown DocC directive `@\(name)`: its lines are shown as written"
      walk.diagnostics.append(
        walk.source.diagnostic(
          .warning, message, line: line.number, column: line.width + 1,
          suggestion: known ? nil : closest(name, DocCDirectiveLines.names)))
      return false
    }
    return true
  }

  /// DocC blocks still open at the end of the page: each a warning at its opening (a
  /// settings block an error: the rest of the page was left out with it).
  func finish(walk: inout LineWalk) {
    if lines.isLeavingOut, let opened = lines.settingsLine {
      var unclosed = walk.source.diagnostic(
        .error, "`@\(lines.openSettingsBlock)` is never closed by its `}`: the rest of the page is left out with it",
        line: opened, column: 1)
      unclosed.leavesTextOut = true
      walk.diagnostics.append(unclosed)
    }
    for block in walk.blocks where block.closing == Self.directiveBlock && block.directive != "Topics" {
      walk.diagnostics.append(
        walk.source.diagnostic(
          .warning, "`@\(block.directive ?? "")` is never closed by its `}`: it runs to the end of the page",
          line: block.line, column: block.column + 1))
    }
  }

  /// Opens a DocC block directive: `container` with its label and attributes, or (nil)
  /// a block whose content is the page's.
  private func openDirective(
    _ container: String?, label: String?, attributes: [RawAttribute.Kind], line: WalkedLine, walk: inout LineWalk
  ) {
    var block = WalkBlock(Self.directiveBlock, column: line.width, line: line.number)
    guard let container else {
      block.emits = false
      walk.blocks.append(block)
      walk.leaveOut(line.number, after: line.closings.events, indent: line.closings.indent)
      return
    }
    let directive = DirectiveLine.opening(container, label: label, attributes: attributes, writtenAt: line.number)
    walk.blocks.append(block)
    walk.place(
      line.closings.events + [directive], line: line.number, indent: walk.componentIndent(line.width), own: true)
    walk.blankBefore.insert(line.number)
  }

  /// Opens a DocC block directive whose first line of content is written on its own line
  /// (`text` in place of the line), its container's opening on a line of its own.
  private func openWith(
    _ container: String?, label: String?, attributes: [RawAttribute.Kind], text: String, directive: String,
    line: WalkedLine, walk: inout LineWalk
  ) {
    walk.place(line.closings.events, line: line.number, indent: line.closings.indent)
    let indent = walk.componentIndent(line.width)
    var block = WalkBlock(Self.directiveBlock, column: line.width, line: line.number)
    block.directive = directive
    if let container {
      var opening = DirectiveLine.opening(container, label: label, attributes: attributes, writtenAt: line.number)
      opening.offset = indent
      walk.closingLines[line.number, default: []].append(opening)
    } else {
      block.emits = false
    }
    walk.blocks.append(block)
    walk.replacedLines[line.number] = ArraySlice(Array(repeating: 0x20, count: indent) + Array(text.utf8))
    walk.blankBefore.formUnion([line.number, line.number + 1])
    walk.blankLine = nil
  }

  /// A card of a grid of links on `line`, its `body` in place of the line's text (and
  /// the grid of topics opened first, with `opensGrid`).
  private func card(
    label: String, href: String, body: String, opensGrid: Bool, line: WalkedLine, walk: inout LineWalk
  ) {
    walk.place(line.closings.events, line: line.number, indent: line.closings.indent)
    let indent = walk.componentIndent(line.width)
    var openings: [DirectiveLine] = []
    if opensGrid {
      var block = WalkBlock(Self.directiveBlock, column: line.width, line: line.number)
      block.directive = "Topics"
      walk.blocks.append(block)
      openings.append(DirectiveLine.opening("cards", label: nil, attributes: [], writtenAt: line.number))
    }
    openings.append(
      DirectiveLine.opening(
        "card", label: label, attributes: [.pair(key: "href", value: href)], writtenAt: line.number))
    for var opening in openings {
      opening.offset = indent
      walk.closingLines[line.number, default: []].append(opening)
    }
    var closing = DirectiveLine(kind: .close(fence: 3), offset: indent)
    closing.writtenOpener = line.number
    walk.closingLines[line.number + 1, default: []].append(closing)
    walk.replacedLines[line.number] = ArraySlice(Array(repeating: 0x20, count: indent) + Array(body.utf8))
    walk.blankBefore.insert(line.number)
    walk.blankLine = nil
  }

  /// A `}` alone on its line closes the innermost DocC block directive (and whatever
  /// opened in it since); false for any other line.
  private func closesDirective(_ line: WalkedLine, walk: inout LineWalk) -> Bool {
    let text = line.text
    guard text.first == UInt8(ascii: "}"), text.dropFirst().allSatisfy(isSpace),
      let target = walk.blocks.lastIndex(where: { $0.closing == Self.directiveBlock })
    else { return false }
    let events = line.closings.events + walk.closeBlocks(downTo: target)
    walk.mark(events, on: line)
    return true
  }
}

import CvsiteCore

/// The indented blocks of Python-Markdown as MkDocs Material and Zensical write them, read
/// into cvsite's directives:
///
/// ```
/// !!! warning "Mind the gap"        →  :::warning[Mind the gap]
///     Body, indented four spaces.        Body, indented four spaces.
///                                        :::
/// ??? tip / ???+ tip                →  a collapsible callout, closed / open
/// === "Linux"                       →  :::tabs{sync=tabs} with :::tab[Linux] …
/// ```
///
/// The page keeps its lines: an opener line becomes a directive marker, the blank line
/// after a block (or the next opener) carries its closing, and the block's lines lose four
/// columns of indentation per block around them. Diagnostics still show the line as
/// written, at its written column (``SourceText/asWritten``).
struct DialectBlocks {
  /// The body with openers as markers and block lines dedented; its line count is the
  /// page's, plus one line at the end when blocks run to the end of the file.
  var source: SourceText
  /// The directives each marker line stands for.
  var directives: [Int: DirectiveLine]
  var diagnostics: [Diagnostic] = []
  /// The abbreviations the page defines (MkDocs pages).
  var abbreviations: [Abbreviation] = []
  /// The lines of ``source`` whose list item is a definition (MkDocs' def_list).
  var definitionLines = Set<Int>()

  /// Blocks nested deeper than this are left as written.
  static let maxDepth = 50

  /// The sync key of translated tab groups: tabs with the same label switch together
  /// across the site, as Material's linked content tabs do.
  static let tabSync = "tabs"

  /// The class of a callout written with an empty title (`!!! note ""`).
  static let untitledClass = "cv-callout-untitled"

  private enum Kind: Equatable {
    case admonition, tabGroup, tab
    /// An MDX component (`<Tabs>`): closed by its closing tag, not by indentation.
    case component(String)
  }

  private struct Block {
    var kind: Kind
    /// The opener's column as written.
    var column: Int
    /// The opener's line.
    var line: Int
    /// A component's content column: that of its first line.
    var contentIndent: Int?
    /// Whether it stands for a container (a component cvsite does not read does not: its
    /// tags stay as written, its content is read as the page's).
    var emits = true
    /// A `<Tabs>`'s labels of its tabs by value (Docusaurus' `values`).
    var tabLabels: [String: String] = [:]
    /// Whether one of a `<Tabs>`'s tabs is its `default` already.
    var hasDefault = false
    /// The values a tab group's tabs derive from their labels, so far.
    var tabValues = Set<String>()
    /// The DocC directive it stands for (`Links`; `Topics` for a grid of topics).
    var directive: String?
    /// A grid of links' style (`compactGrid`, `detailedGrid`).
    var grid: String?

    /// The columns its lines lose: four for a callout or tab, what a component's content
    /// is indented by past its tag.
    var indent: Int {
      switch kind {
      case .tabGroup: return 0
      case .admonition, .tab: return 4
      case .component: return max(0, (contentIndent ?? column) - column)
      }
    }
  }

  /// Reads the blocks of `source` after its front matter; `nil` when it has none.
  static func read(
    _ source: SourceText, frontMatterLines: Int, dialect: MarkdownDialect = .cvsite,
    catalog: (any DocCCatalogIndex)? = nil
  ) -> DialectBlocks? {
    guard frontMatterLines < source.lineCount,
      mayHaveBlocks(source, from: frontMatterLines + 1, insertions: dialect == .mkdocs)
        || mayHaveComponents(source, from: frontMatterLines + 1)
        || (dialect == .mkdocs && PythonMarkdownLines.mayHaveLines(source, from: frontMatterLines + 1))
        || (dialect == .docc
          && DocCDirectiveLines.mayHaveDirectives(
            source, from: frontMatterLines + 1, orTopics: catalog?.topicsVisualStyle != nil))
    else { return nil }
    var reader = Reader(source: source, frontMatterLines: frontMatterLines)
    reader.readsInsertions = dialect == .mkdocs
    if dialect == .mkdocs { reader.lines = PythonMarkdownLines() }
    if dialect == .docc { reader.directiveLines = DocCDirectiveLines(catalog: catalog) }
    reader.run()
    guard
      !reader.directives.isEmpty || !reader.leftOut.isEmpty || !reader.closingLines.isEmpty
        || !reader.replacedLines.isEmpty
    else {
      // Nothing to rewrite; what was not read is still said.
      return reader.diagnostics.isEmpty
        ? nil : DialectBlocks(source: source, directives: [:], diagnostics: reader.diagnostics)
    }
    let (text, directives, definitions) = reader.translated()
    var blocks = DialectBlocks(source: text, directives: directives, diagnostics: reader.diagnostics)
    blocks.abbreviations = reader.lines?.abbreviations ?? []
    blocks.definitionLines = definitions
    return blocks
  }

  /// Whether some line starts, after its indentation, with `<` and a capital (an MDX
  /// component), or with `import `.
  private static func mayHaveComponents(_ source: SourceText, from firstLine: Int) -> Bool {
    let bytes = source.bytes
    for line in firstLine...source.lineCount {
      var index = source.lineStarts[line - 1]
      while index < bytes.count, isSpace(bytes[index]) { index += 1 }
      guard index + 1 < bytes.count else { continue }
      if bytes[index] == 0x3C, (0x41...0x5A).contains(bytes[index + 1]) || bytes[index + 1] == 0x2F { return true }
      if bytes[index] == 0x69, bytes[index...].starts(with: "import ".utf8) { return true }
    }
    return false
  }

  /// Whether some line starts, after its indentation, with `!!!`, `???` or `===` (or,
  /// with `insertions`, `:::`).
  private static func mayHaveBlocks(_ source: SourceText, from firstLine: Int, insertions: Bool) -> Bool {
    let bytes = source.bytes
    for line in firstLine...source.lineCount {
      var index = source.lineStarts[line - 1]
      while index < bytes.count, isSpace(bytes[index]) { index += 1 }
      guard index + 2 < bytes.count else { continue }
      let byte = bytes[index]
      if byte == 0x21 || byte == 0x3F || byte == 0x3D || (insertions && byte == 0x3A), bytes[index + 1] == byte,
        bytes[index + 2] == byte
      {
        return true
      }
    }
    return false
  }

  /// One walk over the lines, keeping the blocks open around each.
  private struct Reader {
    let source: SourceText
    let frontMatterLines: Int
    var directives: [Int: DirectiveLine] = [:]
    var diagnostics: [Diagnostic] = []
    /// Columns removed from the start of each line.
    var dedent: [Int: Int] = [:]
    private var blocks: [Block] = []
    private var fence: Fence?
    /// Columns where list items started, for the blocks' content: an opener may sit in a
    /// list item, four columns in, as Python-Markdown nests it.
    private var listColumns: [Int] = []
    /// Where the content of each of those list items starts (`1.  Text`: four columns in),
    /// as written.
    private var listContent: [Int: Int] = [:]
    /// The last blank line since the last line with text.
    private var blankLine: Int?
    /// Whether `::: name` lines are insertions of mkdocstrings and other plugins.
    var readsInsertions = false
    /// Lines left out: insertions and their indented options.
    var leftOut = Set<Int>()
    /// The column of the insertion whose options are being left out.
    private var insertion: Int?
    /// Directives on lines of their own, added before a line (`lineCount + 1`: after the
    /// last line): closings of blocks that text ends directly, with no blank line before
    /// it, and the tags of a component written on one line with its content.
    var closingLines: [Int: [DirectiveLine]] = [:]
    /// Lines whose text is replaced: a one-line component's content.
    var replacedLines: [Int: ArraySlice<UInt8>] = [:]
    /// Lines a component's marker is written on (or before): a blank line goes before it
    /// unless there is one, so that no raw HTML block above (`<iframe` runs to a blank
    /// line) takes the marker in.
    var blankBefore = Set<Int>()
    /// The last line of a tag written over several lines, being read.
    private var tagEnd = 0
    /// Python-Markdown's other line syntax, read in MkDocs pages.
    var lines: PythonMarkdownLines?
    /// DocC's directives, read in a catalog's pages.
    var directiveLines: DocCDirectiveLines?
    /// Closing fences written before a line: of fences left open when their block ended.
    var fenceEnds: [Int: [UInt8]] = [:]

    init(source: SourceText, frontMatterLines: Int) {
      self.source = source
      self.frontMatterLines = frontMatterLines
    }

    /// The indentation blocks add: four columns for each callout and tab, a component's
    /// own for its content.
    private var blockIndent: Int { blocks.reduce(0) { $0 + $1.indent } }

    mutating func run() {
      for line in (frontMatterLines + 1)...source.lineCount {
        if line <= tagEnd {
          leftOut.insert(line)
          continue
        }
        let text = source.bytes[source.lineRange(line)]
        let (width, start) = indentation(text)
        if let column = insertion {
          if start == text.endIndex || width > column {
            leftOut.insert(line)
            continue
          }
          insertion = nil
        }
        if start == text.endIndex {
          blankLine = line
          if !blocks.isEmpty { dedent[line] = blockIndent }
          continue
        }
        let opener = Opener(text[start...])
        let openFence = fence
        var closings = closeBlocks(before: width, opener: opener)
        if let unclosed = openFence, fence == nil {
          // A fence its block ends without closing ends with it: CommonMark's reading of a
          // fence in a container, which the dedented body no longer shows cmark.
          fenceEnds[blankLine ?? line] = Array(repeating: unclosed.byte, count: unclosed.count)
        }
        // A fence that outlived the closings is inside every block still open: its lines
        // are code.
        if let open = fence {
          if isFenceLine(text[start...], closing: open), width < open.column + 4 { fence = nil }
          if !blocks.isEmpty { dedent[line] = blockIndent }
          blankLine = nil
          continue
        }
        // A component's first line of content sets how far its content is indented.
        if let last = blocks.indices.last, case .component = blocks[last].kind, blocks[last].contentIndent == nil {
          blocks[last].contentIndent = width
        }
        let relativeWidth = width - blockIndent
        if directiveLines?.isLeavingOut == false,
          closesDirective(text[start...], line: line, width: width, after: closings)
        {
          blankLine = nil
          continue
        }
        // A grid of topics ends at the first line that is not one of its cards.
        if let docc = directiveLines, let top = blocks.last, top.directive == "Topics",
          !docc.topicsAreCards || DocCDirectiveLines.docLinkItem(text[start...]) == nil
        {
          closings.events += closeBlocks(downTo: blocks.count - 1)
        }
        let enclosing = blocks.last { $0.kind == Self.directiveBlock }
        if directiveLines != nil,
          let action = directiveLines?.read(
            text[start...], width: relativeWidth, line: line, enclosing: enclosing?.directive, grid: enclosing?.grid,
            inTopicsGrid: enclosing?.directive == "Topics")
        {
          switch action {
          case .leaveOut:
            leaveOut(line, after: closings.events, indent: closings.indent)
            continue
          case .leaveOutReporting(let message, let suggestion, let isError):
            diagnostics.append(
              source.diagnostic(
                isError ? .error : .warning, message, line: line, column: width + 1, suggestion: suggestion))
            leaveOut(line, after: closings.events, indent: closings.indent)
            continue
          case .open(let container, let label, let attributes, let directive, let grid):
            guard blocks.count < DialectBlocks.maxDepth else { break }
            openDirective(container, label: label, attributes: attributes, line: line, width: width, after: closings)
            blocks[blocks.count - 1].directive = directive
            blocks[blocks.count - 1].grid = grid
            blankLine = nil
            continue
          case .openWith(let container, let label, let attributes, let text, let directive):
            guard blocks.count < DialectBlocks.maxDepth else { break }
            place(closings.events, line: line, indent: closings.indent)
            let indent = componentIndent(width)
            var block = Block(kind: Self.directiveBlock, column: width, line: line)
            block.directive = directive
            if let container {
              var opening = DirectiveLine.opening(container, label: label, attributes: attributes, writtenAt: line)
              opening.offset = indent
              closingLines[line, default: []].append(opening)
            } else {
              block.emits = false
            }
            blocks.append(block)
            replacedLines[line] = ArraySlice(Array(repeating: 0x20, count: indent) + Array(text.utf8))
            blankBefore.formUnion([line, line + 1])
            blankLine = nil
            continue
          case .card(let label, let href, let body, let opensGrid):
            guard blocks.count < DialectBlocks.maxDepth - 1 else { break }
            card(label: label, href: href, body: body, opensGrid: opensGrid, line: line, width: width, after: closings)
            continue
          case .replace(let markdown):
            place(closings.events, line: line, indent: closings.indent)
            replacedLines[line] = ArraySlice(
              Array(repeating: 0x20, count: max(0, componentIndent(width))) + Array(markdown.utf8))
            blankLine = nil
            continue
          case .problem(let message, let suggestion):
            diagnostics.append(
              source.diagnostic(.error, message, line: line, column: width + 1, suggestion: suggestion))
          case .unread(let name, let known):
            let message =
              known
              ? "the DocC directive `@\(name)` is not read yet: its lines are shown as written"
              : "unknown DocC directive `@\(name)`: its lines are shown as written"
            diagnostics.append(
              source.diagnostic(
                .warning, message, line: line, column: width + 1,
                suggestion: known ? nil : closest(name, DocCDirectiveLines.names)))
          }
        }
        if lines != nil, let action = lines?.read(text[start...], width: relativeWidth, line: line) {
          switch action {
          case .leaveOut:
            leaveOut(line, after: closings.events, indent: closings.indent)
            continue
          case .replace(let indent, let kept, let blankAfter):
            place(closings.events, line: line, indent: closings.indent)
            replacedLines[line] = ArraySlice(Array(repeating: 0x20, count: max(0, indent)) + kept)
            if blankAfter { blankBefore.insert(line + 1) }
            trackLists(text[start...], width: width)
            blankLine = nil
            continue
          case .blankBefore:
            blankBefore.insert(line)
          }
        }
        if let tag = MDXTag(text[start...]) ?? tagOverLines(from: line, start: start),
          component(tag, line: line, column: width, after: closings)
        {
          blankLine = nil
          continue
        }
        if let (tag, inner) = MDXTag.oneLine(text[start...]), var directive = tag.directive() {
          // `<Aside type="tip">Text.</Aside>`: the tags on lines of their own around the text.
          let indent = componentIndent(width)
          directive.writtenOpener = line
          place(closings.events, line: line, indent: closings.indent)
          directive.offset = indent
          closingLines[line, default: []].append(directive)
          var closing = DirectiveLine(kind: .close(fence: 3), offset: indent)
          closing.writtenOpener = line
          closingLines[line + 1, default: []].append(closing)
          replacedLines[line] = inner
          blankBefore.insert(line)
          blankLine = nil
          continue
        }
        if width == 0, blocks.isEmpty, let names = MDXTag.importedNames(text[start...]) {
          // `import Tabs from '@theme/Tabs';`: the components read here need nothing. An
          // import is never shown by the generators that read it: it leaves the page,
          // with a warning when what it imports is not read here.
          leftOut.insert(line)
          if !names.allSatisfy({ MDXTag.containers[$0] != nil }) {
            diagnostics.append(
              source.diagnostic(
                .warning, "an MDX import (\(names.joined(separator: ", "))) is not read by cvsite: left out",
                line: line, column: 1))
          }
          blankLine = nil
          continue
        }
        if let opener, blocks.count < DialectBlocks.maxDepth, mayOpen(at: width) {
          open(opener, line: line, column: width, after: closings.events)
          blankLine = nil
          continue
        }
        place(closings.events, line: line, indent: closings.indent)
        if readsInsertions, let name = Self.insertion(text[start...]) {
          // `::: package.module`: what mkdocstrings (or mkdocs-click…) would put here.
          diagnostics.append(
            source.diagnostic(
              .warning,
              "`::: \(name)` asks an MkDocs plugin for generated content, which cvsite does not run: left out",
              line: line, column: start - text.startIndex + 1))
          leftOut.insert(line)
          insertion = width
          blankLine = nil
          continue
        }
        if let found = fenceStart(text[start...]) {
          fence = Fence(byte: found.byte, count: found.count, depth: blocks.count, column: width)
        }
        trackLists(text[start...], width: width)
        if !blocks.isEmpty { dedent[line] = blockIndent }
        blankLine = nil
      }
      blankLine = nil
      reportUnclosedDirectives()
      let closings = closeBlocks(before: -1, opener: nil, all: true)
      place(closings.events, line: source.lineCount + 1, indent: closings.indent)
    }

    /// A component's opening tag written over several lines (`<Tabs` then its attributes,
    /// then `>`): read whole, its lines after the first left out once it is read.
    private mutating func tagOverLines(from line: Int, start: Int) -> MDXTag? {
      let first = source.bytes[start..<source.lineRange(line).upperBound]
      guard first.count >= 2, first.first == 0x3C, (0x41...0x5A).contains(first[first.startIndex + 1]),
        !first.contains(0x3E), line < source.lineCount
      else { return nil }
      var joined = Array(first)
      for next in (line + 1)...min(source.lineCount, line + 50) {
        let text = source.bytes[source.lineRange(next)]
        joined.append(0x20)
        joined += text.drop(while: isSpace)
        var end = text.endIndex
        while end > text.startIndex, isSpace(text[end - 1]) { end -= 1 }
        guard end > text.startIndex, text[end - 1] == 0x3E else { continue }
        guard let tag = MDXTag(joined[...]), MDXTag.containers[tag.name] != nil else { return nil }
        tagEnd = next
        return tag
      }
      return nil
    }

    /// Reads a component's tag: opens or closes its container (after `closings`, the
    /// blocks the line ends). Returns false for a line to read as any other: a component
    /// cvsite does not read (with a warning) or a closing tag that closes nothing open.
    private mutating func component(
      _ tag: MDXTag, line: Int, column: Int, after closings: (events: [DirectiveLine], indent: Int)
    ) -> Bool {
      guard var directive = tag.directive() else {
        if MDXTag.containers[tag.name] == nil {
          diagnostics.append(
            source.diagnostic(
              .warning,
              "`<\(tag.isClosing ? "/" : "")\(tag.name)>` is an MDX component cvsite does not read: its tag is left out"
                + (tag.isSelfClosing || tag.isClosing ? "" : ", its content kept"),
              line: line, column: column + 1))
          leftOut.insert(line)
          place(closings.events, line: line, indent: closings.indent)
          // Its content is still read, as the page's, without the indentation MDX allows.
          if tag.isClosing, let target = blocks.lastIndex(where: { $0.kind == .component(tag.name) }),
            !blocks[target...].contains(where: \.emits)
          {
            blocks.removeSubrange(target...)
          } else if !tag.isClosing, !tag.isSelfClosing, blocks.count < DialectBlocks.maxDepth {
            var block = Block(kind: .component(tag.name), column: column, line: line)
            block.emits = false
            blocks.append(block)
          }
        }
        return true
      }
      var events = closings.events
      let indent = componentIndent(column)
      if tag.isClosing {
        guard let target = blocks.lastIndex(where: { $0.kind == .component(tag.name) }) else {
          diagnostics.append(
            source.diagnostic(
              .warning, "`</\(tag.name)>` closes no `<\(tag.name)>`: left as written", line: line, column: column + 1))
          place(events, line: line, indent: closings.indent)
          return true
        }
        events += closeBlocks(downTo: target)
        place(events, line: line, indent: componentIndent(column), own: true)
        blankBefore.insert(line)
        return true
      }
      guard blocks.count < DialectBlocks.maxDepth else { return false }
      directive.writtenOpener = line
      if tag.name == "TabItem", tag.attribute("label") == nil, let value = tag.attribute("value") ?? nil,
        let label = blocks.last(where: { $0.kind == .component("Tabs") })?.tabLabels[value]
      {
        directive.label = label
      }
      if tag.name == "TabItem", tag.flag("default"),
        let tabs = blocks.lastIndex(where: { $0.kind == .component("Tabs") })
      {
        // Docusaurus opens the first tab written `default`; a later one is not.
        if blocks[tabs].hasDefault {
          directive.attributes?.attributes.removeAll { $0.kind == .pair(key: "default", value: nil) }
          diagnostics.append(
            source.diagnostic(
              .warning, "a second `default` tab in one `<Tabs>`: the first one opens", line: line, column: column + 1))
        }
        blocks[tabs].hasDefault = true
      }
      events.append(directive)
      var block = Block(kind: .component(tag.name), column: column, line: line)
      if tag.name == "Tabs" { block.tabLabels = tag.tabLabels }
      blocks.append(block)
      place(events, line: line, indent: indent, own: true)
      blankBefore.insert(line)
      return true
    }

    /// Closes the blocks a line at `width` columns ends (a group of tabs stays open for
    /// the next `=== "…"` at its column): their closings, innermost first, and the column
    /// the outermost one's opener has in the rewritten body, where they are written.
    private mutating func closeBlocks(before width: Int, opener: Opener?, all: Bool = false) -> (
      events: [DirectiveLine], indent: Int
    ) {
      var events: [DirectiveLine] = []
      var indent = 0
      while let top = blocks.last {
        switch top.kind {
        case .component:
          // Closed by its closing tag (or the end of the file), not by indentation.
          if !all { return (events, indent) }
        case .admonition, .tab:
          if width >= top.column + 4 { return (events, indent) }
        case .tabGroup:
          if width == top.column, let opener, opener.kind == .tab, !opener.newGroup { return (events, indent) }
        }
        blocks.removeLast()
        if top.emits {
          var closing = DirectiveLine(kind: .close(fence: 3), offset: 0)
          closing.writtenOpener = top.line
          events.append(closing)
        }
        indent = max(0, top.column - blockIndent)
        if let open = fence, open.depth > blocks.count { fence = nil }
        listColumns.removeAll { $0 >= top.column }
      }
      return (events, indent)
    }

    /// An opener at `width` columns belongs to the innermost block (or the page) when it
    /// starts at the block's content, or four columns into a list item there.
    private func mayOpen(at width: Int) -> Bool {
      let content =
        blocks.last.map {
          switch $0.kind {
          case .tabGroup: return $0.column
          case .component: return $0.contentIndent ?? width
          default: return $0.column + 4
          }
        } ?? 0
      return width == content || (width > content && listColumns.contains(width - 4))
    }

    private mutating func open(_ opener: Opener, line: Int, column: Int, after closings: [DirectiveLine]) {
      var events = closings
      let indent = max(0, column - blockIndent)
      func directive(_ name: String, label: String?, _ attributes: [RawAttribute.Kind]) -> DirectiveLine {
        DirectiveLine.opening(name, label: label, attributes: attributes, writtenAt: line)
      }
      switch opener.kind {
      case .admonition(let name, let title, let collapsible, let open):
        var attributes: [RawAttribute.Kind] = []
        // `!!! note ""`: no title bar (its kind is still said to screen readers).
        if title?.isEmpty == true { attributes.append(.cssClass(DialectBlocks.untitledClass)) }
        if collapsible { attributes.append(.pair(key: "collapsible", value: nil)) }
        if open { attributes.append(.pair(key: "open", value: nil)) }
        events.append(directive(name, label: title, attributes))
        blocks.append(Block(kind: .admonition, column: column, line: line))
      case .tab:
        if blocks.last?.kind != .tabGroup {
          events.append(directive("tabs", label: nil, [.pair(key: "sync", value: DialectBlocks.tabSync)]))
          blocks.append(Block(kind: .tabGroup, column: column, line: line))
        }
        var attributes: [RawAttribute.Kind] = opener.selected ? [.pair(key: "default", value: nil)] : []
        // Labels alike but for punctuation ("C", "C++") would derive one value: the
        // second gets its own, as each tab must be chosen by its value.
        if let group = blocks.indices.last {
          let base = slug(opener.title ?? "")
          var value = base
          var suffix = 2
          while blocks[group].tabValues.contains(value) {
            value = "\(base)-\(suffix)"
            suffix += 1
          }
          blocks[group].tabValues.insert(value)
          // A title with `:icon:` shortcodes keeps their names in its value: its text
          // loses them, and "n" and "n :material-chevron-right:" would be one value.
          if value != base || (opener.title ?? "").contains(":") {
            attributes.append(.pair(key: "value", value: value))
          }
        }
        events.append(directive("tab", label: opener.title, attributes))
        blocks.append(Block(kind: .tab, column: column, line: line))
      }
      place(events, line: line, indent: indent, own: true)
    }

    /// Puts `events` on a line that can carry them: this opener's own line, else the
    /// blank line before the text that ended the blocks, else a line of their own.
    /// The kind of a DocC block directive's block: closed by a `}` of its own.
    private static let directiveBlock = Kind.component("@")

    /// Opens a DocC block directive: `container` with its label and attributes, or (nil)
    /// a block whose content is the page's.
    private mutating func openDirective(
      _ container: String?, label: String?, attributes: [RawAttribute.Kind], line: Int, width: Int,
      after closings: (events: [DirectiveLine], indent: Int)
    ) {
      var block = Block(kind: Self.directiveBlock, column: width, line: line)
      guard let container else {
        block.emits = false
        blocks.append(block)
        leaveOut(line, after: closings.events, indent: closings.indent)
        return
      }
      let directive = DirectiveLine.opening(container, label: label, attributes: attributes, writtenAt: line)
      blocks.append(block)
      place(closings.events + [directive], line: line, indent: componentIndent(width), own: true)
      blankBefore.insert(line)
    }

    /// DocC blocks still open at the end of the page: each a warning at its opening (a
    /// settings block an error: the rest of the page was left out with it).
    private mutating func reportUnclosedDirectives() {
      if let docc = directiveLines, docc.isLeavingOut, let opened = docc.settingsLine {
        diagnostics.append(
          source.diagnostic(
            .error, "`@\(docc.openSettingsBlock)` is never closed by its `}`: the rest of the page is left out with it",
            line: opened, column: 1))
      }
      for block in blocks where block.kind == Self.directiveBlock && block.directive != "Topics" {
        diagnostics.append(
          source.diagnostic(
            .warning, "`@\(block.directive ?? "")` is never closed by its `}`: it runs to the end of the page",
            line: block.line, column: block.column + 1))
      }
    }

    /// A card of a grid of links on `line`, its `body` in place of the line's text (and
    /// the grid of topics opened first, with `opensGrid`).
    private mutating func card(
      label: String, href: String, body: String, opensGrid: Bool, line: Int, width: Int,
      after closings: (events: [DirectiveLine], indent: Int)
    ) {
      place(closings.events, line: line, indent: closings.indent)
      let indent = componentIndent(width)
      var openings: [DirectiveLine] = []
      if opensGrid {
        var block = Block(kind: Self.directiveBlock, column: width, line: line)
        block.directive = "Topics"
        blocks.append(block)
        openings.append(DirectiveLine.opening("cards", label: nil, attributes: [], writtenAt: line))
      }
      openings.append(
        DirectiveLine.opening("card", label: label, attributes: [.pair(key: "href", value: href)], writtenAt: line))
      for var opening in openings {
        opening.offset = indent
        closingLines[line, default: []].append(opening)
      }
      var closing = DirectiveLine(kind: .close(fence: 3), offset: indent)
      closing.writtenOpener = line
      closingLines[line + 1, default: []].append(closing)
      replacedLines[line] = ArraySlice(Array(repeating: 0x20, count: indent) + Array(body.utf8))
      blankBefore.insert(line)
      blankLine = nil
    }

    /// A `}` alone on its line closes the innermost DocC block directive (and whatever
    /// opened in it since); false for any other line.
    private mutating func closesDirective(
      _ text: ArraySlice<UInt8>, line: Int, width: Int, after closings: (events: [DirectiveLine], indent: Int)
    ) -> Bool {
      guard text.first == UInt8(ascii: "}"), text.dropFirst().allSatisfy(isSpace),
        let target = blocks.lastIndex(where: { $0.kind == Self.directiveBlock })
      else { return false }
      let events = closings.events + closeBlocks(downTo: target)
      if events.isEmpty {
        leftOut.insert(line)
      } else {
        place(events, line: line, indent: componentIndent(width), own: true)
        blankBefore.insert(line)
      }
      return true
    }

    /// Closes the blocks from the one at `target` in, innermost first: the closings of
    /// those that stand for containers. A fence opened in them ends with them.
    private mutating func closeBlocks(downTo target: Int) -> [DirectiveLine] {
      var events: [DirectiveLine] = []
      while blocks.count > target {
        let block = blocks.removeLast()
        guard block.emits else { continue }
        var closing = DirectiveLine(kind: .close(fence: 3), offset: 0)
        closing.writtenOpener = block.line
        events.append(closing)
      }
      if let open = fence, open.depth > blocks.count { fence = nil }
      return events
    }

    /// Leaves `line` out of the page (it stays, empty), after the blocks it closes.
    private mutating func leaveOut(_ line: Int, after closings: [DirectiveLine], indent: Int) {
      place(closings, line: line, indent: indent)
      leftOut.insert(line)
      blankLine = nil
    }

    private mutating func place(_ events: [DirectiveLine], line: Int, indent: Int, own: Bool = false) {
      guard !events.isEmpty else { return }
      var placed = events
      for index in placed.indices { placed[index].offset = indent }
      var first = placed[0]
      first.more = Array(placed.dropFirst())
      guard own || blankLine == nil else {
        directives[blankLine ?? line] = first
        dedent[blankLine ?? line] = nil
        return
      }
      if own {
        directives[line] = first
      } else {
        closingLines[line, default: []] += placed
      }
    }

    /// The name of a `::: name` line.
    private static func insertion(_ text: ArraySlice<UInt8>) -> String? {
      guard text.starts(with: [0x3A, 0x3A, 0x3A, 0x20]) else { return nil }
      let name = text.dropFirst(4).prefix { !isSpace($0) }
      guard let first = name.first, isASCIILetter(first) || first == 0x5F else { return nil }
      return String(decoding: name, as: UTF8.self)
    }

    private mutating func trackLists(_ text: ArraySlice<UInt8>, width: Int) {
      listColumns.removeAll { $0 >= width }
      if startsListItem(text) {
        listColumns.append(width)
        var index = text.startIndex
        while index < text.endIndex, !isSpace(text[index]) { index += 1 }
        let marker = index - text.startIndex
        var spaces = 0
        while index < text.endIndex, isSpace(text[index]) {
          spaces += 1
          index += 1
        }
        listContent[width] = width + marker + (spaces > 4 || index == text.endIndex ? 1 : spaces)
      }
    }

    /// The column a component's tag at `width` is written at in the rewritten body: MDX
    /// lets a tag sit anywhere in a list item's content, a marker must be within three
    /// columns of it.
    private func componentIndent(_ width: Int) -> Int {
      let indent = max(0, width - blockIndent)
      let content = listColumns.compactMap { listContent[$0].map { $0 - blockIndent } }.filter { $0 <= indent }.max()
      guard let content else { return min(indent, 3) }
      // (A list opened before the blocks around it can start left of them.)
      return max(0, min(indent, content + 3))
    }

    /// The body (marker lines written as markers, other lines dedented) and its
    /// directives, by line of the body.
    func translated() -> (SourceText, [Int: DirectiveLine], definitions: Set<Int>) {
      var definitions = Set<Int>()
      var output: [UInt8] = []
      output.reserveCapacity(source.bytes.count + directives.count * 24)
      var shift: [Int: Int] = [:]
      var written: [Int] = Array(0...frontMatterLines)
      var markers: [Int: DirectiveLine] = [:]
      let bytes = source.bytes
      output += bytes[0..<(frontMatterLines < source.lineCount ? source.lineStarts[frontMatterLines] : bytes.count)]
      func marker(_ directive: DirectiveLine, indent: Int, for line: Int) {
        // A raw HTML block (`</div>`) runs to a blank line: one goes between it and the marker.
        if lastLineIsHTML(output) {
          written.append(line)
          output.append(0x0A)
        }
        written.append(line)
        markers[written.count - 1] = directive
        output += repeatElement(0x20, count: indent)
        output += PreparedBody.markerPrefix.utf8
        appendDecimal(written.count - 1, to: &output)
        output += "-->".utf8
      }
      for line in (frontMatterLines + 1)...(source.lineCount + 1) {
        if let fence = fenceEnds[line] {
          written.append(line)
          output += fence
          output.append(0x0A)
        }
        if blankBefore.contains(line), !output.isEmpty, !output.suffix(2).elementsEqual([0x0A, 0x0A]) {
          written.append(line)
          output.append(0x0A)
        }
        // A line of directives added here is written at the indentation of the last one
        // placed on it (a component's tags, after the closings the same line makes).
        if let events = closingLines[line], var closing = events.first, let last = events.last {
          closing.more = Array(events.dropFirst())
          marker(closing, indent: last.offset, for: min(line, source.lineCount))
          output.append(0x0A)
        }
        guard line <= source.lineCount else { break }
        let range = source.lineRange(line)
        let ending = range.upperBound..<(line < source.lineCount ? source.lineStarts[line] : bytes.count)
        if let directive = directives[line] {
          // Every directive placed on a line carries the indentation it is written at.
          let indent = directive.offset
          marker(directive, indent: indent, for: line)
          shift[line] = indentation(bytes[range]).start - range.lowerBound - indent
        } else {
          written.append(line)
          if lines?.definitionLines.contains(line) == true { definitions.insert(written.count - 1) }
          if leftOut.contains(line) {
            // Left out: the line stays, empty.
          } else if let text = replacedLines[line] {
            output += text
          } else if let columns = dedent[line], columns > 0 {
            let (kept, removed, added) = dedented(bytes[range], columns: columns)
            output += repeatElement(0x20, count: added)
            output += kept
            shift[line] = removed - added
          } else {
            output += bytes[range]
          }
        }
        // The last line may end without a line break: one goes before lines added after it.
        if ending.isEmpty, closingLines[source.lineCount + 1] != nil {
          output.append(0x0A)
        } else {
          output += bytes[ending]
        }
      }
      var text = SourceText(path: source.path, bytes: output)
      let moved = written.count - 1 != source.lineCount || closingLines[source.lineCount + 1] != nil
      if let earlier = source.asWritten {
        text.asWritten = SourceText.AsWritten(composing: earlier, columnShift: shift, writtenLines: written)
      } else {
        text.asWritten = SourceText.AsWritten(source, columnShift: shift, writtenLines: moved ? written : nil)
      }
      return (text, markers, definitions)
    }
  }
}

/// Whether the last line of `output` starts, after its indentation, with `<` and is not a
/// directive marker: a raw HTML block the next line would join.
private func lastLineIsHTML(_ output: [UInt8]) -> Bool {
  guard output.last == 0x0A else { return false }
  var start = output.count - 1
  while start > 0, output[start - 1] != 0x0A { start -= 1 }
  let line = output[start..<(output.count - 1)].drop(while: isSpace)
  return line.first == 0x3C && !line.starts(with: PreparedBody.markerPrefix.utf8)
}

/// A fenced code block open in the body.
private struct Fence {
  var byte: UInt8
  var count: Int
  /// How many blocks were open when the fence opened: it ends with the innermost.
  var depth: Int
  /// The opening fence's column: the closing one is indented less than four more.
  var column: Int
}

/// An opener line: `!!! type "Title"`, `??? type`, `???+ type`, `=== "Label"`.
private struct Opener {
  enum Kind: Equatable {
    case admonition(name: String, title: String?, collapsible: Bool, open: Bool)
    case tab
  }
  var kind: Kind
  var title: String?
  var newGroup = false
  var selected = false

  init?(_ text: ArraySlice<UInt8>) {
    guard text.count >= 3 else { return nil }
    let byte = text[text.startIndex]
    guard byte == 0x21 || byte == 0x3F || byte == 0x3D, text.prefix(3).allSatisfy({ $0 == byte }) else { return nil }
    var index = text.startIndex + 3
    if byte == 0x3D {
      // `===`, then `!` (a new group) and `+` (the selected tab) in either order.
      while index < text.endIndex, text[index] == 0x21 || text[index] == 0x2B {
        if text[index] == 0x21 { newGroup = true } else { selected = true }
        index += 1
      }
      guard index < text.endIndex, isSpace(text[index]) else { return nil }
      while index < text.endIndex, isSpace(text[index]) { index += 1 }
      guard let title = Self.quoted(text[index...]) else { return nil }
      self.title = title
      kind = .tab
      return
    }
    var open = false
    if byte == 0x3F, index < text.endIndex, text[index] == 0x2B {
      open = true
      index += 1
    }
    while index < text.endIndex, isSpace(text[index]) { index += 1 }
    let nameStart = index
    while index < text.endIndex, isASCIIAlphanumeric(text[index]) || text[index] == 0x2D || text[index] == 0x5F {
      index += 1
    }
    guard index > nameStart else { return nil }
    let name = String(decoding: text[nameStart..<index], as: UTF8.self).lowercased()
    // Further words are classes (`!!! note inline end`); a quoted title may follow.
    while index < text.endIndex, text[index] != 0x22 {
      guard isSpace(text[index]) || isASCIIAlphanumeric(text[index]) || text[index] == 0x2D || text[index] == 0x5F
      else { return nil }
      index += 1
    }
    var title: String?
    if index < text.endIndex {
      guard let quoted = Self.quoted(text[index...]) else { return nil }
      title = quoted
    }
    kind = .admonition(name: name, title: title, collapsible: byte == 0x3F, open: open)
    self.title = title
  }

  /// The text between the first and the last `"` of the rest of the line, which must end
  /// there (spaces aside).
  private static func quoted(_ text: ArraySlice<UInt8>) -> String? {
    guard text.first == 0x22 else { return nil }
    var end = text.endIndex
    while end > text.startIndex, isSpace(text[end - 1]) { end -= 1 }
    guard end - text.startIndex >= 2, text[end - 1] == 0x22 else { return nil }
    return String(decoding: text[(text.startIndex + 1)..<(end - 1)], as: UTF8.self)
  }
}

/// The width in columns (a tab to the next multiple of four) of a line's indentation, and
/// where its text starts.
private func indentation(_ text: ArraySlice<UInt8>) -> (width: Int, start: Int) {
  var width = 0
  var index = text.startIndex
  while index < text.endIndex, isSpace(text[index]) {
    width = text[index] == 0x09 ? (width / 4 + 1) * 4 : width + 1
    index += 1
  }
  return (width, index)
}

/// A line without its first `columns` columns of indentation: the bytes kept, how many
/// were removed, and how many spaces stand for the rest of a tab cut through.
private func dedented(_ text: ArraySlice<UInt8>, columns: Int) -> (ArraySlice<UInt8>, removed: Int, added: Int) {
  var width = 0
  var index = text.startIndex
  while index < text.endIndex, width < columns, isSpace(text[index]) {
    width = text[index] == 0x09 ? (width / 4 + 1) * 4 : width + 1
    index += 1
  }
  return (text[index...], index - text.startIndex, max(0, width - columns))
}

/// A fence opening (three or more backticks or tildes) at the start of `text`.
private func fenceStart(_ text: ArraySlice<UInt8>) -> (byte: UInt8, count: Int)? {
  guard let byte = text.first, byte == 0x60 || byte == 0x7E else { return nil }
  let count = text.prefix { $0 == byte }.count
  guard count >= 3 else { return nil }
  if byte == 0x60, text.dropFirst(count).contains(0x60) { return nil }
  return (byte, count)
}

private func isFenceLine(_ text: ArraySlice<UInt8>, closing fence: Fence) -> Bool {
  let count = text.prefix { $0 == fence.byte }.count
  return count >= fence.count && text.dropFirst(count).allSatisfy(isSpace)
}

/// `- `, `* `, `+ `, `1. ` or `1) ` at the start of `text`.
private func startsListItem(_ text: ArraySlice<UInt8>) -> Bool {
  guard let first = text.first else { return false }
  var index = text.startIndex
  if first == 0x2D || first == 0x2A || first == 0x2B {
    index += 1
  } else {
    while index < text.endIndex, index - text.startIndex < 9, text[index] >= 0x30, text[index] <= 0x39 { index += 1 }
    guard index > text.startIndex, index < text.endIndex, text[index] == 0x2E || text[index] == 0x29 else {
      return false
    }
    index += 1
  }
  return index == text.endIndex || isSpace(text[index])
}

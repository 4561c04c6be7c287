import CvsiteCore

/// One walk over a page's lines, shared by the dialect readers that read it: it keeps the
/// blocks open around each line, fences and list items, offers each line with text to the
/// readers in turn, and records where their directives go; ``translated()`` writes the
/// body from what it recorded.
struct LineWalk {
  let source: SourceText
  let frontMatterLines: Int
  /// Directives placed on a line of the page (the line becomes their marker).
  var directives: [Int: DirectiveLine] = [:]
  var diagnostics: [Diagnostic] = []
  /// Columns removed from the start of each line.
  var dedent: [Int: Int] = [:]
  /// The blocks open, outermost first.
  var blocks: [WalkBlock] = []
  /// The fenced code block open, whose lines no reader reads.
  var fence: Fence?
  /// Columns where list items started, for the blocks' content: an opener may sit in a
  /// list item, four columns in, as Python-Markdown nests it.
  var listColumns: [Int] = []
  /// Where the content of each of those list items starts (`1.  Text`: four columns in),
  /// as written.
  var listContent: [Int: Int] = [:]
  /// The last blank line since the last line with text.
  var blankLine: Int?
  /// Lines left out (they stay, empty).
  var leftOut = Set<Int>()
  /// Directives on lines of their own, added before a line (`lineCount + 1`: after the
  /// last line): closings of blocks that text ends directly, with no blank line before
  /// it, and the tags of a component written on one line with its content.
  var closingLines: [Int: [DirectiveLine]] = [:]
  /// Lines whose text is replaced.
  var replacedLines: [Int: ArraySlice<UInt8>] = [:]
  /// Lines a marker is written on (or before): a blank line goes before it unless there
  /// is one, so that no raw HTML block above (`<iframe` runs to a blank line) takes the
  /// marker in.
  var blankBefore = Set<Int>()
  /// Closing fences written before a line: of fences left open when their block ended.
  var fenceEnds: [Int: [UInt8]] = [:]
  /// What the readers hand over at the end: the abbreviations the page defines, and the
  /// lines whose list item is a definition.
  var abbreviations: [Abbreviation] = []
  var definitionLines = Set<Int>()

  init(source: SourceText, frontMatterLines: Int) {
    self.source = source
    self.frontMatterLines = frontMatterLines
  }

  /// Whether a reader changed a line: else the page is read as written.
  var rewritesLines: Bool {
    !directives.isEmpty || !leftOut.isEmpty || !closingLines.isEmpty || !replacedLines.isEmpty || !blankBefore.isEmpty
  }

  /// The indentation blocks add: four columns for each callout and tab, a component's
  /// own for its content.
  var blockIndent: Int { blocks.reduce(0) { $0 + $1.indent } }

  /// Walks the lines after the front matter, offering each to `readers` in their order.
  mutating func run(_ readers: inout [any DialectLineReader]) {
    for line in (frontMatterLines + 1)...source.lineCount {
      let text = source.bytes[source.lineRange(line)]
      let (width, start) = LineText.indentation(text)
      let isBlank = start == text.endIndex
      if takeWhole(line, width: width, isBlank: isBlank, readers: &readers) { continue }
      if isBlank {
        blankLine = line
        if !blocks.isEmpty { dedent[line] = blockIndent }
        continue
      }
      let rest = text[start...]
      let openFence = fence
      let source = self.source
      let closings = closeBlocks(before: width) { group in
        readers.contains { $0.continues(group, with: rest, line: line, source: source) }
      }
      if let unclosed = openFence, fence == nil {
        // A fence its block ends without closing ends with it: CommonMark's reading of a
        // fence in a container, which the dedented body no longer shows cmark.
        fenceEnds[blankLine ?? line] = Array(repeating: unclosed.byte, count: unclosed.count)
      }
      // A fence that outlived the closings is inside every block still open: its lines
      // are code.
      if let open = fence {
        if LineText.isFenceLine(rest, closing: open), width < open.column + 4 { fence = nil }
        if !blocks.isEmpty { dedent[line] = blockIndent }
        blankLine = nil
        continue
      }
      // A tagged block's first line of content sets how far its content is indented.
      if let last = blocks.indices.last, case .tagged = blocks[last].closing, blocks[last].contentIndent == nil {
        blocks[last].contentIndent = width
      }
      var walked = WalkedLine(
        number: line, text: rest, width: width, indentBytes: start - text.startIndex,
        relativeWidth: width - blockIndent, closings: closings)
      if offer(&walked, to: &readers) { continue }
      place(walked.closings.events, line: line, indent: walked.closings.indent)
      if let found = LineText.fenceStart(rest) {
        fence = Fence(byte: found.byte, count: found.count, depth: blocks.count, column: width)
      } else if let item = LineText.listItemContent(rest, width: width), let found = LineText.fenceStart(item.text) {
        // `3. ```js`: a fence that opens a list item.
        fence = Fence(byte: found.byte, count: found.count, depth: blocks.count, column: item.column)
      }
      trackLists(rest, width: width)
      if !blocks.isEmpty { dedent[line] = blockIndent }
      blankLine = nil
    }
    blankLine = nil
    for index in readers.indices { readers[index].finish(walk: &self) }
    let closings = closeBlocks(before: -1, all: true) { _ in false }
    place(closings.events, line: source.lineCount + 1, indent: closings.indent)
  }

  private mutating func takeWhole(
    _ line: Int, width: Int, isBlank: Bool, readers: inout [any DialectLineReader]
  ) -> Bool {
    for index in readers.indices {
      if readers[index].takes(line: line, width: width, isBlank: isBlank, walk: &self) { return true }
    }
    return false
  }

  private mutating func offer(_ line: inout WalkedLine, to readers: inout [any DialectLineReader]) -> Bool {
    for index in readers.indices {
      if readers[index].read(&line, walk: &self) { return true }
    }
    return false
  }

  /// Closes the blocks a line at `width` columns ends (a group stays open for a line at
  /// its column that `continuesGroup` says goes on with it): their closings, innermost
  /// first, and the column the outermost one's opener has in the rewritten body, where
  /// they are written. Tagged blocks close only with `all` (at the end of the page).
  mutating func closeBlocks(
    before width: Int, all: Bool = false, continuesGroup: (WalkBlock) -> Bool
  ) -> (events: [DirectiveLine], indent: Int) {
    var events: [DirectiveLine] = []
    var indent = 0
    while let top = blocks.last {
      switch top.closing {
      case .tagged:
        if !all { return (events, indent) }
      case .indented:
        if width >= top.column + 4 { return (events, indent) }
      case .group:
        if width == top.column, continuesGroup(top) { return (events, indent) }
      }
      blocks.removeLast()
      if top.emits { events.append(Self.closing(of: top)) }
      indent = max(0, top.column - blockIndent)
      if let open = fence, open.depth > blocks.count { fence = nil }
      listColumns.removeAll { $0 >= top.column }
    }
    return (events, indent)
  }

  /// Closes the blocks from the one at `target` in, innermost first: the closings of
  /// those that stand for containers. A fence opened in them ends with them.
  mutating func closeBlocks(downTo target: Int) -> [DirectiveLine] {
    var events: [DirectiveLine] = []
    while blocks.count > target {
      let block = blocks.removeLast()
      guard block.emits else { continue }
      events.append(Self.closing(of: block))
    }
    if let open = fence, open.depth > blocks.count { fence = nil }
    return events
  }

  /// The closing directive of `block`, pointing back at its opener.
  static func closing(of block: WalkBlock) -> DirectiveLine {
    var closing = DirectiveLine(kind: .close(fence: 3), offset: 0)
    closing.writtenOpener = block.line
    return closing
  }

  /// An opener at `width` columns belongs to the innermost block (or the page) when it
  /// starts at the block's content, or four columns into a list item there.
  func mayOpen(at width: Int) -> Bool {
    let content =
      blocks.last.map {
        switch $0.closing {
        case .group: return $0.column
        case .tagged: return $0.contentIndent ?? width
        case .indented: return $0.column + 4
        }
      } ?? 0
    return width == content || (width > content && listColumns.contains(width - 4))
  }

  /// Writes `events` as the marker of `line`, in place of its text, with a blank line
  /// before it; a line that carries none leaves the page (a closing that closes nothing
  /// written).
  mutating func mark(_ events: [DirectiveLine], on line: WalkedLine) {
    if events.isEmpty {
      leftOut.insert(line.number)
    } else {
      place(events, line: line.number, indent: componentIndent(line.width), own: true)
      blankBefore.insert(line.number)
    }
  }

  /// Leaves `line` out of the page (it stays, empty), after the blocks it closes.
  mutating func leaveOut(_ line: Int, after closings: [DirectiveLine], indent: Int) {
    place(closings, line: line, indent: indent)
    leftOut.insert(line)
    blankLine = nil
  }

  /// Puts `events` on a line that can carry them: this opener's own line (`own`), else
  /// the blank line before the text that ended the blocks, else a line of their own.
  mutating func place(_ events: [DirectiveLine], line: Int, indent: Int, own: Bool = false) {
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

  mutating func trackLists(_ text: ArraySlice<UInt8>, width: Int) {
    listColumns.removeAll { $0 >= width }
    guard LineText.startsListItem(text) else { return }
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

  /// The column a tag at `width` is written at in the rewritten body: MDX lets a tag sit
  /// anywhere in a list item's content, a marker must be within three columns of it.
  func componentIndent(_ width: Int) -> Int {
    let indent = max(0, width - blockIndent)
    let content = listColumns.compactMap { listContent[$0].map { $0 - blockIndent } }.filter { $0 <= indent }.max()
    guard let content else { return min(indent, 3) }
    // (A list opened before the blocks around it can start left of them.)
    return max(0, min(indent, content + 3))
  }
}

/// A fenced code block open in the body.
struct Fence {
  var byte: UInt8
  var count: Int
  /// How many blocks were open when the fence opened: it ends with the innermost.
  var depth: Int
  /// The opening fence's column: the closing one is indented less than four more.
  var column: Int
}

/// What the walk and its writer read off a line's bytes.
enum LineText {
  /// The width in columns (a tab to the next multiple of four) of a line's indentation,
  /// and where its text starts.
  static func indentation(_ text: ArraySlice<UInt8>) -> (width: Int, start: Int) {
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
  static func dedented(_ text: ArraySlice<UInt8>, columns: Int) -> (ArraySlice<UInt8>, removed: Int, added: Int) {
    var width = 0
    var index = text.startIndex
    while index < text.endIndex, width < columns, isSpace(text[index]) {
      width = text[index] == 0x09 ? (width / 4 + 1) * 4 : width + 1
      index += 1
    }
    return (text[index...], index - text.startIndex, max(0, width - columns))
  }

  /// A fence opening (three or more backticks or tildes) at the start of `text`.
  static func fenceStart(_ text: ArraySlice<UInt8>) -> (byte: UInt8, count: Int)? {
    guard let byte = text.first, byte == 0x60 || byte == 0x7E else { return nil }
    let count = text.prefix { $0 == byte }.count
    guard count >= 3 else { return nil }
    if byte == 0x60, text.dropFirst(count).contains(0x60) { return nil }
    return (byte, count)
  }

  static func isFenceLine(_ text: ArraySlice<UInt8>, closing fence: Fence) -> Bool {
    let count = text.prefix { $0 == fence.byte }.count
    return count >= fence.count && text.dropFirst(count).allSatisfy(isSpace)
  }

  /// `- `, `* `, `+ `, `1. ` or `1) ` at the start of `text`.
  /// What follows the list markers that open `text` (`- `, `1. `, `- 2) `), and the
  /// column it starts at, for a line at `width`; nil when no marker opens it, or when
  /// what follows is indented code or comes after a tab.
  static func listItemContent(_ text: ArraySlice<UInt8>, width: Int) -> (text: ArraySlice<UInt8>, column: Int)? {
    var (rest, column, markers) = (text, width, 0)
    while markers < 10, startsListItem(rest) {
      var index = rest.startIndex
      while index < rest.endIndex, !isSpace(rest[index]) { index += 1 }
      let marker = index - rest.startIndex
      var spaces = 0
      while index < rest.endIndex, rest[index] == 0x20 {
        spaces += 1
        index += 1
      }
      guard index == rest.endIndex || rest[index] != 0x09, spaces <= 4 else { return nil }
      (rest, column, markers) = (rest[index...], column + marker + spaces, markers + 1)
    }
    return markers == 0 ? nil : (rest, column)
  }

  static func startsListItem(_ text: ArraySlice<UInt8>) -> Bool {
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

  /// Whether some line from `firstLine` on starts, after its indentation, with bytes
  /// `matches` accepts (given the bytes from there to the end of the page, and the line).
  static func anyLine(
    of source: SourceText, from firstLine: Int, where matches: (ArraySlice<UInt8>, Int) -> Bool
  ) -> Bool {
    let bytes = source.bytes
    guard firstLine <= source.lineCount else { return false }
    for line in firstLine...source.lineCount {
      var index = source.lineStarts[line - 1]
      while index < bytes.count, isSpace(bytes[index]) { index += 1 }
      if matches(bytes[index...], line) { return true }
    }
    return false
  }
}

import CvsiteCore

/// The MDX components of Docusaurus and Starlight pages, each tag on a line of its own
/// (``MDXTag``), read into cvsite's directives: `<Tabs>` … `</Tabs>` becomes a tab bar,
/// `<Aside type="tip">Text.</Aside>` a callout. A component cvsite does not read is a
/// warning, its tags left out and its content read as the page's; `import` lines leave the
/// page, as the generators that read them never show them.
struct MDXComponentReader: DialectLineReader {
  /// Whether the page is MDX, which reads an HTML element on a line of its own as an
  /// element and the lines after it as Markdown (``isElementLine(_:)``).
  var readsElementLines = false
  /// The last line of a tag written over several lines, being read.
  private var tagEnd = 0

  init(readsElementLines: Bool = false) { self.readsElementLines = readsElementLines }

  /// Whether some line starts, after its indentation, with `<` and a capital (a
  /// component; in an MDX page any letter, an element too), `</`, or `import `.
  func mayRead(_ source: SourceText, from firstLine: Int) -> Bool {
    LineText.anyLine(of: source, from: firstLine) { text, _ in
      guard text.count >= 2 else { return false }
      let first = text[text.startIndex]
      let second = text[text.startIndex + 1]
      // (An element, `<details>`, is read only in an MDX page: other pages need no walk for it.)
      if first == 0x3C,
        (0x41...0x5A).contains(second) || second == 0x2F
          || (readsElementLines && (0x61...0x7A).contains(second))
      {
        return true
      }
      if first == 0x7B, text.starts(with: "{/*".utf8) { return true }
      return first == 0x69 && text.starts(with: "import ".utf8)
    }
  }

  mutating func takes(line: Int, width: Int, isBlank: Bool, walk: inout LineWalk) -> Bool {
    guard line <= tagEnd else { return false }
    walk.leftOut.insert(line)
    return true
  }

  mutating func read(_ line: inout WalkedLine, walk: inout LineWalk) -> Bool {
    if let html = Self.fragmentHTML(line.text) {
      // `<Fragment set:html={"<pre>…</pre>"} />`: Astro's fragment of HTML written as a
      // string (Biome's rule pages hold hundreds): the HTML, as its own block.
      walk.place(line.closings.events, line: line.number, indent: line.closings.indent)
      walk.replacedLines[line.number] = html[...]
      walk.blankBefore.insert(line.number)
      if line.number < walk.source.lineCount { walk.blankBefore.insert(line.number + 1) }
      walk.blankLine = nil
      return true
    }
    if line.text.starts(with: "{/*".utf8), let end = Self.commentEnd(from: line.number, first: line.text, walk.source) {
      // `{/* prettier-ignore */}`: an MDX comment, which no reader of the page sees.
      walk.leftOut.insert(line.number)
      tagEnd = max(tagEnd, end)
      walk.place(line.closings.events, line: line.number, indent: line.closings.indent)
      return true
    }
    if let tag = MDXTag(line.text) ?? tagOverLines(from: line.number, first: line.text, source: walk.source),
      component(tag, line: line.number, column: line.width, after: line.closings, walk: &walk)
    {
      walk.blankLine = nil
      return true
    }
    if let (tag, inner) = MDXTag.oneLine(line.text), var directive = tag.directive() {
      // `<Aside type="tip">Text.</Aside>`: the tags on lines of their own around the text.
      let indent = walk.componentIndent(line.width)
      directive.writtenOpener = line.number
      walk.place(line.closings.events, line: line.number, indent: line.closings.indent)
      directive.offset = indent
      walk.closingLines[line.number, default: []].append(directive)
      var closing = DirectiveLine(kind: .close(fence: 3), offset: indent)
      closing.writtenOpener = line.number
      walk.closingLines[line.number + 1, default: []].append(closing)
      walk.replacedLines[line.number] = inner
      walk.blankBefore.insert(line.number)
      walk.blankLine = nil
      return true
    }
    if readsElementLines, Self.isElementLine(line.text), line.number < walk.source.lineCount {
      // `<details>`, `<summary>Show the code</summary>`: in MDX an element on a line of
      // its own, the lines after it Markdown again (a fence right after `<summary>`);
      // in CommonMark an HTML block that would take them in, up to a blank line.
      walk.blankBefore.insert(line.number + 1)
      return false
    }
    if line.width == 0, walk.blocks.isEmpty, let names = MDXTag.importedNames(line.text) {
      // `import Tabs from '@theme/Tabs';`: the components read here need nothing. An
      // import leaves the page, with a warning when what it imports is not read here.
      walk.leftOut.insert(line.number)
      if !names.allSatisfy({ MDXTag.containers[$0] != nil }) {
        walk.diagnostics.append(
          walk.source.diagnostic(
            .warning, "an MDX import (\(names.joined(separator: ", "))) is not read by cvsite: left out",
            line: line.number, column: 1))
      }
      walk.blankLine = nil
      return true
    }
    return false
  }

  /// Whether `text` (a line without its indentation) is one HTML element's tag, or an
  /// element with its text and closing tag, and nothing else: `<details>`, `</div>`,
  /// `<summary>Show</summary>`. Not the elements whose content HTML keeps as written
  /// (`pre`, `script`, `style`, `textarea`), which CommonMark reads to their closing tag.
  static func isElementLine(_ text: ArraySlice<UInt8>) -> Bool {
    var line = text
    while let last = line.last, last == 0x20 || last == 0x09 || last == 0x0D { line = line.dropLast() }
    guard line.count >= 3, line.first == 0x3C, line.last == 0x3E else { return false }
    var start = line.startIndex + 1
    if line[start] == 0x2F { start += 1 }
    guard start < line.endIndex, (0x61...0x7A).contains(line[start]) else { return false }
    var end = start
    while end < line.endIndex,
      (0x61...0x7A).contains(line[end] | 0x20) || (0x30...0x39).contains(line[end])
        || line[end] == 0x2D
    {
      end += 1
    }
    guard end == line.endIndex || [0x20, 0x09, 0x3E, 0x2F].contains(line[end]) else { return false }
    return !["pre", "script", "style", "textarea"].contains(String(decoding: line[start..<end], as: UTF8.self))
  }

  /// The HTML of `<Fragment set:html={"…"} />` (the string in double or single quotes,
  /// or a template without `${`), its escapes decoded and its line breaks written as
  /// `&#10;` so that it stays one line; nil for any other line.
  static func fragmentHTML(_ text: ArraySlice<UInt8>) -> [UInt8]? {
    let opening = Array("<Fragment set:html={".utf8)
    guard text.starts(with: opening) else { return nil }
    var end = text.endIndex
    while end > text.startIndex, isSpace(text[end - 1]) { end -= 1 }
    guard end - text.startIndex > opening.count + 4, text[end - 1] == 0x3E, text[end - 2] == 0x2F else { return nil }
    end -= 2
    while end > text.startIndex, isSpace(text[end - 1]) { end -= 1 }
    guard text[end - 1] == 0x7D else { return nil }
    var literal = text[(text.startIndex + opening.count)..<(end - 1)]
    while let first = literal.first, isSpace(first) { literal = literal.dropFirst() }
    while let last = literal.last, isSpace(last) { literal = literal.dropLast() }
    guard literal.count >= 2, let quote = literal.first, [0x22, 0x27, 0x60].contains(quote), literal.last == quote
    else { return nil }
    return ScriptStringLiteral.decode(literal.dropFirst().dropLast(), quote: quote).map { decoded in
      decoded.flatMap { $0 == 0x0A ? Array("&#10;".utf8) : [$0] }
    }
  }

  /// The last line of the MDX comment `{/* … */}` that opens `first` (line `line`),
  /// when the comment ends a line, within 200 lines; nil when text follows it.
  static func commentEnd(from line: Int, first: ArraySlice<UInt8>, _ source: SourceText) -> Int? {
    // Where the first `*/` from `start` is: nil when there is none, else whether `}`
    // and only spaces follow it.
    func closes(_ text: ArraySlice<UInt8>, from start: Int) -> Bool? {
      var index = start
      while index + 1 < text.endIndex {
        if text[index] == 0x2A, text[index + 1] == 0x2F {
          let rest = text[(index + 2)...]
          return rest.first == 0x7D && rest.dropFirst().allSatisfy(isSpace)
        }
        index += 1
      }
      return nil
    }
    if let closed = closes(first, from: first.startIndex + 3) { return closed ? line : nil }
    guard line < source.lineCount else { return nil }
    for next in (line + 1)...min(source.lineCount, line + 200) {
      let text = source.bytes[source.lineRange(next)]
      if let closed = closes(text, from: text.startIndex) { return closed ? next : nil }
    }
    return nil
  }

  /// A component's opening tag written over several lines (`<Tabs` then its attributes,
  /// then `>`): read whole, its lines after the first left out once it is read.
  private mutating func tagOverLines(from line: Int, first: ArraySlice<UInt8>, source: SourceText) -> MDXTag? {
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
  /// too deep to open.
  private func component(
    _ tag: MDXTag, line: Int, column: Int, after closings: (events: [DirectiveLine], indent: Int),
    walk: inout LineWalk
  ) -> Bool {
    guard var directive = tag.directive() else {
      if MDXTag.containers[tag.name] == nil { unread(tag, line: line, column: column, after: closings, walk: &walk) }
      return true
    }
    var events = closings.events
    let indent = walk.componentIndent(column)
    if tag.isClosing {
      guard let target = walk.blocks.lastIndex(where: { $0.closing == .tagged(tag.name) }) else {
        walk.diagnostics.append(
          walk.source.diagnostic(
            .warning, "`</\(tag.name)>` closes no `<\(tag.name)>`: left as written", line: line, column: column + 1))
        walk.place(events, line: line, indent: closings.indent)
        return true
      }
      events += walk.closeBlocks(downTo: target)
      walk.place(events, line: line, indent: walk.componentIndent(column), own: true)
      walk.blankBefore.insert(line)
      return true
    }
    guard walk.blocks.count < DialectBlocks.maxDepth else { return false }
    directive.writtenOpener = line
    if tag.name == "TabItem" {
      tabItem(tag, &directive, line: line, column: column, walk: &walk)
    }
    events.append(directive)
    var block = WalkBlock(.tagged(tag.name), column: column, line: line)
    if tag.name == "Tabs" { block.tabLabels = tag.tabLabels }
    walk.blocks.append(block)
    walk.place(events, line: line, indent: indent, own: true)
    walk.blankBefore.insert(line)
    return true
  }

  /// A `<TabItem>` takes its label from its `<Tabs>`' `values` when it has none, and
  /// only the first tab written `default` opens (as in Docusaurus).
  private func tabItem(
    _ tag: MDXTag, _ directive: inout DirectiveLine, line: Int, column: Int, walk: inout LineWalk
  ) {
    let tabs = walk.blocks.lastIndex { $0.closing == .tagged("Tabs") }
    if tag.attribute("label") == nil, let value = tag.attribute("value") ?? nil, let tabs,
      let label = walk.blocks[tabs].tabLabels[value]
    {
      directive.label = label
    }
    guard tag.flag("default"), let tabs else { return }
    if walk.blocks[tabs].hasDefault {
      directive.attributes?.attributes.removeAll { $0.kind == .pair(key: "default", value: nil) }
      walk.diagnostics.append(
        walk.source.diagnostic(
          .warning, "a second `default` tab in one `<Tabs>`: the first one opens", line: line, column: column + 1))
    }
    walk.blocks[tabs].hasDefault = true
  }

  /// A component cvsite does not read: a warning, its tag left out; its content is still
  /// read, as the page's, without the indentation MDX allows.
  private func unread(
    _ tag: MDXTag, line: Int, column: Int, after closings: (events: [DirectiveLine], indent: Int),
    walk: inout LineWalk
  ) {
    walk.diagnostics.append(
      walk.source.diagnostic(
        .warning,
        "`<\(tag.isClosing ? "/" : "")\(tag.name)>` is an MDX component cvsite does not read: its tag is left out"
          + (tag.isSelfClosing || tag.isClosing ? "" : ", its content kept"),
        line: line, column: column + 1))
    walk.leftOut.insert(line)
    walk.place(closings.events, line: line, indent: closings.indent)
    if tag.isClosing, let target = walk.blocks.lastIndex(where: { $0.closing == .tagged(tag.name) }),
      !walk.blocks[target...].contains(where: \.emits)
    {
      walk.blocks.removeSubrange(target...)
    } else if !tag.isClosing, !tag.isSelfClosing, walk.blocks.count < DialectBlocks.maxDepth {
      var block = WalkBlock(.tagged(tag.name), column: column, line: line)
      block.emits = false
      walk.blocks.append(block)
    }
  }
}

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
/// In an MkDocs project (``readsInsertions``), a `::: name` line is what mkdocstrings (or
/// another plugin) would put there: left out with its indented options, and said.
struct PythonMarkdownBlockReader: DialectLineReader {
  /// Whether `::: name` lines are insertions of mkdocstrings and other plugins.
  let readsInsertions: Bool
  /// The column of the insertion whose options are being left out.
  private var insertion: Int?

  init(readsInsertions: Bool) {
    self.readsInsertions = readsInsertions
  }

  /// Whether some line starts, after its indentation, with `!!!`, `???` or `===` (or,
  /// with insertions, `:::`).
  func mayRead(_ source: SourceText, from firstLine: Int) -> Bool {
    LineText.anyLine(of: source, from: firstLine) { text, _ in
      guard text.count >= 3 else { return false }
      let byte = text[text.startIndex]
      guard byte == 0x21 || byte == 0x3F || byte == 0x3D || (readsInsertions && byte == 0x3A) else { return false }
      return text[text.startIndex + 1] == byte && text[text.startIndex + 2] == byte
    }
  }

  mutating func takes(line: Int, width: Int, isBlank: Bool, walk: inout LineWalk) -> Bool {
    guard let column = insertion else { return false }
    if isBlank || width > column {
      walk.leftOut.insert(line)
      return true
    }
    insertion = nil
    return false
  }

  /// A tab group of its own (no name) goes on with the next `=== "Tab"` (not `===!`).
  func continues(_ group: WalkBlock, with text: ArraySlice<UInt8>, line: Int, source: SourceText) -> Bool {
    guard group.directive == nil, let opener = Opener(text) else { return false }
    return opener.kind == .tab && !opener.newGroup
  }

  mutating func read(_ line: inout WalkedLine, walk: inout LineWalk) -> Bool {
    if let opener = Opener(line.text), walk.blocks.count < DialectBlocks.maxDepth, walk.mayOpen(at: line.width) {
      open(opener, line: line.number, column: line.width, after: line.closings.events, walk: &walk)
      walk.blankLine = nil
      return true
    }
    guard readsInsertions, let name = Self.insertion(line.text) else { return false }
    // `::: package.module`: what mkdocstrings (or mkdocs-click…) would put here.
    walk.place(line.closings.events, line: line.number, indent: line.closings.indent)
    line.closings = ([], 0)
    walk.diagnostics.append(
      walk.source.diagnostic(
        .warning,
        "`::: \(name)` asks an MkDocs plugin for generated content, which cvsite does not run: left out",
        line: line.number, column: line.indentBytes + 1))
    walk.leftOut.insert(line.number)
    insertion = line.width
    walk.blankLine = nil
    return true
  }

  private func open(
    _ opener: Opener, line: Int, column: Int, after closings: [DirectiveLine], walk: inout LineWalk
  ) {
    var events = closings
    let indent = max(0, column - walk.blockIndent)
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
      walk.blocks.append(WalkBlock(.indented, column: column, line: line))
    case .tab:
      if walk.blocks.last?.closing != .group {
        events.append(directive("tabs", label: nil, [.pair(key: "sync", value: DialectBlocks.tabSync)]))
        walk.blocks.append(WalkBlock(.group, column: column, line: line))
      }
      var attributes: [RawAttribute.Kind] = opener.selected ? [.pair(key: "default", value: nil)] : []
      if let group = walk.blocks.indices.last, let value = Self.tabValue(opener.title, in: &walk.blocks[group]) {
        attributes.append(.pair(key: "value", value: value))
      }
      events.append(directive("tab", label: opener.title, attributes))
      walk.blocks.append(WalkBlock(.indented, column: column, line: line))
    }
    walk.place(events, line: line, indent: indent, own: true)
  }

  /// The value a tab titled `title` is chosen by in `group`, when its label does not give
  /// it: labels alike but for punctuation ("C", "C++") would derive one value, so the
  /// second gets its own; a title with `:icon:` shortcodes keeps their names in its value
  /// (its text loses them, and "n" and "n :material-chevron-right:" would be one value).
  static func tabValue(_ title: String?, in group: inout WalkBlock) -> String? {
    let base = slug(title ?? "")
    var value = base
    var suffix = 2
    while group.tabValues.contains(value) {
      value = "\(base)-\(suffix)"
      suffix += 1
    }
    group.tabValues.insert(value)
    return value != base || (title ?? "").contains(":") ? value : nil
  }

  /// The name of a `::: name` line.
  private static func insertion(_ text: ArraySlice<UInt8>) -> String? {
    guard text.starts(with: [0x3A, 0x3A, 0x3A, 0x20]) else { return nil }
    let name = text.dropFirst(4).prefix { !isSpace($0) }
    guard let first = name.first, isASCIILetter(first) || first == 0x5F else { return nil }
    return String(decoding: name, as: UTF8.self)
  }
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

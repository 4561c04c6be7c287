import CvsiteCore

/// The generic blocks of `pymdownx.blocks` in MkDocs pages, read into cvsite's directives:
///
/// ```
/// /// note | Technical details       →  :::note[Technical details]
/// Body, not indented.                    Body, not indented.
/// ///                                    :::
/// /// admonition | Title             →  :::warning[Title]
///     type: warning                      (options: indented under the header, left out)
/// /// details | Summary              →  a collapsible callout (`open: true` opens it)
/// //// tab | Python 3.10+            →  a tab of a tab bar; tabs in a row share one bar
/// ```
///
/// A block closes at a line of as many slashes as opened it, so a block holding another
/// of its kind opens with more. `html`, `caption` and `define` blocks are not read: their
/// content is the page's, and a warning says so once per kind.
struct PymdownBlockReader: DialectLineReader {
  /// The last line of the options of the header being read.
  private var optionsEnd = 0
  /// The kinds of block already said to be unread on this page.
  private var unreadKinds = Set<String>()

  /// The blocks whose content is kept as the page's, their own markup not read.
  static let unreadBlocks: Set<String> = ["html", "caption", "figure-caption", "table-caption", "define"]

  func mayRead(_ source: SourceText, from firstLine: Int) -> Bool {
    LineText.anyLine(of: source, from: firstLine) { text, _ in
      text.count >= 3 && text.prefix(3).allSatisfy { $0 == 0x2F }
    }
  }

  mutating func takes(line: Int, width: Int, isBlank: Bool, walk: inout LineWalk) -> Bool {
    guard line <= optionsEnd else { return false }
    walk.leftOut.insert(line)
    return true
  }

  /// A group of tabs goes on with the next `/// tab` of as many slashes, unless its
  /// options say `new: true`.
  func continues(_ group: WalkBlock, with text: ArraySlice<UInt8>, line: Int, source: SourceText) -> Bool {
    guard let header = Header(text), header.name == "tab", group.directive == Self.groupName(header.fence) else {
      return false
    }
    let width = LineText.indentation(source.bytes[source.lineRange(line)]).width
    return !Self.options(of: line, width: width, in: source).flag("new")
  }

  mutating func read(_ line: inout WalkedLine, walk: inout LineWalk) -> Bool {
    // A line of slashes indented as code (`    ///` in an indented block) closes only a
    // block that is open.
    if let fence = Self.closingFence(line.text),
      line.relativeWidth < 4 || walk.blocks.contains(where: { $0.closing == .tagged(Self.blockName(fence)) })
    {
      return close(fence, line: line, walk: &walk)
    }
    guard let header = Header(line.text), walk.blocks.count < DialectBlocks.maxDepth - 1,
      walk.mayOpen(at: line.width)
    else { return false }
    let options = Self.options(of: line.number, width: line.width, in: walk.source)
    optionsEnd = options.lastLine
    var events = line.closings.events
    let groupName = Self.groupName(header.fence)
    if header.name == "tab", walk.blocks.last?.directive != groupName {
      events.append(
        DirectiveLine.opening(
          "tabs", label: nil, attributes: [.pair(key: "sync", value: DialectBlocks.tabSync)], writtenAt: line.number))
      var group = WalkBlock(.group, column: line.width, line: line.number)
      group.directive = groupName
      walk.blocks.append(group)
    }
    var block = WalkBlock(.tagged(Self.blockName(header.fence)), column: line.width, line: line.number)
    if let opening = opening(header, options: options, line: line, walk: &walk) {
      events.append(opening)
    } else {
      block.emits = false
    }
    walk.blocks.append(block)
    walk.mark(events, on: line)
    walk.blankLine = nil
    return true
  }

  /// Blocks still open at the end of the page: each a warning at its header.
  func finish(walk: inout LineWalk) {
    for block in walk.blocks {
      guard case .tagged(let name) = block.closing, let fence = Self.fence(ofBlock: name) else { continue }
      walk.diagnostics.append(
        walk.source.diagnostic(
          .warning,
          "this block is never closed by a `\(String(repeating: "/", count: fence))` line: it runs to the end of the page",
          line: block.line, column: block.column + 1))
    }
  }

  /// The directive a header opens (nil for a block whose content is the page's), and
  /// what is said of its options.
  private mutating func opening(
    _ header: Header, options: Options, line: WalkedLine, walk: inout LineWalk
  ) -> DirectiveLine? {
    var attributes: [RawAttribute.Kind] = []
    var known: Set<String> = ["attrs"]
    let name: String
    var label = header.argument
    switch header.name {
    case _ where Self.unreadBlocks.contains(header.name):
      if unreadKinds.insert(header.name).inserted {
        walk.diagnostics.append(
          walk.source.diagnostic(
            .warning, "the `\(header.name)` block of pymdownx.blocks is not read: its content is shown as the page's",
            line: line.number, column: line.width + 1))
      }
      return nil
    case "tab":
      name = "tab"
      known.formUnion(["new", "select"])
      if options.flag("select") { attributes.append(.pair(key: "default", value: nil)) }
      if let group = walk.blocks.indices.last, walk.blocks[group].directive == Self.groupName(header.fence),
        let value = PythonMarkdownBlockReader.tabValue(label, in: &walk.blocks[group])
      {
        attributes.append(.pair(key: "value", value: value))
      }
    case _ where header.name == "details" || header.name.hasPrefix("details-"):
      known.formUnion(["type", "open"])
      name = options.value("type") ?? (header.name == "details" ? "note" : String(header.name.dropFirst(8)))
      if header.name == "details", label == nil { label = "Details" }
      attributes.append(.pair(key: "collapsible", value: nil))
      if options.flag("open") { attributes.append(.pair(key: "open", value: nil)) }
    case "admonition":
      known.insert("type")
      name = options.value("type") ?? "note"
    default:
      known.insert("type")
      name = options.value("type") ?? header.name
    }
    attributes += Self.attributes(options.value("attrs"))
    for option in options.pairs where !known.contains(option.key) {
      walk.diagnostics.append(
        walk.source.diagnostic(
          .warning, "the option `\(option.key)` of a `\(header.name)` block is not read: left out",
          line: option.line, column: option.column, suggestion: closest(option.key, known.sorted())))
    }
    return DirectiveLine.opening(name, label: label, attributes: attributes, writtenAt: line.number)
  }

  /// Closes the innermost block of `fence` slashes (and whatever opened in it since);
  /// false when none is open, and the line is read as text.
  private func close(_ fence: Int, line: WalkedLine, walk: inout LineWalk) -> Bool {
    guard let target = walk.blocks.lastIndex(where: { $0.closing == .tagged(Self.blockName(fence)) }) else {
      walk.diagnostics.append(
        walk.source.diagnostic(
          .warning, "`\(String(repeating: "/", count: fence))` closes no block: left as written", line: line.number,
          column: line.width + 1))
      return false
    }
    let events = line.closings.events + walk.closeBlocks(downTo: target)
    walk.mark(events, on: line)
    walk.blankLine = nil
    return true
  }

  private static func blockName(_ fence: Int) -> String { "/\(fence)" }
  private static func groupName(_ fence: Int) -> String { "tabs/\(fence)" }
  private static func fence(ofBlock name: String) -> Int? {
    name.first == "/" ? Int(name.dropFirst()) : nil
  }

  /// The number of slashes of a closing line (slashes alone).
  private static func closingFence(_ text: ArraySlice<UInt8>) -> Int? {
    let fence = text.prefix { $0 == 0x2F }.count
    guard fence >= 3, text.dropFirst(fence).allSatisfy(isSpace) else { return nil }
    return fence
  }

  /// `class` and `id` of an `attrs: {class: a b, id: c}` option.
  private static func attributes(_ written: String?) -> [RawAttribute.Kind] {
    guard var text = written?.trimmingSpaces else { return [] }
    if text.hasPrefix("{"), text.hasSuffix("}") { text = String(text.dropFirst().dropLast()) }
    var attributes: [RawAttribute.Kind] = []
    for pair in text.split(separator: ",") {
      let parts = pair.split(separator: ":", maxSplits: 1).map { String($0).trimmingSpaces }
      guard parts.count == 2 else { continue }
      var value = parts[1]
      if value.count >= 2, let quote = value.first, quote == value.last, quote == "\"" || quote == "'" {
        value = String(value.dropFirst().dropLast())
      }
      switch parts[0] {
      case "class": attributes += value.split(separator: " ").map { .cssClass(String($0)) }
      case "id" where !value.isEmpty: attributes.append(.id(value))
      default: continue
      }
    }
    return attributes
  }

  /// The options written under the header on `line` (indented four columns past it, up
  /// to the first blank or less indented line).
  private static func options(of line: Int, width: Int, in source: SourceText) -> Options {
    var options = Options(lastLine: line)
    var next = line + 1
    while next <= source.lineCount {
      let text = source.bytes[source.lineRange(next)]
      let (indent, start) = LineText.indentation(text)
      guard start < text.endIndex, indent >= width + 4 else { break }
      let pair = String(decoding: text[start...], as: UTF8.self)
      if let colon = pair.firstIndex(of: ":") {
        let key = String(pair[..<colon]).trimmingSpaces
        let value = String(pair[pair.index(after: colon)...]).trimmingSpaces
        options.pairs.append((key, value, next, start - text.startIndex + 1))
      }
      options.lastLine = next
      next += 1
    }
    return options
  }
}

/// A header line: `/// name` or `/// name | argument`, three slashes or more.
private struct Header {
  var fence: Int
  var name: String
  var argument: String?

  init?(_ text: ArraySlice<UInt8>) {
    fence = text.prefix { $0 == 0x2F }.count
    guard fence >= 3 else { return nil }
    var rest = text.dropFirst(fence).drop(while: isSpace)
    let word = rest.prefix { isASCIIAlphanumeric($0) || $0 == 0x2D || $0 == 0x5F }
    guard !word.isEmpty else { return nil }
    name = String(decoding: word, as: UTF8.self).lowercased()
    rest = rest.dropFirst(word.count).drop(while: isSpace)
    guard let bar = rest.first else { return }
    guard bar == 0x7C else { return nil }
    let argument = String(decoding: rest.dropFirst(), as: UTF8.self).trimmingSpaces
    self.argument = argument.isEmpty ? nil : argument
  }
}

/// A block's options, as written: each key with its value and line.
private struct Options {
  var pairs: [(key: String, value: String, line: Int, column: Int)] = []
  var lastLine: Int

  init(lastLine: Int) { self.lastLine = lastLine }

  func value(_ key: String) -> String? {
    pairs.last { $0.key == key }.map(\.value).flatMap { $0.isEmpty ? nil : $0 }
  }

  /// Whether `key` is set to YAML's true (`true`, `True`, `yes`, `on`).
  func flag(_ key: String) -> Bool {
    guard let value = value(key)?.lowercased() else { return false }
    return ["true", "yes", "on"].contains(value)
  }
}

/// Parses a Mustache template into ``TemplateNode``s and lists its tags.
///
/// Supported: variables (`{{x}}`, `{{{x}}}`, `{{& x}}`), sections, inverted sections,
/// comments, partials (`{{> name}}`), inheritance (`{{< parent}}`, `{{$ block}}`) and
/// set-delimiter tags. Transforms (`{{f(x)}}`), dynamic partials (`{{>*x}}`) and pragmas
/// (`{{%…}}`) are errors rather than being ignored.
///
/// Whitespace follows swift-mustache, the engine the first themes were written against,
/// so their output is unchanged: a section, inverted section, closing, comment, partial,
/// parent, block or set-delimiter tag that is the first thing on its line, with only
/// spaces or tabs after it, takes the rest of the line and its line break with it.
struct TemplateParser {
  private let bytes: [UInt8]
  private var position = 0
  private var tags: [TemplateTag] = []
  /// Where ``record(_:_:at:)`` last counted lines (tags only move forward).
  private var cursor = (offset: 0, line: 1, lineStart: 0)

  private struct State {
    var section: (name: String, start: Int)?
    var atLineStart = true
    /// Inside `{{<parent}}…{{/parent}}`, and directly in it (where `{{$x}}` defines).
    var inParent = false
    var parentTopLevel = false
    var definitionIndent: [UInt8]?
    var open: [UInt8] = Array("{{".utf8)
    var close: [UInt8] = Array("}}".utf8)
  }

  /// The template's nodes and tags, or its first syntax error.
  static func parse(_ text: String) -> Result<(nodes: [TemplateNode], tags: [TemplateTag]), TemplateSyntaxError> {
    var parser = TemplateParser(bytes: Array(text.utf8))
    var definitions: [String: [TemplateNode]] = [:]
    do {
      let nodes = try parser.parseNodes(State(), definitions: &definitions)
      return .success((nodes, parser.tags))
    } catch {
      return .failure(error)
    }
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  /// Parses until the end of the template or the tag closing `initial.section`.
  /// `{{$x}}` directly inside a parent goes to `definitions`.
  private mutating func parseNodes(
    _ initial: State, definitions: inout [String: [TemplateNode]]
  ) throws(TemplateSyntaxError) -> [TemplateNode] {
    var nodes: [TemplateNode] = []
    var state = initial
    // Spaces and tabs that started the line, held back until we know whether the line
    // is a standalone tag.
    var before: [UInt8] = []
    func flushBefore() {
      if !before.isEmpty { nodes.append(.text(string(before))) }
      before = []
    }
    while position < bytes.count {
      if state.atLineStart, let space = readLineIndentation(&state) { before = space }
      let run = readText(state)
      if let newline = run.newline {
        nodes.append(.text(string(before + run.text + newline)))
        state.atLineStart = true
        continue
      }
      if !run.text.isEmpty {
        nodes.append(.text(string(before + run.text)))
        before = []
        state.atLineStart = false
      }
      guard let tagStart = run.tagStart else { break }
      guard position < bytes.count else {
        throw error("a tag is not finished (missing `\(string(state.close))`)", at: tagStart)
      }
      var standalone = false
      let sigil = bytes[position]
      switch sigil {
      case UInt8(ascii: "#"), UInt8(ascii: "^"):
        position += 1
        let name = try readName(state)
        record(sigil == UInt8(ascii: "^") ? .inverted : .section, name, at: tagStart)
        standalone = isStandalone(state)
        if !standalone { flushBefore() }
        let children = try parseNested(state, name: name, start: tagStart, standalone: standalone)
        let tagName = TemplateName(name)
        nodes.append(sigil == UInt8(ascii: "^") ? .inverted(tagName, children) : .section(tagName, children))

      case UInt8(ascii: "/"):
        position += 1
        let name = try readName(state)
        guard let section = state.section else {
          throw error("`{{/\(name)}}` closes a section that was never opened", at: tagStart)
        }
        guard section.name == name else {
          throw error(
            "`{{/\(name)}}` does not close `\(section.name)`, opened at \(locate(section.start))", at: tagStart)
        }
        record(.close, name, at: tagStart)
        if !isStandalone(state) { flushBefore() }
        return nodes

      case UInt8(ascii: "!"):
        guard let end = find(state.close, from: position) else {
          throw error("a comment is never closed (missing `\(string(state.close))`)", at: tagStart)
        }
        position = end + state.close.count
        standalone = isStandalone(state)

      case UInt8(ascii: "{"), UInt8(ascii: "&"):
        flushBefore()
        position += 1
        let name = try readName(state)
        if sigil == UInt8(ascii: "{") {
          guard position < bytes.count, bytes[position] == UInt8(ascii: "}") else {
            throw error("`{{{\(name)` needs three closing braces", at: tagStart)
          }
          position += 1
        }
        record(.raw, name, at: tagStart)
        nodes.append(.variable(TemplateName(name), escaped: false))

      case UInt8(ascii: ">"), UInt8(ascii: "<"):
        let (node, isStandalone) = try parsePartialTag(
          state, isParent: sigil == UInt8(ascii: "<"), tagStart: tagStart, before: before)
        flushBefore()
        standalone = isStandalone
        nodes.append(node)

      case UInt8(ascii: "$"):
        position += 1
        let name = try readName(state)
        record(.block, name, at: tagStart)
        let indentation = string(before)
        if !state.parentTopLevel { flushBefore() }
        standalone = isStandalone(state)
        let children = try parseNested(state, name: name, start: tagStart, standalone: standalone)
        if !state.parentTopLevel {
          nodes.append(.block(name, defaultNodes: children, indentation: indentation))
        } else if definitions[name] == nil {
          definitions[name] = children
        }

      case UInt8(ascii: "="):
        position += 1
        try setDelimiters(&state, tagStart: tagStart)
        standalone = isStandalone(state)

      case UInt8(ascii: "%"):
        throw error("pragmas (`{{%…}}`) are not supported in cvsite templates", at: tagStart)

      default:
        flushBefore()
        let name = try readName(state)
        record(.variable, name, at: tagStart)
        nodes.append(.variable(TemplateName(name), escaped: true))
      }
      state.atLineStart = standalone
    }
    if let section = state.section {
      throw error("`\(section.name)` is never closed (missing `{{/\(section.name)}}`)", at: section.start)
    }
    return nodes
  }

  /// At the start of a line: its spaces and tabs, held back until the line is known to
  /// be a standalone tag or not; nil inside a parent, where a block defined there loses
  /// the indentation of its first line.
  private mutating func readLineIndentation(_ state: inout State) -> [UInt8]? {
    let space = readSpacesAndTabs()
    guard state.inParent && !state.parentTopLevel else { return space }
    guard let indent = state.definitionIndent else {
      state.definitionIndent = space
      return nil
    }
    return Array(space.dropFirst(indent.count))
  }

  /// A partial (`{{>name}}`) or a parent (`{{<name}}…{{/name}}`, its `{{$block}}`
  /// definitions read as the overrides); `before` is the indentation that started the
  /// line. Returns the node and whether the tag stands alone on its line.
  private mutating func parsePartialTag(
    _ state: State, isParent: Bool, tagStart: Int, before: [UInt8]
  ) throws(TemplateSyntaxError) -> (TemplateNode, standalone: Bool) {
    position += 1
    let name = try readPartialName(state, tagStart: tagStart)
    record(isParent ? .parent : .partial, name, at: tagStart)
    let site = lastTagPosition
    let indentation = string(before)
    let standalone = isStandalone(state)
    guard isParent else {
      return (.partial(name, indentation: standalone ? indentation : nil, overrides: nil, at: site), standalone)
    }
    var inner = state
    inner.section = (name, tagStart)
    inner.atLineStart = true
    inner.inParent = true
    inner.parentTopLevel = true
    var overrides: [String: [TemplateNode]] = [:]
    for node in try parseNodes(inner, definitions: &overrides) {
      guard case .text = node else {
        throw error("only `{{$block}}` definitions may appear inside `{{<\(name)}}`", at: tagStart)
      }
    }
    return (.partial(name, indentation: indentation, overrides: overrides, at: site), standalone)
  }

  /// The nodes of a section or block, up to its closing tag.
  private mutating func parseNested(
    _ state: State, name: String, start: Int, standalone: Bool
  ) throws(TemplateSyntaxError) -> [TemplateNode] {
    var inner = state
    inner.section = (name, start)
    inner.parentTopLevel = false
    if !standalone { inner.atLineStart = false }
    var unused: [String: [TemplateNode]] = [:]
    return try parseNodes(inner, definitions: &unused)
  }
}

// MARK: - Reading

extension TemplateParser {
  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
  private static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "?"), UInt8(ascii: "*"):
      return true
    default:
      return false
    }
  }

  private mutating func readSpacesAndTabs() -> [UInt8] {
    let start = position
    while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
    return Array(bytes[start..<position])
  }

  private mutating func skipWhitespace() {
    while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
  }

  /// The length of the line break at `offset` (`\n` or `\r\n`), or 0.
  private func newlineLength(at offset: Int) -> Int {
    guard offset < bytes.count else { return 0 }
    if bytes[offset] == 0x0A { return 1 }
    if bytes[offset] == 0x0D, offset + 1 < bytes.count, bytes[offset + 1] == 0x0A { return 2 }
    return 0
  }

  /// Text up to a line break (consumed, returned in `newline`), a tag (its opening
  /// delimiter consumed, its offset in `tagStart`) or the end.
  private mutating func readText(_ state: State) -> (text: [UInt8], newline: [UInt8]?, tagStart: Int?) {
    let start = position
    let first = state.open[0]
    while position < bytes.count {
      let length = newlineLength(at: position)
      if length > 0 {
        let text = Array(bytes[start..<position])
        position += length
        return (text, Array(bytes[position - length..<position]), nil)
      }
      if bytes[position] == first, matches(state.open, at: position) {
        let text = Array(bytes[start..<position])
        let tagStart = position
        position += state.open.count
        return (text, nil, tagStart)
      }
      position += 1
    }
    return (Array(bytes[start..<position]), nil, nil)
  }

  private func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
    guard offset + pattern.count <= bytes.count else { return false }
    for index in pattern.indices where bytes[offset + index] != pattern[index] { return false }
    return true
  }

  private func find(_ pattern: [UInt8], from offset: Int) -> Int? {
    var index = offset
    while index + pattern.count <= bytes.count {
      if matches(pattern, at: index) { return index }
      index += 1
    }
    return nil
  }

  /// A tag that began its line is standalone when only spaces or tabs follow it on the
  /// line; the rest of the line and its break are then consumed.
  private mutating func isStandalone(_ state: State) -> Bool {
    guard state.atLineStart else { return false }
    if position >= bytes.count { return true }
    var index = position
    while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
    let length = newlineLength(at: index)
    guard length > 0 else { return false }
    position = index + length
    return true
  }

  /// A variable or section name and the closing delimiter after it.
  private mutating func readName(_ state: State) throws(TemplateSyntaxError) -> String {
    skipWhitespace()
    let start = position
    while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
    let name = string(Array(bytes[start..<position]))
    skipWhitespace()
    guard matches(state.close, at: position) else {
      if position < bytes.count, bytes[position] == UInt8(ascii: "(") {
        throw error("transforms such as `\(name)(…)` are not supported in cvsite templates", at: start)
      }
      throw error("a tag is not finished (expected `\(string(state.close))` after `\(name)`)", at: position)
    }
    guard !name.isEmpty else { throw error("a tag has no name", at: start) }
    position += state.close.count
    return name
  }

  /// A partial or parent name (may hold `/`) and the closing delimiter after it.
  private mutating func readPartialName(_ state: State, tagStart: Int) throws(TemplateSyntaxError) -> String {
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "*") {
      throw error("dynamic partials (`*name`) are not supported in cvsite templates", at: position)
    }
    let start = position
    while position < bytes.count, Self.isNameByte(bytes[position]) || bytes[position] == UInt8(ascii: "/") {
      position += 1
    }
    let name = string(Array(bytes[start..<position]))
    skipWhitespace()
    guard matches(state.close, at: position) else {
      throw error("a tag is not finished (expected `\(string(state.close))` after `\(name)`)", at: position)
    }
    guard !name.isEmpty else { throw error("a partial tag names no template", at: tagStart) }
    position += state.close.count
    return name
  }

  /// `{{=<% %>=}}`: two delimiters separated by whitespace, then `=` and the current
  /// closing delimiter.
  private mutating func setDelimiters(_ state: inout State, tagStart: Int) throws(TemplateSyntaxError) {
    skipWhitespace()
    let openStart = position
    while position < bytes.count, !Self.isWhitespace(bytes[position]) { position += 1 }
    let open = Array(bytes[openStart..<position])
    skipWhitespace()
    let closeStart = position
    while position < bytes.count, !Self.isWhitespace(bytes[position]), bytes[position] != UInt8(ascii: "=") {
      position += 1
    }
    let close = Array(bytes[closeStart..<position])
    skipWhitespace()
    guard position < bytes.count, bytes[position] == UInt8(ascii: "="), !open.isEmpty, !close.isEmpty,
      matches(state.close, at: position + 1)
    else {
      throw error("a set-delimiter tag must look like `{{=<% %>=}}`", at: tagStart)
    }
    position += 1 + state.close.count
    state.open = open
    state.close = close
    state.parentTopLevel = false
  }
}

// MARK: - Positions and errors

extension TemplateParser {
  private func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  /// Line and column (in characters, 1-based) of a byte offset.
  private func lineAndColumn(of offset: Int, from start: (offset: Int, line: Int, lineStart: Int) = (0, 1, 0))
    -> (line: Int, column: Int, lineStart: Int)
  {
    var line = start.line
    var lineStart = start.lineStart
    var index = start.offset
    while index < offset {
      if bytes[index] == 0x0A {
        line += 1
        lineStart = index + 1
      }
      index += 1
    }
    let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
    return (line, column, lineStart)
  }

  private func locate(_ offset: Int) -> String {
    let place = lineAndColumn(of: offset)
    return "\(place.line):\(place.column)"
  }

  private func error(_ message: String, at offset: Int) -> TemplateSyntaxError {
    let place = lineAndColumn(of: min(offset, bytes.count))
    return TemplateSyntaxError(message: message, line: place.line, column: place.column)
  }

  private mutating func record(_ kind: TemplateTag.Kind, _ name: String, at offset: Int) {
    let place = lineAndColumn(of: offset, from: cursor)
    cursor = (offset, place.line, place.lineStart)
    tags.append(TemplateTag(kind: kind, name: name, line: place.line, column: place.column))
  }

  /// Where the last recorded tag starts.
  private var lastTagPosition: TemplatePosition {
    TemplatePosition(line: tags.last?.line ?? 1, column: tags.last?.column ?? 1)
  }
}

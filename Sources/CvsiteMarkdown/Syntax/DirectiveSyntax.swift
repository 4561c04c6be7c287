import CvsiteCore

/// A directive fence line: `:::name[label]{attrs}`, `:::` or `::name[label]{attrs}`.
struct DirectiveLine {
  enum Kind: Equatable {
    case open(fence: Int)
    case close(fence: Int)
    case leaf
  }
  var kind: Kind
  var name: String = ""
  /// The label's Markdown, without brackets.
  var label: String?
  var attributes: AttributeBlock?
  /// Offset of the first colon in the line (0-based).
  var offset: Int
  /// Syntax problems found; the line is still used as written, so nesting survives them.
  var problems: [LineProblem] = []
  /// Further directives the same line stands for, handled after this one: a line of
  /// another generator's syntax can close blocks and open others (`=== "Tab"`).
  var more: [DirectiveLine] = []
  /// For a directive read from another generator's indented blocks, the line of the
  /// block's opener: such a block closes by its indentation, so it is closed quietly
  /// where its scope ends, and its closing closes it alone.
  var writtenOpener: Int?
}

extension DirectiveLine {
  /// The opening of container `name`, made from another generator's line `line`.
  static func opening(
    _ name: String, label: String?, attributes: [RawAttribute.Kind], writtenAt line: Int
  ) -> DirectiveLine {
    var directive = DirectiveLine(kind: .open(fence: 3), offset: 0)
    directive.name = name
    directive.label = label
    directive.writtenOpener = line
    if !attributes.isEmpty {
      directive.attributes = AttributeBlock(
        attributes: attributes.map { RawAttribute(kind: $0, offset: 0) }, start: 0, end: 0)
    }
    return directive
  }
}

/// A syntax problem at an offset of a line.
struct LineProblem: Error {
  var message: String
  var offset: Int
  var suggestion: String?
}

/// Where the directive part of a line starts: after indentation and block-quote markers.
func directiveStart(_ line: ArraySlice<UInt8>) -> Int {
  var index = line.startIndex
  while index < line.endIndex, isSpace(line[index]) || line[index] == 0x3E { index += 1 }
  return index
}

/// Reads a directive fence line; `nil` when the line is not one (text, `::` alone, `10:30`).
func scanDirectiveLine(_ line: ArraySlice<UInt8>) -> DirectiveLine? {
  let start = directiveStart(line)
  var index = start
  while index < line.endIndex, line[index] == 0x3A { index += 1 }
  let colons = index - start
  guard colons >= 2 else { return nil }
  let offset = start - line.startIndex
  let rest = line[index...]
  if colons >= 3, rest.allSatisfy(isSpace) { return DirectiveLine(kind: .close(fence: colons), offset: offset) }
  var directive = DirectiveLine(kind: colons == 2 ? .leaf : .open(fence: colons), offset: offset)
  let spaced = rest.first.map(isSpace) ?? false
  if spaced {
    // `::: name`: the spelling of VitePress and markdown-it, read as `:::name`.
    guard colons >= 3 else { return nil }
    while index < line.endIndex, isSpace(line[index]) { index += 1 }
    guard index < line.endIndex, isASCIILetter(line[index]) else { return nil }
  }
  guard index < line.endIndex, isASCIILetter(line[index]) else {
    if colons == 2 { return nil }
    directive.problems.append(LineProblem(message: "a container directive needs a name after `:::`", offset: offset))
    return directive
  }
  let nameStart = index
  while index < line.endIndex, isASCIIAlphanumeric(line[index]) || line[index] == 0x2D || line[index] == 0x5F {
    index += 1
  }
  while index > nameStart + 1, line[index - 1] == 0x2D || line[index - 1] == 0x5F { index -= 1 }
  directive.name = String(decoding: line[nameStart..<index], as: UTF8.self)
  index = readLabel(line, from: index, into: &directive)
  if directive.label == nil, index < line.endIndex, isSpace(line[index]) {
    let afterTitle = readTitle(line, from: index, into: &directive, attributesAfter: spaced)
    if afterTitle != index {
      if spaced { readUntitled(into: &directive) }
      return directive
    }
  }
  // `::: tip {no-title}`: VitePress writes a space before the braces.
  if spaced {
    while index < line.endIndex, isSpace(line[index]) { index += 1 }
  }
  if index < line.endIndex, line[index] == 0x7B {
    switch parseAttributeBlock(line, at: index) {
    case .success(let block):
      directive.attributes = block
      index = block.end
    case .failure(let error):
      directive.problems.append(LineProblem(message: error.message, offset: error.offset))
      return directive
    }
  }
  checkTrailing(line, from: index, into: &directive)
  if spaced { readUntitled(into: &directive) }
  return directive
}

/// VitePress' `no-title` (`::: tip {no-title}`): the callout is untitled, as MkDocs'
/// `!!! tip ""` is.
private func readUntitled(into directive: inout DirectiveLine) {
  guard var block = directive.attributes,
    block.attributes.contains(where: { $0.kind == .pair(key: "no-title", value: nil) })
  else { return }
  block.attributes.removeAll { $0.kind == .pair(key: "no-title", value: nil) }
  block.attributes.append(RawAttribute(kind: .cssClass(DialectBlocks.untitledClass), offset: block.start))
  directive.attributes = block
  directive.label = ""
}

/// Text after a container's name is its title when no `[label]` gives one:
/// `:::tip Read this first` (Docusaurus) and `::: tip Read this first` (VitePress) are
/// `:::tip[Read this first]`.
///
/// With `attributesAfter` (VitePress), braces ending the title are the directive's
/// attributes: `::: details Code {open}`.
private func readTitle(
  _ line: ArraySlice<UInt8>, from start: Int, into directive: inout DirectiveLine, attributesAfter: Bool = false
) -> Int {
  guard case .open = directive.kind, directive.label == nil, start < line.endIndex, isSpace(line[start]) else {
    return start
  }
  var index = start
  while index < line.endIndex, isSpace(line[index]) { index += 1 }
  guard index < line.endIndex, ![0x5B, 0x7B, 0x3A].contains(line[index]) else { return start }
  var end = line.endIndex
  while end > index, isSpace(line[end - 1]) { end -= 1 }
  if attributesAfter, line[end - 1] == 0x7D,
    let brace = line[index..<end].lastIndex(of: 0x7B), brace > index, isSpace(line[brace - 1]),
    case .success(let block) = parseAttributeBlock(line, at: brace), block.end == end
  {
    directive.attributes = block
    end = brace
    while end > index, isSpace(line[end - 1]) { end -= 1 }
  }
  directive.label = String(decoding: line[index..<end], as: UTF8.self)
  return line.endIndex
}

/// Reads `[label]` with balanced or escaped brackets; returns the index after it.
private func readLabel(_ line: ArraySlice<UInt8>, from start: Int, into directive: inout DirectiveLine) -> Int {
  guard start < line.endIndex, line[start] == 0x5B else { return start }
  var depth = 0
  var index = start
  while index < line.endIndex {
    switch line[index] {
    case 0x5C: index += 1
    case 0x5B: depth += 1
    case 0x5D:
      depth -= 1
      if depth == 0 {
        directive.label = String(decoding: line[(start + 1)..<index], as: UTF8.self)
        return index + 1
      }
    default: break
    }
    index += 1
  }
  directive.problems.append(LineProblem(message: "label is not closed with `]`", offset: start - line.startIndex))
  return line.endIndex
}

/// Anything after the directive but spaces is an error, with a targeted hint.
private func checkTrailing(_ line: ArraySlice<UInt8>, from start: Int, into directive: inout DirectiveLine) {
  var index = start
  while index < line.endIndex, isSpace(line[index]) { index += 1 }
  guard index < line.endIndex else { return }
  let offset = index - line.startIndex
  let text = String(decoding: line[index...], as: UTF8.self)
  let head = String(decoding: line[directiveStart(line)..<start], as: UTF8.self)
  if index > start, line[index] == 0x5B || line[index] == 0x7B {
    directive.problems.append(
      LineProblem(
        message: "no space allowed before the directive's label or attributes", offset: offset,
        suggestion: head + text.trimmingSpaces))
  } else if line[index] == 0x3A {
    directive.problems.append(LineProblem(message: "a directive opener cannot end with colons", offset: offset))
  } else if index > start, directive.label == nil, directive.attributes == nil {
    directive.problems.append(
      LineProblem(
        message: "text after a directive name must be a `[label]`", offset: offset,
        suggestion: "\(head)[\(text.trimmingSpaces)]"))
  } else {
    directive.problems.append(LineProblem(message: "unexpected text after the directive", offset: offset))
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    let bytes = Array(utf8)
    var start = 0
    var end = bytes.count
    while start < end, isSpace(bytes[start]) { start += 1 }
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}

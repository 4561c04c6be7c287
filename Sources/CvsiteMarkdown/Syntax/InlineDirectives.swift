import ContainerViews
import CvsiteCore

/// Inline directives (`:badge[Beta]{variant=caution}`): only names the schema registers
/// are read, so `10:30` and `:red:` stay text (E11).
struct InlineDirectives {
  let schema: Schema

  func apply(to paragraph: CMarkNode, builder: inout PageBuilder) {
    paragraph.consolidateText()
    // Where in the source the next directive is looked for, to place its diagnostics.
    let source = builder.source
    var searchFrom = source.lineRange(max(1, paragraph.startLine)).lowerBound
    let searchEnd = source.lineRange(max(1, min(paragraph.endLine, source.lineCount))).upperBound
    for text in textsWithColons(in: paragraph) {
      var current: CMarkNode? = text
      var guardCount = 0
      // The byte test first, on cmark's own bytes: most text has no colon. `contains` then
      // searches as Foundation does (a colon with an accent on it is no colon there).
      while let node = current, guardCount < 1000, node.literalContains(0x3A), let literal = node.literal,
        literal.contains(":")
      {
        guardCount += 1
        guard let match = firstMatch(in: Array(literal.utf8)) else { break }
        var line = paragraph.startLine
        var columnOffset = 0
        if let brace = match.braceOffset, searchFrom < searchEnd,
          let found = source.bytes.withUnsafeBufferPointer({
            firstOffset(of: match.raw, in: $0, within: searchFrom..<searchEnd)
          })
        {
          // The attribute block's offsets count from the text node; its columns count
          // from the start of the source line where the directive was written.
          let position = source.position(ofByte: found + (brace - match.start))
          line = position.line
          columnOffset = position.column - 1 - brace
          searchFrom = found + match.raw.count
        }
        let html = render(match, line: line, columnOffset: columnOffset, builder: &builder)
        node.setLiteral(match.before)
        current = node.insertAfter(html: html, rest: match.after)
      }
    }
  }

  /// The text nodes under `paragraph` whose text has a `:`, in document order: the only
  /// ones a directive can start in. Walked through the nodes' own links rather than
  /// arrays of children, which cost an allocation for every inline node.
  private func textsWithColons(in paragraph: CMarkNode) -> [CMarkNode] {
    var texts: [CMarkNode] = []
    var cursor = paragraph.firstChild
    while let node = cursor {
      if node.kind == .text {
        if node.literalContains(0x3A) { texts.append(node) }
      } else if let child = node.firstChild {
        cursor = child
        continue
      }
      // The next node after `node` and everything under it: a following sibling of it
      // or of the nearest ancestor that has one, short of the paragraph itself.
      cursor = nil
      var climber: CMarkNode? = node
      while let current = climber, current.raw != paragraph.raw {
        if let next = current.next {
          cursor = next
          break
        }
        climber = current.parent
      }
    }
    return texts
  }

  private struct Match {
    var name: String
    var label: String?
    var attributes: AttributeBlock?
    var before: String
    var after: String
    /// The directive's bytes as the text holds them, from its `:`.
    var raw: [UInt8] = []
    /// Where the directive starts in the text, and where its `{` is.
    var start = 0
    var braceOffset: Int?
  }

  private func firstMatch(in bytes: [UInt8]) -> Match? {
    var index = 0
    while index < bytes.count {
      defer { index += 1 }
      guard bytes[index] == 0x3A, index + 1 < bytes.count, isASCIILetter(bytes[index + 1]) else { continue }
      if index > 0, isASCIIAlphanumeric(bytes[index - 1]) || bytes[index - 1] == 0x3A { continue }
      var end = index + 1
      while end < bytes.count, isASCIIAlphanumeric(bytes[end]) || bytes[end] == 0x2D || bytes[end] == 0x5F { end += 1 }
      let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
      guard schema.inlines[name] != nil else { continue }
      var match = Match(name: name, before: "", after: "")
      if end < bytes.count, bytes[end] == 0x5B, let close = bytes[end...].firstIndex(of: 0x5D) {
        match.label = String(decoding: bytes[(end + 1)..<close], as: UTF8.self)
        end = close + 1
      }
      if end < bytes.count, bytes[end] == 0x7B, case .success(let block) = parseAttributeBlock(bytes[...], at: end) {
        match.attributes = block
        match.braceOffset = end
        end = block.end
      }
      guard match.label != nil || match.attributes != nil else { continue }
      match.raw = Array(bytes[index..<end])
      match.start = index
      match.before = String(decoding: bytes[..<index], as: UTF8.self)
      match.after = String(decoding: bytes[end...], as: UTF8.self)
      return match
    }
    return nil
  }

  private func render(_ match: Match, line: Int, columnOffset: Int, builder: inout PageBuilder) -> String {
    let declaration = schema.inlines[match.name]
    let written = builder.checker.check(
      match.attributes, own: declaration?.attributes ?? [], line: line, columnOffset: columnOffset,
      into: &builder.diagnostics)
    var html = "<span class=\"cv-\(match.name)"
    for name in written.classes { html += " " + escapeHTML(name) }
    html += "\""
    for (key, value) in written.own.sorted(by: { $0.key < $1.key }) {
      html += " data-\(key)=\"\(escapeHTML(value.description))\""
    }
    return html + ">" + escapeHTML(match.label ?? "") + "</span>"
  }
}

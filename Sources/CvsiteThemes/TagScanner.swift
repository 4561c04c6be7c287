/// One `{{…}}` tag of a Mustache template, with where it starts.
struct MustacheTag: Equatable {
  enum Kind: Equatable {
    case variable, raw, section, inverted, close, partial, parent, block, comment, other
  }

  var kind: Kind
  /// The name inside the tag, trimmed (`values.badge`, `partials/head`).
  var name: String
  var line: Int
  var column: Int
}

/// Lists the tags of a template for checks the Mustache parser does not make (missing
/// partials, undeclared values). Stops at a set-delimiter tag, whose effect it does not
/// model.
func scanTags(_ text: String) -> [MustacheTag] {
  var tags: [MustacheTag] = []
  let bytes = Array(text.utf8)
  var index = 0
  var line = 1
  var lineStart = 0
  while index + 1 < bytes.count {
    if bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
      index += 1
      continue
    }
    guard bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") else {
      index += 1
      continue
    }
    let start = index
    var contentStart = index + 2
    var triple = false
    if contentStart < bytes.count, bytes[contentStart] == UInt8(ascii: "{") {
      triple = true
      contentStart += 1
    }
    guard let end = find("}}", in: bytes, from: contentStart) else { break }
    let inner = String(decoding: bytes[contentStart..<end], as: UTF8.self)
    let column = String(decoding: bytes[lineStart..<start], as: UTF8.self).count + 1
    let trimmed = inner.trimmingSpaces
    let sigil = trimmed.first
    var kind = MustacheTag.Kind.variable
    var name = trimmed
    if triple {
      kind = .raw
    } else if let sigil {
      switch sigil {
      case "#": kind = .section
      case "^": kind = .inverted
      case "/": kind = .close
      case ">": kind = .partial
      case "<": kind = .parent
      case "$": kind = .block
      case "!": kind = .comment
      case "&": kind = .raw
      case "=": return tags
      default: break
      }
      if kind != .variable { name = String(trimmed.dropFirst()).trimmingSpaces }
    }
    if kind != .comment { tags.append(MustacheTag(kind: kind, name: name, line: line, column: column)) }
    var next = end + 2
    if triple, next < bytes.count, bytes[next] == UInt8(ascii: "}") { next += 1 }
    for position in start..<min(next, bytes.count) where bytes[position] == UInt8(ascii: "\n") {
      line += 1
      lineStart = position + 1
    }
    index = next
  }
  return tags
}

private func find(_ needle: String, in bytes: [UInt8], from start: Int) -> Int? {
  let pattern = Array(needle.utf8)
  var index = start
  while index + pattern.count <= bytes.count {
    if bytes[index] == pattern[0], Array(bytes[index..<index + pattern.count]) == pattern { return index }
    index += 1
  }
  return nil
}

extension String {
  var trimmingSpaces: String {
    var slice = Substring(self)
    while let first = slice.first, first.isWhitespace { slice.removeFirst() }
    while let last = slice.last, last.isWhitespace { slice.removeLast() }
    return String(slice)
  }
}

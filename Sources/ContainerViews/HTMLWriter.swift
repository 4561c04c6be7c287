/// Appends HTML to one growing string.
struct HTMLWriter {
  var output: String = ""

  /// Elements that have no end tag.
  static let voidElements: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
  ]

  mutating func raw(_ html: String) { output += html }

  mutating func text(_ text: String) { output += escapeHTML(text) }

  mutating func open(_ name: String, _ attributes: HTMLAttributes) {
    output += "<"
    output += name
    for (attribute, value) in attributes {
      output += " "
      output += attribute
      output += "=\""
      output += escapeHTML(value)
      output += "\""
    }
    output += ">"
  }

  mutating func close(_ name: String) {
    guard !Self.voidElements.contains(name) else { return }
    output += "</"
    output += name
    output += ">"
  }
}

/// ``escapeHTML(_:)`` on UTF-8 bytes, appended to `output`: the text between escapes is
/// copied in runs, each escape from a static string. With `apostrophe`, `'` is escaped
/// too (`&#39;`), as Mustache's `{{…}}` does.
public func appendEscapedHTML(
  utf8 bytes: UnsafeBufferPointer<UInt8>, apostrophe: Bool = false, to output: inout [UInt8]
) {
  var copied = 0
  for index in bytes.indices {
    let escape: StaticString
    switch bytes[index] {
    case UInt8(ascii: "&"): escape = "&amp;"
    case UInt8(ascii: "<"): escape = "&lt;"
    case UInt8(ascii: ">"): escape = "&gt;"
    case UInt8(ascii: "\""): escape = "&quot;"
    case UInt8(ascii: "'") where apostrophe: escape = "&#39;"
    default: continue
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
    output.append(escape)
    copied = index + 1
  }
  output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
}

/// ``appendEscapedHTML(utf8:apostrophe:to:)`` on a string's UTF-8.
public func appendEscapedHTML(_ text: String, apostrophe: Bool = false, to output: inout [UInt8]) {
  var text = text
  text.withUTF8 { appendEscapedHTML(utf8: $0, apostrophe: apostrophe, to: &output) }
}

extension Array where Element == UInt8 {
  /// Appends a literal's bytes: a `StaticString` is stored as UTF-8, so they are copied
  /// at once, with no string made.
  public mutating func append(_ literal: StaticString) {
    append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }
}

/// Escapes `&`, `<`, `>` and `"` so that text is safe in element content and in
/// double-quoted attribute values.
public func escapeHTML(_ text: String) -> String {
  var needsEscaping = false
  for byte in text.utf8 where byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 {
    needsEscaping = true
    break
  }
  guard needsEscaping else { return text }
  var result = ""
  result.reserveCapacity(text.utf8.count + 16)
  for scalar in text.unicodeScalars {
    switch scalar {
    case "&": result += "&amp;"
    case "<": result += "&lt;"
    case ">": result += "&gt;"
    case "\"": result += "&quot;"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result
}

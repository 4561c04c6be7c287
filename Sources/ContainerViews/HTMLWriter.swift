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
    guard let escape = htmlEntity(for: bytes[index], apostrophe: apostrophe) else { continue }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
    output.append(escape)
    copied = index + 1
  }
  output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
}

/// The entity a byte of text is written as in HTML, `nil` for a byte written as itself:
/// `&`, `<`, `>`, `"` and, with `apostrophe`, `'`. Every escape of cvsite's output goes
/// through it.
@inlinable
public func htmlEntity(for byte: UInt8, apostrophe: Bool) -> StaticString? {
  // One comparison for the bytes of most text: all four (five) are below `?`.
  guard byte < UInt8(ascii: "?") else { return nil }
  switch byte {
  case UInt8(ascii: "&"): return "&amp;"
  case UInt8(ascii: "<"): return "&lt;"
  case UInt8(ascii: ">"): return "&gt;"
  case UInt8(ascii: "\""): return "&quot;"
  case UInt8(ascii: "'") where apostrophe: return "&#39;"
  default: return nil
  }
}

/// The longest entity ``htmlEntity(for:apostrophe:)`` writes, in bytes.
public let longestHTMLEntity = 6

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
  // Read in place where the text is contiguous (native strings): the view's generic
  // iterator costs several times more per byte.
  let needsEscaping =
    text.utf8.withContiguousStorageIfAvailable { bytes in
      bytes.contains { htmlEntity(for: $0, apostrophe: false) != nil }
    } ?? text.utf8.contains { htmlEntity(for: $0, apostrophe: false) != nil }
  guard needsEscaping else { return text }
  var bytes: [UInt8] = []
  bytes.reserveCapacity(text.utf8.count + 16)
  appendEscapedHTML(text, to: &bytes)
  return String(decoding: bytes, as: UTF8.self)
}

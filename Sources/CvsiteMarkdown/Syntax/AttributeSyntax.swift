import CvsiteCore

/// One attribute as written in `{#id .class key=value flag}`, before typing.
struct RawAttribute: Equatable {
  enum Kind: Equatable {
    case id(String)
    case cssClass(String)
    /// `key=value`, `key="value"`; `value` is `nil` for a bare `flag`.
    case pair(key: String, value: String?)
  }
  var kind: Kind
  /// Byte offset of the attribute in its line (0-based).
  var offset: Int
}

/// A parsed `{…}` block: its attributes and where it starts and ends in the line.
struct AttributeBlock: Equatable {
  var attributes: [RawAttribute]
  /// Offset of `{`.
  var start: Int
  /// Offset just past `}`.
  var end: Int
}

/// Why a `{…}` block is not an attribute block.
struct AttributeSyntaxError: Error, Equatable {
  var message: String
  var offset: Int
}

@inline(__always) func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

/// Parses the attribute block opening at `line[start] == "{"` (grammar of components.md
/// (c): `#id`, `.class`, `key`, `key=value`, quoted values with `\"`, `\\` and character
/// references).
func parseAttributeBlock(_ line: ArraySlice<UInt8>, at start: Int) -> Result<AttributeBlock, AttributeSyntaxError> {
  var scanner = AttributeScanner(line: line, index: start + 1)
  var attributes: [RawAttribute] = []
  while true {
    let hadSpace = scanner.skipSpaces()
    guard let byte = scanner.peek else {
      return .failure(
        AttributeSyntaxError(message: "attribute block is not closed with `}`", offset: start - line.startIndex))
    }
    if byte == 0x7D {  // }
      return .success(AttributeBlock(attributes: attributes, start: start, end: scanner.index + 1))
    }
    // `{.columns.wide}` and `{#intro.lead}`: shortcuts may follow each other without a
    // space, as remark-directive reads them.
    let followsShortcut: Bool
    switch attributes.last?.kind {
    case .id?, .cssClass?: followsShortcut = byte == 0x2E || byte == 0x23
    default: followsShortcut = false
    }
    if !attributes.isEmpty && !hadSpace && !followsShortcut {
      return .failure(
        AttributeSyntaxError(message: "attributes must be separated by spaces", offset: scanner.index - line.startIndex)
      )
    }
    switch scanner.attribute() {
    case .success(let attribute): attributes.append(attribute)
    case .failure(let error): return .failure(error)
    }
  }
}

private struct AttributeScanner {
  let line: ArraySlice<UInt8>
  var index: Int

  var peek: UInt8? { index < line.endIndex ? line[index] : nil }

  mutating func skipSpaces() -> Bool {
    let start = index
    while let b = peek, isSpace(b) { index += 1 }
    return index > start
  }

  mutating func attribute() -> Result<RawAttribute, AttributeSyntaxError> {
    let offset = index - line.startIndex
    guard let first = peek else { return .failure(.init(message: "unexpected end of line", offset: offset)) }
    if first == 0x23 || first == 0x2E {  // # .
      index += 1
      let name = identifier()
      guard !name.isEmpty else {
        let what = first == 0x23 ? "`#` needs an id" : "`.` needs a class name"
        return .failure(.init(message: what, offset: offset))
      }
      return .success(RawAttribute(kind: first == 0x23 ? .id(name) : .cssClass(name), offset: offset))
    }
    guard isASCIILetter(first) || first == 0x5F else {
      return .failure(.init(message: "unexpected `\(Character(Unicode.Scalar(first)))` in attributes", offset: offset))
    }
    let keyStart = index
    while let b = peek, isASCIIAlphanumeric(b) || b == 0x2D || b == 0x5F || b == 0x2E || b == 0x3A { index += 1 }
    let key = String(decoding: line[keyStart..<index], as: UTF8.self)
    guard peek == 0x3D else { return .success(RawAttribute(kind: .pair(key: key, value: nil), offset: offset)) }
    index += 1
    switch value() {
    case .success(let text): return .success(RawAttribute(kind: .pair(key: key, value: text), offset: offset))
    case .failure(let error): return .failure(error)
    }
  }

  /// An id or class name: up to whitespace, `}`, or a character that starts another part.
  mutating func identifier() -> String {
    let start = index
    while let b = peek, !isSpace(b), b != 0x7D, b != 0x7B, b != 0x22, b != 0x27, b != 0x3D, b != 0x23, b != 0x2E,
      b != 0x3C, b != 0x3E, b != 0x60
    {
      index += 1
    }
    return String(decoding: line[start..<index], as: UTF8.self)
  }

  mutating func value() -> Result<String, AttributeSyntaxError> {
    let offset = index - line.startIndex
    guard let quote = peek else { return .failure(.init(message: "missing value after `=`", offset: offset)) }
    if quote == 0x22 || quote == 0x27 {
      index += 1
      var bytes: [UInt8] = []
      while let b = peek {
        index += 1
        if b == quote { return .success(decodeCharacterReferences(bytes)) }
        if b == 0x5C, let next = peek, next == quote || next == 0x5C {
          bytes.append(next)
          index += 1
        } else {
          bytes.append(b)
        }
      }
      return .failure(.init(message: "quoted value is not closed", offset: offset))
    }
    let start = index
    while let b = peek, !isSpace(b), b != 0x22, b != 0x27, b != 0x3D, b != 0x3C, b != 0x3E, b != 0x60, b != 0x7D {
      index += 1
    }
    guard index > start else {
      return .failure(.init(message: "missing value after `=` (write `key=\"\"` for an empty value)", offset: offset))
    }
    return .success(decodeCharacterReferences(Array(line[start..<index])))
  }
}

/// Decodes `&quot;`, `&amp;`, `&lt;`, `&gt;`, `&apos;`, `&#NN;` and `&#xHH;`; other text is kept.
func decodeCharacterReferences(_ bytes: [UInt8]) -> String {
  guard bytes.contains(0x26) else { return String(decoding: bytes, as: UTF8.self) }
  var result = ""
  var index = 0
  while index < bytes.count {
    if bytes[index] == 0x26, let semi = bytes[index...].prefix(12).firstIndex(of: 0x3B) {
      if let decoded = characterReference(String(decoding: bytes[(index + 1)..<semi], as: UTF8.self)) {
        result.unicodeScalars.append(decoded)
        index = semi + 1
        continue
      }
    }
    let start = index
    index += 1
    while index < bytes.count, bytes[index] != 0x26 { index += 1 }
    result += String(decoding: bytes[start..<index], as: UTF8.self)
  }
  return result
}

/// The attribute block at the end of a heading line, if there is one: after at least one
/// space, not escaped with `\{`, and valid; `nil` keeps the text as heading text.
func trailingAttributeBlock(_ line: ArraySlice<UInt8>) -> AttributeBlock? {
  var end = line.endIndex
  while end > line.startIndex, isSpace(line[end - 1]) { end -= 1 }
  guard end > line.startIndex, line[end - 1] == 0x7D else { return nil }
  var cursor = end - 1
  var attempts = 0
  while cursor > line.startIndex, attempts < 8 {
    cursor -= 1
    guard line[cursor] == 0x7B, cursor > line.startIndex, isSpace(line[cursor - 1]) else { continue }
    attempts += 1
    guard case .success(let block) = parseAttributeBlock(line[..<end], at: cursor), block.end == end else { continue }
    return block
  }
  return nil
}

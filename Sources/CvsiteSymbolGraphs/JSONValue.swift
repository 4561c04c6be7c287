/// A JSON document as a tree of values, each with the byte offset it starts at, so that
/// a problem in a symbol graph is placed at its line and column.
///
/// Read in one pass over the bytes, with no generic decoding machinery: a symbol graph
/// of a few megabytes is read in milliseconds (Foundation's `JSONDecoder` with Codable
/// types took most of a small reference's build).
struct JSONValue {
  enum Kind {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
  }

  var kind: Kind
  /// Where the value starts in the document's bytes.
  var offset: Int

  /// What the value is, in a word, for a message (`an object`, `a string`).
  var described: String {
    switch kind {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    }
  }
}

/// A problem in a JSON document: what is wrong, and the byte offset where.
struct JSONProblem: Error, Equatable {
  var message: String
  var offset: Int
}

extension JSONValue {
  /// Nesting deeper than this is refused: a hostile file cannot exhaust the stack.
  static let maximumDepth = 256

  /// The document in `bytes`: one value, with only white space around it.
  static func parse(_ bytes: [UInt8]) throws(JSONProblem) -> JSONValue {
    try bytes.withUnsafeBufferPointer { (buffer) throws(JSONProblem) -> JSONValue in
      var parser = JSONParser(bytes: buffer)
      parser.skipSpace()
      let value = try parser.value(depth: 0)
      parser.skipSpace()
      guard parser.index == buffer.count else { throw parser.problem("text after the JSON value") }
      return value
    }
  }
}

/// Reads JSON from bytes (RFC 8259), strictly: no comments, no trailing commas, no
/// control characters in strings.
private struct JSONParser {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  func problem(_ message: String, at offset: Int? = nil) -> JSONProblem {
    JSONProblem(message: message, offset: min(offset ?? index, bytes.count))
  }

  mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  mutating func value(depth: Int) throws(JSONProblem) -> JSONValue {
    guard index < bytes.count else { throw problem("the JSON ends where a value should be") }
    let start = index
    switch bytes[index] {
    case UInt8(ascii: "{"):
      guard depth < JSONValue.maximumDepth else { throw problem("nested more than 256 deep") }
      return JSONValue(kind: .object(try object(depth: depth)), offset: start)
    case UInt8(ascii: "["):
      guard depth < JSONValue.maximumDepth else { throw problem("nested more than 256 deep") }
      return JSONValue(kind: .array(try array(depth: depth)), offset: start)
    case UInt8(ascii: "\""): return JSONValue(kind: .string(try string()), offset: start)
    case UInt8(ascii: "t"):
      try word("true")
      return JSONValue(kind: .bool(true), offset: start)
    case UInt8(ascii: "f"):
      try word("false")
      return JSONValue(kind: .bool(false), offset: start)
    case UInt8(ascii: "n"):
      try word("null")
      return JSONValue(kind: .null, offset: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONValue(kind: .number(try number()), offset: start)
    default: throw problem("expected a JSON value")
    }
  }

  mutating func word(_ word: StaticString) throws(JSONProblem) {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count,
      (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] })
    else { throw problem("expected a JSON value") }
    index += count
  }

  mutating func object(depth: Int) throws(JSONProblem) -> [(key: String, value: JSONValue)] {
    index += 1  // {
    var members: [(key: String, value: JSONValue)] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return members
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw problem(index < bytes.count ? "expected a key in quotes" : "the JSON ends inside an object")
      }
      let key = try string()
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw problem("expected `:` after a key") }
      index += 1
      skipSpace()
      members.append((key, try value(depth: depth + 1)))
      skipSpace()
      guard index < bytes.count else { throw problem("the JSON ends inside an object") }
      switch bytes[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return members
      default: throw problem("expected `,` or `}`")
      }
    }
  }

  mutating func array(depth: Int) throws(JSONProblem) -> [JSONValue] {
    index += 1  // [
    var elements: [JSONValue] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return elements
    }
    while true {
      skipSpace()
      elements.append(try value(depth: depth + 1))
      skipSpace()
      guard index < bytes.count else { throw problem("the JSON ends inside an array") }
      switch bytes[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return elements
      default: throw problem("expected `,` or `]`")
      }
    }
  }

  /// A string from its opening quote; invalid UTF-8 is repaired.
  mutating func string() throws(JSONProblem) -> String {
    index += 1  // "
    let start = index
    // Most strings have no escapes: their bytes are the string.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      guard byte >= 0x20 else { throw problem("a control character in a string") }
      index += 1
    }
    var text = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try escape(into: &text)
      case ..<0x20:
        throw problem("a control character in a string")
      default:
        text.append(byte)
        index += 1
      }
    }
    throw problem("the JSON ends inside a string", at: start - 1)
  }

  /// The escape at `index` (a backslash), its character appended to `text` as UTF-8.
  mutating func escape(into text: inout [UInt8]) throws(JSONProblem) {
    guard index + 1 < bytes.count else { throw problem("the JSON ends inside a string") }
    let letter = bytes[index + 1]
    index += 2
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(letter)
    case UInt8(ascii: "b"): text.append(0x08)
    case UInt8(ascii: "f"): text.append(0x0C)
    case UInt8(ascii: "n"): text.append(0x0A)
    case UInt8(ascii: "r"): text.append(0x0D)
    case UInt8(ascii: "t"): text.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try hex4()
      if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
        bytes[index + 1] == UInt8(ascii: "u")
      {
        let mark = index
        index += 2
        let low = try hex4()
        if (0xDC00..<0xE000).contains(low) {
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else {
          index = mark
        }
      }
      // A lone surrogate is no character, and NUL none a page may hold: U+FFFD for
      // both, as invalid UTF-8 is repaired and as Markdown replaces NUL.
      let character = scalar == 0 ? nil : Unicode.Scalar(scalar)
      text.append(contentsOf: String(Character(character ?? "\u{FFFD}")).utf8)
    default:
      throw problem("`\\\(Character(Unicode.Scalar(letter)))` is not an escape of JSON", at: index - 2)
    }
  }

  mutating func hex4() throws(JSONProblem) -> UInt32 {
    guard index + 4 <= bytes.count else { throw problem("the JSON ends inside a string") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw problem("expected four hexadecimal digits after `\\u`")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  /// A number: an integer of up to 15 digits is read exactly here; any other form
  /// through the standard library's reading of a `Double`.
  mutating func number() throws(JSONProblem) -> Double {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    let digitsStart = index
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
    let digits = index - digitsStart
    guard digits > 0, !(digits > 1 && bytes[digitsStart] == UInt8(ascii: "0")) else {
      throw problem("a number of JSON is digits, without leading zeros", at: start)
    }
    var isInteger = true
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      let fraction = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
      guard index > fraction else { throw problem("expected digits after `.`") }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      let exponent = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
      guard index > exponent else { throw problem("expected digits in the exponent") }
    }
    if isInteger, digits <= 15 {
      var value = 0
      for position in digitsStart..<index { value = value * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
      return Double(digitsStart > start ? -value : value)
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    guard let value = Double(text) else { throw problem("not a number", at: start) }
    return value
  }
}

/// Reading the values a symbol graph must hold: each read names, when it fails, what was
/// expected and where (`symbols[3].names.title`), a path made only then.
extension JSONValue {
  /// The members of this object.
  func object(at path: () -> String) throws(JSONProblem) -> [(key: String, value: JSONValue)] {
    guard case .object(let members) = kind else { throw mismatch("an object", at: path) }
    return members
  }

  func array(at path: () -> String) throws(JSONProblem) -> [JSONValue] {
    guard case .array(let elements) = kind else { throw mismatch("an array", at: path) }
    return elements
  }

  func string(at path: () -> String) throws(JSONProblem) -> String {
    guard case .string(let text) = kind else { throw mismatch("a string", at: path) }
    return text
  }

  /// An integer, in the range a line or a version number has.
  func int(at path: () -> String) throws(JSONProblem) -> Int {
    guard case .number(let number) = kind, number == number.rounded(), abs(number) < 1e15 else {
      throw mismatch("an integer", at: path)
    }
    return Int(number)
  }

  func bool(at path: () -> String) throws(JSONProblem) -> Bool {
    guard case .bool(let value) = kind else { throw mismatch("true or false", at: path) }
    return value
  }

  /// The member `key` of this object; `nil` when it has none, or is no object.
  func member(_ key: String) -> JSONValue? {
    guard case .object(let members) = kind else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The member `key` of this object (at `path`), which it must have.
  func member(_ key: String, at path: () -> String) throws(JSONProblem) -> JSONValue {
    let members = try object(at: path)
    guard let found = members.first(where: { $0.key == key })?.value else {
      throw JSONProblem(message: "`\(key)` is missing at \(Self.place(path()))", offset: offset)
    }
    return found
  }

  /// The path of the member `key` of the value at `path`.
  static func path(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

  private func mismatch(_ expected: String, at path: () -> String) -> JSONProblem {
    JSONProblem(message: "expected \(expected) at \(Self.place(path())), found \(described)", offset: offset)
  }

  private static func place(_ path: String) -> String { path.isEmpty ? "the top level" : "`\(path)`" }
}

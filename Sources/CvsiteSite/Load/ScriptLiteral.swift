/// A literal of a JavaScript or TypeScript settings module (an object, an array, a
/// string, a number…), as a Docusaurus `sidebars.js` writes its sidebars, with where each
/// value was written. What is not a literal (a variable, a call) is ``Kind/code(_:)``:
/// cvsite does not run programs.
struct ScriptLiteral {
  indirect enum Kind {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([ScriptLiteral])
    /// Keys in written order.
    case object([(key: String, value: ScriptLiteral)])
    /// An expression that is no literal, as written (up to its end).
    case code(String)
  }

  var kind: Kind
  /// 1-based line and column of the value's first character.
  var line: Int
  var column: Int

  var string: String? {
    if case .string(let text) = kind { return text }
    return nil
  }

  var array: [ScriptLiteral]? {
    if case .array(let items) = kind { return items }
    return nil
  }

  var object: [(key: String, value: ScriptLiteral)]? {
    if case .object(let pairs) = kind { return pairs }
    return nil
  }

  subscript(key: String) -> ScriptLiteral? { object?.first { $0.key == key }?.value }
}

/// Reads literals from a script's text: comments skipped, nesting bounded.
struct ScriptLiteralReader {
  private let bytes: [UInt8]
  private var index: Int
  private var line = 1
  private var lineStart = 0
  private let columns = ColumnCounter()
  static let maxDepth = 64

  /// The object literal assigned to the module's export (`module.exports = {…}`,
  /// `export default {…}`) or to its first `const name = {…}`, whichever comes first;
  /// nil when the script has none.
  static func exportedObject(in text: String) -> ScriptLiteral? {
    let bytes = Array(text.utf8)
    var reader = ScriptLiteralReader(bytes: bytes, index: 0)
    guard let start = reader.firstObjectAssignment() else { return nil }
    reader.index = start
    return reader.value(depth: 0)
  }

  /// The object literal written as the value of the first `key: {…}` of the script
  /// (`locales: {…}` inside a call such as `starlight({…})`); nil when there is none.
  static func object(named key: String, in text: String) -> ScriptLiteral? {
    let bytes = Array(text.utf8)
    let name = Array(key.utf8)
    var offset = 0
    while let found = firstOffset(of: name, in: bytes, from: offset) {
      offset = found + name.count
      // A whole word, then `:` and `{`.
      if found > 0, isWordByte(bytes[found - 1]) { continue }
      var next = offset
      if next < bytes.count, bytes[next] == UInt8(ascii: "'") || bytes[next] == UInt8(ascii: "\"") { next += 1 }
      while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
      guard next < bytes.count, bytes[next] == UInt8(ascii: ":") else { continue }
      next += 1
      while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 || bytes[next] == 0x0A { next += 1 }
      guard next < bytes.count, bytes[next] == UInt8(ascii: "{") else { continue }
      var reader = ScriptLiteralReader(bytes: bytes, at: next)
      return reader.value(depth: 0)
    }
    return nil
  }

  private static func firstOffset(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard !needle.isEmpty, bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
    for offset in start...(bytes.count - needle.count) where bytes[offset] == needle[0] {
      if bytes[offset..<(offset + needle.count)].elementsEqual(needle) { return offset }
    }
    return nil
  }

  private init(bytes: [UInt8], index: Int) {
    self.bytes = bytes
    self.index = index
  }

  /// A reader of `bytes` at `offset`, its line and column counted from the start.
  init(bytes: [UInt8], at offset: Int) {
    self.init(bytes: bytes, index: offset)
    for position in 0..<min(offset, bytes.count) where bytes[position] == 0x0A {
      line += 1
      lineStart = position + 1
    }
  }

  /// The offset of `{` in the first `= {` or `export default {` outside comments and
  /// strings (or at the start: a JSON object), counting lines on the way.
  private mutating func firstObjectAssignment() -> Int? {
    // A JSON file (`sidebars.json`) is its object.
    skipBlanksAndComments()
    if peek() == UInt8(ascii: "{") { return index }
    var lastWord = ""
    while index < bytes.count {
      skipBlanksAndComments()
      guard let byte = peek() else { return nil }
      if byte == 0x22 || byte == 0x27 || byte == 0x60 {
        _ = string()
        lastWord = ""
        continue
      }
      if byte == UInt8(ascii: "=") || (lastWord == "default" && byte == UInt8(ascii: "{")) {
        if byte == UInt8(ascii: "=") {
          index += 1
          // `==`, `=>`: no assignment.
          if let next = peek(), next == UInt8(ascii: "=") || next == UInt8(ascii: ">") {
            index += 1
            continue
          }
          skipBlanksAndComments()
        }
        if peek() == UInt8(ascii: "{") { return index }
        lastWord = ""
        continue
      }
      if Self.isWordByte(byte) {
        let start = index
        while let next = peek(), Self.isWordByte(next) { index += 1 }
        lastWord = String(decoding: bytes[start..<index], as: UTF8.self)
        continue
      }
      lastWord = ""
      index += 1
    }
    return nil
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    byte == 0x5F || byte == 0x24 || (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20) || byte >= 0x80
  }

  mutating func value(depth: Int) -> ScriptLiteral {
    skipBlanksAndComments()
    let (startLine, startColumn) = (line, column)
    func made(_ kind: ScriptLiteral.Kind) -> ScriptLiteral {
      ScriptLiteral(kind: kind, line: startLine, column: startColumn)
    }
    guard let byte = peek() else { return made(.code("")) }
    if depth >= Self.maxDepth { return made(.code(skipExpression())) }
    switch byte {
    case 0x22, 0x27, 0x60:
      guard let text = string() else { return made(.code("`…${…}…`")) }
      return made(.string(text))
    case UInt8(ascii: "["):
      index += 1
      var items: [ScriptLiteral] = []
      while true {
        skipBlanksAndComments()
        guard let next = peek() else { break }
        if next == UInt8(ascii: "]") {
          index += 1
          break
        }
        if next == UInt8(ascii: ",") {
          index += 1
          continue
        }
        let before = index
        items.append(value(depth: depth + 1))
        if index == before { index += 1 }
      }
      return made(.array(items))
    case UInt8(ascii: "{"):
      index += 1
      var pairs: [(key: String, value: ScriptLiteral)] = []
      while true {
        skipBlanksAndComments()
        guard let next = peek() else { break }
        if next == UInt8(ascii: "}") {
          index += 1
          break
        }
        if next == UInt8(ascii: ",") {
          index += 1
          continue
        }
        let keyLine = line
        let keyColumn = column
        let key: String?
        if next == 0x22 || next == 0x27 {
          key = string()
        } else if Self.isWordByte(next) {
          let start = index
          while let byte = peek(), Self.isWordByte(byte) { index += 1 }
          key = String(decoding: bytes[start..<index], as: UTF8.self)
        } else {
          // `...spread`, `[computed]`: code.
          key = nil
        }
        skipBlanksAndComments()
        guard let key, peek() == UInt8(ascii: ":") else {
          let before = index
          let code = skipExpression()
          // A closing `]` or `)` that opened nothing here: step over it, or the object
          // would read it again for ever.
          if index == before, next != 0x22, next != 0x27, !Self.isWordByte(next) { index += 1 }
          pairs.append(
            ("", ScriptLiteral(kind: .code(key.map { $0 + code } ?? code), line: keyLine, column: keyColumn)))
          continue
        }
        index += 1
        pairs.append((key, value(depth: depth + 1)))
      }
      return made(.object(pairs))
    default:
      let start = index
      while let next = peek(),
        Self.isWordByte(next) || next == UInt8(ascii: ".") || next == UInt8(ascii: "-")
          || next == UInt8(ascii: "+")
      {
        index += 1
      }
      let word = String(decoding: bytes[start..<index], as: UTF8.self)
      skipBlanksAndComments()
      let endsHere = peek().map { [UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")].contains($0) } ?? true
      if endsHere {
        switch word {
        case "true": return made(.bool(true))
        case "false": return made(.bool(false))
        case "null", "undefined": return made(.null)
        default: if let number = Double(word) { return made(.number(number)) }
        }
        if !word.isEmpty { return made(.code(word)) }
      }
      return made(.code(word + skipExpression()))
    }
  }

  /// Skips to the end of the expression at the cursor (the next `,`, `]` or `}` at its
  /// own depth); returns its text.
  private mutating func skipExpression() -> String {
    let start = index
    var depth = 0
    while let byte = peek() {
      if byte == 0x22 || byte == 0x27 || byte == 0x60 {
        _ = string()
        continue
      }
      if byte == UInt8(ascii: "/"), index + 1 < bytes.count,
        bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")
      {
        skipBlanksAndComments()
        continue
      }
      switch byte {
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
        if depth == 0 { return String(decoding: bytes[start..<index], as: UTF8.self) }
        depth -= 1
      case UInt8(ascii: ","):
        if depth == 0 { return String(decoding: bytes[start..<index], as: UTF8.self) }
      case 0x0A:
        index += 1
        newLine()
        continue
      default: break
      }
      index += 1
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// A quoted string at the cursor, escapes read; nil for a template with `${…}`.
  private mutating func string() -> String? {
    let quote = bytes[index]
    index += 1
    var text: [UInt8] = []
    var interpolated = false
    while let byte = peek() {
      index += 1
      if byte == quote { break }
      if byte == 0x0A {
        newLine()
        if quote != 0x60 { break }
      }
      if byte == UInt8(ascii: "\\"), let next = peek() {
        index += 1
        switch next {
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "t"): text.append(0x09)
        case 0x0A: newLine()
        default: text.append(next)
        }
        continue
      }
      if quote == 0x60, byte == UInt8(ascii: "$"), peek() == UInt8(ascii: "{") { interpolated = true }
      text.append(byte)
    }
    return interpolated ? nil : String(decoding: text, as: UTF8.self)
  }

  private var column: Int { columns.column(of: index, lineStart: lineStart, in: bytes) }

  private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func newLine() {
    line += 1
    lineStart = index
  }

  private mutating func skipBlanksAndComments() {
    while let byte = peek() {
      if byte == 0x0A {
        index += 1
        newLine()
      } else if byte == 0x20 || byte == 0x09 || byte == 0x0D {
        index += 1
      } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
        while let next = peek(), next != 0x0A { index += 1 }
      } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
        index += 2
        while index < bytes.count,
          !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"))
        {
          if bytes[index] == 0x0A {
            index += 1
            newLine()
          } else {
            index += 1
          }
        }
        index = min(bytes.count, index + 2)
      } else {
        return
      }
    }
  }
}

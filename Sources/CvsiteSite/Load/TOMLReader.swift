import CvsiteCore

/// A value of a TOML document, with where it was written.
struct TOMLValue {
  enum Kind {
    case string(String)
    case integer(Int)
    case float(Double)
    case bool(Bool)
    /// A date, time or both, kept as written.
    case dateTime(String)
    case array([TOMLValue])
    case table(TOMLTable)
  }

  var kind: Kind
  /// 1-based line and column of the value's first character.
  var line: Int
  var column: Int
  /// Made by `[[name]]` headers: later ones add a table to it.
  var isArrayOfTables = false

  init(kind: Kind, line: Int, column: Int, arrayOfTables: Bool = false) {
    (self.kind, self.line, self.column, isArrayOfTables) = (kind, line, column, arrayOfTables)
  }
}

/// A TOML table: its keys in the order they were written.
final class TOMLTable {
  private(set) var keys: [String] = []
  private(set) var entries: [String: TOMLValue] = [:]
  /// Where each key was first written: line and column.
  private(set) var keyPlaces: [String: (line: Int, column: Int)] = [:]
  /// Written as `[name]` (or made by a dotted key): a second `[name]` is an error.
  var isDefined = false
  /// Written inline (`{ … }`): closed to later keys.
  var isInline = false
  /// Made by dotted keys (`a.b = 1`): a later `[a]` header may not reopen it.
  var byDottedKeys = false

  subscript(key: String) -> TOMLValue? { entries[key] }

  /// Sets `key`, written at `place` (the value's place when not given).
  func set(_ key: String, _ value: TOMLValue, at place: (line: Int, column: Int)? = nil) {
    if entries[key] == nil {
      keys.append(key)
      keyPlaces[key] = place ?? (value.line, value.column)
    }
    entries[key] = value
  }

  /// The pairs in written order.
  var pairs: [(key: String, value: TOMLValue)] { keys.compactMap { key in entries[key].map { (key, $0) } } }
}

/// Reads TOML 1.0 (the format of `zensical.toml` and `pyproject.toml`): tables, arrays of
/// tables, dotted and quoted keys, inline tables, every string form, numbers, booleans and
/// dates. A problem is a located error; reading stops at the first.
struct TOMLReader {
  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var lineStart = 0
  private let root = TOMLTable()
  private let columns = ColumnCounter()
  /// Nesting deeper than this is refused: arrays, inline tables, and the tables a header
  /// or a dotted key makes, counted together (a key of thousands of parts would make a
  /// chain of tables that deep).
  static let maxDepth = 64

  struct Problem: Error, Equatable {
    var message: String
    var line: Int
    var column: Int
  }

  private init(_ text: String) { bytes = Array(text.utf8) }

  /// The document's top table, or the first problem.
  static func read(_ text: String) -> Result<TOMLTable, Problem> {
    var reader = TOMLReader(text)
    do {
      try reader.document()
      return .success(reader.root)
    } catch let problem as Problem {
      return .failure(problem)
    } catch {
      return .failure(Problem(message: "\(error)", line: reader.line, column: 1))
    }
  }

  // MARK: Structure

  private mutating func document() throws {
    var current = root
    var depth = 0
    while true {
      skipBlanksAndComments(newlines: true)
      guard let byte = peek() else { return }
      if byte == UInt8(ascii: "[") {
        (current, depth) = try header()
      } else {
        try keyValue(into: current, depth: depth)
      }
      try endOfLine()
    }
  }

  /// `[a.b]` or `[[a.b]]`: the table keys go into from here, and how deep it is.
  private mutating func header() throws -> (TOMLTable, depth: Int) {
    let (startLine, startColumn) = (line, column)
    index += 1
    let isArray = peek() == UInt8(ascii: "[")
    if isArray { index += 1 }
    skipBlanks()
    let path = try key()
    guard path.count < Self.maxDepth else {
      throw problem("the table `\(path[0]).…` nests deeper than \(Self.maxDepth) tables", startLine, startColumn)
    }
    skipBlanks()
    try expect("]")
    if isArray { try expect("]") }
    var table = root
    for (position, part) in path.enumerated() {
      let isLast = position == path.count - 1
      if isLast && isArray {
        let element = TOMLTable()
        element.isDefined = true
        let made = TOMLValue(kind: .table(element), line: startLine, column: startColumn)
        if let existing = table[part] {
          guard case .array(var items) = existing.kind, existing.isArrayOfTables else {
            throw problem(
              "`\(path.joined(separator: "."))` is already a value, not an array of tables", startLine, startColumn)
          }
          items.append(made)
          table.set(
            part, TOMLValue(kind: .array(items), line: existing.line, column: existing.column, arrayOfTables: true))
        } else {
          table.set(part, TOMLValue(kind: .array([made]), line: startLine, column: startColumn, arrayOfTables: true))
        }
        return (element, path.count)
      }
      if let existing = table[part] {
        switch existing.kind {
        case .table(let next):
          if next.isInline {
            throw problem("`\(part)` is an inline table: it cannot be extended", startLine, startColumn)
          }
          if isLast {
            if next.isDefined || next.byDottedKeys {
              throw problem("the table `\(path.joined(separator: "."))` is defined twice", startLine, startColumn)
            }
            next.isDefined = true
          }
          table = next
        case .array(let items) where existing.isArrayOfTables:
          guard let last = items.last, case .table(let next) = last.kind else {
            throw problem("`\(part)` holds no table", startLine, startColumn)
          }
          table = next
        default:
          throw problem("`\(part)` is already a value, not a table", startLine, startColumn)
        }
      } else {
        let next = TOMLTable()
        next.isDefined = isLast
        table.set(part, TOMLValue(kind: .table(next), line: startLine, column: startColumn))
        table = next
      }
    }
    return (table, path.count)
  }

  /// `key = value` into `table` (a dotted key makes the tables on its way).
  private mutating func keyValue(into table: TOMLTable, depth: Int = 0) throws {
    let (startLine, startColumn) = (line, column)
    let path = try key()
    guard depth + path.count <= Self.maxDepth else {
      throw problem("the key `\(path[0]).…` nests deeper than \(Self.maxDepth) tables", startLine, startColumn)
    }
    skipBlanks()
    try expect("=")
    skipBlanks()
    let value = try self.value(depth: depth + path.count - 1)
    var target = table
    for part in path.dropLast() {
      if let existing = target[part] {
        guard case .table(let next) = existing.kind, !next.isInline, next.byDottedKeys || !next.isDefined else {
          throw problem("`\(part)` is already defined: a dotted key cannot add to it", startLine, startColumn)
        }
        target = next
      } else {
        let next = TOMLTable()
        next.byDottedKeys = true
        target.set(part, TOMLValue(kind: .table(next), line: startLine, column: startColumn))
        target = next
      }
    }
    let last = path[path.count - 1]
    if target[last] != nil {
      throw problem("the key `\(path.joined(separator: "."))` is defined twice", startLine, startColumn)
    }
    target.set(last, value, at: (startLine, startColumn))
  }

  /// A key: bare, quoted, or dotted parts of either.
  private mutating func key() throws -> [String] {
    var parts: [String] = []
    repeat {
      skipBlanks()
      guard let byte = peek() else { throw problem("a key is missing") }
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        parts.append(try string(multiline: false))
      } else {
        let start = index
        while let byte = peek(), Self.isBareKey(byte) { index += 1 }
        guard index > start else { throw problem("a key is expected here") }
        parts.append(String(decoding: bytes[start..<index], as: UTF8.self))
      }
      skipBlanks()
    } while consume(".")
    return parts
  }

  private static func isBareKey(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
      return true
    default: return false
    }
  }

  // MARK: Values

  private mutating func value(depth: Int) throws -> TOMLValue {
    let (startLine, startColumn) = (line, column)
    func made(_ kind: TOMLValue.Kind) -> TOMLValue { TOMLValue(kind: kind, line: startLine, column: startColumn) }
    guard let byte = peek() else { throw problem("a value is missing") }
    guard depth < Self.maxDepth else { throw problem("arrays and tables nest deeper than \(Self.maxDepth)") }
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      return made(.string(try string(multiline: true)))
    case UInt8(ascii: "["):
      index += 1
      var items: [TOMLValue] = []
      while true {
        skipBlanksAndComments(newlines: true)
        if consume("]") { break }
        items.append(try value(depth: depth + 1))
        skipBlanksAndComments(newlines: true)
        if consume("]") { break }
        guard consume(",") else { throw problem("`,` or `]` expected in the array") }
      }
      return made(.array(items))
    case UInt8(ascii: "{"):
      index += 1
      let table = TOMLTable()
      skipBlanks()
      if !consume("}") {
        while true {
          skipBlanks()
          try keyValue(into: table, depth: depth + 1)
          skipBlanks()
          if consume("}") { break }
          guard consume(",") else { throw problem("`,` or `}` expected in the inline table") }
        }
      }
      table.isInline = true
      return made(.table(table))
    default:
      let start = index
      while let byte = peek(), !Self.endsBareValue(byte) { index += 1 }
      // A date and time may hold one space: `1979-05-27 07:32:00`.
      if index - start == 10, peek() == UInt8(ascii: " "), index + 1 < bytes.count,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + 1])
      {
        index += 1
        while let byte = peek(), !Self.endsBareValue(byte) { index += 1 }
      }
      let word = String(decoding: bytes[start..<index], as: UTF8.self)
      let read = Self.scalar(word)
      if let message = Self.outOfRange(word, read: read) {
        index = start
        throw problem(message)
      }
      guard let kind = read else {
        index = start
        throw problem(word.isEmpty ? "a value is expected here" : "`\(word)` is not a TOML value (text goes in quotes)")
      }
      return made(kind)
    }
  }

  private static func endsBareValue(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ","),
      UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "#"):
      return true
    default: return false
    }
  }

  /// A bare word as a boolean, number or date.
  private static func scalar(_ word: String) -> TOMLValue.Kind? {
    if word == "true" { return .bool(true) }
    if word == "false" { return .bool(false) }
    if ["inf", "+inf", "-inf", "nan", "+nan", "-nan"].contains(word) {
      return .float(word.hasSuffix("nan") ? .nan : (word.hasPrefix("-") ? -.infinity : .infinity))
    }
    let plain = word.replacingOccurrences(of: "_", with: "")
    guard !plain.isEmpty, !word.hasPrefix("_"), !word.hasSuffix("_"), !word.contains("__") else { return nil }
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where plain.hasPrefix(prefix) {
      return Int(plain.dropFirst(2), radix: radix).map { .integer($0) }
    }
    if let integer = Int(plain) { return .integer(integer) }
    let isNumeric = plain.allSatisfy { "0123456789+-.eE".contains($0) }
    if isNumeric, let float = Double(plain) { return .float(float) }
    let isDate = plain.count >= 8 && plain.allSatisfy { "0123456789-:TtZz.+ ".contains($0) }
    if isDate, plain.contains("-") || plain.contains(":") { return .dateTime(word) }
    return nil
  }

  /// Why `word` (read as `read` by ``scalar(_:)``), written as an integer or a date, is
  /// not one: an integer beyond 64 bits (which would otherwise be read as an approximate
  /// float), a month, day or hour that does not exist. Nil when it is in range or is no
  /// such word.
  private static func outOfRange(_ word: String, read: TOMLValue.Kind?) -> String? {
    let plain = word.replacingOccurrences(of: "_", with: "")
    var digits = Substring(plain)
    if digits.first == "+" || digits.first == "-" { digits = digits.dropFirst() }
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
      let rest = digits.dropFirst(2)
      let isWritten = !rest.isEmpty && rest.allSatisfy { $0.isHexDigit && Int(String($0), radix: radix) != nil }
      return isWritten && Int(rest, radix: radix) == nil ? "`\(word)` is beyond the range of a 64-bit integer" : nil
    }
    if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), Int(plain) == nil {
      return "`\(word)` is beyond the range of a 64-bit integer"
    }
    guard case .dateTime? = read else { return nil }
    return TOMLDateTime.problem(in: word)
  }

  /// A quoted string at the cursor: basic (`"…"`, escapes read) or literal (`'…'`), and
  /// their multi-line forms when `multiline` allows them.
  private mutating func string(multiline: Bool) throws -> String {
    let quote = bytes[index]
    let isLiteral = quote == UInt8(ascii: "'")
    let isLong = multiline && index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
    index += isLong ? 3 : 1
    if isLong {
      // A newline right after the opening quotes is not part of the text.
      if consume("\r") { _ = consume("\n") } else if consume("\n") {}
      if peek() == nil || bytes[index - 1] == UInt8(ascii: "\n") { newLine() }
    }
    var text: [UInt8] = []
    while true {
      guard let byte = peek() else { throw problem("the string is not closed") }
      if byte == quote {
        if !isLong {
          index += 1
          break
        }
        if index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote {
          index += 3
          // Up to two more quotes belong to the text: `""""` ends with one in it.
          var extra = 0
          while extra < 2, peek() == quote {
            text.append(quote)
            index += 1
            extra += 1
          }
          break
        }
      }
      if byte == UInt8(ascii: "\n") {
        guard isLong else { throw problem("the string is not closed on its line") }
        text.append(byte)
        index += 1
        newLine()
        continue
      }
      if byte == UInt8(ascii: "\\"), !isLiteral {
        index += 1
        try escape(into: &text, long: isLong)
        continue
      }
      text.append(byte)
      index += 1
    }
    return String(decoding: text, as: UTF8.self)
  }

  private mutating func escape(into text: inout [UInt8], long: Bool) throws {
    guard let byte = peek() else { throw problem("the string is not closed") }
    index += 1
    switch byte {
    case UInt8(ascii: "n"): text.append(0x0A)
    case UInt8(ascii: "t"): text.append(0x09)
    case UInt8(ascii: "r"): text.append(0x0D)
    case UInt8(ascii: "b"): text.append(0x08)
    case UInt8(ascii: "f"): text.append(0x0C)
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): text.append(byte)
    case UInt8(ascii: "u"), UInt8(ascii: "U"):
      let count = byte == UInt8(ascii: "u") ? 4 : 8
      guard index + count <= bytes.count,
        let value = UInt32(String(decoding: bytes[index..<index + count], as: UTF8.self), radix: 16),
        let scalar = Unicode.Scalar(value)
      else { throw problem("`\\\(Character(Unicode.Scalar(byte)))` needs \(count) hexadecimal digits of a character") }
      index += count
      text += Array(String(Character(scalar)).utf8)
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"),
      UInt8(ascii: "\r") where long:
      // A backslash at a line's end joins the next line, its leading blanks dropped.
      index -= 1
      while let next = peek(), [0x20, 0x09, 0x0A, 0x0D].contains(next) {
        index += 1
        if next == 0x0A { newLine() }
      }
    default:
      index -= 2  // at the backslash
      throw problem("`\\\(Character(Unicode.Scalar(byte)))` is not a TOML escape")
    }
  }

  // MARK: Cursor

  private var column: Int { columns.column(of: index, lineStart: lineStart, in: bytes) }

  private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func consume(_ character: Unicode.Scalar) -> Bool {
    guard peek() == UInt8(ascii: character) else { return false }
    index += 1
    return true
  }

  private mutating func expect(_ character: Unicode.Scalar) throws {
    guard consume(character) else { throw problem("`\(character)` expected here") }
  }

  private mutating func newLine() {
    line += 1
    lineStart = index
  }

  private mutating func skipBlanks() {
    while let byte = peek(), byte == 0x20 || byte == 0x09 { index += 1 }
  }

  private mutating func skipBlanksAndComments(newlines: Bool) {
    while let byte = peek() {
      if byte == 0x20 || byte == 0x09 || byte == 0x0D {
        index += 1
      } else if byte == UInt8(ascii: "#") {
        while let next = peek(), next != 0x0A { index += 1 }
      } else if byte == 0x0A && newlines {
        index += 1
        newLine()
      } else {
        return
      }
    }
  }

  /// After a key-value pair or header: only blanks and a comment to the line's end.
  private mutating func endOfLine() throws {
    skipBlanksAndComments(newlines: false)
    guard let byte = peek() else { return }
    guard byte == 0x0A else { throw problem("the line goes on after its value (one key = value per line)") }
  }

  private func problem(_ message: String, _ line: Int? = nil, _ column: Int? = nil) -> Problem {
    Problem(message: message, line: line ?? self.line, column: column ?? self.column)
  }
}

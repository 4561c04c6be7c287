/// An element of a language definition file: what the small XML reader below makes of it.
struct XMLElement {
  var name: String
  var attributes: [String: String]
  var children: [XMLElement] = []
  /// The element's character data (entities decoded), without its children's.
  var text = ""
  /// Where the element's start tag begins, 1-based.
  var line: Int
  var column: Int

  /// The child elements called `name`.
  func children(_ name: String) -> [XMLElement] { children.filter { $0.name == name } }
  /// The first child element called `name`.
  func child(_ name: String) -> XMLElement? { children.first { $0.name == name } }

  /// For a `<language>` element: its name (the id when it has none) and the file-name
  /// extensions of its `globs` (`*.swift` → `swift`).
  var languageNameAndExtensions: (name: String?, extensions: [String]) {
    var extensions: [String] = []
    for property in child("metadata")?.children("property") ?? [] where property.attributes["name"] == "globs" {
      for glob in property.text.split(separator: ";") where glob.hasPrefix("*.") {
        extensions.append(String(glob.dropFirst(2)).lowercased())
      }
    }
    return (attributes["name"] ?? attributes["_name"], extensions)
  }
}

/// Reads the XML of GtkSourceView language definitions: elements, attributes, character
/// data, comments, CDATA, the five named entities and character references. Not a
/// general XML parser: no DTD is read and no namespace is resolved (`xmlns` is an
/// attribute like any other).
struct LangXMLReader {
  struct Failure: Error, Equatable {
    var message: String
    var line: Int
    var column: Int
  }

  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var lineStart = 0

  init(_ text: String) { bytes = Array(text.utf8) }

  /// The document's root element.
  static func parse(_ text: String) throws(Failure) -> XMLElement {
    var reader = LangXMLReader(text)
    return try reader.document()
  }

  private var column: Int { index - lineStart + 1 }

  private func failure(_ message: String) -> Failure { Failure(message: message, line: line, column: column) }

  private mutating func advance(_ count: Int = 1) {
    for _ in 0..<count where index < bytes.count {
      if bytes[index] == 0x0A {
        line += 1
        lineStart = index + 1
      }
      index += 1
    }
  }

  private func starts(with literal: String) -> Bool {
    var position = index
    for byte in literal.utf8 {
      guard position < bytes.count, bytes[position] == byte else { return false }
      position += 1
    }
    return true
  }

  private mutating func skip(past literal: String, what: String) throws(Failure) {
    while index < bytes.count {
      if starts(with: literal) {
        advance(literal.utf8.count)
        return
      }
      advance()
    }
    throw failure("\(what) is not closed with `\(literal)`")
  }

  private mutating func skipSpace() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { advance() }
  }

  private mutating func document() throws(Failure) -> XMLElement {
    while true {
      skipSpace()
      if starts(with: "<?") {
        try skip(past: "?>", what: "a processing instruction")
      } else if starts(with: "<!--") {
        try skip(past: "-->", what: "a comment")
      } else if starts(with: "<!") {
        try skip(past: ">", what: "a declaration")
      } else if starts(with: "<") {
        return try element(depth: 0)
      } else {
        throw failure(index < bytes.count ? "text before the root element" : "no root element")
      }
    }
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    byte >= 0x80 || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
      || byte == 0x2D || byte == 0x5F || byte == 0x3A || byte == 0x2E
  }

  private mutating func name() throws(Failure) -> String {
    let start = index
    while index < bytes.count, Self.isNameByte(bytes[index]) { advance() }
    guard index > start else { throw failure("a name was expected") }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private mutating func element(depth: Int) throws(Failure) -> XMLElement {
    guard depth < 200 else { throw failure("elements nested more than 200 deep") }
    let startLine = line
    let startColumn = column
    advance()  // <
    var element = XMLElement(name: try name(), attributes: [:], line: startLine, column: startColumn)
    while true {
      skipSpace()
      guard index < bytes.count else { throw failure("the start tag of <\(element.name)> is not closed") }
      if starts(with: "/>") {
        advance(2)
        return element
      }
      if bytes[index] == UInt8(ascii: ">") {
        advance()
        break
      }
      let attribute = try name()
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
        throw failure("attribute `\(attribute)` has no value")
      }
      advance()
      skipSpace()
      guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else {
        throw failure("the value of `\(attribute)` is not quoted")
      }
      let quote = bytes[index]
      advance()
      let start = index
      while index < bytes.count, bytes[index] != quote { advance() }
      guard index < bytes.count else { throw failure("the value of `\(attribute)` is not closed") }
      element.attributes[attribute] = try decode(bytes[start..<index])
      advance()
    }
    var text: [UInt8] = []
    while true {
      guard index < bytes.count else {
        throw Failure(
          message: "<\(element.name)> is not closed", line: startLine, column: startColumn)
      }
      if starts(with: "</") {
        advance(2)
        let closing = try name()
        guard closing == element.name else {
          throw failure("</\(closing)> closes <\(element.name)> (line \(startLine))")
        }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw failure("`>` expected") }
        advance()
        element.text = try decode(text[...])
        return element
      } else if starts(with: "<!--") {
        try skip(past: "-->", what: "a comment")
      } else if starts(with: "<![CDATA[") {
        advance(9)
        let start = index
        try skip(past: "]]>", what: "a CDATA section")
        // Escaped so that `decode` gives the bytes back as written.
        for byte in bytes[start..<(index - 3)] {
          if byte == UInt8(ascii: "&") { text += Array("&amp;".utf8) } else { text.append(byte) }
        }
      } else if starts(with: "<") {
        element.children.append(try self.element(depth: depth + 1))
      } else {
        text.append(bytes[index])
        advance()
      }
    }
  }

  private func decode(_ raw: ArraySlice<UInt8>) throws(Failure) -> String {
    guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(raw.count)
    var position = raw.startIndex
    while position < raw.endIndex {
      let byte = raw[position]
      guard byte == UInt8(ascii: "&") else {
        out.append(byte)
        position += 1
        continue
      }
      guard let end = raw[position...].firstIndex(of: UInt8(ascii: ";")), end - position <= 10 else {
        throw failure("`&` starts no entity (write `&amp;`)")
      }
      let entity = String(decoding: raw[(position + 1)..<end], as: UTF8.self)
      switch entity {
      case "lt": out.append(UInt8(ascii: "<"))
      case "gt": out.append(UInt8(ascii: ">"))
      case "amp": out.append(UInt8(ascii: "&"))
      case "quot": out.append(0x22)
      case "apos": out.append(0x27)
      default:
        let digits = entity.dropFirst()
        let value =
          entity.hasPrefix("#x") ? UInt32(digits.dropFirst(), radix: 16) : entity.hasPrefix("#") ? UInt32(digits) : nil
        guard let value, let scalar = Unicode.Scalar(value) else { throw failure("unknown entity `&\(entity);`") }
        out += Array(String(Character(scalar)).utf8)
      }
      position = end + 1
    }
    return String(decoding: out, as: UTF8.self)
  }
}

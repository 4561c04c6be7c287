/// The tokens of a fragment of HTML as a browser's tokenizer reads them (the WHATWG HTML
/// tokenizer's states for data, tags, attributes, comments, doctypes and raw text), for
/// ``RawHTMLSanitizer``: a tag is what the browser would see as one, whatever it looks
/// like, and an attribute's value is decoded as the browser decodes it.
struct HTMLTokenizer {
  enum Token: Equatable {
    /// Text, as written (its character references not decoded).
    case text(String)
    case startTag(name: String, attributes: [Attribute], selfClosing: Bool)
    case endTag(name: String)
    /// A comment, a doctype, `<?…>` or `<![CDATA[…]]>`: nothing a sanitised page keeps.
    case markup
  }

  struct Attribute: Equatable {
    /// Lowercased.
    var name: String
    /// Where its name starts in the fragment, in bytes.
    var offset = 0
    /// Character references decoded; nil when one could not be (a named reference
    /// this reader does not know): such a value is never trusted.
    var value: String?
  }

  /// Elements whose content is text up to their end tag (no tags inside): what the
  /// browser reads as RAWTEXT, RCDATA, script data or PLAINTEXT.
  static let rawTextElements: Set<String> = [
    "script", "style", "xmp", "iframe", "noembed", "noframes", "noscript", "textarea", "title", "plaintext",
  ]

  private let bytes: [UInt8]
  private var index = 0

  init(_ html: String) { bytes = Array(html.utf8) }

  /// Every token of the fragment. Raw-text content (``rawTextElements``) is one text
  /// token up to its end tag, which a browser needs to end it.
  mutating func tokens() -> [Token] {
    var tokens: [Token] = []
    var text: [UInt8] = []
    func flush() {
      if !text.isEmpty { tokens.append(.text(String(decoding: text, as: UTF8.self))) }
      text = []
    }
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "<") else {
        text.append(byte)
        index += 1
        continue
      }
      let start = index
      guard let token = tag() else {
        // A `<` that opens nothing is text.
        index = start + 1
        text.append(byte)
        continue
      }
      flush()
      tokens.append(token)
      if case .startTag(let name, _, _) = token, Self.rawTextElements.contains(name) {
        let content = rawText(until: name)
        if !content.isEmpty { tokens.append(.text(String(decoding: content, as: UTF8.self))) }
      }
    }
    flush()
    return tokens
  }

  // MARK: States

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
  }

  private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

  private static func lowered(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
  }

  /// The token at `<` (``index``), moving past it; nil for a `<` that is text.
  private mutating func tag() -> Token? {
    let next = index + 1
    guard next < bytes.count else { return nil }
    switch bytes[next] {
    case UInt8(ascii: "!"):
      // `<!--…-->`, `<!DOCTYPE…>`, `<![CDATA[…]]>`: a comment or a bogus one, to `>`.
      if bytes[next...].starts(with: "!--".utf8) {
        index = next + 3
        // `<!-->` and `<!--->` end at once.
        for short in ["->", ">"] where bytes[index...].starts(with: short.utf8) {
          index += short.utf8.count
          return .markup
        }
        while index < bytes.count {
          if bytes[index...].starts(with: "-->".utf8) {
            index += 3
            return .markup
          }
          if bytes[index...].starts(with: "--!>".utf8) {
            index += 4
            return .markup
          }
          index += 1
        }
        return .markup
      }
      index = bytes[next...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? bytes.count
      return .markup
    case UInt8(ascii: "?"):
      index = bytes[next...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? bytes.count
      return .markup
    case UInt8(ascii: "/"):
      guard next + 1 < bytes.count else { return nil }
      if bytes[next + 1] == UInt8(ascii: ">") {
        // `</>` is nothing.
        index = next + 2
        return .markup
      }
      guard Self.isLetter(bytes[next + 1]) else {
        // `</ x>`: a bogus comment to `>`.
        index = bytes[next...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? bytes.count
        return .markup
      }
      index = next + 1
      let name = tagName()
      // An end tag's attributes are read and dropped.
      let (_, _, ended) = attributes()
      // A tag the fragment ends inside is no tag to a browser either.
      return ended ? .endTag(name: name) : .markup
    default:
      guard Self.isLetter(bytes[next]) else { return nil }
      index = next
      let name = tagName()
      let (attributes, selfClosing, ended) = self.attributes()
      return ended ? .startTag(name: name, attributes: attributes, selfClosing: selfClosing) : .markup
    }
  }

  /// A tag's name, lowercased: up to white space, `/` or `>`.
  private mutating func tagName() -> String {
    var name: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      if Self.isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") { break }
      name.append(Self.lowered(byte))
      index += 1
    }
    return String(decoding: name, as: UTF8.self)
  }

  /// A tag's attributes up to its `>` (or the end), the first of each name kept, whether
  /// it ends `/>`, and whether its `>` was reached.
  private mutating func attributes() -> ([Attribute], Bool, Bool) {
    var attributes: [Attribute] = []
    var names = Set<String>()
    var selfClosing = false
    while index < bytes.count {
      let byte = bytes[index]
      if Self.isSpace(byte) {
        index += 1
        continue
      }
      if byte == UInt8(ascii: ">") {
        index += 1
        return (attributes, selfClosing, true)
      }
      if byte == UInt8(ascii: "/") {
        index += 1
        selfClosing = index < bytes.count && bytes[index] == UInt8(ascii: ">")
        continue
      }
      selfClosing = false
      let start = index
      // The name: its first byte may be `=`; then up to white space, `/`, `>` or `=`.
      var name: [UInt8] = [Self.lowered(byte)]
      index += 1
      while index < bytes.count {
        let next = bytes[index]
        if Self.isSpace(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: ">") || next == UInt8(ascii: "=") {
          break
        }
        name.append(Self.lowered(next))
        index += 1
      }
      while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
      var value: String? = ""
      if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
        index += 1
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        value = attributeValue()
      }
      let attribute = Attribute(name: String(decoding: name, as: UTF8.self), offset: start, value: value)
      if names.insert(attribute.name).inserted { attributes.append(attribute) }
    }
    return (attributes, selfClosing, false)
  }

  /// A quoted or unquoted value, its character references decoded.
  private mutating func attributeValue() -> String? {
    guard index < bytes.count else { return "" }
    var raw: [UInt8] = []
    let quote = bytes[index]
    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
      index += 1
      while index < bytes.count, bytes[index] != quote {
        raw.append(bytes[index])
        index += 1
      }
      // The closing quote, when the fragment has one.
      if index < bytes.count { index += 1 }
    } else {
      while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") {
        raw.append(bytes[index])
        index += 1
      }
    }
    return CharacterReferences.decode(raw)
  }

  /// The content of a raw-text element up to `</name` (not consumed: the end tag is
  /// read next); everything left for `plaintext`.
  private mutating func rawText(until name: String) -> [UInt8] {
    index = min(index, bytes.count)
    let start = index
    guard name != "plaintext" else {
      index = bytes.count
      return Array(bytes[start...])
    }
    let closing = Array(("</" + name).utf8)
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "<"), index + closing.count <= bytes.count,
        zip(bytes[index..<(index + closing.count)], closing).allSatisfy({ Self.lowered($0) == $1 })
      {
        let after = index + closing.count
        if after == bytes.count || Self.isSpace(bytes[after]) || bytes[after] == UInt8(ascii: "/")
          || bytes[after] == UInt8(ascii: ">")
        {
          return Array(bytes[start..<index])
        }
      }
      index += 1
    }
    return Array(bytes[start...])
  }
}

/// Character references in an attribute value, decoded as a browser decodes them.
enum CharacterReferences {
  /// The named references a URL or a scheme can be spelt with, and the common ones.
  static let named: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "colon": ":", "Tab": "\t",
    "NewLine": "\n", "sol": "/", "bsol": "\\", "lpar": "(", "rpar": ")", "period": ".", "comma": ",", "semi": ";",
    "excl": "!", "quest": "?", "num": "#", "percnt": "%", "plus": "+", "equals": "=", "commat": "@", "lsqb": "[",
    "rsqb": "]", "lbrack": "[", "rbrack": "]", "lcub": "{", "rcub": "}", "lbrace": "{", "rbrace": "}",
    "verbar": "|", "vert": "|", "Hat": "^", "grave": "`", "lowbar": "_", "dollar": "$", "ast": "*", "midast": "*",
    "hyphen": "‐", "dash": "‐", "copy": "©", "reg": "®", "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–",
    "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»", "middot": "·",
    "times": "×", "divide": "÷", "deg": "°", "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "sect": "§",
    "para": "¶", "bull": "•", "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓", "harr": "↔",
  ]

  /// The legacy names a browser reads without their `;` (in a value, only when the next
  /// character is not `=` or alphanumeric).
  static let legacy: Set<String> = ["amp", "lt", "gt", "quot", "nbsp", "copy", "reg"]

  /// `raw` with every reference decoded; nil when a named reference is not known here.
  static func decode(_ raw: [UInt8]) -> String? {
    guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
    var out = ""
    var index = 0
    var plain: [UInt8] = []
    func flush() {
      out += String(decoding: plain, as: UTF8.self)
      plain = []
    }
    while index < raw.count {
      guard raw[index] == UInt8(ascii: "&"), index + 1 < raw.count else {
        plain.append(raw[index])
        index += 1
        continue
      }
      var end = index + 1
      if raw[end] == UInt8(ascii: "#") {
        end += 1
        let hex = end < raw.count && (raw[end] | 0x20) == UInt8(ascii: "x")
        if hex { end += 1 }
        let digitsStart = end
        var value: UInt32 = 0
        while end < raw.count {
          let byte = raw[end]
          let digit: UInt32? =
            (0x30...0x39).contains(byte)
            ? UInt32(byte - 0x30)
            : hex && (0x61...0x66).contains(byte | 0x20) ? UInt32((byte | 0x20) - 0x61 + 10) : nil
          guard let digit else { break }
          value = min(0x11_0000, value &* (hex ? 16 : 10) &+ digit)
          end += 1
        }
        guard end > digitsStart else {
          plain.append(raw[index])
          index += 1
          continue
        }
        if end < raw.count, raw[end] == UInt8(ascii: ";") { end += 1 }
        flush()
        let scalar = Unicode.Scalar(value).flatMap { value == 0 || (0xD800...0xDFFF).contains(value) ? nil : $0 }
        out.unicodeScalars.append(scalar ?? "\u{FFFD}")
        index = end
        continue
      }
      while end < raw.count, end - index <= 32, isASCIIAlphanumeric(raw[end]) { end += 1 }
      let name = String(decoding: raw[(index + 1)..<end], as: UTF8.self)
      guard !name.isEmpty else {
        plain.append(raw[index])
        index += 1
        continue
      }
      let terminated = end < raw.count && raw[end] == UInt8(ascii: ";")
      if let decoded = named[name], terminated || legacy.contains(name) {
        flush()
        out += decoded
        index = end + (terminated ? 1 : 0)
        continue
      }
      // `&word;` the table lacks may be a reference the browser decodes: not trusted.
      if terminated { return nil }
      plain.append(raw[index])
      index += 1
    }
    flush()
    return out
  }

  private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20)
  }
}

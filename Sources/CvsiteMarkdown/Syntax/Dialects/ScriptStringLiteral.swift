/// The value of a JavaScript string literal as an MDX page writes one in an expression.
enum ScriptStringLiteral {
  /// The bytes of the literal whose text (without its quotes) is `body`, written between
  /// `quote`s (`"`, `'` or a backtick); nil when it is not one literal: the quote
  /// unescaped inside it, a template's `${`, an escape cut short.
  static func decode(_ body: ArraySlice<UInt8>, quote: UInt8) -> [UInt8]? {
    var output: [UInt8] = []
    output.reserveCapacity(body.count)
    var index = body.startIndex
    while index < body.endIndex {
      let byte = body[index]
      if byte == quote { return nil }
      if quote == 0x60, byte == 0x24, index + 1 < body.endIndex, body[index + 1] == 0x7B { return nil }
      guard byte == 0x5C else {
        output.append(byte)
        index += 1
        continue
      }
      guard index + 1 < body.endIndex else { return nil }
      let escaped = body[index + 1]
      index += 2
      switch escaped {
      case 0x6E: output.append(0x0A)  // \n
      case 0x74: output.append(0x09)  // \t
      case 0x72: output.append(0x0D)  // \r
      case 0x62: output.append(0x08)  // \b
      case 0x66: output.append(0x0C)  // \f
      case 0x76: output.append(0x0B)  // \v
      case 0x30 where index >= body.endIndex || !(0x30...0x39).contains(body[index]): output.append(0x00)
      case 0x0A: break  // a line continued
      case 0x75:  // \uXXXX, \u{X…}
        guard let (scalar, next) = unicodeEscape(body, from: index) else { return nil }
        output += Array(String(Character(scalar)).utf8)
        index = next
      case 0x78:  // \xXX
        guard index + 2 <= body.endIndex, let value = UInt32(hex: body[index..<(index + 2)]),
          let scalar = Unicode.Scalar(value)
        else { return nil }
        output += Array(String(Character(scalar)).utf8)
        index += 2
      default: output.append(escaped)
      }
    }
    return output
  }

  /// The scalar of `\u` escape digits at `index` (`XXXX`, or `{X…}`), and where they end;
  /// a high surrogate followed by `\uXXXX` of its low one makes one scalar.
  private static func unicodeEscape(_ body: ArraySlice<UInt8>, from index: Int) -> (Unicode.Scalar, Int)? {
    if index < body.endIndex, body[index] == 0x7B {
      guard let close = body[index...].firstIndex(of: 0x7D), close - index <= 7,
        let value = UInt32(hex: body[(index + 1)..<close]), let scalar = Unicode.Scalar(value)
      else { return nil }
      return (scalar, close + 1)
    }
    guard index + 4 <= body.endIndex, let value = UInt32(hex: body[index..<(index + 4)]) else { return nil }
    if (0xD800...0xDBFF).contains(value), index + 10 <= body.endIndex, body[index + 4] == 0x5C,
      body[index + 5] == 0x75, let low = UInt32(hex: body[(index + 6)..<(index + 10)]), (0xDC00...0xDFFF).contains(low)
    {
      guard let scalar = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)) else { return nil }
      return (scalar, index + 10)
    }
    return Unicode.Scalar(value).map { ($0, index + 4) }
  }
}

extension UInt32 {
  /// The number written in hexadecimal digits `digits`; nil when one is not a digit.
  init?(hex digits: ArraySlice<UInt8>) {
    guard !digits.isEmpty else { return nil }
    var value: UInt32 = 0
    for byte in digits {
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x37
      case 0x61...0x66: digit = byte - 0x57
      default: return nil
      }
      guard value <= 0x0FFF_FFFF else { return nil }
      value = value << 4 | UInt32(digit)
    }
    self = value
  }
}

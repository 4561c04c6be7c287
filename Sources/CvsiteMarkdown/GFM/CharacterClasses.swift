/// The Unicode scalar whose UTF-8 encoding starts at `index`, or `nil` inside one.
func scalar(startingAt index: Int, in text: [UInt8]) -> Unicode.Scalar? {
  guard index >= 0, index < text.count else { return nil }
  var iterator = text[index...].makeIterator()
  var decoder = UTF8()
  if case .scalarValue(let value) = decoder.decode(&iterator) { return value }
  return nil
}

/// The scalar that ends right before `index`.
func scalar(endingBefore index: Int, in text: [UInt8]) -> Unicode.Scalar? {
  var start = index - 1
  while start > 0, start > index - 4, text[start] & 0xC0 == 0x80 { start -= 1 }
  return scalar(startingAt: start, in: text)
}

/// Whitespace as CommonMark's flanking rules read it: Unicode `Zs`, tab, line feed,
/// form feed, carriage return.
func isFlankingSpace(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x09, 0x0A, 0x0C, 0x0D, 0x20: return true
  case 0..<0x80: return false
  default: return scalar.properties.generalCategory == .spaceSeparator
  }
}

/// Punctuation as cmark reads it: ASCII punctuation and the Unicode `P` categories.
func isFlankingPunctuation(_ scalar: Unicode.Scalar) -> Bool {
  if scalar.value < 0x80 {
    let byte = UInt8(scalar.value)
    return (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
      || (0x7B...0x7E).contains(byte)
  }
  switch scalar.properties.generalCategory {
  case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
    .finalPunctuation, .otherPunctuation:
    return true
  default: return false
  }
}

/// Whether the scalar at `index` is punctuation or whitespace (not a host character).
func isUnicodePunctuationOrSpace(_ text: [UInt8], _ index: Int) -> Bool {
  guard let value = scalar(startingAt: index, in: text) else { return false }
  return isFlankingPunctuation(value) || isFlankingSpace(value)
}

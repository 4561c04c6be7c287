/// The slug of a title: lowercase letters and digits joined by `-` (`"Hello, World!"` →
/// `hello-world`); empty when nothing is left. Used for heading and section ids, and
/// by themes for derived values such as a tab's `value`.
public func slug(_ text: String, maxLength: Int = 64) -> String {
  if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiSlug(text, maxLength: maxLength) }
  var result = ""
  var pendingDash = false
  for character in text.lowercased() {
    if character.isLetter || character.isNumber {
      if pendingDash, !result.isEmpty { result.append("-") }
      pendingDash = false
      result.append(character)
      if result.unicodeScalars.count >= maxLength { break }
    } else if character.isWhitespace || character == "-" || character == "_" || character == "." {
      pendingDash = true
    }
  }
  return result
}

private func asciiSlug(_ text: String, maxLength: Int) -> String {
  var bytes: [UInt8] = []
  bytes.reserveCapacity(min(maxLength, text.utf8.count))
  var pendingDash = false
  for byte in text.utf8 {
    if isASCIIAlphanumeric(byte) {
      if pendingDash, !bytes.isEmpty { bytes.append(0x2D) }
      pendingDash = false
      bytes.append(byte | (isASCIILetter(byte) ? 0x20 : 0))
      if bytes.count >= maxLength { break }
    } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x2D || byte == 0x5F || byte == 0x2E {
      pendingDash = true
    }
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// A heading's id as GitHub makes it, so that fragments written for GitHub land:
/// lowercase, every space a `-`, and everything but letters, digits, marks, `-` and `_`
/// dropped (`"C++ & Swift"` → `c--swift`, `"v1.2"` → `v12`); empty when nothing is left.
/// Not cut short (GitHub does not), short of a bound against pathological headings.
public func githubSlug(_ text: String, maxLength: Int = 2_000) -> String {
  if text.utf8.allSatisfy({ $0 < 0x80 }) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(maxLength, text.utf8.count))
    for byte in text.utf8 where bytes.count < maxLength {
      if isASCIIAlphanumeric(byte) {
        bytes.append(byte | (isASCIILetter(byte) ? 0x20 : 0))
      } else if byte == 0x20 {
        bytes.append(0x2D)
      } else if byte == 0x2D || byte == 0x5F {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
  var result = ""
  var count = 0
  for scalar in text.lowercased().unicodeScalars {
    let kept: Unicode.Scalar?
    switch scalar {
    case " ": kept = "-"
    case "-", "_": kept = scalar
    default:
      switch scalar.properties.generalCategory {
      case .lowercaseLetter, .uppercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
        .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
        kept = scalar
      default: kept = nil
      }
    }
    guard let kept else { continue }
    result.unicodeScalars.append(kept)
    count += 1
    if count >= maxLength { break }
  }
  return result
}

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

/// The ids of one page: unique, stable for the same input, derived from titles and
/// containers, never from a global counter.
struct IDRegistry {
  private var used = Set<String>()
  private var nextSuffix: [String: Int] = [:]

  /// Claims an explicit `#id`; `false` when the page already has it.
  mutating func claimExplicit(_ id: String) -> Bool { used.insert(id).inserted }

  /// A unique id from `base`: `base` itself, else prefixed by the enclosing container's
  /// id, else with a `-2`, `-3`… suffix.
  mutating func claim(_ base: String, fallback: String, prefix: String?) -> String {
    let base = base.isEmpty ? fallback : base
    if used.insert(base).inserted { return base }
    var stem = base
    if let prefix, !prefix.isEmpty, !base.hasPrefix(prefix + "-") {
      stem = "\(prefix)-\(base)"
      if used.insert(stem).inserted { return stem }
    }
    var suffix = nextSuffix[stem, default: 2]
    while !used.insert("\(stem)-\(suffix)").inserted { suffix += 1 }
    nextSuffix[stem] = suffix + 1
    return "\(stem)-\(suffix)"
  }
}

private func asciiSlug(_ text: String, maxLength: Int) -> String {
  var bytes: [UInt8] = []
  bytes.reserveCapacity(min(maxLength, text.utf8.count))
  var pendingDash = false
  for byte in text.utf8 {
    if isAlnum(byte) {
      if pendingDash, !bytes.isEmpty { bytes.append(0x2D) }
      pendingDash = false
      bytes.append(byte | (isAlpha(byte) ? 0x20 : 0))
      if bytes.count >= maxLength { break }
    } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x2D || byte == 0x5F || byte == 0x2E {
      pendingDash = true
    }
  }
  return String(decoding: bytes, as: UTF8.self)
}

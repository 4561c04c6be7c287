import CvsiteCore

/// A fast reader for the front matter most pages have: one `key: value` per line, with
/// plain or quoted scalars and flow lists (`tags: [a, b]`). Anything else returns `nil`
/// and goes to Yams, which is exact but slow.
enum SimpleYAML {
  struct Entry {
    var key: String
    var value: FrontMatterValue
    /// The scalar as written, for typing declared values.
    var text: String?
    /// 1-based line within the YAML and column of the value.
    var line: Int
    var column: Int
  }

  static func parse(_ lines: [ArraySlice<UInt8>]) -> [Entry]? {
    var entries: [Entry] = []
    var keys = Set<String>()
    for (index, line) in lines.enumerated() {
      guard let first = line.first else { continue }
      if first == 0x23 { continue }  // comment line
      guard isASCIILetter(first) || first == 0x5F else { return nil }
      guard let colon = line.firstIndex(of: 0x3A), colon + 1 == line.endIndex || isSpace(line[colon + 1]) else {
        return nil
      }
      let key = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
      guard key.utf8.allSatisfy({ isASCIIAlphanumeric($0) || $0 == 0x5F || $0 == 0x2D || $0 == 0x2E }),
        keys.insert(key).inserted
      else { return nil }
      var start = colon + 1
      while start < line.endIndex, isSpace(line[start]) { start += 1 }
      var end = line.endIndex
      while end > start, isSpace(line[end - 1]) { end -= 1 }
      let raw = line[start..<end]
      guard let (value, text) = scalarOrList(raw) else { return nil }
      entries.append(Entry(key: key, value: value, text: text, line: index + 1, column: start - line.startIndex + 1))
    }
    return entries
  }

  private static func scalarOrList(_ raw: ArraySlice<UInt8>) -> (FrontMatterValue, String?)? {
    guard let first = raw.first else { return (.null, nil) }
    if first == 0x5B {
      guard raw.last == 0x5D else { return nil }
      let inner = raw.dropFirst().dropLast()
      if inner.allSatisfy(isSpace) { return (.list([]), nil) }
      var items: [FrontMatterValue] = []
      for part in inner.split(separator: 0x2C, omittingEmptySubsequences: false) {
        var part = part
        while let b = part.first, isSpace(b) { part = part.dropFirst() }
        while let b = part.last, isSpace(b) { part = part.dropLast() }
        guard !part.isEmpty, part.first != 0x5B, let (value, _) = scalarOrList(part), value != .null else {
          return nil
        }
        items.append(value)
      }
      return (.list(items), nil)
    }
    if first == 0x22 || first == 0x27 {
      guard raw.count >= 2, raw.last == first else { return nil }
      let inner = raw.dropFirst().dropLast()
      guard !inner.contains(first), !inner.contains(0x5C) else { return nil }
      let text = String(decoding: inner, as: UTF8.self)
      return (.string(text), text)
    }
    // Plain scalars that YAML would read specially go to Yams.
    guard !startsSpecially(first), !raw.contains(0x23), !containsColonSpace(raw) else { return nil }
    let text = String(decoding: raw, as: UTF8.self)
    switch text {
    case "true", "True", "TRUE": return (.bool(true), text)
    case "false", "False", "FALSE": return (.bool(false), text)
    case "null", "Null", "NULL", "~": return (.null, text)
    default: break
    }
    if let int = Int(text) { return (.int(int), text) }
    if raw.allSatisfy({ isASCIIDigit($0) || $0 == 0x2E || $0 == 0x65 || $0 == 0x45 || $0 == 0x2B }),
      let number = Double(text)
    {
      return (.number(number), text)
    }
    return (.string(text), text)
  }

  /// `{ } ] & * ! | > % @ ` ? - #`: a plain scalar starting so means something else to YAML.
  private static func startsSpecially(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x7B, 0x7D, 0x5D, 0x26, 0x2A, 0x21, 0x7C, 0x3E, 0x25, 0x40, 0x60, 0x3F, 0x2D, 0x23: return true
    default: return false
    }
  }

  private static func containsColonSpace(_ raw: ArraySlice<UInt8>) -> Bool {
    var index = raw.startIndex
    while index < raw.endIndex - 1 {
      if raw[index] == 0x3A, isSpace(raw[index + 1]) { return true }
      index += 1
    }
    return raw.last == 0x3A
  }
}

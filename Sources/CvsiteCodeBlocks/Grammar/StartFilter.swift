import CvsiteCore

/// Where the next match of a search plan can start, worked out once per plan so the
/// tokenizer tries its patterns only there: at a byte some alternative can start with
/// (PCRE2's own start bitmaps), and never between two word characters when every
/// alternative that could start with a word character must start at a word boundary
/// (`\b`, GtkSourceView's `\%[`, or a lookbehind that refuses a word character before).
///
/// A combined pattern tagged with `(*MARK)` gets no start bitmap from PCRE2, and no regex
/// engine skips the inside of words by itself; identifiers are most of the bytes of code.
struct StartFilter: Sendable {
  /// Per byte: ``canStart`` when some alternative can start with it, ``isWordByte`` for
  /// the bytes `\w` matches, ``startsOnlyAfterBoundary`` for a word byte with which
  /// every alternative that can start with it must start at a word boundary.
  private let table: [UInt8]
  /// Some alternative matches only at the start of the line.
  private let lineStart: Bool

  private static let canStart: UInt8 = 1
  private static let isWordByte: UInt8 = 2
  private static let startsOnlyAfterBoundary: UInt8 = 4

  /// `nil` when the filter would skip too little, or an alternative can match the empty
  /// string (then it can match anywhere).
  init?(patterns: [CompiledPattern], startInfo: [Regex.StartInfo]) {
    self.init(startInfo: startInfo) { patterns[$0].startsAtWordBoundary }
  }

  /// `startsAtWordBoundary(i)`: whether alternative `i` never starts inside a word
  /// (``CompiledPattern/startsAtWordBoundary``), asked only of alternatives that can start
  /// with a word byte.
  init?(startInfo: [Regex.StartInfo], startsAtWordBoundary: (Int) -> Bool) {
    guard !startInfo.isEmpty else { return nil }
    var starts = [Bool](repeating: false, count: 256)
    // Word bytes some alternative may start with between two word characters (a
    // shell redirection's `2>` starts with a digit, anywhere).
    var startsInside = [Bool](repeating: false, count: 256)
    var lineStart = false
    for (alternative, info) in startInfo.enumerated() {
      if info.canBeEmpty { return nil }
      if info.onlyAtStart {
        lineStart = true
        continue
      }
      let bytes = info.bytes ?? [Bool](repeating: true, count: 256)
      for byte in 0..<256 where bytes[byte] { starts[byte] = true }
      if Self.wordBytes.contains(where: { bytes[Int($0)] }), !startsAtWordBoundary(alternative) {
        for byte in Self.wordBytes where bytes[Int(byte)] { startsInside[Int(byte)] = true }
      }
    }
    // Trying the anchored pattern at every letter costs more than PCRE2's own search:
    // most lowercase letters must be skippable inside words.
    let letters = UInt8(ascii: "a")...UInt8(ascii: "z")
    guard letters.filter({ starts[Int($0)] && startsInside[Int($0)] }).count <= 6 else { return nil }
    var table = [UInt8](repeating: 0, count: 256)
    for byte in 0..<256 {
      // Never inside a UTF-8 sequence: PCRE2 must start on a character.
      if starts[byte], byte & 0xC0 != 0x80 { table[byte] |= Self.canStart }
    }
    for byte in Self.wordBytes {
      table[Int(byte)] |= Self.isWordByte
      if !startsInside[Int(byte)] { table[Int(byte)] |= Self.startsOnlyAfterBoundary }
    }
    self.table = table
    self.lineStart = lineStart
  }

  /// The first position at or after `position` where a match can start, if any (no
  /// alternative matches the empty string, so none at the end of the line).
  func next(_ subject: UnsafePointer<UInt8>, _ length: Int, from position: Int) -> Int? {
    if position == 0, lineStart { return 0 }
    return table.withUnsafeBufferPointer { table -> Int? in
      var index = position
      // Whether the byte before `index` is a word character.
      var afterWord = index > 0 && table[Int(subject[index - 1])] & Self.isWordByte != 0
      while index < length {
        let flags = table[Int(subject[index])]
        let isWord = flags & Self.isWordByte != 0
        if flags & Self.canStart != 0, !(afterWord && flags & Self.startsOnlyAfterBoundary != 0) { return index }
        afterWord = isWord
        index += 1
      }
      return nil
    }
  }

  /// The bytes `\w` and `\b` count as word characters (ASCII: cvsite does not set UCP).
  static let wordBytes: [UInt8] =
    Array(UInt8(ascii: "0")...UInt8(ascii: "9"))
    + Array(UInt8(ascii: "A")...UInt8(ascii: "Z")) + Array(UInt8(ascii: "a")...UInt8(ascii: "z")) + [UInt8(ascii: "_")]

}

extension CompiledPattern {
  /// Whether no match starts between two word characters: each branch of the pattern
  /// opens with `\b`, or with a lookbehind that fails after any word character, or
  /// cannot start with a word character at all.
  var startsAtWordBoundary: Bool {
    let bytes = Array(text.utf8)
    guard let branches = topLevelBranches(bytes) else { return false }
    var options: Regex.Options = caseless ? [.caseless] : []
    if extended { options.insert(.extended) }
    return branches.allSatisfy { range in
      var index = range.lowerBound
      skipIgnored(bytes, &index, upTo: range.upperBound)
      let branch = bytes[index..<range.upperBound]
      if branch.starts(with: Array("\\b".utf8)) { return true }
      if let close = leadingLookbehindEnd(bytes, from: index), close < range.upperBound,
        refusesWordBefore(String(decoding: bytes[index...close], as: UTF8.self), options)
      {
        return true
      }
      // A branch that cannot start with a word character is never inside a word.
      guard let regex = try? Regex(String(decoding: branch, as: UTF8.self), options: options),
        let starts = regex.startInfo.bytes, !regex.startInfo.canBeEmpty
      else { return false }
      return !StartFilter.wordBytes.contains { starts[Int($0)] }
    }
  }

  /// The index of the `)` closing the lookbehind the pattern opens with at `start`:
  /// `(?<!…)` or `(?<=…)`, alone or as the whole of an option group (`(?-ix:(?<=\s|^))`,
  /// as GtkSourceView's regex references expand). `nil` otherwise.
  private func leadingLookbehindEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    func opensLookbehind(_ index: Int) -> Bool {
      bytes[index...].starts(with: Array("(?<!".utf8)) || bytes[index...].starts(with: Array("(?<=".utf8))
    }
    guard start < bytes.count, let close = groupEnd(bytes, from: start) else { return nil }
    if opensLookbehind(start) { return close }
    // An option group: `(?` and option letters, then `:`, holding one lookbehind.
    var index = start + 2
    guard bytes[start...].starts(with: Array("(?".utf8)) else { return nil }
    while index < close, bytes[index] == UInt8(ascii: "-") || isASCIILetter(bytes[index]) { index += 1 }
    guard index < close, bytes[index] == UInt8(ascii: ":"), opensLookbehind(index + 1),
      groupEnd(bytes, from: index + 1) == close - 1
    else { return nil }
    return close
  }

  /// Whether the lookbehind `assertion`, on its own, fails after every word character.
  private func refusesWordBefore(_ assertion: String, _ options: Regex.Options) -> Bool {
    guard let regex = try? Regex(assertion, options: options.union(.anchored)) else { return false }
    let scratch = MatchScratch()
    for byte in StartFilter.wordBytes {
      let subject: [UInt8] = [byte, UInt8(ascii: "a")]
      let outcome = subject.withUnsafeBufferPointer { buffer in
        regex.match(buffer.baseAddress!, length: 2, from: 1, anchored: true, scratch: scratch)
      }
      guard case .noMatch = outcome else { return false }
    }
    return true
  }

  /// Skips white space and `#` comments of an extended pattern.
  private func skipIgnored(_ bytes: [UInt8], _ index: inout Int, upTo end: Int) {
    guard extended else { return }
    while index < end {
      if bytes[index] == UInt8(ascii: "#") {
        while index < end, bytes[index] != 0x0A { index += 1 }
      } else if [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(bytes[index]) {
        index += 1
      } else {
        return
      }
    }
  }

  /// The byte ranges of the pattern's top-level branches (split at each `|` outside every
  /// group), `nil` when unclear.
  private func topLevelBranches(_ bytes: [UInt8]) -> [Range<Int>]? {
    var branches: [Range<Int>] = []
    var branchStart = 0
    var balanced = true
    let clear = walkStructure(bytes, from: 0) { index, byte, depth in
      if byte == UInt8(ascii: "|"), depth == 0 {
        branches.append(branchStart..<index)
        branchStart = index + 1
      }
      if depth < 0 { balanced = false }
      return balanced
    }
    guard clear, balanced else { return nil }
    branches.append(branchStart..<bytes.count)
    return branches
  }

  /// The index of the `)` that closes the group opening at `start`.
  private func groupEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    var end: Int?
    _ = walkStructure(bytes, from: start) { index, byte, depth in
      if byte == UInt8(ascii: ")"), depth == 0 { end = index }
      return end == nil
    }
    return end
  }

  /// Walks the pattern from `start` as PCRE2 reads it (escapes, classes and, in extended
  /// mode, comments skipped), calling `visit` with each `(`, `)` and `|`, its index and
  /// the group depth after it, until `visit` says stop. False when the walk reaches
  /// something unclear (`\Q…\E`, an unclosed class) or the end with groups open.
  private func walkStructure(_ bytes: [UInt8], from start: Int, _ visit: (Int, UInt8, Int) -> Bool) -> Bool {
    var depth = 0
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\\"):
        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "Q") { return false }
        index += 2
        continue
      case UInt8(ascii: "["):
        guard let end = classEnd(bytes, from: index) else { return false }
        index = end + 1
        continue
      case UInt8(ascii: "#") where extended:
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        continue
      case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "|"):
        if byte == UInt8(ascii: "(") { depth += 1 } else if byte == UInt8(ascii: ")") { depth -= 1 }
        if !visit(index, byte, depth) { return true }
      default: break
      }
      index += 1
    }
    return depth == 0
  }

  /// The index of the `]` that closes the class opening at `start` (a `]` first in the
  /// class, or after `^`, is a member; POSIX `[:name:]` is skipped whole).
  private func classEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    var index = start + 1
    if index < bytes.count, bytes[index] == UInt8(ascii: "^") { index += 1 }
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1 }
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\\"): index += 2
      case UInt8(ascii: "]"): return index
      case UInt8(ascii: "[") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ":"):
        var end = index + 2
        while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: ":") && bytes[end + 1] == UInt8(ascii: "]")) {
          end += 1
        }
        index = end + 2
      default: index += 1
      }
    }
    return nil
  }
}

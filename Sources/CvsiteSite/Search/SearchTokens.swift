import Foundation

/// The words of a text as the search index and the theme's `search.js` both cut them.
///
/// 1. Words are runs of letters, digits and combining marks.
/// 2. A word is lowercased, decomposed (NFD), its combining marks dropped, and composed
///    again (NFC): `Café` and `cafe` are one term, a Hangul syllable stays one character
///    (and a Greek final `ς` is `σ`).
/// 3. Han, Hiragana, Katakana and Hangul, written without spaces, give overlapping
///    pairs of characters (`東京都` → `東京`, `京都`); a lone one is a term of its own.
/// 4. Terms longer than ``maximumLength`` UTF-16 units are dropped (hashes, base64).
/// 5. For English, plurals fold to their singular (``foldEnglish(_:)``).
///
/// The browser does the same to the query (`themes/default/assets/search.js`); the two
/// must agree term for term, which `SearchTokensTests` checks on shared examples.
struct SearchTokenizer {
  /// Fold English plurals.
  var english: Bool

  /// Longer terms are dropped.
  static let maximumLength = 40

  /// Calls `body` with the UTF-8 bytes of each term of `bytes` (valid UTF-8), in order:
  /// a lowercase ASCII word is passed as the slice of `bytes` it is, without a copy.
  ///
  /// Sixty-four bytes at a time: a bit per byte says whether it may be part of a word
  /// (an ASCII letter or digit, or any byte of a non-ASCII character), and words are
  /// read off those bits without a branch per byte. A word with a non-ASCII byte is
  /// cut again by ``forEachTermByScalar(inUTF8:_:)``, which knows which characters are
  /// letters. The build counts a page's terms through ``TermCounter/addTerms(of:field:tokenizer:)``,
  /// the same reading with the commonest words made into terms where they are found,
  /// which the tests check against this.
  func forEachTerm(inUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard let base = bytes.baseAddress else { return }
    let count = bytes.count
    // The word being read: where it starts; -1 between words.
    var wordStart = -1
    var blockStart = 0
    // Bit 0: the byte before this block may be part of a word.
    var carried: UInt64 = 0
    while blockStart < count {
      let block = TextBlock(base + blockStart, available: count - blockStart)
      let previous = block.word << 1 | carried
      var starts = block.word & ~previous
      var ends = ~block.word & previous
      while true {
        if wordStart >= 0 {
          guard ends != 0 else { break }
          let end = blockStart + ends.trailingZeroBitCount
          ends &= ends &- 1
          // Within this block, the block's bits say what the word holds; a word from an
          // earlier block is looked at byte by byte (rare: a word crosses 64 bytes).
          let flags: (upper: Bool, high: Bool)
          if wordStart >= blockStart {
            let range = TextBlock.bits(below: end - blockStart) & ~TextBlock.bits(below: wordStart - blockStart)
            flags = (block.upper & range != 0, block.high & range != 0)
          } else {
            flags = TextBlock.flags(of: UnsafeBufferPointer(start: base + wordStart, count: end - wordStart))
          }
          emitWord(UnsafeBufferPointer(start: base + wordStart, count: end - wordStart), flags, body)
          wordStart = -1
        } else {
          guard starts != 0 else { break }
          wordStart = blockStart + starts.trailingZeroBitCount
          starts &= starts &- 1
        }
      }
      carried = block.word >> 63
      blockStart += 64
    }
    if wordStart >= 0 {
      let word = UnsafeBufferPointer(start: base + wordStart, count: count - wordStart)
      emitWord(word, TextBlock.flags(of: word), body)
    }
  }

  /// The terms of one word: cut again a character at a time when it holds a non-ASCII
  /// byte, else the word itself, lowercased and folded.
  @inline(__always)
  func emitWord(
    _ word: UnsafeBufferPointer<UInt8>, _ flags: (upper: Bool, high: Bool),
    _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    if flags.high {
      forEachTermByScalar(inUTF8: word, body)
    } else {
      emitASCII(word, upper: flags.upper, body)
    }
  }

  /// A word of ASCII letters and digits: lowercased and folded as needed, dropped when
  /// longer than ``maximumLength``.
  @inline(__always)
  private func emitASCII(_ word: UnsafeBufferPointer<UInt8>, upper: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Void)
  {
    guard word.count <= Self.maximumLength else { return }
    if !upper, !english {
      body(word)
    } else if !upper, let kept = Self.keptByFolding(word) {
      body(UnsafeBufferPointer(rebasing: word[0..<kept]))
    } else {
      // Lowercased (and folded) in a buffer of the longest term's size.
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maximumLength) { lowered in
        for (offset, byte) in word.enumerated() {
          lowered[offset] = byte &- 0x41 < 26 ? byte | 0x20 : byte
        }
        var length = word.count
        if english {
          if let kept = Self.keptByFolding(UnsafeBufferPointer(rebasing: lowered[0..<length])) {
            length = kept
          } else {
            lowered[length - 3] = UInt8(ascii: "y")
            length -= 2
          }
        }
        body(UnsafeBufferPointer(rebasing: lowered[0..<length]))
      }
    }
  }

  /// ``forEachTerm(inUTF8:_:)`` a character at a time: the definition the block reader
  /// follows, and what it uses for words with non-ASCII characters.
  func forEachTermByScalar(inUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    var index = 0
    let count = bytes.count
    while index < count {
      let start = index
      var upper = false
      var ascii = true
      while index < count {
        let byte = bytes[index]
        if byte < 0x80 {
          // Compared here, not looked up in a static table: reading a static in this
          // loop costs a `swift_once` check per byte.
          if byte &- 0x61 < 26 || byte &- 0x30 < 10 {
            index += 1
          } else if byte &- 0x41 < 26 {
            upper = true
            index += 1
          } else {
            break
          }
        } else {
          let (scalar, length) = Self.decode(bytes, at: index)
          guard Self.isWordScalar(scalar) else { break }
          ascii = false
          index += length
        }
      }
      if index == start {
        // Not part of a word: one byte of ASCII, or a whole scalar.
        index += bytes[index] < 0x80 ? 1 : Self.decode(bytes, at: index).1
        continue
      }
      let word = UnsafeBufferPointer(rebasing: bytes[start..<index])
      if !ascii {
        emitUnicode(word, body)
      } else {
        emitASCII(word, upper: upper, body)
      }
    }
  }

  /// How many bytes of a word its English fold keeps, when folding only drops letters;
  /// `nil` when it replaces some (`ies` → `y`). `length` is the word's length in UTF-16
  /// units (its byte count for ASCII).
  static func keptByFolding(_ word: UnsafeBufferPointer<UInt8>, length: Int? = nil) -> Int? {
    let count = word.count
    let length = length ?? count
    guard length >= 4, word[count - 1] == UInt8(ascii: "s") else { return count }
    func ends(_ suffix: StaticString) -> Bool {
      let size = suffix.utf8CodeUnitCount
      guard count >= size else { return false }
      for offset in 0..<size where word[count - size + offset] != suffix.utf8Start[offset] { return false }
      return true
    }
    if length >= 5, ends("ies") { return nil }
    if ends("sses") || ends("xes") || ends("ches") || ends("shes") { return count - 2 }
    if ends("ss") || ends("us") || ends("is") { return count }
    return count - 1
  }

  /// Emits the terms of one word that is not all ASCII: normalized, cut into runs and
  /// CJK pairs.
  private func emitUnicode(_ word: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    func send(_ term: String) {
      var term = term
      term.withUTF8(body)
    }
    let normalized = Self.normalize(String(decoding: word, as: UTF8.self))
    var run = ""
    var cjk: [Unicode.Scalar] = []
    func flushRun() {
      guard !run.isEmpty else { return }
      if run.utf16.count <= Self.maximumLength { send(english ? Self.foldEnglish(run) : run) }
      run = ""
    }
    func flushCJK() {
      guard !cjk.isEmpty else { return }
      if cjk.count == 1 {
        send(String(Character(cjk[0])))
      } else {
        for index in 0..<cjk.count - 1 {
          var pair = ""
          pair.unicodeScalars.append(cjk[index])
          pair.unicodeScalars.append(cjk[index + 1])
          send(pair)
        }
      }
      cjk.removeAll()
    }
    for scalar in normalized.unicodeScalars {
      if Self.isCJK(scalar) {
        flushRun()
        cjk.append(scalar)
      } else {
        flushCJK()
        run.unicodeScalars.append(scalar)
      }
    }
    flushRun()
    flushCJK()
  }

  /// Lowercased, decomposed, without combining marks, then composed again; Greek final
  /// sigma `ς` as `σ` (JavaScript lowercases a final `Σ` to `ς`, Swift to `σ`). With
  /// the marks gone, composing again only joins what decomposing split and marks did
  /// not: a Hangul syllable's jamo, which are letters (`한` stays `한`, not three jamo).
  static func normalize(_ word: String) -> String {
    var result = ""
    for scalar in word.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark: continue
      default: result.unicodeScalars.append(scalar == "\u{03C2}" ? "\u{03C3}" : scalar)
      }
    }
    return result.precomposedStringWithCanonicalMapping
  }

  /// A letter, a digit or a combining mark (`\p{L}`, `\p{N}`, `\p{M}`).
  static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
      .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
      return true
    default:
      return false
    }
  }

  /// Han, Hiragana, Katakana or Hangul, by block (the same ranges as `search.js`).
  static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x11FF, 0x3040...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x2A6DF:
      return true
    default:
      return false
    }
  }

  /// The singular of an English plural, by suffix: `libraries` → `library`, `classes`
  /// → `class`, `boxes` → `box`, `tabs` → `tab`; `class`, `status`, `analysis` stay.
  static func foldEnglish(_ term: String) -> String {
    var bytes = Array(term.utf8)
    // The suffixes are ASCII; the lengths count UTF-16 units, as JavaScript's do.
    let kept = bytes.withUnsafeBufferPointer { keptByFolding($0, length: term.utf16.count) }
    guard kept != bytes.count else { return term }
    if let kept {
      bytes.removeLast(bytes.count - kept)
    } else {
      bytes.removeLast(3)
      bytes.append(UInt8(ascii: "y"))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The scalar starting at `index` of valid UTF-8 and its length in bytes.
  private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
    let lead = bytes[index]
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    guard index + length <= bytes.count else { return (" ", 1) }
    var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
    return (Unicode.Scalar(value) ?? " ", length)
  }
}

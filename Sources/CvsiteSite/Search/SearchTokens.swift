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

  /// The terms of `text`, in order.
  func terms(in text: some StringProtocol) -> [String] {
    var result: [String] = []
    var copy = String(text)
    copy.withUTF8 { bytes in
      forEachTerm(inUTF8: bytes) { result.append(String(decoding: $0, as: UTF8.self)) }
    }
    return result
  }

  /// Calls `body` with the UTF-8 bytes of each term of `bytes` (valid UTF-8), in order:
  /// a lowercase ASCII word is passed as the slice of `bytes` it is, without a copy.
  func forEachTerm(inUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    var scratch: [UInt8] = []
    scratch.reserveCapacity(64)
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
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: word)
        emit(&scratch, ascii: false, body)
      } else if word.count <= Self.maximumLength {
        if !upper, !english {
          body(word)
        } else if !upper, let kept = Self.keptByFolding(word) {
          body(UnsafeBufferPointer(rebasing: word[0..<kept]))
        } else {
          scratch.removeAll(keepingCapacity: true)
          for byte in word { scratch.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
          emit(&scratch, ascii: true, body)
        }
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

  /// Emits the terms of one word and empties it.
  private func emit(_ word: inout [UInt8], ascii: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    defer { word.removeAll(keepingCapacity: true) }
    if ascii {
      guard word.count <= Self.maximumLength else { return }
      if english { Self.foldEnglish(&word) }
      word.withUnsafeBufferPointer(body)
      return
    }
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

  /// ``foldEnglish(_:)-(String)`` on a lowercase ASCII word, in place.
  static func foldEnglish(_ word: inout [UInt8]) {
    if let kept = word.withUnsafeBufferPointer({ keptByFolding($0) }) {
      word.removeLast(word.count - kept)
    } else {
      word.removeLast(3)
      word.append(UInt8(ascii: "y"))
    }
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

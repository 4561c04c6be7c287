import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// The search records' JSON strings: escaped where JSON and older JavaScript need it,
/// the rest copied as it is, eight bytes at a time.
@Suite("JSON strings")
struct JSONStringTests {
  /// Each character escaped on its own, the obvious way.
  static func reference(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  @Test("random text, with what needs escaping at every offset of a word")
  func matchesReference() throws {
    let pieces = [
      "a", "bc", "defghij", "\"", "\\", "\n", "\t", "\u{1}", "\u{1F}", " ", "\u{2028}", "\u{2029}", "\u{2027}", "€",
      "é", "東京", "🙂", "\u{7F}", "~", "!", "#",
    ]
    var generator = PieceGenerator(pieces: pieces, seed: 11)
    for _ in 0..<2_000 {
      let text = generator.string(fewerThan: 40)
      let json = jsonString(text)
      #expect(json == Self.reference(text), "\(text.debugDescription)")
      let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? String
      #expect(decoded == text)
    }
  }

  @Test("the eight-byte test flags exactly the words that hold such a byte")
  func wordTest() {
    var random = SeededRandom(seed: 3)
    let special: Set<UInt8> = Set(0..<0x20).union([0x22, 0x5C, 0xE2])
    for _ in 0..<20_000 {
      // Mostly plain bytes, with a special one now and then, anywhere in the word.
      let bytes = (0..<8).map { _ in
        random.below(10) == 0 ? random.pick(Array(special)) : UInt8(0x20 + random.below(0xE0))
      }
      let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
      #expect(needsLook(word) == bytes.contains { special.contains($0) }, "\(bytes)")
    }
  }
}

/// Terms are sorted in the order `search.js` compares strings: UTF-16 code units.
@Suite("Term order")
struct TermOrderTests {
  @Test("byte comparison with the surrogate fix orders as UTF-16 does")
  func matchesUTF16() {
    let pieces = [
      "a", "b", "z", "é", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{FFFF}", "\u{10000}", "😀", "\u{10FFFF}", "東",
    ]
    var generator = PieceGenerator(pieces: pieces, seed: 21)
    let texts = (0..<400).map { _ in generator.string(fewerThan: 5) }
    for a in texts {
      for b in texts.prefix(60) {
        var (left, right) = (a, b)
        let bytesOrder = left.withUTF8 { x in right.withUTF8 { y in utf16Precedes(x, y) } }
        #expect(bytesOrder == a.utf16.lexicographicallyPrecedes(b.utf16), "\(a.debugDescription) \(b.debugDescription)")
      }
    }
  }
}

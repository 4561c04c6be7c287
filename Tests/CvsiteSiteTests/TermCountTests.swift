import CvsiteTestSupport
import Testing

@testable import CvsiteSite

/// ``TermCounter/addTerms(of:field:tokenizer:)``, which makes the commonest words into
/// terms in the loop that finds them, against the tokenizer's terms counted one by one.
@Suite("Term counts")
struct TermCountTests {
  /// The terms and counts each way, and the number of terms each way.
  private static func bothWays(_ text: String, english: Bool) -> (fast: [String], slow: [String], agree: Bool) {
    let tokenizer = SearchTokenizer(english: english)
    let fast = TermCounter()
    let slow = TermCounter()
    var copy = text
    var fastAdded = 0
    var slowAdded = 0
    copy.withUTF8 { bytes in
      fastAdded = fast.addTerms(of: bytes, field: .body, tokenizer: tokenizer)
      _ = fast.addTerms(of: bytes, field: .heading, tokenizer: tokenizer)
      tokenizer.forEachTerm(inUTF8: bytes) {
        slow.add($0, field: .body)
        slowAdded += 1
      }
      tokenizer.forEachTerm(inUTF8: bytes) { slow.add($0, field: .heading) }
    }
    return (fast.terms(), slow.terms(), fast.counts == slow.counts && fastAdded == slowAdded)
  }

  @Test("every word, of every case and plural shape, counts as the tokenizer cuts it", arguments: [true, false])
  func agrees(english: Bool) {
    // Short words of each folding rule (`ies`, `sses`, `xes`, `ches`, `shes`, `ss`, `us`,
    // `is`, a plain `s`, words too short to fold), in capitals too; longer words, other
    // scripts, digits and separators, so that words fall on every offset of a block.
    let pieces = [
      "a", "s", "as", "yes", "ies", "dies", "cries", "Ponies", "PASSES", "boxes", "FOXES", "matches", "Wishes",
      "class", "BOSS", "status", "bus", "this", "AXIS", "cats", "TABS", "Tab", "x9", "2026s", "libraries",
      "classes", "statuses", "é", "Cafés", "東京都", "Ωmegas", " ", "  ", "\n", ".", "-", "'", "<",
      String(repeating: "q", count: 8), String(repeating: "Q", count: 9), String(repeating: "z", count: 41),
    ]
    var generator = PieceGenerator(pieces: pieces, seed: english ? 11 : 12)
    for _ in 0..<3_000 {
      let text = generator.string(fewerThan: 60)
      let (fast, slow, agree) = Self.bothWays(text, english: english)
      #expect(fast == slow, "\(text.debugDescription)")
      #expect(agree, "\(text.debugDescription)")
    }
  }

  @Test("a word across a block's edge counts as the tokenizer cuts it, at every offset", arguments: [true, false])
  func acrossBlockEdges(english: Bool) {
    let words = ["a", "Ab", "cats", "PONIES", "boxes", "Matches", "status", "x9", "12345678", "Cafés", "東京", "é"]
    for word in words + words.map({ $0 + "s" }) + [String(repeating: "k", count: 9)] {
      for offset in 50...70 {
        // The word across the first block's edge, then again at the text's very end.
        for text in [
          String(repeating: " ", count: offset) + word + " tail", String(repeating: ".", count: offset) + word,
        ] {
          let (fast, slow, agree) = Self.bothWays(text, english: english)
          #expect(fast == slow && agree, "\(word) at \(offset)")
        }
      }
    }
  }

  @Test("a short word's term is its lowercase, its plural folded")
  func shortTerms() {
    func term(_ word: String, english: Bool = true) -> String {
      var copy = word
      let packed = copy.withUTF8 { TermCounter.pack($0) }
      let (term, length) = TermCounter.shortTerm(packed, length: word.utf8.count, english: english)
      return withUnsafeBytes(of: term.littleEndian) { String(decoding: $0.prefix(length), as: UTF8.self) }
    }
    #expect(
      ["Ponies", "PASSES", "Boxes", "matches", "wishes", "class", "status", "axis", "Tabs", "ties", "X9s", "as"].map {
        term($0)
      } == ["pony", "pass", "box", "match", "wish", "class", "status", "axis", "tab", "tie", "x9s", "as"])
    #expect(term("TABS", english: false) == "tabs")
  }
}

import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// How text becomes search terms. The same examples (`Tests/Fixtures/search-tokens.json`)
/// are run through the theme's `search.js` in the browser check, so the index and the
/// query agree term for term.
@Suite("Search tokens")
struct SearchTokensTests {
  struct Example: Decodable {
    var text: String
    var english: Bool
    var terms: [String]
  }

  static func examples() throws -> [Example] {
    let url = repositoryRoot.appendingPathComponent("Tests/Fixtures/search-tokens.json")
    return try JSONDecoder().decode([Example].self, from: Data(contentsOf: url))
  }

  @Test("the shared examples: case, accents, plurals, CJK pairs, long words, separators")
  func sharedExamples() throws {
    let examples = try Self.examples()
    #expect(examples.count >= 10)
    for example in examples {
      let terms = SearchTokenizer(english: example.english).terms(in: example.text)
      #expect(terms == example.terms, "\(example.text)")
    }
  }

  @Test(
    "English plurals fold to the singular; other words stay",
    arguments: [
      ("libraries", "library"), ("classes", "class"), ("boxes", "box"), ("branches", "branch"),
      ("wishes", "wish"), ("tabs", "tab"), ("pages", "page"), ("status", "status"), ("analysis", "analysis"),
      ("class", "class"), ("bus", "bus"), ("is", "is"), ("ties", "tie"), ("sizes", "size"),
    ])
  func plurals(word: String, folded: String) {
    #expect(SearchTokenizer.foldEnglish(word) == folded)
  }

  @Test("without English folding, plurals stay as written")
  func otherLanguages() {
    #expect(SearchTokenizer(english: false).terms(in: "Les pages") == ["les", "pages"])
  }

  @Test("a term longer than 40 UTF-16 units is dropped, 40 is kept")
  func longTerms() {
    let forty = String(repeating: "a", count: 40)
    let terms = SearchTokenizer(english: true).terms(in: forty + " " + forty + "b ok")
    #expect(terms == [forty, "ok"])
  }

  /// Every term `forEachTerm` gives for `text`, and what the character-at-a-time
  /// definition gives.
  static func bothWays(_ text: String, english: Bool) -> (blocks: [String], scalars: [String]) {
    let tokenizer = SearchTokenizer(english: english)
    var blocks: [String] = []
    var scalars: [String] = []
    var copy = text
    copy.withUTF8 { bytes in
      tokenizer.forEachTerm(inUTF8: bytes) { blocks.append(String(decoding: $0, as: UTF8.self)) }
      tokenizer.forEachTermByScalar(inUTF8: bytes) { scalars.append(String(decoding: $0, as: UTF8.self)) }
    }
    return (blocks, scalars)
  }

  @Test("sixty-four bytes at a time gives the terms a character at a time gives", arguments: [true, false])
  func blocksAgreeWithScalars(english: Bool) {
    // Words of every kind and length, so that words and separators fall on every
    // offset of a block and words cross blocks (lengths up to 70: dropped past 40).
    let pieces = [
      "a", "Page", "TABS", "libraries", "x9", "2026", " ", "  ", "\n", "\t", ".", ",", "-", "_", "'", "(", "<", "é",
      "Café", "naïve", "—", "\u{A0}", "東京都", "한국어", "Ωmega", "ς", "e\u{301}", "🙂", "\u{0}", "\u{7F}",
      String(repeating: "b", count: 39), String(repeating: "C", count: 41), String(repeating: "d", count: 63),
      String(repeating: "z", count: 70), "classes", "Boxes", "ties", "status",
    ]
    var generator = PieceGenerator(pieces: pieces, seed: english ? 5 : 6)
    for _ in 0..<3_000 {
      let text = generator.string(fewerThan: 60)
      let (blocks, scalars) = Self.bothWays(text, english: english)
      #expect(blocks == scalars, "\(text.debugDescription)")
    }
  }

  @Test("a word that ends exactly at the end of a full block, and one that crosses into the next")
  func blockEdges() {
    for length in [62, 63, 64, 65, 127, 128, 129] {
      for tail in ["", " end", "É"] {
        let text = String(repeating: "ab ", count: length / 3) + String(repeating: "W", count: length % 3 + 1) + tail
        let (blocks, scalars) = Self.bothWays(text, english: true)
        #expect(blocks == scalars, "\(length) \(tail)")
        #expect(!blocks.isEmpty)
      }
    }
  }
}

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
}

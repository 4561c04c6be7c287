import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// The passages' JSON as the extractor writes it while it reads a page: what
/// ``SearchRecord/json(_:)`` makes of the same passages, joined and dropped as the
/// extractor's rules say.
@Suite("Passage writer")
struct PassageWriterTests {
  private func written(_ adds: [(anchor: String, crumbs: [SearchRecord.Crumb], text: String)]) -> [UInt8] {
    var writer = PassageWriter()
    for add in adds {
      var text = add.text
      text.withUTF8 { writer.add(anchor: add.anchor, crumbs: add.crumbs, text: $0) }
    }
    return writer.finish()
  }

  @Test("text at the same place joins the open passage; a new place closes it")
  func joins() {
    let tab = [SearchRecord.Crumb(container: "tabs", text: "Linux")]
    let json = written([
      ("", [], "intro"), ("", [], "more"), ("linux", tab, ""), ("linux", tab, "apt"), ("", [], "after"),
    ])
    #expect(
      json
        == SearchRecord.json([
          .init(anchor: "", crumbs: [], text: "intro more"), .init(anchor: "linux", crumbs: tab, text: "apt"),
          .init(anchor: "", crumbs: [], text: "after"),
        ]))
  }

  @Test("a passage with no text and no crumbs is dropped, wherever it falls")
  func drops() {
    let heading = [SearchRecord.Crumb(container: "", text: "Usage")]
    #expect(written([("", [], "")]) == Array("[]".utf8))
    #expect(
      written([("a", [], ""), ("usage", heading, ""), ("b", [], ""), ("c", [], "x")])
        == SearchRecord.json([
          .init(anchor: "usage", crumbs: heading, text: ""), .init(anchor: "c", crumbs: [], text: "x"),
        ]))
  }

  /// Escapes decided within a character: pieces cut between characters are escaped as
  /// their whole would be, quotes, controls and U+2028/U+2029 included.
  @Test("text written in pieces is escaped as the whole", arguments: 0..<3)
  func pieces(seed: Int) {
    var generator = SeededRandom(seed: UInt64(seed) + 7)
    let parts = ["a", "\"", "\\", "\u{1}", "\n", "\u{2028}", "\u{2029}", "é", "東", "\u{E2}", " ", "b"]
    for _ in 0..<200 {
      let pieces = (0..<(generator.below(5) + 1)).map { _ in
        (0..<(generator.below(6) + 1)).map { _ in parts[generator.below(parts.count)] }.joined()
      }
      let json = written(pieces.map { ("x", [], $0) })
      #expect(json == SearchRecord.json([.init(anchor: "x", crumbs: [], text: pieces.joined(separator: " "))]))
      let decoded = try? JSONDecoder().decode([[String: AnyDecodable]].self, from: Data(json))
      #expect(decoded?.count == 1)
    }
  }
}

/// Any JSON value, read and dropped: the test only asks that the JSON parses.
private struct AnyDecodable: Decodable {
  init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if (try? container.decode(String.self)) != nil { return }
    _ = try container.decode([[String]].self)
  }
}

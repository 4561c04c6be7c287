import CvsiteCore
import CvsiteTestSupport
import Testing

@testable import CvsiteSite

/// The extractor's text: white space collapsed while each run is copied (eight bytes at
/// a time where nothing changes), into a byte store that grows as a page's text does.
@Suite("Search text")
struct SearchTextTests {
  /// White space as the extractor sees it: space, tab, line feed, vertical tab, form
  /// feed, carriage return.
  static let spaces: [String] = [" ", "\t", "\n", "\u{0B}", "\u{0C}", "\r"]

  /// Random bodies of words, white space of every kind and length, inline and block
  /// tags and entities, against the text a plain reading gives: tags and entities
  /// out, a block tag a break, every white space run one space, none at either end.
  @Test("white space collapses as a plain reading does, in runs of every length", arguments: 0..<4)
  func collapse(seed: Int) {
    var generator = SeededRandom(seed: UInt64(seed) + 40)
    let words = ["a", "kiwi", "wallaby", "x1", "échidné", "東京", "longerwordthaneightbytes"]
    for _ in 0..<150 {
      var body = "<p>"
      var plain = ""
      var pendingBreak = false
      func addWord(_ word: String) {
        if pendingBreak, !plain.isEmpty { plain += " " }
        pendingBreak = false
        plain += word
      }
      for _ in 0..<(generator.below(40) + 1) {
        switch generator.below(9) {
        case 0, 1, 2, 3:
          let word = words[generator.below(words.count)]
          body += word
          addWord(word)
        case 4, 5:
          // Up to twenty white space characters: runs longer than a word of eight.
          body += (0..<(generator.below(20) + 1)).map { _ in Self.spaces[generator.below(Self.spaces.count)] }.joined()
          pendingBreak = true
        case 6:
          body += ["<em>", "</em>", "<code>", "</code>"][generator.below(4)]
        case 7:
          body += ["</p><p>", "<br>", "<li>"][generator.below(3)]
          pendingBreak = true
        default:
          body += "&amp;"
          addWord("&")
        }
      }
      body += "</p>"
      let extractor = SearchExtractor(tokenizer: SearchTokenizer(english: false))
      let record = extractor.extract(bodyHTML: body, title: "T")
      #expect(record.passages.map(\.text) == (plain.isEmpty ? [] : [plain]), "\(body.debugDescription)")
    }
  }

  @Test("a page's text past the store's first room is indexed to its last word")
  func longText() {
    // 40,000 bytes in one run, then more runs: the store grows several times.
    let filler = String(repeating: "wombat ", count: 5_700)
    let body = "<p>" + filler + "</p><p>" + filler + "platypus</p>"
    let extractor = SearchExtractor(tokenizer: SearchTokenizer(english: false))
    let record = extractor.extract(bodyHTML: body, title: "T")
    #expect(record.counts(of: "wombat")?.body == 11_400)
    #expect(record.counts(of: "platypus")?.body == 1)
    #expect(record.length == 11_401)
    #expect(record.passages.first?.text.utf8.count == SearchExtractor.passageLimit, "kept up to the passage limit")
  }

  /// Headings without ids (raw HTML) and with nothing under them all fall at the top
  /// of the page: each distinct one is a passage once, however many there are.
  @Test("many empty headings at one anchor: each distinct one a passage once")
  func emptyHeadings() {
    let distinct = (0..<20_000).map { "<h2>Heading \($0)</h2>" }.joined()
    let body = distinct + "<h2>Heading 7</h2><h2>Heading 7</h2>"
    let extractor = SearchExtractor(tokenizer: SearchTokenizer(english: false))
    let record = extractor.extract(bodyHTML: body, title: "T")
    let passages = record.passages
    #expect(passages.count == 20_000)
    #expect(passages.last?.crumbs.map(\.text) == ["Heading 19999"])
    #expect(passages.allSatisfy { $0.anchor.isEmpty && $0.text.isEmpty })
  }

  @Test("the store keeps every byte as it grows, and counts back to what is set")
  func store() {
    let store = ByteStore(capacity: 1)
    var expected: [UInt8] = []
    var generator = SeededRandom(seed: 3)
    for round in 0..<200 {
      if round % 3 == 0 {
        let byte = UInt8(truncatingIfNeeded: generator.next())
        store.append(byte)
        expected.append(byte)
      } else {
        let run = (0..<generator.below(300)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        run.withUnsafeBufferPointer { store.append($0) }
        expected += run
      }
      #expect(store.last == expected.last)
    }
    #expect(store.bytes == expected)
    store.reserve(10)
    (store.base + store.count).update(repeating: 7, count: 10)
    store.setCount(store.count + 10)
    #expect(store.bytes == expected + [UInt8](repeating: 7, count: 10))
    store.setCount(5)
    #expect(store.bytes == Array(expected.prefix(5)))
    store.removeAll()
    #expect(store.isEmpty && store.last == nil && store.bytes.isEmpty)
  }
}

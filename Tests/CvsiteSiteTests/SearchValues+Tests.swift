import CvsiteCore
import Foundation

@testable import CvsiteSite

// What the tests read of the search index's values, written here rather than in the
// module: the build itself never needs them.

extension SearchRecord {
  /// The text under one heading or inside one container child.
  struct Passage: Sendable, Equatable {
    /// The fragment id that leads to the passage (a heading's id, a child's id); empty
    /// for the top of the page.
    var anchor: String
    /// Outermost first.
    var crumbs: [Crumb]
    /// Plain text, white space collapsed, cut at ``SearchExtractor/passageLimit``.
    var text: String
  }

  /// A record of `passages`, each written as it is (the extractor's ``PassageWriter``
  /// also joins and drops them).
  /// A record whose terms' counts are given as values.
  init(passagesJSON: [UInt8], termBytes: [UInt8], counts: [Counts], length: Int) {
    self.init(passagesJSON: passagesJSON, termBytes: termBytes, packedCounts: counts.map(\.packed), length: length)
  }

  /// The counts of term `index`.
  func counts(at index: Int) -> Counts { Counts(packed: packedCounts[index]) }

  /// Calls `body` with the bytes of each term, in order.
  func forEachTerm(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    termBytes.withUnsafeBufferPointer { bytes in
      var index = 0
      while index < bytes.count {
        let length = readVarint(bytes, at: &index)
        let end = min(bytes.count, index + length)
        body(UnsafeBufferPointer(rebasing: bytes[index..<end]))
        index = end
      }
    }
  }

  init(passages: [Passage], termBytes: [UInt8], counts: [Counts], length: Int) {
    self.init(passagesJSON: Self.json(passages), termBytes: termBytes, counts: counts, length: length)
  }

  /// `passages` as the JSON array a record file holds, each passage as it is.
  static func json(_ passages: [Passage]) -> [UInt8] {
    var json = ByteStore(capacity: passages.reduce(2) { $0 + $1.text.utf8.count + 64 })
    json.append("[")
    for (offset, passage) in passages.enumerated() {
      PassageWriter.appendOpening(anchor: passage.anchor, crumbs: passage.crumbs, first: offset == 0, to: json)
      var text = passage.text
      text.withUTF8 { appendJSONEscaped($0, to: &json) }
      json.append("\"}")
    }
    json.append("]")
    return json.bytes
  }

  /// A record from terms given as strings.
  init(passages: [Passage], terms: [String], counts: [Counts], length: Int) {
    var bytes: [UInt8] = []
    for term in terms {
      appendVarint(term.utf8.count, to: &bytes)
      bytes += term.utf8
    }
    self.init(passages: passages, termBytes: bytes, counts: counts, length: length)
  }

  /// The page's terms, each once, in first-seen order.
  var terms: [String] {
    var terms: [String] = []
    forEachTerm { terms.append(String(decoding: $0, as: UTF8.self)) }
    return terms
  }

  /// The passages, read back from ``passagesJSON``.
  var passages: [Passage] {
    struct Written: Decodable {
      var a: String
      var c: [[String]]
      var x: String
    }
    let written = (try? JSONDecoder().decode([Written].self, from: Data(passagesJSON))) ?? []
    return written.map { passage in
      Passage(
        anchor: passage.a, crumbs: passage.c.map { Crumb(container: $0.first ?? "", text: $0.last ?? "") },
        text: passage.x)
    }
  }

  /// The counts of `term`.
  func counts(of term: String) -> Counts? {
    terms.firstIndex(of: term).map { counts(at: $0) }
  }
}

extension TermCounter {
  /// The counts of each term, in first-seen order.
  var counts: [SearchRecord.Counts] { packedCounts.map(SearchRecord.Counts.init(packed:)) }

  /// The terms, in first-seen order.
  func terms() -> [String] {
    let (bytes, ends) = packedTerms()
    var start = 0
    return ends.map { end in
      defer { start = Int(end) }
      return String(decoding: bytes[start..<Int(end)], as: UTF8.self)
    }
  }
}

extension SearchTokenizer {
  /// The terms of `text`, in order.
  func terms(in text: some StringProtocol) -> [String] {
    var result: [String] = []
    var copy = String(text)
    copy.withUTF8 { bytes in
      forEachTerm(inUTF8: bytes) { result.append(String(decoding: $0, as: UTF8.self)) }
    }
    return result
  }
}

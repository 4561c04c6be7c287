import CvsiteTestSupport
import Testing

@testable import CvsiteSite

/// The per-page term table: counts per field, in first-seen order, for short terms
/// (packed into a word, compared by hash and length) and long ones (compared by bytes).
@Suite("Term counter")
struct TermCounterTests {
  /// Terms that differ only past a packed word's bytes, by a zero byte, by length, or
  /// share their first eight bytes.
  static let tricky: [[UInt8]] = [
    [], [0x61], [0x61, 0x00], [0x00], [0x00, 0x61], Array("abcd".utf8), Array("abcde".utf8), Array("abcdefgh".utf8),
    Array("abcdefghi".utf8), Array("abcdefghij".utf8), Array("bbcdefgh".utf8), Array("abcdefgz".utf8),
    Array("abcdefghz".utf8), Array("éclair".utf8), Array("東京".utf8), [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
    [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
  ]

  @Test("counts match a dictionary's on random terms of every length")
  func matchesDictionary() {
    var generator = SeededRandom(seed: 7)
    var terms = Self.tricky
    // Many terms over a small alphabet: lengths 1…20, so short and long ones collide
    // in their first bytes, and the table grows several times.
    for _ in 0..<3_000 {
      let length = generator.below(20) + 1
      terms.append((0..<length).map { _ in UInt8(0x61 + generator.below(3)) })
    }
    let counter = TermCounter()
    var expected: [[UInt8]: SearchRecord.Counts] = [:]
    var order: [[UInt8]] = []
    for round in 0..<3 {
      for (index, term) in terms.enumerated() {
        let field: TermCounter.Field =
          (index + round) % 7 == 0
          ? .title : (index + round) % 5 == 0 ? .heading : (index + round) % 11 == 0 ? .name : .body
        term.withUnsafeBufferPointer { counter.add($0, field: field) }
        if expected[term] == nil { order.append(term) }
        var counts = expected[term, default: SearchRecord.Counts()]
        switch field {
        case .title: counts.title = true
        case .heading: counts.heading = true
        case .body: counts.body += 1
        case .name: counts.name = true
        }
        expected[term] = counts
      }
    }
    let got = counter.terms()
    #expect(got == order.map { String(decoding: $0, as: UTF8.self) })
    #expect(counter.counts == order.map { expected[$0] ?? SearchRecord.Counts() })
    #expect(got.count == Set(terms).count)
  }

  @Test("packing keeps every byte and nothing past the term", arguments: 0...8)
  func packing(length: Int) {
    var generator = SeededRandom(seed: UInt64(length) + 1)
    for _ in 0..<200 {
      // Bytes after the term that the packing must not read into the result.
      let bytes = (0..<(length + 4)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      let packed = bytes.withUnsafeBufferPointer { TermCounter.pack(UnsafeBufferPointer(rebasing: $0[0..<length])) }
      var expected: UInt64 = 0
      for index in 0..<length { expected |= UInt64(bytes[index]) << (8 * UInt64(index)) }
      #expect(packed == expected)
    }
  }

  @Test("a term's counts in four bytes: each field on its own, the body's count saturating")
  func packedCounts() {
    #expect(MemoryLayout<SearchRecord.Counts>.size == 4)
    var counts = SearchRecord.Counts(title: true, body: 5)
    #expect(counts.title && !counts.heading && !counts.name && counts.body == 5)
    counts.name = true
    counts.heading = true
    counts.title = false
    #expect(!counts.title && counts.heading && counts.name && counts.body == 5)
    counts.body = .max
    #expect(counts.body == (1 << 29) - 1 && counts.heading && counts.name && !counts.title)
    counts.body &+= 1
    #expect(counts.body == (1 << 29) - 1, "saturates")
    counts.body = 0
    #expect(counts == SearchRecord.Counts(heading: true, name: true))
  }
}

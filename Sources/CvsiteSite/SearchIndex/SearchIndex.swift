import ContainerViews
import CvsiteCore

/// The static search index: files the theme's `search.js` fetches on demand.
///
/// - `search/meta.json`: the build token, the page count, and the first term of each
///   shard;
/// - `search/t/<i>.bin`: shard `i`, terms in JavaScript string order, each with its
///   pages and a score byte per page (title, heading, body weight);
/// - `search/r/<i>.txt`: the terms of three letters or more written backwards, one per
///   line, sorted, for typos in a word's first letters;
/// - `search/p/<k>.json`: the records of pages `k*bundle ..< (k+1)*bundle`: URL, title,
///   passages with their crumbs and text, for the results a query shows.
///
/// The format is written out in the user guide (`site-example`, "Search"). A query
/// fetches the meta file once, one shard per word (rarely two), and the records of the
/// pages it shows.
struct SearchIndex: Sendable {
  /// One indexed page.
  struct Page: Sendable {
    /// Base path included.
    var url: String
    var title: String
    var record: SearchRecord

    init(url: String, title: String, record: SearchRecord) {
      (self.url, self.title, self.record) = (url, title, record)
    }

    /// `page` with its record, its URL under the site's base path; a result shows the
    /// line above the page's title with it (a symbol's kind: `add(_:) · Instance
    /// Method`).
    init(_ page: SitePage, record: SearchRecord, basePath: String) {
      let title = page.metadata.eyebrow.map { page.metadata.title + " · " + $0 } ?? page.metadata.title
      self.init(url: basePath + page.url.dropFirst(), title: title, record: record)
    }
  }

  /// A shard is closed once it reaches this many bytes (one term's pages may make it
  /// larger): a query's bytes against its number of requests.
  static let shardBytes = 16 * 1_024
  /// Page records per `p/` file: one up to 2,500 pages, then as many as keep the files
  /// near 2,500, at most eight. A record per file fetches the fewest bytes, but a large
  /// site would double its file count (hosts cap it: Cloudflare Pages at 20,000 files
  /// on its free plan, which one record per page of Pagefind's made many sites hit);
  /// eight records cap what the ten results a query shows can fetch.
  static func bundleSize(pages: Int) -> Int {
    min(8, max(1, (pages + 2_499) / 2_500))
  }

  /// Page records per `p/` file, for this index.
  var bundle: Int { Self.bundleSize(pages: pageCount) }
  /// BM25's saturation and length normalisation.
  static let k1 = 1.2
  static let b = 0.75

  /// The pages indexed, in number order; none when their records were handed over.
  let pages: [Page]
  let english: Bool
  /// The pages' records, each taken once by the shard maker instead of read from
  /// ``pages``, when they were handed over: a one-off build whose page bundles are
  /// written already lets each page's terms go as soon as they are counted (at 100,000
  /// pages they were 70 MB at the build's peak).
  private let handedOver: TakenOnce<SearchRecord>?
  /// Each page's number of terms in its body, in number order.
  private let lengths: [Int]
  /// How many pages the index numbers.
  var pageCount: Int { lengths.count }

  /// An index of `pages`, read from them.
  init(pages: [Page], english: Bool) {
    (self.pages, self.english, handedOver) = (pages, english, nil)
    lengths = pages.map(\.record.length)
  }

  /// An index of pages known only by their records, each taken by the shard maker and
  /// let go once counted (see ``handedOver``): it writes no page bundle, and is made
  /// once.
  init(handing records: [SearchRecord], english: Bool) {
    (pages, self.english) = ([], english)
    lengths = records.map(\.length)
    handedOver = TakenOnce(records)
  }

  /// Writes the index through `write` (a path under the search folder and its bytes;
  /// a problem, if writing failed): the page bundles (all of them, or those holding the
  /// pages at `onlyPages`), each written as soon as it is made so that they are never
  /// all in memory at once; then the shards; then the meta file, whose build token
  /// covers them all. Returns the paths of the index's files (those not written again
  /// included: they are in place from the last write), the problems and each bundle's
  /// hash.
  ///
  /// `known` are the bundles' hashes from a write of the same pages in the same order,
  /// when only the records of `onlyPages` changed since: the other bundles are then
  /// neither made nor written.
  ///
  /// `terms` are the terms of the last write (``makeShards(reusing:keepsTerms:)``), when
  /// it indexed the same pages in the same order and only the records of `onlyPages`
  /// changed since: the other pages' terms are then not looked up again. With
  /// `keepsTerms`, this write's terms are returned for the next.
  func write(
    onlyPages: Set<Int>? = nil, known: [UInt64]? = nil, terms kept: SearchTerms? = nil, keepsTerms: Bool = false,
    jobs: Int = 1, _ write: @Sendable (String, [UInt8]) -> Diagnostic?
  ) -> (paths: [String], problems: [Diagnostic], bundleHashes: [UInt64], terms: SearchTerms?) {
    let bundleCount = (pageCount + bundle - 1) / bundle
    let wanted = onlyPages.map { Set($0.map { $0 / bundle }) }
    let known = onlyPages != nil && known?.count == bundleCount ? known : nil
    // The shards and the backwards terms are one job, taken first: one worker makes
    // them while the others write the bundles.
    let reusable = onlyPages.flatMap { changed in kept.map { (terms: $0, changed: changed) } }
    let made = parallelMap([nil] + (0..<bundleCount).map { $0 }, jobs: jobs) { index -> IndexPart in
      guard let index else {
        let (shards, terms, table) = makeShards(reusing: reusable, keepsTerms: keepsTerms)
        return .shards(shards, tails: Self.makeTails(terms), table)
      }
      let path = "p/\(index).json"
      if let known, wanted?.contains(index) == false { return .bundle(known[index], path, nil) }
      let json = bundleJSON(index)
      var hash = FNV1a()
      hash.add(json)
      guard wanted?.contains(index) ?? true else { return .bundle(hash.value, path, nil) }
      return .bundle(hash.value, path, write(path, json))
    }
    var bundles: [(UInt64, String, Diagnostic?)] = []
    var shards: [(first: String, bytes: [UInt8])] = []
    var tails: [(first: String, bytes: [UInt8])] = []
    var table: SearchTerms?
    for part in made {
      switch part {
      case .shards(let madeShards, let madeTails, let madeTable):
        (shards, tails, table) = (madeShards, madeTails, madeTable)
      case .bundle(let hash, let path, let problem): bundles.append((hash, path, problem))
      }
    }
    var paths = bundles.map(\.1)
    var problems = bundles.compactMap(\.2)
    var hash = FNV1a()
    for shard in shards { hash.add(shard.bytes) }
    for tail in tails { hash.add(tail.bytes) }
    for bundle in bundles { hash.add(bundle.0) }
    for (folder, files) in [("t", shards), ("r", tails)] {
      for (index, file) in files.enumerated() {
        let path = "\(folder)/\(index).\(folder == "t" ? "bin" : "txt")"
        if let problem = write(path, file.bytes) { problems.append(problem) } else { paths.append(path) }
      }
    }
    var meta = "{\"version\":1,\"build\":\"\(hash.hex)\",\"pages\":\(pageCount),\"bundle\":\(bundle)"
    meta += ",\"english\":\(english),\"shards\":["
    meta += shards.map { jsonString($0.first) }.joined(separator: ",") + "],\"tails\":["
    meta += tails.map { jsonString($0.first) }.joined(separator: ",") + "]}\n"
    if let problem = write("meta.json", Array(meta.utf8)) {
      problems.append(problem)
    } else {
      paths.append("meta.json")
    }
    return (paths, problems, bundles.map(\.0), table)
  }

  /// What one job of ``write(onlyPages:jobs:_:)`` made.
  private enum IndexPart: Sendable {
    case shards([(first: String, bytes: [UInt8])], tails: [(first: String, bytes: [UInt8])], SearchTerms?)
    /// A bundle's hash and path, and its write problem when it was written.
    case bundle(UInt64, String, Diagnostic?)
  }

  /// Each term's pages and score bytes, cut into shards; the terms' bytes, sorted; and
  /// the terms numbered as this index numbered them, for the next write.
  ///
  /// With `reusing`, the terms of a write of the same pages in the same order, only the
  /// pages in `changed` have their terms looked up: the others keep their numbers.
  /// Without `keepsTerms`, no table is returned (a one-off build has no next write).
  ///
  /// The postings are gathered a run of terms at a time, each run of about
  /// `postingsPerRun` postings or an eighth of them all, whichever is more.
  func makeShards(
    reusing kept: (terms: SearchTerms, changed: Set<Int>)? = nil, keepsTerms: Bool = false,
    postingsPerRun: Int = 1 << 20
  ) -> (
    shards: [(first: String, bytes: [UInt8])], terms: [ArraySlice<UInt8>], table: SearchTerms?
  ) {
    // Every page's terms numbered across the site as they are met, and their score
    // bytes, an array of each per page.
    let table = TermCounter()
    let reused = kept.flatMap { $0.terms.pageCount == pageCount ? $0 : nil }
    var (pageTerms, pageScores) = numberPages(in: table, reusing: reused)
    var postings = [Int](repeating: 0, count: table.count)
    for numbers in pageTerms {
      for term in numbers { postings[Int(term)] += 1 }
    }
    // The numbers are kept for the next write (or, in a one-off build, let go) before
    // the shards are cut. A term no page holds any more, kept from an earlier write, is
    // not live.
    let live = postings.reduce(0) { $0 + ($1 > 0 ? 1 : 0) }
    var kept: SearchTerms?
    if keepsTerms {
      var pageEnds: [Int] = []
      pageEnds.reserveCapacity(pageTerms.count)
      var end = 0
      for numbers in pageTerms {
        end += numbers.count
        pageEnds.append(end)
      }
      kept = SearchTerms(table, pageTerms: pageTerms.flatMap { $0 }, pageEnds: pageEnds, live: live)
    }
    let (shards, terms) = Self.cutShards(
      table, postings: postings, pageTerms: &pageTerms, pageScores: &pageScores, postingsPerRun: postingsPerRun)
    return (shards, terms, kept)
  }

  /// Every page's terms numbered in `table` as they are met, and their score bytes. A
  /// handed-over record's own arrays become them, written over as they are read (its
  /// counts by the numbers, the start of its terms' bytes by the scores): no posting is
  /// stored anywhere else. (The index runs on a thread of its own: what it asked for
  /// anew would not have come out of the memory the records let go of, which the
  /// workers' allocators keep.) A page `reused` did not see change keeps its numbers.
  private func numberPages(in table: TermCounter, reusing reused: (terms: SearchTerms, changed: Set<Int>)?)
    -> (terms: [ArraySlice<UInt32>], scores: [[UInt8]])
  {
    let averageLength = max(1, Double(lengths.reduce(0, +)) / Double(max(1, pageCount)))
    if let reused { reused.terms.intern(into: table) }
    var pageTerms: [ArraySlice<UInt32>] = []
    var pageScores: [[UInt8]] = []
    pageTerms.reserveCapacity(pageCount)
    pageScores.reserveCapacity(pageCount)
    for id in 0..<pageCount {
      // (A record handed over is there once: a second call finds none.)
      var record =
        handedOver.map { $0.take(id) ?? SearchRecord(passagesJSON: [], termBytes: [], packedCounts: [], length: 0) }
        ?? pages[id].record
      let norm = Self.k1 * (1 - Self.b + Self.b * Double(lengths[id]) / averageLength)
      var numbers: [UInt32] = []
      var scores: [UInt8]
      if let reused, !reused.changed.contains(id), reused.terms.termCount(ofPage: id) == record.termCount {
        // (The kept numbers are read where they are.)
        pageTerms.append(reused.terms.terms(ofPage: id))
        scores = record.packedCounts.map { Self.scoreByte(SearchRecord.Counts(packed: $0), norm: norm) }
      } else {
        (numbers, record.packedCounts) = (record.packedCounts, [])
        (scores, record.termBytes) = (record.termBytes, [])
        let count = Self.numberTerms(&scores, counts: &numbers, in: table, norm: norm)
        scores.removeLast(scores.count - count)
        numbers.removeLast(numbers.count - count)
        pageTerms.append(numbers[...])
      }
      pageScores.append(scores)
    }
    return (pageTerms, pageScores)
  }

  /// The shards of the terms in sorted order, each term with its postings (the page's
  /// number and the score byte, in page order), and the terms' bytes. The postings are
  /// gathered for a run of terms at a time: one pass over the pages' terms per run, in
  /// place of a list of every posting at once. The pages' terms and scores are let go
  /// of before the shards are returned.
  private static func cutShards(
    _ table: TermCounter, postings: [Int], pageTerms: inout [ArraySlice<UInt32>], pageScores: inout [[UInt8]],
    postingsPerRun: Int
  ) -> (shards: [(first: String, bytes: [UInt8])], terms: [ArraySlice<UInt8>]) {
    let arena = table.bytes
    let order = arena.withUnsafeBufferPointer { bytes in
      (0..<table.count).sorted {
        utf16Precedes(
          UnsafeBufferPointer(rebasing: bytes[table.range(of: $0)]),
          UnsafeBufferPointer(rebasing: bytes[table.range(of: $1)]))
      }
    }
    var shards: [(first: String, bytes: [UInt8])] = []
    var terms: [ArraySlice<UInt8>] = []
    terms.reserveCapacity(order.count)
    var current: [UInt8] = []
    var first = ""
    var entry: [UInt8] = []
    var rank = [UInt32](repeating: 0, count: table.count)
    var next = [Int](repeating: 0, count: table.count)
    var offset = 0
    for (position, term) in order.enumerated() {
      (rank[term], next[term]) = (UInt32(position), offset)
      offset += postings[term]
    }
    let runPostings = max(postingsPerRun, (offset + 7) / 8)
    var run: [UInt32] = []
    var runStart = 0
    while runStart < order.count {
      var (runEnd, size) = (runStart, 0)
      while runEnd < order.count, size == 0 || size + postings[order[runEnd]] <= runPostings {
        size += postings[order[runEnd]]
        runEnd += 1
      }
      let base = next[order[runStart]]
      run.removeAll(keepingCapacity: true)
      run.append(contentsOf: repeatElement(0, count: size))
      if size > 0 {
        for id in pageTerms.indices {
          let (numbers, scores) = (pageTerms[id], pageScores[id])
          for (term, score) in zip(numbers, scores) {
            let term = Int(term)
            guard rank[term] >= runStart, rank[term] < runEnd else { continue }
            run[next[term] - base] = UInt32(id) << 8 | UInt32(score)
            next[term] += 1
          }
        }
      }
      for term in order[runStart..<runEnd] where postings[term] > 0 {
        // (A term no page holds any more, kept from an earlier write, is left out.)
        let utf8 = arena[table.range(of: term)]
        terms.append(utf8)
        entry.removeAll(keepingCapacity: true)
        appendEntry(utf8, postings: run[(next[term] - postings[term] - base)..<(next[term] - base)], to: &entry)
        if !current.isEmpty, current.count + entry.count > Self.shardBytes {
          shards.append((first, current))
          current = []
          first = String(decoding: utf8, as: UTF8.self)
        }
        current += entry
      }
      runStart = runEnd
    }
    (pageTerms, pageScores, run) = ([], [], [])
    if !current.isEmpty || shards.isEmpty { shards.append((first, current)) }
    // The first shard starts at the empty term, so every term has a shard.
    shards[0].first = ""
    return (shards, terms)
  }

  /// A term's entry in a shard: its bytes, then its postings, each page's number as the
  /// difference from the one before and its score byte.
  private static func appendEntry(_ utf8: ArraySlice<UInt8>, postings list: ArraySlice<UInt32>, to entry: inout [UInt8])
  {
    appendVarint(utf8.count, to: &entry)
    entry += utf8
    appendVarint(list.count, to: &entry)
    var previous = 0
    for (index, posting) in list.enumerated() {
      let id = Int(posting >> 8)
      appendVarint(index == 0 ? id : id - previous, to: &entry)
      entry.append(UInt8(posting & 0xFF))
      previous = id
    }
  }

  /// Reads the terms in `bytes` (a record's ``SearchRecord/termBytes``) and their
  /// `counts` (its ``SearchRecord/packedCounts``), writing over each count the term's
  /// number in `table` and over the start of `bytes` each term's score byte; returns
  /// how many terms there were. Each term takes at least its length's byte, so a score
  /// is written only where its term was read already.
  static func numberTerms(_ bytes: inout [UInt8], counts: inout [UInt32], in table: TermCounter, norm: Double) -> Int {
    var count = 0
    bytes.withUnsafeMutableBufferPointer { bytes in
      var index = 0
      while index < bytes.count, count < counts.count {
        let length = readVarint(bytes, at: &index)
        let end = min(bytes.count, index + length)
        let term = table.intern(UnsafeBufferPointer(rebasing: bytes[index..<end]))
        index = end
        let score = scoreByte(SearchRecord.Counts(packed: counts[count]), norm: norm)
        counts[count] = UInt32(term)
        bytes[count] = score
        count += 1
      }
    }
    return count
  }

  /// The terms a typo could be meant for, written backwards (by Unicode scalar), sorted
  /// in JavaScript string order, one per line, cut into files of about
  /// ``shardBytes``. A word mistyped in its first letters falls in another shard than
  /// the word meant; its end is intact, and finds the word here.
  static func makeTails(_ terms: [ArraySlice<UInt8>]) -> [(first: String, bytes: [UInt8])] {
    // Backwards on bytes: each scalar's bytes (a lead byte and the continuation bytes
    // after it) kept in order, the scalars taken from the last.
    var reversed: [[UInt8]] = []
    reversed.reserveCapacity(terms.count)
    for term in terms {
      term.withUnsafeBufferPointer { bytes in
        var backwards: [UInt8] = []
        backwards.reserveCapacity(bytes.count)
        var end = bytes.count
        var scalars = 0
        for index in bytes.indices.reversed() where bytes[index] & 0xC0 != 0x80 {
          backwards.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
          end = index
          scalars += 1
        }
        if scalars >= tailMinimum { reversed.append(backwards) }
      }
    }
    reversed.sort { a, b in a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { utf16Precedes(a, $0) } } }
    var tails: [(first: String, bytes: [UInt8])] = []
    var current: [UInt8] = []
    var first = ""
    for term in reversed {
      if !current.isEmpty, current.count + term.count + 1 > shardBytes {
        tails.append((first, current))
        current = []
        first = String(decoding: term, as: UTF8.self)
      }
      current += term
      current.append(UInt8(ascii: "\n"))
    }
    if !current.isEmpty { tails.append((first, current)) }
    if !tails.isEmpty { tails[0].first = "" }
    return tails
  }

  /// A typo is forgiven from five letters on, within two letters of the word meant.
  static let tailMinimum = 3

  /// Bit 7: in the title; bit 6: in a heading or child label; bits 0–5: the body's
  /// BM25 term-frequency part scaled to 0…62 (at least 1 when the term is there).
  /// 255, every bit set, is kept for the name of the page's symbol, which `search.js`
  /// ranks above every other page.
  static func scoreByte(_ counts: SearchRecord.Counts, norm: Double) -> UInt8 {
    if counts.name { return 255 }
    var byte: UInt8 = 0
    if counts.title { byte |= 0x80 }
    if counts.heading { byte |= 0x40 }
    if counts.body > 0 {
      let frequency = Double(counts.body)
      let part = frequency * (k1 + 1) / (frequency + norm) / (k1 + 1)
      byte |= UInt8(max(1, min(62, (part * 63).rounded())))
    }
    return byte
  }

  /// The JSON array of the page records in bundle `index`.
  func bundleJSON(_ index: Int) -> [UInt8] {
    let ids = index * bundle..<min(pages.count, (index + 1) * bundle)
    return Self.bundleJSON(
      count: ids.count, capacity: ids.reduce(4) { $0 + pages[$1].record.passagesJSON.count + 256 }
    ) { position, json in Self.appendEntry(pages[ids.lowerBound + position], to: &json) }
  }

  /// A bundle's JSON array of page records, from each page's ``appendEntry(_:to:)``.
  static func bundleJSON(entries: [[UInt8]]) -> [UInt8] {
    bundleJSON(count: entries.count, capacity: entries.reduce(4) { $0 + $1.count + 1 }) { $1 += entries[$0] }
  }

  /// A bundle's JSON array of `count` page records, each appended by `entry`.
  private static func bundleJSON(count: Int, capacity: Int, _ entry: (Int, inout [UInt8]) -> Void) -> [UInt8] {
    var json: [UInt8] = []
    json.reserveCapacity(capacity)
    json.append("[")
    for position in 0..<count {
      if position > 0 { json.append(",") }
      entry(position, &json)
    }
    json.append("]\n")
    return json
  }

  /// One page's record in a bundle: its URL, title and passages.
  static func appendEntry(_ page: Page, to json: inout [UInt8]) {
    json.append("{\"u\":")
    appendJSONString(page.url, to: &json)
    json.append(",\"t\":")
    appendJSONString(page.title, to: &json)
    json.append(",\"p\":")
    json += page.record.passagesJSON
    json.append("}")
  }
}

/// Whether UTF-8 text `a` comes before `b` in UTF-16 code unit order (JavaScript's
/// string order). UTF-8's byte order is code point order; the two differ only where a
/// character from U+10000 on (lead byte F0–F4), a surrogate pair from D800 in UTF-16,
/// meets one from U+E000 to U+FFFF (lead byte EE or EF). Where the texts first differ,
/// both are at the start of a character.
func utf16Precedes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
  let common = min(a.count, b.count)
  var index = 0
  while index < common, a[index] == b[index] { index += 1 }
  guard index < common else { return a.count < b.count }
  let (x, y) = (a[index], b[index])
  if x >= 0xEE, y >= 0xEE, (x >= 0xF0) != (y >= 0xF0) { return x >= 0xF0 }
  return x < y
}

/// The unsigned LEB128 number at `index` in `bytes` (as ``appendVarint(_:to:)`` writes
/// it); `index` moves past it. A number cut short by the end is read as far as it goes.
@inline(__always)
func readVarint<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: inout Int) -> Int
where Bytes.Index == Int {
  var (value, shift) = (0, 0)
  while index < bytes.endIndex {
    let byte = bytes[index]
    index += 1
    value |= Int(byte & 0x7F) << shift
    if byte < 0x80 { break }
    shift += 7
  }
  return value
}

/// `value` as unsigned LEB128: seven bits per byte, low bits first.
func appendVarint(_ value: Int, to bytes: inout [UInt8]) {
  var rest = UInt64(max(0, value))
  repeat {
    let low = UInt8(rest & 0x7F)
    rest >>= 7
    bytes.append(rest == 0 ? low : low | 0x80)
  } while rest != 0
}

/// `text` as a JSON string literal.
func jsonString(_ text: String) -> String {
  var bytes: [UInt8] = []
  appendJSONString(text, to: &bytes)
  return String(decoding: bytes, as: UTF8.self)
}

/// Where JSON is written: an array, or a ``ByteStore`` (each page's passages, where an
/// array's generic append cost as much as the escaping).
protocol ByteOutput {
  mutating func append(byte: UInt8)
  mutating func append(run: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteOutput where Element == UInt8 {
  mutating func append(byte: UInt8) { append(byte) }
  mutating func append(run: UnsafeBufferPointer<UInt8>) { append(contentsOf: run) }
}

extension ByteStore: ByteOutput {
  func append(byte: UInt8) { append(byte) }
  func append(run: UnsafeBufferPointer<UInt8>) { append(run) }
}

/// Appends `text` as a JSON string literal: quotes, backslashes and control characters
/// escaped, and U+2028 and U+2029, which older JavaScript parsers refuse in strings.
func appendJSONString(_ text: String, to json: inout some ByteOutput) {
  json.append(byte: UInt8(ascii: "\""))
  var text = text
  text.withUTF8 { appendJSONEscaped($0, to: &json) }
  json.append(byte: UInt8(ascii: "\""))
}

/// Appends the UTF-8 `bytes` escaped as the inside of a JSON string literal (without
/// its quotes), as ``appendJSONString(_:to:)`` writes them. Every escape is decided
/// within one character, so text written in pieces cut between characters is escaped
/// as the whole would be.
func appendJSONEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to json: inout some ByteOutput) {
  var index = 0
  while index < bytes.count {
    // Copy the run that needs no escape at once.
    var end = index
    // Eight bytes at a time while none of them needs a look (``needsLook(_:)``).
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while end + 8 <= bytes.count, !needsLook(raw.loadUnaligned(fromByteOffset: end, as: UInt64.self)) { end += 8 }
    }
    while end < bytes.count {
      let byte = bytes[end]
      if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2 { break }
      end += 1
    }
    if end > index { json.append(run: UnsafeBufferPointer(rebasing: bytes[index..<end])) }
    index = end
    guard index < bytes.count else { break }
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"):
      json.append(byte: UInt8(ascii: "\\"))
      json.append(byte: byte)
      index += 1
    case 0xE2:
      // U+2028 and U+2029 (E2 80 A8, E2 80 A9) end a line in older JavaScript.
      if index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
        appendEscape([0x32, 0x30, 0x32, bytes[index + 2] == 0xA8 ? 0x38 : 0x39], to: &json)
        index += 3
      } else {
        json.append(byte: byte)
        index += 1
      }
    default:
      // A control character: its high digit is 0 or 1.
      let low = byte & 0xF
      appendEscape([0x30, 0x30, 0x30 + (byte >> 4), low < 10 ? 0x30 + low : 0x57 + low], to: &json)
      index += 1
    }
  }
}

/// `\u` and four hex digits.
private func appendEscape(_ digits: [UInt8], to json: inout some ByteOutput) {
  json.append(byte: UInt8(ascii: "\\"))
  json.append(byte: UInt8(ascii: "u"))
  for digit in digits { json.append(byte: digit) }
}

/// Whether any of eight bytes is a control character, `"`, `\\` or 0xE2 (which may lead
/// U+2028 or U+2029).
@inline(__always)
func needsLook(_ word: UInt64) -> Bool {
  ByteWords.below(word, 0x20) | ByteWords.equal(word, 0x22) | ByteWords.equal(word, 0x5C) | ByteWords.equal(word, 0xE2)
    != 0
}

/// 64-bit FNV-1a: a build token that changes when any index byte does.
struct FNV1a {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// Mixes in another hash.
  mutating func add(_ word: UInt64) {
    value ^= word
    value &*= 0x100_0000_01b3
  }

  /// Mixes in `bytes` eight at a time (FNV-1a over 64-bit words, then the tail).
  mutating func add(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset + 8 <= raw.count {
        value ^= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        value &*= 0x100_0000_01b3
        offset += 8
      }
      while offset < raw.count {
        value ^= UInt64(raw[offset])
        value &*= 0x100_0000_01b3
        offset += 1
      }
    }
  }

  var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

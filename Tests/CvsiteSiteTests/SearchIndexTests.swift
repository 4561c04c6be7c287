import CvsiteCore
import CvsiteTestSupport
import Foundation
import Synchronization
import Testing

@testable import CvsiteSite

/// The search index a build writes: passages with the containers they sit in, terms
/// with their fields, shards a browser fetches one at a time, and what is left out.
@Suite("Search index")
struct SearchIndexTests {
  /// A shard file read back: each term with its (page id, score byte) pairs.
  static func decodeShard(_ bytes: [UInt8]) -> [(term: String, postings: [(Int, UInt8)])] {
    var index = 0
    func varint() -> Int {
      var value = 0
      var shift = 0
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        value |= Int(byte & 0x7F) << shift
        if byte < 0x80 { break }
        shift += 7
      }
      return value
    }
    var entries: [(term: String, postings: [(Int, UInt8)])] = []
    while index < bytes.count {
      let length = varint()
      let term = String(decoding: bytes[index..<index + length], as: UTF8.self)
      index += length
      var postings: [(Int, UInt8)] = []
      var id = 0
      for number in 0..<varint() {
        id = number == 0 ? varint() : id + varint()
        postings.append((id, bytes[index]))
        index += 1
      }
      entries.append((term, postings))
    }
    return entries
  }

  struct Meta: Decodable {
    var version: Int
    var build: String
    var pages: Int
    var bundle: Int
    var english: Bool
    var shards: [String]
    var tails: [String]
  }

  struct PageRecord: Decodable {
    struct Passage: Decodable {
      var a: String
      var c: [[String]]
      var x: String
    }
    var u: String
    var t: String
    var p: [Passage]
  }

  /// The built index of `site`: its meta file, every term's postings, and the page
  /// records by URL.
  static func index(of site: TemporarySite) throws -> (
    meta: Meta, terms: [String: [(Int, UInt8)]], pages: [PageRecord]
  ) {
    let meta = try JSONDecoder().decode(
      Meta.self, from: Data(contentsOf: site.output.appendingPathComponent("search/meta.json")))
    var terms: [String: [(Int, UInt8)]] = [:]
    var previous: String?
    for (number, first) in meta.shards.enumerated() {
      let bytes = try [UInt8](Data(contentsOf: site.output.appendingPathComponent("search/t/\(number).bin")))
      let entries = decodeShard(bytes)
      if number > 0 { #expect(entries.first?.term == first, "shard \(number) starts at its meta entry") }
      for entry in entries {
        if let previous { #expect(previous.utf16.lexicographicallyPrecedes(entry.term.utf16)) }
        previous = entry.term
        terms[entry.term] = entry.postings
      }
    }
    var pages: [PageRecord] = []
    for number in 0..<(meta.pages + meta.bundle - 1) / meta.bundle {
      pages += try JSONDecoder().decode(
        [PageRecord].self, from: Data(contentsOf: site.output.appendingPathComponent("search/p/\(number).json")))
    }
    return (meta, terms, pages)
  }

  static let installPage = """
    ---
    title: Install zanzibar
    ---
    Intro words before any heading.

    ## Installation

    Pick your system.

    :::tabs
    ## Linux {#on-linux}

    Run quokkactl on Linux.

    ### Check the version

    Then verify.

    ## Wombat OS

    Double-click the package.
    :::

    Text after the tabs.
    """

  @Test("passages say which heading and which tab they sit in, and link into the tab")
  func containerPaths() throws {
    let site = try TemporarySite(site: ["content/install.md": Self.installPage])
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    let (meta, terms, pages) = try Self.index(of: site)
    #expect(meta.version == 1 && meta.english && meta.pages == pages.count)
    let page = try #require(pages.first { $0.u == "/install/" })
    #expect(page.t == "Install zanzibar")
    let passages = page.p.map { ($0.a, $0.c, $0.x) }
    let quokka = try #require(passages.first { $0.2.contains("quokkactl") })
    #expect(quokka.0 == "on-linux", "a passage inside the tab links to the tab's id")
    #expect(quokka.1 == [["", "Installation"], ["tabs", "Linux"]])
    let verify = try #require(passages.first { $0.2 == "Then verify." })
    #expect(verify.0 == "check-the-version")
    #expect(verify.1 == [["", "Installation"], ["tabs", "Linux"], ["", "Check the version"]])
    let after = try #require(passages.first { $0.2 == "Text after the tabs." })
    #expect(after.1 == [["", "Installation"]], "the tab's crumb ends with the tab")
    #expect(passages.first?.2 == "Intro words before any heading." && passages.first?.0 == "")
    // The tab bar's own buttons are not body text: `wombat` is a label (heading field).
    let id = try #require(pages.firstIndex { $0.u == "/install/" })
    let wombat = try #require(terms["wombat"]?.first { $0.0 == id })
    #expect(wombat.1 & 0x40 != 0 && wombat.1 & 0x3F == 0, "a label, never body text")
    let zanzibar = try #require(terms["zanzibar"]?.first { $0.0 == id })
    #expect(zanzibar.1 & 0x80 != 0, "a title word has the title bit")
    let quokkaPosting = try #require(terms["quokkactl"]?.first { $0.0 == id })
    #expect(quokkaPosting.1 & 0xC0 == 0 && quokkaPosting.1 & 0x3F > 0)
    #expect(terms["system"] != nil && terms["systems"] == nil, "plurals fold")
    // The page's HTML has no marks left, and its tab panel has the id the passage links to.
    let html = try #require(site.read("install/index.html"))
    #expect(!html.utf8.contains { (0x01...0x05).contains($0) })
    #expect(html.contains("id=\"on-linux\""))
  }

  @Test("the body is the same HTML with search on or off")
  func sameHTML() throws {
    let on = try TemporarySite(site: ["content/install.md": Self.installPage])
    let off = try TemporarySite(
      site: ["content/install.md": Self.installPage], config: "title: F\nbaseURL: https://example.com/\nsearch: false\n"
    )
    #expect(on.build().result.succeeded && off.build().result.succeeded)
    func main(_ site: TemporarySite) throws -> String {
      let html = try #require(site.read("install/index.html"))
      let start = try #require(html.range(of: "<main"))
      let end = try #require(html.range(of: "</main>"))
      return String(html[start.lowerBound..<end.upperBound])
    }
    #expect(try main(on) == main(off))
    #expect(!off.exists("search/meta.json"), "search: false writes no index")
    #expect(try #require(off.read("install/index.html")).contains("search.js") == false)
  }

  @Test("drafts and pages with `search: false` are left out; scripts and anchors are not text")
  func leftOut() throws {
    let site = try TemporarySite(
      site: [
        "content/a.md": "---\ntitle: Kept\n---\nVisible aardvark.\n\n## Part\n\nMore.\n",
        "content/b.md": "---\ntitle: Hidden\nsearch: false\n---\nSecret bandicoot.\n",
        "content/c.md": "---\ntitle: Draft\ndraft: true\n---\nDraft capybara.\n",
        "content/d.md": "Raw &amp; &lt;kiwi&gt; &#x41;&#66;\n",
      ])
    let built = site.build { $0.drafts = true }
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    let (_, terms, pages) = try Self.index(of: site)
    #expect(terms["aardvark"] != nil)
    #expect(terms["bandicoot"] == nil && terms["capybara"] == nil)
    #expect(terms["part"] != nil)
    #expect(!pages.contains { $0.p.contains { $0.x.contains("#") } }, "heading anchors are not text")
    let raw = try #require(pages.first { $0.u == "/d/" })
    #expect(raw.p.contains { $0.x == "Raw & <kiwi> AB" }, "\(raw.p.map(\.x))")
  }

  @Test("script, style and template content, comments and a lone `<` in the body")
  func rawHTML() {
    let extractor = SearchExtractor(tokenizer: SearchTokenizer(english: true))
    let record = extractor.extract(
      bodyHTML:
        "<p>One <script>var dingo = 1;</script><style>.emu{}</style><template>quoll</template><!-- numbat -->"
        + "two < three <b>fo</b>ur<br>five</p>\n<pre><code>six\nseven</code></pre>",
      title: "T")
    #expect(record.passages.map(\.text) == ["One two < three four five six seven"])
    for hidden in ["dingo", "emu", "quoll", "numbat"] { #expect(record.counts(of: hidden) == nil, "\(hidden)") }
    #expect(record.counts(of: "t")?.title == true)
    #expect(record.length == 7)
  }

  @Test(
    "tag names of every length, any case, whether eight bytes follow the `<` or not",
    arguments: ["", " ", "  ", "       ", "abcdefgh"])
  func tagNames(tail: String) {
    let extractor = SearchExtractor(tokenizer: SearchTokenizer(english: true))
    // `<template>` (eight letters) and `<SCRIPT>` hide their content; `<templates>`,
    // `<scripts>` and `<scrip>` are other elements; `<h2>` and `<H3 id>` open passages;
    // `<b>` runs on, `<section-x>` breaks.
    let body =
      "<p>a<b>b</b>c<section-x>d</section-x><templates>e</templates><TEMPLATE>hide</TEMPLATE>"
      + "<scripts>f</scripts><scrip>g</scrip><SCRIPT>hide</SCRIPT></p><h2 id=\"x\">Head</h2><p>h</p>"
      + "<H3 id=\"y\">Three</H3>i<em>j" + tail
    let record = extractor.extract(bodyHTML: body, title: "T")
    let expectedTail = tail.trimmingCharacters(in: .whitespaces)
    #expect(record.passages.map(\.anchor) == ["", "x", "y"])
    #expect(
      record.passages.map(\.text) == ["abc d e f g", "h", "ij" + expectedTail],
      "\(record.passages.map(\.text))")
    #expect(record.counts(of: "hide") == nil)
    #expect(record.counts(of: "head")?.heading == true)
  }

  @Test("passages are placed by offsets found while rendering: nesting, a body left out, text before and after")
  func structure() {
    // <div>chrome<section>A <div>tabs<p>B</p></div> C</section><section>D</section></div> E
    let body =
      "<p>Lead</p><div>chrome<section><p>A</p><div>tabs<p>B</p></div><p>C</p></section>"
      + "<section><p>D</p></section></div><p>E</p>"
    func offset(_ text: String) -> Int { body.utf8Offset(of: text) ?? -1 }
    let outer = offset("<div>chrome")
    let inner = offset("<div>tabs")
    let structure = PageStructure(
      boundaries: [
        .init(offset: outer, event: .containerOpen),
        .init(offset: offset("<p>A"), event: .childOpen(1)),
        .init(offset: inner, event: .containerOpen),
        .init(offset: offset("<p>B"), event: .childOpen(0)),
        .init(offset: offset("</div><p>C"), event: .childClose),
        .init(offset: offset("</div><p>C") + 6, event: .containerClose),
        .init(offset: offset("</section><section>"), event: .childClose),
        .init(offset: offset("<p>D"), event: .childOpen(2)),
        .init(offset: offset("</section></div>"), event: .childClose),
        .init(offset: offset("<p>E") - 6, event: .containerClose),
      ],
      children: [
        SearchChildMark(container: "tabs", label: "Inner", id: "inner"),
        SearchChildMark(container: "tabs", label: "First", id: "first"),
        SearchChildMark(container: "tabs", label: "Second", id: "second"),
      ])
    let record = SearchExtractor(tokenizer: SearchTokenizer(english: false), structure: structure)
      .extract(bodyHTML: body, title: "T")
    let placed = record.passages.map { ($0.anchor, $0.text) }
    #expect(placed.map(\.0) == ["", "first", "inner", "first", "second", ""], "\(placed)")
    #expect(placed.map(\.1) == ["Lead", "A", "B", "C", "D", "E"], "\(placed)")
    #expect(record.counts(of: "chrome") == nil && record.counts(of: "tabs") == nil, "a container's own text")
    #expect(record.counts(of: "inner")?.heading == true, "a child's label is a heading term")
  }

  @Test("control characters in a page's text leave its tabs found by search")
  func controlCharactersKeepStructure() throws {
    let site = try TemporarySite(files: [
      "cvsite.yml": "title: T\n",
      "content/index.md":
        "# Home\n\nOdd \u{1} bytes \u{3}1\u{4} here.\n\n:::tabs\n## Swift\nwombat\n## Rust\nkoala\n:::\n",
    ])
    let result = site.build().result
    #expect(result.succeeded, "\(result.diagnostics.summaries)")
    let (_, _, pages) = try Self.index(of: site)
    let home = try #require(pages.first { $0.u == "/" })
    #expect(home.p.contains { $0.a == "rust" && $0.x == "koala" }, "\(home.p.map { ($0.a, $0.x) })")
    #expect(home.p.contains { $0.a == "swift" && $0.x == "wombat" })
  }

  @Test("many terms make several shards, each found from its first term")
  func shards() throws {
    // 6,000 distinct words: more than one 16 KB shard.
    var words: [String] = []
    for number in 0..<6_000 { words.append("w" + String(number, radix: 36) + "x") }
    let site = try TemporarySite(site: ["content/many.md": words.joined(separator: " ") + "\n"])
    #expect(site.build().result.succeeded)
    let (meta, terms, _) = try Self.index(of: site)
    #expect(meta.shards.count > 1 && meta.shards[0] == "")
    for word in words.prefix(50) { #expect(terms[word]?.count == 1, "\(word)") }
    #expect(terms.count >= 6_000)
  }

  @Test("every term of three letters or more is in the backwards files, sorted, each file found from its first")
  func tails() throws {
    var words: [String] = ["café", "東京都", "ab"]
    for number in 0..<4_000 { words.append("w" + String(number, radix: 36) + "x") }
    let site = try TemporarySite(site: ["content/many.md": words.joined(separator: " ") + "\n"])
    #expect(site.build().result.succeeded)
    let (meta, terms, _) = try Self.index(of: site)
    #expect(meta.tails.count > 1 && meta.tails[0] == "")
    var backwards: [String] = []
    for (number, first) in meta.tails.enumerated() {
      let text = try String(
        contentsOf: site.output.appendingPathComponent("search/r/\(number).txt"), encoding: .utf8)
      let lines = text.split(separator: "\n").map(String.init)
      if number > 0 { #expect(lines.first == first, "file \(number) starts at its meta entry") }
      backwards += lines
    }
    #expect(zip(backwards, backwards.dropFirst()).allSatisfy { $0.utf16.lexicographicallyPrecedes($1.utf16) })
    let expected = terms.keys.filter { $0.unicodeScalars.count >= 3 }.map {
      String(String.UnicodeScalarView($0.unicodeScalars.reversed()))
    }
    #expect(Set(backwards) == Set(expected) && backwards.count == expected.count)
    #expect(
      backwards.contains("efac") && backwards.contains("x1w") && !backwards.contains("ba") && !backwards.contains("京東"))
  }

  @Test("records share a file only above 2,500 pages, neighbours together, at most eight")
  func bundles() throws {
    #expect(
      [1, 2_500, 2_501, 5_000, 5_001, 10_021, 20_000, 1_000_000].map { SearchIndex.bundleSize(pages: $0) } == [
        1, 1, 2, 2, 3, 5, 8, 8,
      ])
    let pages = (0..<2_601).map { number in
      SearchIndex.Page(
        url: "/p\(number)/", title: "P\(number)",
        record: SearchRecord(
          passages: [.init(anchor: "", crumbs: [], text: "page \(number)")], terms: ["page"], counts: [.init(body: 1)],
          length: 1))
    }
    let files = Mutex<[String: [UInt8]]>([:])
    let (paths, problems, _, _) = SearchIndex(pages: pages, english: true).write(jobs: 2) { path, bytes in
      files.withLock { $0[path] = bytes }
      return nil
    }
    #expect(problems.isEmpty)
    let written = files.withLock { $0 }
    let meta = try JSONDecoder().decode(Meta.self, from: Data(try #require(written["meta.json"])))
    #expect(meta.bundle == 2 && meta.pages == 2_601)
    #expect(paths.filter { $0.hasPrefix("p/") }.count == 1_301)
    let last = try JSONDecoder().decode([PageRecord].self, from: Data(try #require(written["p/1300.json"])))
    #expect(last.map(\.u) == ["/p2600/"])
    let middle = try JSONDecoder().decode([PageRecord].self, from: Data(try #require(written["p/7.json"])))
    #expect(middle.map(\.u) == ["/p14/", "/p15/"])
  }

  @Test("hostile pages: marks in the source, a huge body, junk bytes; bounded and located nowhere")
  func hostile() throws {
    let marks = String(decoding: [0x01, 0x03, 0x37, 0x04, 0x05], as: UTF8.self)
    let huge = String(repeating: "lorem ipsum dolor ", count: 120_000)  // 2.1 MB
    let site = try TemporarySite(
      site: [
        "content/marks.md": "# Marks\n\nBefore \(marks) after.\n\n:::tabs\n## One\n\nInside.\n:::\n",
        "content/huge.md": "# Huge\n\n" + huge + "\n\nfinalword\n",
        "content/junk.md": "# Junk\n\n" + String(decoding: (0..<4_000).map { UInt8($0 % 256) }, as: UTF8.self) + "\n",
        // 100,000 distinct words.
        "content/many.md": "# Many\n\n" + (0..<100_000).map { "v" + String($0, radix: 36) + "z" }.joined(separator: " ")
          + "\n",
      ])
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    let (_, terms, pages) = try Self.index(of: site)
    let marked = try #require(pages.first { $0.u == "/marks/" })
    #expect(marked.p.contains { $0.x.contains("Before") && $0.x.contains("after") })
    #expect(terms["inside"] != nil)
    let many = try #require(pages.first { $0.u == "/many/" })
    #expect(many.p.reduce(0) { $0 + $1.x.utf8.count } <= SearchExtractor.keptLimit + 1_024)
    #expect(terms["v0z"] != nil && terms["v255rz"] != nil, "every distinct word is a term")
    let hugePage = try #require(pages.first { $0.u == "/huge/" })
    #expect(hugePage.p.reduce(0) { $0 + $1.x.utf8.count } <= SearchExtractor.keptLimit + 1_024)
    #expect(terms["lorem"] != nil)
    #expect(terms["finalword"] == nil, "text past the indexed limit is not indexed")
  }

  /// A home page and `pages` pages `p0`, `p1`… built by a serve session into a sink.
  static func served(pages: Int) throws -> (TemporarySite, ServedSite, StoringSink) {
    var files = ["content/_index.md": "---\ntitle: Home\n---\nHome.\n"]
    for index in 0..<pages { files["content/p\(index).md"] = "---\ntitle: P\(index)\n---\nPage \(index).\n" }
    let site = try TemporarySite(site: files)
    var session = ServedSite(options: site.options)
    let sink = StoringSink()
    #expect(session.update(changed: ["cvsite.yml"], into: sink).succeeded)
    return (site, session, sink)
  }

  @Test("serve: an edit rewrites the shared index files and only the edited page's record")
  func serveUpdates() throws {
    var (site, session, first) = try Self.served(pages: 6)
    let records = first.files.keys.filter { $0.hasPrefix("search/p/") }
    #expect(records.count == 7)
    try site.write("content/p3.md", "---\ntitle: P3\n---\nNow about a wombat.\n")
    let sink = StoringSink()
    #expect(session.update(changed: ["content/p3.md"], into: sink).succeeded)
    // Only the edited page's record changed: its bundle is the one written (the home
    // page, which lists it, is rendered again but its record is the same).
    let written = Set(sink.files.keys.filter { $0.hasPrefix("search/p/") })
    #expect(written.count == 1, "\(written.sorted())")
    let meta = try JSONDecoder().decode(Meta.self, from: try #require(sink.files["search/meta.json"]))
    var found: [(Int, UInt8)]?
    for number in meta.shards.indices {
      let shard = try #require(sink.files["search/t/\(number).bin"])
      found = found ?? Self.decodeShard([UInt8](shard)).first { $0.term == "wombat" }?.postings
    }
    let id = try #require(found?.first?.0)
    let path = "search/p/\(id / meta.bundle).json"
    #expect(written.contains(path), "the new word points at a rewritten record")
    let record = try #require(sink.files[path])
    #expect(String(decoding: record, as: UTF8.self).contains("Now about a wombat."))
    // A page edit together with a static file: the records not rendered again stay.
    try site.write("static/robots.txt", "User-agent: *\n")
    try site.write("content/p2.md", "---\ntitle: P2\n---\nNow about a numbat.\n")
    #expect(session.update(changed: ["content/p2.md", "static/robots.txt"], into: first).succeeded)
    #expect(first.files.keys.filter { $0.hasPrefix("search/p/") }.count == 7, "no record removed")
  }

  @Test("serve: after edits that bring and drop words, every index file is the one a fresh build makes")
  func serveMatchesFreshBuild() throws {
    var (site, session, served) = try Self.served(pages: 12)
    let edits = [
      ("p3", "Now about a wombat."), ("p3", "Now about a quokka and a numbat, numbat."),
      ("p5", "Page 5 and a wombat."), ("p3", "Page 3."), ("p7", "A dugong."), ("p5", "Page 5."),
    ]
    for (name, text) in edits {
      try site.write("content/\(name).md", "---\ntitle: \(name.uppercased())\n---\n\(text)\n")
      #expect(session.update(changed: ["content/\(name).md"], into: served).succeeded)
      let fresh = StoringSink()
      #expect(SiteBuild.once(site.options, into: fresh).succeeded)
      let files = fresh.files.keys.filter { $0.hasPrefix("search/") }
      #expect(files.count > 3)
      for path in files { #expect(served.files[path] == fresh.files[path], "\(path) after \(name): \(text)") }
    }
    let meta = try JSONDecoder().decode(Meta.self, from: try #require(served.files["search/meta.json"]))
    var words = Set<String>()
    for number in meta.shards.indices {
      words.formUnion(Self.decodeShard([UInt8](try #require(served.files["search/t/\(number).bin"]))).map(\.term))
    }
    #expect(!words.contains("wombat") && words.contains("dugong"), "a word no page holds any more is gone")
  }

  @Test("the terms kept between writes number only the changed pages' terms again")
  func keptTerms() throws {
    func page(_ number: Int, _ terms: [String]) -> SearchIndex.Page {
      SearchIndex.Page(
        url: "/p\(number)/", title: "P\(number)",
        record: SearchRecord(
          passages: [.init(anchor: "", crumbs: [], text: terms.joined(separator: " "))], terms: terms,
          counts: terms.map { _ in .init(body: 1) }, length: terms.count))
    }
    let before = SearchIndex(pages: [page(0, ["alpha", "beta"]), page(1, ["gamma"])], english: true)
    let kept = try #require(before.makeShards(keepsTerms: true).table)
    #expect((0..<kept.pageCount).map { Array(kept.terms(ofPage: $0)) } == [[0, 1], [2]])
    let after = SearchIndex(pages: [page(0, ["alpha", "delta"]), page(1, ["gamma"])], english: true)
    let reused = after.makeShards(reusing: (kept, [0]), keepsTerms: true)
    let fresh = after.makeShards()
    #expect(reused.shards.map(\.bytes) == fresh.shards.map(\.bytes))
    #expect(reused.terms.map { String(decoding: $0, as: UTF8.self) } == ["alpha", "delta", "gamma"])
    let table = try #require(reused.table)
    #expect((0..<table.pageCount).map { Array(table.terms(ofPage: $0)) } == [[0, 3], [2]], "beta keeps its number")
    #expect(fresh.table == nil, "a write that keeps nothing returns no table")
  }

  @Test("postings gathered a few terms at a time make the shards gathered all at once")
  func postingsInRuns() {
    let words = (0..<300).map { "w\($0 * 7919 % 1000)" }
    let pages = (0..<40).map { number in
      let terms = Array(Set((0..<25).map { words[($0 * 13 + number * 7) % words.count] }))
      return SearchIndex.Page(
        url: "/p\(number)/", title: "P\(number)",
        record: SearchRecord(
          passages: [], terms: terms, counts: terms.indices.map { .init(title: $0 == 0, body: UInt32($0 % 5)) },
          length: 30 + number))
    }
    let index = SearchIndex(pages: pages, english: true)
    // In one run by default; in eight or more (an eighth of the postings at the least).
    let whole = index.makeShards()
    #expect(!whole.terms.isEmpty)
    for perRun in [0, 1, 7, 100, 200] {
      let inRuns = index.makeShards(postingsPerRun: perRun)
      #expect(inRuns.shards.map(\.bytes) == whole.shards.map(\.bytes), "runs of \(perRun)")
      #expect(inRuns.terms.map { Array($0) } == whole.terms.map { Array($0) })
    }
  }

  @Test("a record keeps its terms with their lengths, and reads them back in order")
  func prefixedTerms() {
    let long = String(repeating: "é", count: 90)
    let counter = TermCounter()
    for term in ["a", long, "zeta"] {
      var copy = term
      copy.withUTF8 { counter.add($0, field: .body) }
    }
    let bytes = counter.prefixedTerms()
    #expect(Array(bytes.prefix(2)) == [1, UInt8(ascii: "a")])
    #expect(Array(bytes[2..<4]) == [0xB4, 0x01], "180 bytes: a varint of two bytes")
    let record = SearchRecord(passagesJSON: [], termBytes: bytes, counts: counter.counts, length: 3)
    #expect(record.terms == ["a", long, "zeta"])
    #expect(record.terms == counter.terms())
  }

  @Test("an index handed its records writes the shards and terms it writes reading them")
  func handedOverRecords() throws {
    func page(_ number: Int, _ terms: [String], body: UInt32) -> SearchIndex.Page {
      SearchIndex.Page(
        url: "/p\(number)/", title: "P\(number)",
        record: SearchRecord(
          passages: [.init(anchor: "", crumbs: [], text: terms.joined(separator: " "))], terms: terms,
          counts: terms.map { _ in .init(title: number == 0, body: body) }, length: terms.count * Int(body)))
    }
    let pages = [
      page(0, ["alpha", "beta"], body: 1), page(1, ["gamma", "alpha"], body: 7), page(2, ["beta"], body: 3),
    ]
    let reading = SearchIndex(pages: pages, english: true).makeShards()
    let handed = SearchIndex(handing: pages.map(\.record), english: true)
    #expect(handed.pages.isEmpty && handed.pageCount == 3, "the index keeps no page, only their number")
    let taken = handed.makeShards()
    #expect(taken.shards.map(\.bytes) == reading.shards.map(\.bytes))
    #expect(taken.shards.map(\.first) == reading.shards.map(\.first))
    #expect(taken.terms.map { Array($0) } == reading.terms.map { Array($0) })
    // Scores differ by page here (title, body counts, lengths): the shards compared hold them.
    #expect(Set(Self.decodeShard(reading.shards[0].bytes).flatMap { $0.postings.map(\.1) }).count > 2)
  }

  @Test("pages are numbered in reading order, so results that score alike follow the navigation")
  func readingOrder() throws {
    let site = try TemporarySite(
      site: [
        "content/_index.md": "---\ntitle: Home\n---\nHome.\n",
        "content/alpha.md": "---\ntitle: Alpha\nweight: 3\n---\nAbout wombats.\n",
        "content/beta.md": "---\ntitle: Beta\nweight: 1\n---\nAbout wombats.\n",
        "content/guide/_index.md": "---\ntitle: Guide\nweight: 2\n---\nAbout wombats.\n",
        "content/guide/zeta.md": "---\ntitle: Zeta\nweight: 1\n---\nAbout wombats.\n",
        "content/guide/eta.md": "---\ntitle: Eta\nweight: 2\n---\nAbout wombats.\n",
      ])
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    let (_, terms, pages) = try Self.index(of: site)
    #expect(pages.map(\.u) == ["/", "/beta/", "/guide/", "/guide/zeta/", "/guide/eta/", "/alpha/"])
    // Every page scores alike for the word: the ids alone order them.
    let ids = try #require(terms["wombat"]).map(\.0)
    #expect(ids.map { pages[$0].u } == ["/beta/", "/guide/", "/guide/zeta/", "/guide/eta/", "/alpha/"])
  }

  @Test("serve: a page leaving or rejoining the index renumbers every record, not only its own")
  func serveRenumbers() throws {
    var (site, session, output) = try Self.served(pages: 5)
    func records() throws -> [String] {
      let meta = try JSONDecoder().decode(Meta.self, from: try #require(output.files["search/meta.json"]))
      return try (0..<meta.pages).map { id in
        let bundle = try #require(output.files["search/p/\(id / meta.bundle).json"])
        return try JSONDecoder().decode([PageRecord].self, from: bundle)[id % meta.bundle].u
      }
    }
    #expect(try records() == ["/", "/p0/", "/p1/", "/p2/", "/p3/", "/p4/"])
    try site.write("content/p1.md", "---\ntitle: P1\nsearch: false\n---\nPage 1.\n")
    #expect(session.update(changed: ["content/p1.md"], into: output).succeeded)
    #expect(try records() == ["/", "/p0/", "/p2/", "/p3/", "/p4/"], "the pages after it moved up")
    try site.write("content/p1.md", "---\ntitle: P1\n---\nPage 1 again.\n")
    #expect(session.update(changed: ["content/p1.md"], into: output).succeeded)
    #expect(try records() == ["/", "/p0/", "/p1/", "/p2/", "/p3/", "/p4/"])
  }

  @Test("a page's own language: its <html lang>, and its words cut without English folding")
  func pageLanguage() throws {
    let site = try TemporarySite(
      site: [
        "content/en.md": "---\ntitle: English\n---\nThe guides.\n",
        "content/fr.md": "---\ntitle: Français\nlanguage: fr\n---\nLes guides.\n",
      ])
    #expect(site.build().result.succeeded)
    let (_, terms, pages) = try Self.index(of: site)
    let english = try #require(pages.firstIndex { $0.u == "/en/" })
    let french = try #require(pages.firstIndex { $0.u == "/fr/" })
    #expect(terms["guide"]?.map(\.0) == [english])
    #expect(terms["guides"]?.map(\.0) == [french])
    #expect(try #require(site.read("fr/index.html")).contains("<html lang=\"fr\" dir=\"ltr\">"))
    #expect(try #require(site.read("en/index.html")).contains("<html lang=\"en\" dir=\"ltr\">"))
    try site.write("content/fr.md", "---\ntitle: Français\nlanguage: French please\n---\nLes guides.\n")
    let error = try #require(site.build().result.diagnostics.errors.first)
    #expect(error.message.hasPrefix("`language` must be a language tag"))
    #expect(error.location?.path == "content/fr.md" && error.location?.line == 3)
  }

  @Test("search.js and the search button come with the index; the folder URL follows the base path")
  func themeHooks() throws {
    let site = try TemporarySite(
      site: ["content/a.md": "# A\n\nText.\n"], config: "title: F\nbaseURL: https://example.com/docs/\n")
    #expect(site.build().result.succeeded)
    let html = try #require(site.read("a/index.html"))
    #expect(html.contains("data-cv-search=\"/docs/search/\""))
    #expect(html.contains("/docs/assets/search.js"))
    let (_, _, pages) = try Self.index(of: site)
    #expect(pages.map(\.u).contains("/docs/a/"))
  }
}

/// Keeps what a rebuild writes, by path.
final class StoringSink: OutputSink, @unchecked Sendable {
  private let lock = NSLock()
  private(set) var files: [String: Data] = [:]

  func write(_ data: Data, to relativePath: String) throws {
    lock.lock()
    files[relativePath] = data
    lock.unlock()
  }

  func remove(_ relativePath: String) throws {
    lock.lock()
    files[relativePath] = nil
    lock.unlock()
  }
}

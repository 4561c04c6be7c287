import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteMarkdown

/// cvsite writes the HTML of libcmark's nodes itself, so that the walk that writes a page
/// also records what it wrote: it must be libcmark's HTML byte for byte, for a whole
/// document and for any one node of it, with raw HTML kept or omitted.
@Suite struct CMarkHTMLWriterTests {
  /// Every node of `text`'s tree, the document first, written by both.
  static func mismatches(_ text: String) -> [String] {
    var found: [String] = []
    for unsafe in [false, true] {
      guard let document = CMarkDocument(bytes: Array(text.utf8), allowRawHTML: unsafe, validateUTF8: true) else {
        return ["cannot parse"]
      }
      var stack = [document.root]
      while let node = stack.popLast() {
        let (ours, theirs) = (document.html(node), document.libcmarkHTML(node))
        if ours != theirs { found.append("unsafe \(unsafe), \(node.kind):\n\(theirs)\n--- written:\n\(ours)") }
        stack += node.children
      }
    }
    return found
  }

  static let cases = [
    "plain *em* **strong** `code` and a [link](/a/b \"Title & more\") and ![alt *em*](/i.png 'img')",
    "[empty title](/u \"\") and ![empty](/w \"\") and [none](/v) and [](</with space>)",
    "[unsafe](javascript:alert(1)) ![data](data:image/png;base64,AA) ![svg](data:image/svg+xml,x) [v](VBScript:x)",
    "[q](/a?b=1&c='d'<e>`f`[g]\\{h}|i^j) <https://example.com/x?y&z> <me@example.com>",
    "![outer ![inner](/in.png) `code` <b>raw</b>\\\nbreak\nsoft](/out.png)",
    "[ref] and [other][ref]\n\n[ref]: /refd 'ref title'",
    "# One\n## Two *2*\n###### Six\n\nSetext\n======\n\nSub\n---\n",
    "> quote\n> > nested\n\n- a\n- b\n\n  para\n- c\n\n1. one\n2. two\n\n7) seven\n8) eight\n",
    "- tight\n- list\n  - nested *x*\n\n* [ ] x\n-\n- \n",
    "```swift extra words\nlet a = \"<b>\" & 'c'\n```\n\n~~~\nno info\n~~~\n\n    indented <code>\n\n```a&amp;b\nx\n```\n",
    "<div class=\"x\">\n*not md*\n</div>\n\ntext <span id=\"s\">inline</span> <!-- c -->\n\n<script>a<b</script>\n",
    "***\n\n---\n\nline  \nhard\\\nbreak\n",
    "entities &amp; &copy; &#x27; &#0; &nosuch; \u{0} and tab\there",
    "",
    "[link *with **nested** `code`*](/x)\n\n**[strong link](/y)**\n",
    "- > quote in item\n\n  ```\n  code in item\n  ```\n",
    "1. x\n\n   y\n2. z\n",
  ]

  @Test("libcmark's HTML, node by node, on constructs of every kind")
  func constructs() {
    for text in Self.cases {
      let found = Self.mismatches(text)
      #expect(found.isEmpty, "\(text)\n\(found.prefix(3).joined(separator: "\n=====\n"))")
    }
  }

  @Test("libcmark's HTML, node by node, on generated documents")
  func generated() {
    var generator = CommonMarkGenerator(seed: 20_261_128)
    var (ran, failures) = (0, [String]())
    while ran < 400 {
      guard let text = generator.document() else { continue }
      ran += 1
      if let first = Self.mismatches(text).first, failures.count < 3 { failures.append("\(text)\n\(first)") }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n=====\n"))")
  }

  @Test("libcmark's HTML, node by node, on the fuzzing seeds")
  func fuzzSeeds() throws {
    let folder = testFixtures.appendingPathComponent("fuzz-seeds")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(!names.isEmpty)
    for name in names {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      let found = Self.mismatches(String(decoding: data, as: UTF8.self))
      #expect(found.isEmpty, "\(name)\n\(found.prefix(2).joined(separator: "\n=====\n"))")
    }
  }

  /// What the writer took while writing `text`, and what a scan of its output finds.
  static func factsAndScan(_ text: String, unsafe: Bool, headingTags: [HeadingTags] = [])
    -> (BodyFacts, BodyFacts)?
  {
    guard let document = CMarkDocument(bytes: Array(text.utf8), allowRawHTML: unsafe, validateUTF8: true) else {
      return nil
    }
    var writer = document.writer()
    writer.takesFacts = true
    writer.headingTags = headingTags
    writer.write(document.root.raw)
    var scanned = BodyFacts()
    scanned.take(html: writer.output.string)
    return (writer.facts, scanned)
  }

  @Test("the facts taken while writing are what a scan of the output finds")
  func factsAsScanned() throws {
    var generator = CommonMarkGenerator(seed: 99)
    var texts = Self.cases
    while texts.count < 300 { if let text = generator.document() { texts.append(text) } }
    texts.append("<a href=\"/raw\" id=\"r\">x</a> [md](/md) <img src=\"/i.png\"> <form action=\"/f\">\n")
    var compared = 0
    for text in texts {
      for unsafe in [false, true] {
        let (taken, scanned) = try #require(Self.factsAndScan(text, unsafe: unsafe))
        // The lists, in order; a scan knows no places.
        #expect(Self.lists(taken) == Self.lists(scanned), "\(text)")
        compared += taken.hrefs.count + taken.sources.count + taken.actions.count + taken.ids.count
      }
    }
    #expect(compared > 300)
    let (raw, _) = try #require(Self.factsAndScan(texts.last ?? "", unsafe: true))
    #expect(raw.hrefs == ["/raw", "/md"])
    #expect(raw.sources == ["/i.png"])
    #expect(raw.actions == ["/f"])
    #expect(raw.ids == ["r"])
  }

  @Test("headings written with their own tags, which are in the facts")
  func headingTags() throws {
    let text = "# One\n\ntext [a](/a)\n\n## Two *2*\n\n### Three\n"
    let tags = [
      HeadingTags(open: "<h1 id=\"one\">", close: " <a class=\"cv-anchor\" href=\"#one\">#</a></h1>"),
      HeadingTags(open: "<h2 id=\"two\">", close: nil),
    ]
    let document = try #require(CMarkDocument(bytes: Array(text.utf8), allowRawHTML: false, validateUTF8: true))
    var writer = document.writer()
    writer.headingTags = tags
    writer.takesFacts = true
    writer.write(document.root.raw)
    #expect(
      writer.output.string
        == "<h1 id=\"one\">One <a class=\"cv-anchor\" href=\"#one\">#</a></h1>\n<p>text <a href=\"/a\">a</a></p>\n"
        + "<h2 id=\"two\">Two <em>2</em></h2>\n<h3>Three</h3>\n")
    #expect(writer.facts.ids == ["one", "two"])
    #expect(writer.facts.hrefs == ["#one", "/a"])
    // The link is placed where it is written; the heading's own link is written nowhere.
    #expect(writer.facts.hrefPlaces == [.unknown, SourcePlace(line: 3, column: 6)])
    let (taken, scanned) = try #require(Self.factsAndScan(text, unsafe: false, headingTags: tags))
    #expect(Self.lists(taken) == Self.lists(scanned))
  }

  /// The URL and id lists of `facts`.
  static func lists(_ facts: BodyFacts) -> [[String]] { [facts.hrefs, facts.sources, facts.actions, facts.ids] }

  @Test("a URL written as libcmark escapes it, one that runs script left out")
  func urls() throws {
    let text = "[a](/x?y&z'w \"t\") ![i](</b c.png>) [s](javascript:x) ![d](data:image/png;x)\n"
    let (safe, _) = try #require(Self.factsAndScan(text, unsafe: false))
    #expect(safe.hrefs == ["/x?y&amp;z&#x27;w", ""])
    #expect(safe.sources == ["/b%20c.png", "data:image/png;x"])
    let (unsafe, _) = try #require(Self.factsAndScan(text, unsafe: true))
    #expect(unsafe.hrefs == ["/x?y&amp;z&#x27;w", "javascript:x"])
  }
}

import ContainerViews
import Foundation
import Testing

@testable import CvsiteMarkdown

/// libcmark allocates from a per-thread arena (`CCmarkArena`) while cvsite reads a page:
/// the output must be byte for byte what libcmark's own allocator gives, the memory must
/// all go back when the page is done, and threads must not share an arena.
@Suite struct ArenaTests {
  /// A page without cvsite syntax or headings, so its body is exactly cmark's HTML.
  static func plainPage(paragraphWords: Int, codeLines: Int, listItems: Int) -> String {
    var text = "Intro *emphasis* and `code` and [a link](https://example.com).\n\n"
    text += (0..<paragraphWords).map { "word\($0 % 97)" }.joined(separator: " ") + "\n\n"
    text +=
      "```swift\n" + (0..<codeLines).map { "let value\($0) = \"<\($0)>\" // & more" }.joined(separator: "\n")
      + "\n```\n\n"
    text += (0..<listItems).map { "- item \($0) with **bold** text\n  > quoted \($0)" }.joined(separator: "\n") + "\n"
    return text
  }

  @Test("memory is all returned when the page's documents are gone, nested ones included")
  func releasedWithLastDocument() throws {
    #expect(CMarkArena.bytesHeld == 0)
    do {
      let outer = try #require(
        CMarkDocument(bytes: Array("# Title\n\ntext *here*\n".utf8), allowRawHTML: false, validateUTF8: false))
      let before = outer.html(outer.root)
      #expect(CMarkArena.bytesHeld > 0)
      do {
        let inner = try #require(
          CMarkDocument(
            bytes: Array(Self.plainPage(paragraphWords: 50_000, codeLines: 10, listItems: 10).utf8),
            allowRawHTML: false, validateUTF8: false))
        #expect(inner.html(inner.root).count > 300_000)
      }
      // The inner document is gone; the outer one's nodes are still intact.
      #expect(CMarkArena.bytesHeld > 0)
      #expect(outer.html(outer.root) == before)
      #expect(before == "<h1>Title</h1>\n<p>text <em>here</em></p>\n")
    }
    #expect(CMarkArena.bytesHeld == 0)
    let page = MarkdownParser(schema: testSchema).parse(
      source: ":::tabs\n## One {value=a}\n\nbody\n\n## Two {value=b}\n\nmore\n:::\n", path: "p.md")
    #expect(!page.hasErrors)
    #expect(CMarkArena.bytesHeld == 0)
  }

  @Test("large pages grow and move buffers, and render exactly as with libcmark's allocator")
  func largePages() {
    let parser = MarkdownParser()
    for (words, lines, items) in [(0, 0, 0), (10, 3, 2), (400_000, 20, 5), (100, 60_000, 3), (50, 5, 20_000)] {
      let text = Self.plainPage(paragraphWords: words, codeLines: lines, listItems: items)
      let page = parser.parse(source: text, path: "big.md")
      #expect(renderHTML(page.body) == CommonMark.html(text), "words \(words), lines \(lines), items \(items)")
    }
    #expect(CMarkArena.bytesHeld == 0)
  }

  @Test("pages parsed on many threads at once give the same HTML as one at a time")
  func concurrentParses() {
    let pages = (0..<24).map { index in
      ":::cards\n### Card \(index) {badge=new}\n\n"
        + Self.plainPage(paragraphWords: index * 300, codeLines: index * 7, listItems: index)
        + "\n:::\n"
    }
    let parser = MarkdownParser(schema: testSchema)
    let expected = pages.map { renderHTML(parser.parse(source: $0, path: "p.md").body) }
    let results = ResultBox(count: pages.count * 8)
    DispatchQueue.concurrentPerform(iterations: pages.count * 8) { index in
      let html = renderHTML(parser.parse(source: pages[index % pages.count], path: "p.md").body)
      results.set(index, html == expected[index % pages.count] && CMarkArena.bytesHeld == 0)
    }
    #expect(results.values.allSatisfy { $0 == true })
  }
}

/// Results written from several threads, one slot each.
private final class ResultBox: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [Bool?]
  init(count: Int) { slots = Array(repeating: nil, count: count) }
  func set(_ index: Int, _ value: Bool) { lock.withLock { slots[index] = value } }
  var values: [Bool?] { lock.withLock { slots } }
}

import Testing
@testable import CvsiteSite

/// A page's summary (cards of a listing, the feed) is the start of its text, without the
/// `#` links cvsite adds after headings.
@Suite("Summaries")
struct SummaryTests {
  static let anchor = ##"<a class="cv-anchor" href="#a" aria-label="Link to this section">#</a>"##

  @Test(arguments: [
    ("<h1 id=\"a\">Title \(SummaryTests.anchor)</h1>\n<p>Body text.</p>\n", "Title Body text."),
    ("<h2 id=\"a\">Één \(SummaryTests.anchor)</h2>\n<p>naïve &amp; more</p>\n<h3 id=\"b\">Next \(SummaryTests.anchor)</h3>\n", "Één naïve & more Next"),
    ("<p>No heading, a <a href=\"/x/\">link</a> # kept.</p>\n", "No heading, a link # kept."),
    ("<h1 id=\"a\">Broken <a class=\"cv-anchor\" href=\"#a\">#", "Broken #"),
  ])
  func summaries(html: String, expected: String) {
    #expect(summary(of: html) == expected)
  }

  @Test("long bodies are cut at a word, near 160 characters")
  func long() {
    let html = "<h1 id=\"a\">Start \(Self.anchor)</h1>\n<p>" + String(repeating: "word ", count: 200) + "</p>"
    let text = summary(of: html)
    #expect(text.hasPrefix("Start word word"))
    #expect(text.hasSuffix("word…") && text.count <= 161 && !text.contains("#"))
  }
}

import CvsiteTestSupport
import Foundation
import FoundationXML
import Testing

@testable import CvsiteSite

/// The sitemap and the feed are read by XML parsers, which stop at the first character
/// XML forbids: whatever a page's title, text or file name holds, they stay well-formed.
@Suite("Well-formed sitemap and feed")
struct WellFormedXMLTests {
  /// Whether `text` parses as XML; the parser's error when it does not.
  func parses(_ text: String?) -> (Bool, String) {
    guard let text else { return (false, "no file") }
    let parser = XMLParser(data: Data(text.utf8))
    let parsed = parser.parse()
    return (parsed, parser.parserError.map { "\($0)" } ?? "")
  }

  @Test("control characters, U+FFFE and U+FFFF in titles and text")
  func forbiddenCharacters() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "---\ntitle: \"Home \\x01 \\x1F\"\n---\nHome.\n",
      "content/post.md":
        "---\ntitle: \"Bell \\a and \\uFFFE\"\ndate: 2024-05-01\n---\nText \u{1} with \u{FFFF} inside.\n",
    ])
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    for file in ["sitemap.xml", "atom.xml"] {
      let (parsed, error) = parses(site.read(file))
      #expect(parsed, "\(file): \(error)")
    }
    let feed = try #require(site.read("atom.xml"))
    #expect(feed.contains("<title>Bell \u{FFFD} and \u{FFFD}</title>"))
    #expect(feed.contains("Text \u{FFFD} with \u{FFFD} inside."))
  }
}

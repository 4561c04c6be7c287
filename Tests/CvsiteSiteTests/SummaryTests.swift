import CvsiteMarkdown
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// A page's summary (cards of a listing, the feed) is the start of its text, without the
/// `#` links cvsite adds after headings.
@Suite("Summaries")
struct SummaryTests {
  static let anchor = ##"<a class="cv-anchor" href="#a" aria-label="Link to this section">#</a>"##

  @Test(arguments: [
    ("<h1 id=\"a\">Title \(SummaryTests.anchor)</h1>\n<p>Body text.</p>\n", "Title Body text."),
    (
      "<h2 id=\"a\">Één \(SummaryTests.anchor)</h2>\n<p>naïve &amp; more</p>\n<h3 id=\"b\">Next \(SummaryTests.anchor)</h3>\n",
      "Één naïve & more Next"
    ),
    ("<p>No heading, a <a href=\"/x/\">link</a> # kept.</p>\n", "No heading, a link # kept."),
    ("<h1 id=\"a\">Broken <a class=\"cv-anchor\" href=\"#a\">#", "Broken #"),
    (
      "<p>Forms<sup class=\"footnote-ref\"><a href=\"#fn-1\" id=\"fnref-1\" data-footnote-ref>1</a></sup> work.</p>\n",
      "Forms work."
    ),
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

  /// Generated bodies (tags, entities, runs of spaces, tabs and line breaks, lengths
  /// around the cut, some non-ASCII) against a summary made the slow, obvious way.
  @Test("generated bodies summarize as a character-by-character reference does")
  func generated() {
    let ascii = [
      "word", "longerword", "a", " ", "  ", "\t", "\r\n", "\n", "<p>", "</p>", "<em>", "</em>",
      "<h2 id=\"x\">", "</h2>", Self.anchor, " " + Self.anchor,
    ]
    // ASCII without entities (each byte a character), then with entities and `é`.
    for (pieces, seed) in [(ascii, UInt64(0x50AA5)), (ascii + ["&amp;", "&lt;", "é"], 0x50AA6)] {
      var generator = PieceGenerator(pieces: pieces, seed: seed)
      for _ in 0..<400 {
        let html = generator.string(fewerThan: 160, atLeast: 20)
        #expect(summary(of: html) == Self.reference(html), "\(html.debugDescription)")
      }
    }
  }

  /// Tags out, whitespace runs to one space, the five entities decoded, trimmed, then
  /// cut at the last space within 160 characters.
  static func reference(_ html: String) -> String {
    let stripped = html.replacingOccurrences(of: " " + anchor, with: "").replacingOccurrences(of: anchor, with: "")
    var text = ""
    var inTag = false
    var lastWasSpace = true
    for character in stripped {
      if character == "<" {
        inTag = true
      } else if character == ">" {
        inTag = false
      } else if !inTag {
        if character.isWhitespace {
          if !lastWasSpace { text.append(" ") }
          lastWasSpace = true
        } else {
          text.append(character)
          lastWasSpace = false
        }
      }
    }
    for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
      text = text.replacingOccurrences(of: entity, with: character)
    }
    text = text.trimmingCharacters(in: .whitespaces)
    guard text.count > 160 else { return text }
    let cut = text.prefix(160)
    return (cut.lastIndex(of: " ").map { String(cut[..<$0]) } ?? String(cut)) + "…"
  }

  /// The spans a summary leaves out, cut one kind after the other over the whole text,
  /// as cvsite did before it cut them in one pass: the reference for ``summarySource(_:)``.
  static func cutKindByKind(_ html: String) -> String {
    var text = String(decoding: Array(html.utf8).prefix(16 * 1024), as: UTF8.self)
    let spans = [
      (headingAnchorOpening, "</a>"), ("<sup class=\"footnote-ref\">", "</sup>"),
      ("<div class=\"cv-code", "</pre></div>"), ("<div class=\"cv-tablist\"", "</div>"),
    ]
    for (opening, closing) in spans {
      var bytes = Array(text.utf8)
      var result: [UInt8] = []
      var copied = 0
      var from = 0
      while let start = bytes[from...].firstRange(of: Array(opening.utf8))?.lowerBound,
        let end = bytes[(start + opening.utf8.count)...].firstRange(of: Array(closing.utf8))?.lowerBound
      {
        let cut = start > copied && bytes[start - 1] == 0x20 ? start - 1 : start
        result += bytes[copied..<cut]
        copied = end + closing.utf8.count
        from = copied
      }
      result += bytes[copied...]
      bytes = result
      text = String(decoding: bytes, as: UTF8.self)
    }
    return text
  }

  @Test("one pass cuts what cutting each kind in turn cuts, for spans as cvsite writes them")
  func onePass() {
    // Whole spans followed by what follows them in cvsite's HTML (they never overlap or
    // touch there), text, other tags and closings on their own, and an opening left open
    // at the end.
    let pieces = [
      " ", "text", "é", " " + SummaryTests.anchor + "</h2>",
      "<sup class=\"footnote-ref\"><a href=\"#fn-1\">1</a></sup>.",
      "<div class=\"cv-code\"><pre><code>x</code></pre></div>\n",
      "<div class=\"cv-tablist\" role=\"tablist\"><button>Tab</button></div>\n", "<p>", "</p>",
      "<a href=\"/x/\">link</a>", "</a>", "</div>", "</sup>", "</pre></div>", "<",
    ]
    let unclosed = ["", "<div class=\"cv-code\"><pre>open", "<a class=\"cv-anchor\" href=\"#b\">#"]
    var generator = PieceGenerator(pieces: pieces, seed: 0x5EED)
    var cut = 0
    for round in 0..<4000 {
      let html = generator.string(fewerThan: 14, atLeast: 1) + unclosed[round % unclosed.count]
      let expected = Self.cutKindByKind(html)
      #expect(summarySource(html) == expected, "\(html.debugDescription)")
      if expected != html { cut += 1 }
    }
    #expect(cut > 2000)
  }
}

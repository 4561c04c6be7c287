import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteMarkdown

/// Raw HTML with `rawHTML: true`: read as a browser reads it, written again from an
/// allow-list, so that nothing in it can run script.
@Suite struct RawHTMLSanitizerTests {
  /// Filter-evasion payloads: event handlers on every kind of element, script URLs spelt
  /// every way a browser still reads as one, and parser tricks (raw-text elements,
  /// comments, foreign content).
  static let payloads: [String] = {
    let text = (try? String(contentsOf: testFixtures.appendingPathComponent("xss-payloads.txt"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
  }()

  @Test("the payload list is there and long")
  func payloadsRead() {
    #expect(Self.payloads.count >= 300)
  }

  @Test("no payload keeps an element, an attribute or a URL that could run script")
  func payloadsAreHarmless() {
    var failures: [String] = []
    for payload in Self.payloads {
      let clean = RawHTMLSanitizer.sanitize(payload)
      if let problem = Self.danger(in: clean) { failures.append("\(payload)\n  → \(clean)\n  \(problem)") }
      if RawHTMLSanitizer.sanitize(clean) != clean { failures.append("\(payload)\n  → \(clean)\n  not stable") }
    }
    #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
  }

  /// What in sanitised `html`, read again, could run script.
  static func danger(in html: String) -> String? {
    var tokenizer = HTMLTokenizer(html)
    for token in tokenizer.tokens() {
      guard case .startTag(let name, let attributes, _) = token else { continue }
      guard RawHTMLSanitizer.elements.contains(name) else { return "element <\(name)>" }
      for attribute in attributes {
        if attribute.name.hasPrefix("on") || attribute.name == "style" || attribute.name.contains(":") {
          return "attribute \(attribute.name)"
        }
        guard let value = attribute.value else { return "undecodable \(attribute.name)" }
        // As a browser reads a URL: C0 controls and spaces stripped around it, tabs and
        // newlines anywhere; each of a srcset's candidates.
        let urls = attribute.name == "srcset" ? value.split(separator: ",").map(String.init) : [value]
        for url in urls {
          let read = String(
            String.UnicodeScalarView(
              url.unicodeScalars.drop { $0.value <= 0x20 }.filter { !["\t", "\n", "\r"].contains($0) }
            )
          ).lowercased()
          let schemes = ["javascript:", "vbscript:", "data:", "livescript:", "mocha:", "feed:", "jar:", "view-source:"]
          if ["href", "src", "poster", "cite", "longdesc", "srcset", "action", "formaction", "background", "data"]
            .contains(attribute.name), schemes.contains(where: read.hasPrefix)
          {
            return "URL \(attribute.name)=\(value)"
          }
        }
      }
    }
    return nil
  }

  @Test("what is safe is kept, in one form")
  func safeHTMLKept() {
    #expect(
      RawHTMLSanitizer.sanitize(
        #"<div class="note" ID=intro><b>Bold</b> <a href='/docs/' title="A &amp; B">docs</a></div>"#)
        == #"<div class="note" id="intro"><b>Bold</b> <a href="/docs/" title="A &amp; B">docs</a></div>"#)
    #expect(
      RawHTMLSanitizer.sanitize(#"<img src="a.png" srcset="a@2x.png 2x" alt="A" width=10>"#)
        == #"<img src="a.png" srcset="a@2x.png 2x" alt="A" width="10">"#)
    #expect(
      RawHTMLSanitizer.sanitize("<details open><summary>S</summary>Body</details>\n")
        == "<details open=\"\"><summary>S</summary>Body</details>\n")
    #expect(RawHTMLSanitizer.sanitize("a < b > c") == "a &lt; b &gt; c", "a lone < is text")
  }

  @Test("elements dropped with their content; unknown elements lose only their tags")
  func dropped() {
    #expect(RawHTMLSanitizer.sanitize("<p>a<script>b()</script>c</p>") == "<p>ac</p>")
    #expect(RawHTMLSanitizer.sanitize("<p>a<svg><g><text>b</text></g></svg>c</p>") == "<p>ac</p>")
    #expect(RawHTMLSanitizer.sanitize("<p>a<custom-x>b</custom-x>c</p>") == "<p>abc</p>")
    #expect(RawHTMLSanitizer.sanitize("<p>a<!-- b -->c</p>") == "<p>ac</p>")
    let (_, leftOut, scriptURLs) = RawHTMLSanitizer.sanitizeReporting(
      #"<img src=x onerror=alert(1)><a href="javascript:x">y</a>"#)
    #expect(leftOut == ["onerror"])
    #expect(scriptURLs.map(\.attribute) == ["href"] && scriptURLs.map(\.url) == ["javascript:x"])
  }

  @Test("character references in attribute values are decoded as a browser decodes them")
  func references() {
    #expect(CharacterReferences.decode(Array("jav&#x61;script&colon;".utf8)) == "javascript:")
    #expect(CharacterReferences.decode(Array("a&amp;b&ampc&lt".utf8)) == "a&b&ampc<")
    #expect(CharacterReferences.decode(Array("&#0;&#xD800;&#1114112;".utf8)) == "\u{FFFD}\u{FFFD}\u{FFFD}")
    #expect(CharacterReferences.decode(Array("&unknownname;".utf8)) == nil, "a reference not known is not trusted")
  }

  @Test("a tag of 50,000 attributes, 50,000 tags and an unclosed comment are read once, in order")
  func hostileSizes() {
    let attributes = (0..<50_000).map { "a\($0)=x" }.joined(separator: " ")
    let wide = RawHTMLSanitizer.sanitizeReporting("<div \(attributes) id=kept>x</div>")
    #expect(wide.html == #"<div id="kept">x</div>"#)
    #expect(wide.leftOut.count == 50_000 && wide.leftOut.first == "a0" && wide.leftOut.last == "a49999")
    let many = String(repeating: "<b onclick=x>", count: 50_000)
    #expect(RawHTMLSanitizer.sanitize(many) == String(repeating: "<b>", count: 50_000))
    #expect(RawHTMLSanitizer.sanitize("<p>a<!--" + String(repeating: "-", count: 100_000)) == "<p>a")
  }

  @Test("a fragment that ends inside a quoted value, before a raw-text element's content")
  func endsInsideAValue() {
    #expect(RawHTMLSanitizer.sanitize(#"<p title="x"#) == "", "a tag the fragment ends inside is none")
    #expect(RawHTMLSanitizer.sanitize(#"<style a="x"#) == "")
    #expect(RawHTMLSanitizer.sanitize(#"<title a='x"#) == "")
  }
}

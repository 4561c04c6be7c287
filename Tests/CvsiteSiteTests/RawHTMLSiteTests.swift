import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// `rawHTML: true` publishes raw HTML sanitised, saying what it left out, and `trusted`
/// as written; projects read from other generators publish it as those generators do.
@Suite("Raw HTML in a site")
struct RawHTMLSiteTests {
  static let page =
    "# Raw\n\n<div class=\"box\" onclick=\"steal()\">Kept <b>bold</b></div>\n\n<script>steal()</script>\n"

  @Test("sanitised with `rawHTML: true`, each block's losses a warning at its line")
  func sanitised() throws {
    let site = try TemporarySite(files: ["cvsite.yml": "title: T\nrawHTML: true\n", "content/index.md": Self.page])
    let result = site.build().result
    #expect(result.succeeded)
    let html = try #require(site.read("index.html"))
    #expect(html.contains(#"<div class="box">Kept <b>bold</b></div>"#) && !html.contains("steal"))
    let warnings = result.diagnostics.filter { $0.message.hasPrefix("raw HTML:") }
    #expect(warnings.map(\.location?.line) == [3, 5])
    #expect(
      warnings.first?.message.contains("`onclick`") == true && warnings.last?.message.contains("`<script>`") == true)
    #expect(warnings.allSatisfy { $0.severity == .warning })
  }

  @Test("as written with `rawHTML: trusted`, and in an MkDocs project")
  func trusted() throws {
    let site = try TemporarySite(files: ["cvsite.yml": "title: T\nrawHTML: trusted\n", "content/index.md": Self.page])
    #expect(site.build().result.diagnostics.isEmpty)
    #expect(try #require(site.read("index.html")).contains("<script>steal()</script>"))
    let mkdocs = try TemporarySite(files: ["mkdocs.yml": "site_name: M\n", "docs/index.md": Self.page])
    let result = mkdocs.build().result
    #expect(result.succeeded && !result.diagnostics.contains { $0.message.hasPrefix("raw HTML:") })
    #expect(
      try #require(mkdocs.read("index.html", in: mkdocs.root.appendingPathComponent("site"))).contains(
        #"onclick="steal()""#))
  }

  @Test("an anchor the sanitiser keeps is a link target; one it drops is not")
  func anchors() throws {
    let site = try TemporarySite(files: [
      "cvsite.yml": "title: T\nrawHTML: true\n",
      "content/index.md": "# A\n\n<a id=\"kept-id\"></a>\n\n<a id=\"bad id\"></a>\n\n[a](#kept-id) [b](#bad%20id)\n",
    ])
    let errors = site.build().result.diagnostics.errors
    #expect(errors.count == 1 && errors.first?.message.contains("`#bad%20id`") == true, "\(errors.summaries)")
  }
}

import CvsiteCore
import CvsiteTestSupport
import Testing

@testable import CvsiteSite

/// Code blocks through a whole build: coloured with the default theme, their values
/// checked at the fence's line and column, a site's own language definition used.
@Suite("Code blocks in a build")
struct CodeBlockBuildTests {
  @Test("blocks are coloured and framed; a bad value is an error at its column in the fence")
  func colouredAndChecked() throws {
    let good = try TemporarySite(site: [
      "content/_index.md": "# Home\n\n```swift title=\"Package.swift\" {1}\nlet x = 1 // one\n```\n"
    ])
    let built = good.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    let html = try #require(good.read("index.html"))
    #expect(html.contains("<div class=\"cv-code-title\">Package.swift</div>"))
    #expect(html.contains("<span class=\"line cv-mark\">"))
    #expect(html.contains("<span class=\"c\">// one</span>"))

    let bad = try TemporarySite(site: [
      "content/_index.md": "# Home\n\n- item\n\n  ```swift titel=\"x\"\n  let x = 1\n  ```\n"
    ])
    let error = try #require(bad.build().result.diagnostics.errors.first)
    #expect(error.message.hasPrefix("`titel` is not a code block value"))
    #expect(error.suggestion == "title")
    #expect(error.location?.line == 5)
    #expect(error.location?.column == 12)
  }

  @Test("a site's languages/ folder adds a language")
  func siteLanguage() throws {
    let site = try TemporarySite(site: [
      "content/_index.md": "# Home\n\n```greeting\nhello world\n```\n",
      "languages/greeting.lang": """
      <?xml version="1.0"?>
      <language id="greeting" name="Greeting" version="2.0">
        <styles><style id="word" map-to="def:keyword"/></styles>
        <definitions>
          <context id="greeting"><include>
            <context style-ref="word"><keyword>hello</keyword></context>
          </include></context>
        </definitions>
      </language>
      """,
    ])
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    #expect(site.read("index.html")?.contains("<span class=\"k\">hello</span> world") == true)
  }
}
